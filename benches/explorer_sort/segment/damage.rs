//! Truncated and damaged segments opened, and a second process opening one.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Opens the segment in `dir` (as a writer, for redb, with `write`) and reads every entry of
/// its three parts: what a reader sees, in words. Panics are caught and reported.
pub fn open_report(format: Format, dir: &Path, write: bool) -> String {
    // Entries and a hash of their bytes (FNV-1a), to tell a silently different reading.
    let mut hash = 0xCBF2_9CE4_8422_2325_u64;
    let mut n = 0u64;
    let mut eat = |key: &[u8], value: &[u8]| {
        n += 1;
        for &byte in key.iter().chain(value) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01B3);
        }
    };
    let read = || -> Res<()> {
        match format {
            Format::Redb => {
                let path = &format.files(dir)[0].1;
                // The database kept open while its transaction reads.
                let writer;
                let reader;
                let txn = if write {
                    writer = Builder::new()
                        .set_check_integrity_on_open(true)
                        .open(path)?;
                    writer.begin_read()?
                } else {
                    reader = Builder::new().open_read_only(path)?;
                    reader.begin_read()?
                };
                for entry in txn.open_table(SHARED)?.iter()? {
                    let (key, value) = entry?;
                    eat(&key.value(), value.value());
                }
                for entry in txn.open_table(ONE)?.iter()? {
                    eat(&entry?.0.value().to_be_bytes(), &[]);
                }
                for entry in txn.open_table(GAMES)?.iter()? {
                    let (key, value) = entry?;
                    eat(&key.value().to_be_bytes(), value.value());
                }
            }
            Format::Grenad(..) => {
                for (_, path) in format.files(dir) {
                    let mut cursor = grenad::Reader::new(File::open(path)?)?.into_cursor()?;
                    let mut entry = cursor
                        .move_on_first()?
                        .map(|(k, v)| (k.to_vec(), v.to_vec()));
                    while let Some((key, value)) = entry {
                        eat(&key, &value);
                        entry = cursor
                            .move_on_next()?
                            .map(|(k, v)| (k.to_vec(), v.to_vec()));
                    }
                }
            }
        }
        Ok(())
    };
    let result = catch_unwind(AssertUnwindSafe(read));
    match result {
        Ok(Ok(())) => format!("read all: {n} entries, hash {hash:016x}"),
        Ok(Err(err)) => format!("error after {n} entries: {err}"),
        Err(_) => format!("panicked after {n} entries"),
    }
}

/// A child process's `open_report` of `dir`.
pub(super) fn child_report(format: &str, dir: &Path, write: bool) -> Res<String> {
    let mut command = Command::new(std::env::current_exe()?);
    command.args(["segment-open", format]).arg(dir);
    if write {
        command.arg("write");
    }
    let output = command.output()?;
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

pub(super) fn copy_dir(from: &Path, to: &Path) -> Res<()> {
    let _ = fs::remove_dir_all(to);
    fs::create_dir_all(to)?;
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        fs::copy(entry.path(), to.join(entry.file_name()))?;
    }
    Ok(())
}

/// Torn and damaged copies of the full segment written in `dir`, opened; a second process
/// opening the segment while this one holds it.
pub fn crash(format: Format, spec: &str, seg: &Segment, dir: &Path) -> Res<()> {
    let full = dir.join("full");
    let intact = open_report(format, &full, false);
    println!("{} intact: {intact}", format.name());
    // The largest part is the one damaged.
    let (part, path) = format
        .files(&full)
        .into_iter()
        .max_by_key(|(_, p)| fs::metadata(p).map_or(0, |m| m.len()))
        .ok_or("no files")?;
    let name = path.file_name().ok_or("a name")?.to_owned();
    let len = fs::metadata(&path)?.len();
    let copy = dir.join("damaged");
    let cuts = [
        ("4 KiB", 4096),
        ("10%", len / 10),
        ("50%", len / 2),
        ("90%", len * 9 / 10),
        ("all but 1 byte", len - 1),
    ];
    for (what, at) in cuts {
        copy_dir(&full, &copy)?;
        File::options()
            .write(true)
            .open(copy.join(&name))?
            .set_len(at)?;
        let ro = open_report(format, &copy, false);
        let rw = match format {
            Format::Redb => format!("; as a writer: {}", open_report(format, &copy, true)),
            Format::Grenad(..) => String::new(),
        };
        println!(
            "{} {part} truncated to {what} ({at} of {len} bytes): {ro}{rw}",
            format.name()
        );
    }
    for (what, at) in [("10%", len / 10), ("50%", len / 2), ("90%", len * 9 / 10)] {
        copy_dir(&full, &copy)?;
        let target = copy.join(&name);
        let mut bytes = fs::read(&target)?;
        bytes[at as usize] ^= 0x5A;
        fs::write(&target, &bytes)?;
        let rw = match format {
            Format::Redb => format!(
                "; as a writer with set_check_integrity_on_open: {}",
                open_report(format, &copy, true)
            ),
            Format::Grenad(..) => String::new(),
        };
        println!(
            "{} {part} one byte flipped at {what}: {}{rw}",
            format.name(),
            open_report(format, &copy, false)
        );
    }
    let _ = fs::remove_dir_all(&copy);
    // A second process.
    match format {
        Format::Redb => {
            let path = &format.files(&full)[0].1;
            {
                let _writer = Builder::new().open(path)?;
                println!(
                    "redb held as a writer (Database::open), another process read-only: {}",
                    child_report(spec, &full, false)?
                );
            }
            {
                let _reader = Builder::new().open_read_only(path)?;
                println!(
                    "redb held read-only, another process read-only: {}",
                    child_report(spec, &full, false)?
                );
                println!(
                    "redb held read-only, another process as a writer: {}",
                    child_report(spec, &full, true)?
                );
            }
            // While being written: a segment half written, the transaction not committed.
            let part = dir.join("partial");
            let _ = fs::remove_dir_all(&part);
            fs::create_dir_all(&part)?;
            let db = Builder::new().create(&format.files(&part)[0].1)?;
            let txn = db.begin_write()?;
            {
                let mut table = txn.open_table(ONE)?;
                for &entry in &seg.one[..seg.one.len() / 2] {
                    table.insert(entry, ())?;
                }
            }
            println!(
                "redb being written (uncommitted), another process read-only: {}",
                child_report(spec, &part, false)?
            );
            drop(txn);
            drop(db);
            let _ = fs::remove_dir_all(&part);
        }
        Format::Grenad(..) => {
            let _reader = format.open(&full)?;
            println!(
                "grenad held open by a reader, another process: {}",
                child_report(spec, &full, false)?
            );
            let part = dir.join("partial");
            format.write(seg, &part)?;
            let files = format.files(&part);
            let mut writer = format.grenad_writer(&files[1].1)?;
            for &entry in &seg.one[..seg.one.len() / 2] {
                writer.insert(entry.to_be_bytes(), [])?;
            }
            println!(
                "grenad being written (one-game part half inserted, not finished), another process: {}",
                child_report(spec, &part, false)?
            );
            drop(writer);
            let _ = fs::remove_dir_all(&part);
        }
    }
    if let Format::Redb = format {
        let path = &format.files(&full)[0].1;
        let t = Instant::now();
        let compacted = Builder::new().open(path)?.compact()?;
        println!(
            "redb compact: {compacted}, {:.2} s, file {} bytes",
            t.elapsed().as_secs_f64(),
            fs::metadata(path)?.len()
        );
    }
    Ok(())
}

//! The fuzzers' helpers: what they build reads back, what they damage is refused.

use std::path::Path;

use super::{
    Line, Manifest, MonthEntry, Record, SEGMENT_TABLES, SegmentFiles, Table, manifest_sealed,
    read_segment,
};
use crate::store::segment::ALL_MONTHS;

/// Each table's entries of the segment `files` written to `dir`.
fn entries(files: &SegmentFiles, dir: &Path) -> Vec<Vec<(Vec<u8>, Vec<u8>)>> {
    files.write_to(dir, usize::MAX, &[]).unwrap();
    SEGMENT_TABLES
        .iter()
        .zip(SegmentFiles::paths(dir))
        .map(|(&(_, kind, key_len, _), path)| {
            let table = Table::open(&path, kind, key_len, 1 << 16, true).unwrap();
            table.iter().collect::<Result<Vec<_>, _>>().unwrap()
        })
        .collect()
}

#[test]
fn a_segment_built_reads_whole_and_its_parts_read_back() {
    let tmp = tempfile::tempdir().unwrap();
    let files = SegmentFiles::build(&tmp.path().join("build"), 120, 7).unwrap();
    // Of the 120 games drawn (the tests' corpus), those an add counts.
    assert_eq!(files.games(), 105);
    let dir = tmp.path().join("segment");
    let tables = entries(&files, &dir);
    let read = read_segment(&dir, &files, 1 << 16).unwrap();
    assert_eq!(read.errors, Vec::<String>::new());
    assert!(read.read > 120, "{read:?}");
    let [games, _, rows, postings, facts, players] = &tables[..] else {
        panic!("six tables");
    };
    assert!(!players.is_empty());
    assert_eq!(games.len(), 105);
    assert!(!postings.is_empty() && !facts.is_empty());
    for (_, bytes) in games {
        let record = Record::read(bytes).unwrap();
        assert!(record.parts_agree(bytes));
        assert_eq!(&record.write(), bytes);
    }
    let months = rows
        .iter()
        .filter_map(|(key, bytes)| {
            let month = u16::from_be_bytes([key[12], key[13]]);
            (month != ALL_MONTHS).then_some((month, bytes))
        })
        .map(|(month, bytes)| {
            let entry = MonthEntry::read(bytes, month).unwrap();
            assert_eq!(&entry.write(), bytes);
        })
        .count();
    assert!(months > 0);
    // All-months rows of both forms: counted (0) and listed (1).
    let forms: std::collections::BTreeSet<u8> = rows
        .iter()
        .filter(|(key, _)| key[12..] == ALL_MONTHS.to_be_bytes())
        .map(|(_, bytes)| bytes[0])
        .collect();
    assert_eq!(forms, [0, 1].into());
    // A table of it damaged: refused as it opens, or each error told.
    let mut damaged = files.file(2).to_vec();
    damaged[40] ^= 1;
    files.write_to(&dir, 2, &damaged).unwrap();
    match read_segment(&dir, &files, 1 << 16) {
        Ok(read) => assert!(!read.errors.is_empty()),
        Err(err) => assert!(err.contains("rows.tbl"), "{err}"),
    }
}

#[test]
fn manifests_and_lines_read_back() {
    let tmp = tempfile::tempdir().unwrap();
    let body = b"chess960-explorer index format 5\n{\"generation\": 1, \"next_game\": 0, \
        \"next_segment\": 0, \"next_file\": 1, \"segments\": [], \"files\": []}\n";
    let manifest = Manifest::decode_in(tmp.path(), &manifest_sealed(body)).unwrap();
    assert_eq!(manifest.lists(), (0, 0));
    let encoded = manifest.encode_in(tmp.path()).unwrap();
    assert_eq!(Manifest::decode_in(tmp.path(), &encoded).unwrap(), manifest);
    assert!(Manifest::decode_in(tmp.path(), body).is_err());

    // Start 518's number, two moves (each a place among the legal moves), a byte after.
    let bytes = [0, 0x86, 0x04, 2, 0, 1, 9];
    let (line, taken) = Line::read(&bytes).unwrap();
    assert_eq!((line.moves(), taken), (2, 6));
    assert_eq!(line.write(), bytes[..6]);
}

/// Writes fuzz/seeds/explorer_{manifest,records,lines,month_rows,segment}: compiled only when
/// asked for (`RUSTFLAGS='--cfg chess960_write_data' cargo test -p chess960-explorer
/// --all-features --lib write_`), so that no test run rewrites checked-in files.
#[cfg(chess960_write_data)]
#[test]
fn write_fuzz_seeds() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds");
    let write = |target: &str, name: &str, bytes: &[u8]| {
        let dir = seeds.join(target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), bytes).unwrap();
    };
    let tmp = tempfile::tempdir().unwrap();
    let files = SegmentFiles::build(&tmp.path().join("build"), 120, 7).unwrap();
    let tables = entries(&files, &tmp.path().join("segment"));
    for (i, (_, bytes)) in tables[0].iter().step_by(30).enumerate() {
        write("explorer_records", &format!("record-{i}"), bytes);
        let record = Record::read(bytes).unwrap();
        write(
            "explorer_lines",
            &format!("line-{i}"),
            &Line(record.0.line).write(),
        );
    }
    let mut kinds = [0; 3];
    for (key, bytes) in &tables[2] {
        let month = [key[12], key[13]];
        let kind = usize::from(bytes[0].min(2));
        if u16::from_be_bytes(month) != ALL_MONTHS && kinds[kind] < 3 {
            let n = kinds[kind];
            kinds[kind] += 1;
            write(
                "explorer_month_rows",
                &format!("row-{kind}-{n}"),
                &[&month, &bytes[..]].concat(),
            );
        }
    }
    let index = tmp.path().join("index");
    // One segment, one file (the manifest's documented example, compact): committed,
    // it is written pretty.
    let body = br#"chess960-explorer index format 5
{"generation": 3, "next_game": 10, "next_segment": 2, "next_file": 3,
 "segments": [{"id": 1, "first_game": 0, "games": 10, "removed": 1, "bytes": 4096,
   "files": [1, 2]}],
 "files": [{"number": 2, "name": "a.pgn",
   "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
   "added": 1764000000, "games": 10, "read": 12, "already": 2, "bytes": 0}]}
"#;
    let manifest = Manifest::decode_in(&index, &manifest_sealed(body)).unwrap();
    write(
        "explorer_manifest",
        "sealed",
        &manifest.encode_in(&index).unwrap(),
    );
    write("explorer_manifest", "body", body);
    for table in 0..SEGMENT_TABLES.len() {
        for mode in 0..4u8 {
            let pick = table as u8 + 5 * mode;
            write(
                "explorer_segment",
                &format!("table-{table}-mode-{mode}"),
                &[pick, 60, 0, 1, 2, 3],
            );
        }
    }
}

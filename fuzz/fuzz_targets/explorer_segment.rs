//! A whole segment of the explorer (its games, ids, rows, postings and facts tables), built
//! once from drawn games, then written again with one of its tables changed by the input and
//! opened and read whole as an index reads it: every record, key, row of every month, listed
//! games counted from their facts, chunk of postings and its candidates, group of facts. The
//! first byte picks the table and how it is changed: its file's bytes overwritten or XORed at
//! an offset (the next two bytes, little-endian) with the rest of the input, so that the CRCs
//! and the structure are damaged; or its entries (each key, a two-byte length, the value)
//! overwritten or the input inserted there, then written as a table again, CRCs and all, so
//! that hostile values reach the decoders. No panic, no hang, no unbounded allocation: an
//! error to open, or each error met as a message; the segment unchanged reads whole, without
//! error.
#![no_main]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chess960_explorer::fuzzing::{
    Entry, SEGMENT_TABLES, SegmentFiles, Table, read_segment, write_table,
};
use libfuzzer_sys::fuzz_target;

/// The bytes of blocks each table keeps.
const CACHE: usize = 1 << 16;

/// The segment built once (its files written to `scratch("template")`, where each input
/// changes one and puts it back), each table's entries, and how much of it reads.
struct Template {
    files: SegmentFiles,
    entries: Vec<Vec<Entry>>,
    read: usize,
}

/// A folder of this process's own, in memory where there is such a place (each input
/// writes a table).
fn scratch(name: &str) -> PathBuf {
    let shm = Path::new("/dev/shm");
    let root = if shm.is_dir() {
        shm.to_owned()
    } else {
        std::env::temp_dir()
    };
    root.join(format!(
        "chess960-fuzz-segment-{}-{name}",
        std::process::id()
    ))
}

/// The segment of 120 drawn games, read whole without error.
fn template() -> &'static Template {
    static TEMPLATE: OnceLock<Template> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let files = SegmentFiles::build(&scratch("build"), 120, 7).expect("a segment builds");
        let dir = scratch("template");
        files.write_to(&dir, usize::MAX, &[]).unwrap();
        let entries = SEGMENT_TABLES
            .iter()
            .zip(SegmentFiles::paths(&dir))
            .map(|(&(_, kind, key_len, _), path)| {
                let table = Table::open(&path, kind, key_len, CACHE, true).unwrap();
                table.iter().collect::<Result<Vec<_>, _>>().unwrap()
            })
            .collect();
        let read = read_segment(&dir, &files, CACHE).expect("the segment opens");
        assert_eq!(read.errors, Vec::<String>::new());
        Template {
            files,
            entries,
            read: read.read,
        }
    })
}

/// `entries` as bytes: each key, its value's length (two bytes, big-endian), its value.
fn flat(entries: &[Entry]) -> Vec<u8> {
    let mut out = Vec::new();
    for (key, value) in entries {
        out.extend_from_slice(key);
        out.extend_from_slice(&(value.len() as u16).to_be_bytes());
        out.extend_from_slice(value);
    }
    out
}

/// The entries of [`flat`]'s `bytes`, of `key_len`-byte keys, as far as they go (the last
/// value cut short by their end), in key order, each key once.
fn unflat(mut bytes: &[u8], key_len: usize) -> BTreeMap<Vec<u8>, Vec<u8>> {
    let mut entries = BTreeMap::new();
    while let Some((key, rest)) = bytes.split_at_checked(key_len) {
        let Some((len, rest)) = rest.split_first_chunk::<2>() else {
            break;
        };
        let len = usize::from(u16::from_be_bytes(*len)).min(rest.len());
        let (value, rest) = rest.split_at(len);
        entries.insert(key.to_vec(), value.to_vec());
        bytes = rest;
    }
    entries
}

/// `bytes` with `patch` written over them from `at` (past their end, appended; none: cut at
/// `at`), or XORed there.
fn patched(bytes: &[u8], at: usize, patch: &[u8], xor: bool) -> Vec<u8> {
    let mut out = bytes.to_vec();
    if patch.is_empty() && !xor {
        out.truncate(at);
    }
    for (i, &byte) in patch.iter().enumerate() {
        match out.get_mut(at + i) {
            Some(old) if xor => *old ^= byte,
            Some(old) => *old = byte,
            None if xor => break,
            None => out.push(byte),
        }
    }
    out
}

fuzz_target!(|bytes: &[u8]| {
    let template = template();
    let Some((&[pick, low, high], patch)) = bytes.split_first_chunk::<3>() else {
        return;
    };
    let table = usize::from(pick) % SEGMENT_TABLES.len();
    let (name, kind, key_len, compress) = SEGMENT_TABLES[table];
    let dir = scratch("template");
    let path = dir.join(name);
    let file = template.files.file(table);
    let offset = usize::from(u16::from_le_bytes([low, high]));
    let changed = match pick / 5 % 4 {
        mode @ (0 | 1) => patched(file, offset % (file.len() + 1), patch, mode == 1),
        mode => {
            let flat = flat(&template.entries[table]);
            let at = offset % (flat.len() + 1);
            let flat = match mode {
                2 => patched(&flat, at, patch, false),
                _ => [&flat[..at], patch, &flat[at..]].concat(),
            };
            let entries = unflat(&flat, key_len);
            let pairs = entries.iter().map(|(k, v)| (k.as_slice(), v.as_slice()));
            write_table(&path, kind, key_len, compress, 4096, pairs).unwrap();
            std::fs::read(&path).unwrap()
        }
    };
    std::fs::write(&path, &changed).unwrap();
    match read_segment(&dir, &template.files, CACHE) {
        Ok(read) => {
            assert!(read.errors.iter().all(|err| !err.is_empty()));
            if changed == file {
                assert_eq!((read.read, read.errors), (template.read, Vec::new()));
            }
        }
        Err(err) => {
            assert!(!err.is_empty());
            assert_ne!(changed, file, "the segment unchanged does not open: {err}");
        }
    }
    std::fs::write(&path, file).unwrap();
});

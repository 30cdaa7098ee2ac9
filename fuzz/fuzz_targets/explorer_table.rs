//! Any bytes opened as one of the explorer's sorted block tables (its kind and key length
//! taken from where the header has them): no panic; opened with its CRCs checked or its
//! structure alone, every entry read comes in strictly increasing keys of the key length,
//! each found again by `get` and `floor`; a table read whole answers every lookup and range
//! as a `BTreeMap` of its entries; its CRCs checked, it reads no further than without. Then
//! entries made of the bytes (or the table's) are written as a table and read back the same.
#![no_main]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chess960_explorer::fuzzing::{Entry, Table, write_table};
use libfuzzer_sys::fuzz_target;

/// At most this many entries are looked up one by one.
const LOOKUPS: usize = 256;

/// A file of this process's own in the temporary directory.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("chess960-fuzz-table-{}-{name}", std::process::id()))
}

/// Everything `table` answers, checked against itself: its entries read until an error,
/// and whether they are all of them.
fn read(table: &Table, key_len: usize, probes: &[Vec<u8>]) -> (Vec<Entry>, bool) {
    let mut entries: Vec<Entry> = Vec::new();
    let mut whole = true;
    for entry in table.iter() {
        match entry {
            Ok(entry) => entries.push(entry),
            Err(err) => {
                assert!(!err.is_empty());
                whole = false;
                break;
            }
        }
    }
    for (key, _) in &entries {
        assert_eq!(key.len(), key_len);
    }
    assert!(entries.windows(2).all(|w| w[0].0 < w[1].0));
    for (key, value) in entries.iter().take(LOOKUPS) {
        assert_eq!(table.get(key).as_ref(), Ok(&Some(value.clone())));
        assert_eq!(table.floor(key), Ok(Some((key.clone(), value.clone()))));
    }
    if !whole {
        for probe in probes {
            let _ = (
                table.get(probe),
                table.floor(probe),
                table.range(probe, probe),
            );
        }
        return (entries, false);
    }
    assert_eq!(table.entries(), entries.len() as u64);
    let map: BTreeMap<_, _> = entries.iter().cloned().collect();
    for probe in probes {
        assert_eq!(table.get(probe), Ok(map.get(probe).cloned()));
        let floor = map.range(..=probe.clone()).next_back();
        assert_eq!(
            table.floor(probe),
            Ok(floor.map(|(k, v)| (k.clone(), v.clone())))
        );
    }
    for pair in probes.windows(2) {
        let expected: Vec<Entry> = match pair[0] <= pair[1] {
            true => map
                .range(pair[0].clone()..=pair[1].clone())
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            false => Vec::new(),
        };
        assert_eq!(table.range(&pair[0], &pair[1]), Ok(expected));
    }
    (entries, true)
}

/// Writes `entries` as a table and reads it back: the same entries, every lookup answered.
fn round_trip(
    path: &Path,
    key_len: usize,
    compress: bool,
    block_size: usize,
    entries: &BTreeMap<Vec<u8>, Vec<u8>>,
    probes: &[Vec<u8>],
) {
    let pairs = entries.iter().map(|(k, v)| (k.as_slice(), v.as_slice()));
    let bytes = write_table(path, *b"TRIP", key_len, compress, block_size, pairs).unwrap();
    let table = Table::open(path, *b"TRIP", key_len, 1024, true).unwrap();
    assert_eq!(table.bytes(), bytes);
    let (read_back, whole) = read(&table, key_len, probes);
    assert!(whole);
    assert_eq!(read_back, entries.clone().into_iter().collect::<Vec<_>>());
}

fuzz_target!(|bytes: &[u8]| {
    let path = scratch("input");
    std::fs::write(&path, bytes).unwrap();
    let kind: [u8; 4] = bytes
        .get(12..16)
        .and_then(|k| k.try_into().ok())
        .unwrap_or(*b"FUZZ");
    let key_len = bytes.get(16).map_or(4, |&len| usize::from(len));
    let probes: Vec<Vec<u8>> = match key_len {
        1..=64 => bytes
            .chunks_exact(key_len)
            .take(16)
            .map(<[u8]>::to_vec)
            .collect(),
        _ => Vec::new(),
    };
    let checked = Table::open(&path, kind, key_len, 4096, true);
    let unchecked = Table::open(&path, kind, key_len, 4096, false);
    if let Err(err) = &checked {
        assert!(!err.is_empty());
    }
    let mut found = BTreeMap::new();
    match (&checked, &unchecked) {
        (Ok(checked), Ok(unchecked)) => {
            assert_eq!(checked.bytes(), bytes.len() as u64);
            let (entries, whole) = read(checked, key_len, &probes);
            let (same, also_whole) = read(unchecked, key_len, &probes);
            // The CRCs alone tell the two apart: the structure alone reads at least as far.
            assert!(same.starts_with(&entries));
            assert!(!whole || (also_whole && same.len() == entries.len()));
            found.extend(entries);
        }
        (Ok(_), Err(err)) => panic!("opens with its CRCs checked, not without: {err}"),
        (Err(_), Ok(unchecked)) => {
            found.extend(read(unchecked, key_len, &probes).0);
        }
        (Err(_), Err(_)) => {}
    }
    // Entries of the bytes themselves: keys of 1 to 8 bytes, values of what follows.
    let own_len = usize::from(bytes.first().copied().unwrap_or(0) % 8) + 1;
    let (found_len, own) = match found.is_empty() {
        false => (key_len, found),
        true => {
            let rest = bytes.get(1..).unwrap_or_default();
            let own: BTreeMap<Vec<u8>, Vec<u8>> = rest
                .chunks_exact(own_len)
                .enumerate()
                .map(|(i, key)| {
                    (
                        key.to_vec(),
                        rest.get(i..i + i % 40).unwrap_or_default().to_vec(),
                    )
                })
                .collect();
            (own_len, own)
        }
    };
    let own_probes: Vec<Vec<u8>> = bytes
        .chunks_exact(found_len)
        .take(16)
        .map(<[u8]>::to_vec)
        .collect();
    let block_size = usize::from(bytes.get(1).copied().unwrap_or(0)) * 8;
    round_trip(
        &scratch("trip"),
        found_len,
        bytes.len().is_multiple_of(2),
        block_size,
        &own,
        &own_probes,
    );
});

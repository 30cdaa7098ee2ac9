//! Blocks made apart ([`Blocks`]) and appended between entries pushed: the
//! table holds every entry, whatever the cuts; appends out of order or of another table's
//! blocks refused.

use std::io::ErrorKind;

use super::{Map, assert_holds, entries};
use crate::store::table::{BlockCache, Blocks, Table, TableWriter};

/// `map` written in runs of `cut` entries, two runs appended then one pushed, in turn,
/// blocks cut past `block` bytes.
fn write_by_turns(path: &std::path::Path, map: &Map, compress: bool, cut: usize, block: usize) {
    let key_len = map.keys().next().map_or(8, Vec::len);
    let mut writer = TableWriter::create(path, *b"TEST", key_len, compress)
        .unwrap()
        .with_block_size(block);
    let all: Vec<_> = map.iter().collect();
    for (turn, run) in all.chunks(cut.max(1)).enumerate() {
        match turn % 3 {
            // Two appends in a row, then a push.
            0 | 1 => {
                let mut blocks = Blocks::new(key_len, compress)
                    .unwrap()
                    .with_block_size(block);
                for (key, value) in run {
                    blocks.push(key, value).unwrap();
                }
                writer.append(blocks).unwrap();
            }
            _ => {
                for (key, value) in run {
                    writer.push(key, value).unwrap();
                }
            }
        }
    }
    // An empty append changes nothing.
    writer
        .append(Blocks::new(key_len, compress).unwrap())
        .unwrap();
    assert_eq!(writer.finish().unwrap().entries, map.len() as u64);
}

#[test]
fn appended_blocks_hold_their_entries_among_those_pushed() {
    let dir = tempfile::tempdir().unwrap();
    for compress in [false, true] {
        for (count, key_len, cut) in [(1, 8, 1), (85, 1, 7), (3000, 14, 1), (3000, 14, 250)] {
            let map = entries(count, key_len, 400);
            for block in [200, 16 * 1024] {
                let path = dir.path().join("t");
                write_by_turns(&path, &map, compress, cut, block);
                let table = Table::open(&path, *b"TEST", key_len, &BlockCache::new(0)).unwrap();
                assert_holds(&table, &map, key_len, 7);
            }
        }
    }
}

#[test]
fn appends_out_of_order_or_of_another_table_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut writer = TableWriter::create(&dir.path().join("t"), *b"TEST", 2, true).unwrap();
    writer.push(b"bb", b"1").unwrap();
    for key in [b"ab", b"bb"] {
        let mut blocks = Blocks::new(2, true).unwrap();
        blocks.push(key, b"2").unwrap();
        let err = writer.append(blocks).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput, "{err}");
    }
    for (key_len, compress) in [(3, true), (2, false)] {
        let mut blocks = Blocks::new(key_len, compress).unwrap();
        blocks.push(&b"ccc"[..key_len], b"3").unwrap();
        let err = writer.append(blocks).unwrap_err();
        assert!(err.to_string().contains("another table"), "{err}");
    }
    let mut blocks = Blocks::new(2, true).unwrap();
    blocks.push(b"cc", b"3").unwrap();
    writer.append(blocks).unwrap();
    assert_eq!(writer.finish().unwrap().entries, 2);
}

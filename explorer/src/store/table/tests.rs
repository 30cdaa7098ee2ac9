//! The tables against a `BTreeMap` of the same entries: every lookup of every key, absent
//! keys around them, ranges across blocks, the whole in order; wrong input refused; the
//! cache; the format byte by byte. Damaged files: `damage.rs`.

use std::collections::BTreeMap;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

mod append;
mod damage;

use super::cache::BlockCache;
use super::write::Written;
use super::{Entries, MAX_BLOCK, Table, TableError, TableWriter};

type Map = BTreeMap<Vec<u8>, Vec<u8>>;

/// Deterministic bytes (xorshift64*).
struct Bytes(u64);

impl Bytes {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// `len` bytes, compressible when `text` (a few letters), else not.
    fn fill(&mut self, len: usize, text: bool) -> Vec<u8> {
        (0..len)
            .map(|_| match text {
                true => b"abcd"[(self.next() % 4) as usize],
                false => self.next() as u8,
            })
            .collect()
    }
}

/// Writes `map` as a table at `dir/name` and returns its path.
fn write(
    dir: &Path,
    name: &str,
    key_len: usize,
    compress: bool,
    block: usize,
    map: &Map,
) -> PathBuf {
    let path = dir.join(name);
    let mut writer = TableWriter::create(&path, *b"TEST", key_len, compress)
        .unwrap()
        .with_block_size(block);
    for (key, value) in map {
        writer.push(key, value).unwrap();
    }
    let written: Written = writer.finish().unwrap();
    assert_eq!(written.entries, map.len() as u64);
    assert_eq!(written.bytes, std::fs::metadata(&path).unwrap().len());
    path
}

/// The key after `key` (big-endian, plus one), if any.
fn after(key: &[u8]) -> Option<Vec<u8>> {
    let mut key = key.to_vec();
    for byte in key.iter_mut().rev() {
        let (next, carry) = byte.overflowing_add(1);
        *byte = next;
        if !carry {
            return Some(key);
        }
    }
    None
}

/// The key before `key`, if any.
fn before(key: &[u8]) -> Option<Vec<u8>> {
    let mut key = key.to_vec();
    for byte in key.iter_mut().rev() {
        let (next, borrow) = byte.overflowing_sub(1);
        *byte = next;
        if !borrow {
            return Some(key);
        }
    }
    None
}

/// Asserts that `table` holds `map`: in order, by a lookup of every key, by lookups beside
/// every `stride`th key and beside every block's first and last, and by ranges between them.
fn assert_holds(table: &Table, map: &Map, key_len: usize, stride: usize) {
    assert_eq!(table.entries(), map.len() as u64);
    let iter: Entries<'_> = table.iter();
    let all: Vec<_> = iter.map(Result::unwrap).collect();
    assert_eq!(all, map.clone().into_iter().collect::<Vec<_>>());
    for (key, value) in map {
        assert_eq!(table.get(key).unwrap().as_ref(), Some(value), "{key:?}");
    }
    let floor = |probe: &[u8]| {
        map.range(..=probe.to_vec())
            .next_back()
            .map(|(k, v)| (k.clone(), v.clone()))
    };
    let mut near = vec![vec![0; key_len], vec![0xFF; key_len]];
    near.extend(map.keys().step_by(stride).cloned());
    for n in 0..table.blocks() {
        let first = table.first_key(n).to_vec();
        near.extend(
            map.range(..first.clone())
                .next_back()
                .map(|(k, _)| k.clone()),
        );
        near.push(first);
    }
    let mut probes = Vec::new();
    for key in &near {
        probes.push(key.clone());
        probes.extend(after(key));
        probes.extend(before(key));
    }
    for probe in &probes {
        assert_eq!(
            table.get(probe).unwrap(),
            map.get(probe).cloned(),
            "{probe:?}"
        );
        assert_eq!(table.floor(probe).unwrap(), floor(probe), "{probe:?}");
    }
    let keys: Vec<_> = map.keys().collect();
    let mut bytes = Bytes(key_len as u64 + 7);
    for _ in 0..100.min(probes.len()) {
        let from = &probes[(bytes.next() % probes.len() as u64) as usize];
        let to = &probes[(bytes.next() % probes.len() as u64) as usize];
        let expected: Vec<_> = match from <= to {
            true => map
                .range(from.clone()..=to.clone())
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            false => Vec::new(),
        };
        assert_eq!(
            table.range(from, to).unwrap(),
            expected,
            "{from:?}..={to:?}"
        );
    }
    if let (Some(first), Some(last)) = (keys.first(), keys.last()) {
        assert_eq!(table.range(first, last).unwrap().len(), map.len());
    }
}

/// `count` entries of `key_len`-byte keys, a third of the keys of the first `3 * count`
/// values of a counter, values of 0 to 36 bytes and, every `big`th, of 40 KiB.
fn entries(count: usize, key_len: usize, big: usize) -> Map {
    let mut bytes = Bytes(count as u64 + key_len as u64);
    (0..count)
        .map(|i| {
            let n = (i as u128 * 3).to_be_bytes();
            let key = n[16 - key_len.min(16)..].iter().copied();
            let key: Vec<u8> = std::iter::repeat_n(0, key_len.saturating_sub(16))
                .chain(key)
                .collect();
            let len = if big > 0 && i % big == big / 2 {
                40 * 1024
            } else {
                i % 37
            };
            (key, bytes.fill(len, i % 2 == 0))
        })
        .collect()
}

#[test]
fn tables_hold_what_was_pushed() {
    let dir = tempfile::tempdir().unwrap();
    for compress in [false, true] {
        for (count, key_len) in [(0, 8), (1, 8), (85, 1), (3000, 14), (500, 64)] {
            let map = entries(count, key_len, 400);
            let path = write(dir.path(), "t", key_len, compress, 16 * 1024, &map);
            // Every key is read; the neighbours of every block's ends, and of one key in
            // seven between them (with no cache, each probe decodes its block).
            let stride = if count > 1000 { 7 } else { 1 };
            for cache in [0, 1 << 20] {
                let table = Table::open(&path, *b"TEST", key_len, &BlockCache::new(cache)).unwrap();
                assert_holds(&table, &map, key_len, stride);
            }
        }
    }
    let empty = Table::open(
        &write(dir.path(), "e", 8, true, 16 * 1024, &Map::new()),
        *b"TEST",
        8,
        &BlockCache::new(0),
    )
    .unwrap();
    assert_eq!((empty.bytes(), empty.entries()), (62, 0));
}

#[test]
#[ignore = "exhaustive (100,000 entries, 4 threads): .ci/run runs it with --ignored; tables_hold_what_was_pushed is the default's"]
fn a_hundred_thousand_entries() {
    let dir = tempfile::tempdir().unwrap();
    let map = entries(100_000, 8, 10_000);
    for compress in [true, false] {
        let path = write(dir.path(), "big", 8, compress, 16 * 1024, &map);
        let cache = BlockCache::new(4 << 20);
        let table = Table::open(&path, *b"TEST", 8, &cache).unwrap();
        assert!(table.blocks() > 50, "{} blocks", table.blocks());
        assert_holds(&table, &map, 8, 101);
        // Threads share one table.
        std::thread::scope(|scope| {
            for t in 0..4 {
                let (table, map) = (&table, &map);
                scope.spawn(move || {
                    for (key, value) in map.iter().skip(t).step_by(97) {
                        assert_eq!(table.get(key).unwrap().as_ref(), Some(value));
                    }
                });
            }
        });
        assert!(
            cache.bytes() > 0 && cache.bytes() <= 4 << 20,
            "{}",
            cache.bytes()
        );
    }
    let stored = std::fs::metadata(dir.path().join("big")).unwrap().len();
    let compressed = write(dir.path(), "z", 8, true, 16 * 1024, &map);
    assert!(std::fs::metadata(compressed).unwrap().len() < stored * 9 / 10);
}

#[test]
fn tables_are_shared_by_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Table>();
}

#[test]
fn wrong_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t");
    for key_len in [0, 65] {
        let err = TableWriter::create(&path, *b"TEST", key_len, true).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
    }
    let mut writer = TableWriter::create(&path, *b"TEST", 2, true).unwrap();
    writer.push(b"bb", b"").unwrap();
    for (key, value) in [
        (&b"bb"[..], &b""[..]),
        (b"ba", b"x"),
        (b"bbb", b""),
        (b"c", b""),
    ] {
        assert_eq!(
            writer.push(key, value).unwrap_err().kind(),
            ErrorKind::InvalidInput
        );
    }
    let huge = vec![0; MAX_BLOCK];
    assert_eq!(
        writer.push(b"zz", &huge).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    writer.push(b"bc", b"y").unwrap();
    assert_eq!(writer.finish().unwrap().entries, 2);

    let table = Table::open(&path, *b"TEST", 2, &BlockCache::new(0)).unwrap();
    let err = table.get(b"b").unwrap_err();
    assert!(
        matches!(err, TableError::WrongKey { len: 1, key_len: 2 }),
        "{err}"
    );
    assert!(table.range(b"aa", b"bbb").is_err() && table.floor(b"").is_err());
    let err = Table::open(&path, *b"GAME", 2, &BlockCache::new(0)).unwrap_err();
    assert!(
        matches!(
            err,
            TableError::Kind {
                found: [b'T', b'E', b'S', b'T'],
                ..
            }
        ),
        "{err}"
    );
    assert_eq!(err.to_string(), "a table of kind \"TEST\", not \"GAME\"");
    let err = Table::open(&path, *b"TEST", 3, &BlockCache::new(0)).unwrap_err();
    assert!(
        matches!(
            err,
            TableError::KeyLen {
                found: 2,
                expected: 3
            }
        ),
        "{err}"
    );

    let mut bytes = std::fs::read(&path).unwrap();
    bytes[8] = 2;
    std::fs::write(&path, &bytes).unwrap();
    let err = Table::open(&path, *b"TEST", 2, &BlockCache::new(0)).unwrap_err();
    assert!(matches!(err, TableError::Version { found: 2 }), "{err}");
    let err = Table::open(&dir.path().join("none"), *b"TEST", 2, &BlockCache::new(0)).unwrap_err();
    assert!(matches!(&err, TableError::Io(io) if io.kind() == ErrorKind::NotFound));
    assert!(std::error::Error::source(&err).is_some());
}

#[test]
fn one_cache_keeps_the_blocks_of_many_tables_within_its_bytes() {
    let cache = BlockCache::new(100 << 10);
    let tables: Vec<_> = (0..3).map(|_| cache.table().unwrap()).collect();
    // Each table's block n holds its table's number and n: no table reads another's.
    for n in 0..64u32 {
        for (t, table) in tables.iter().enumerate() {
            table.insert(n, vec![t as u8; 4 << 10].into());
        }
        assert!(cache.bytes() <= 100 << 10, "{} bytes kept", cache.bytes());
    }
    let mut kept = 0;
    for n in 0..64u32 {
        for (t, table) in tables.iter().enumerate() {
            if let Some(block) = table.get(n) {
                assert!(block.iter().all(|&b| b == t as u8), "table {t}, block {n}");
                kept += block.len();
            }
        }
    }
    assert!(kept > 50 << 10 && kept as u64 == cache.bytes(), "{kept}");
    // A block larger than the whole cache is not kept; a cache of no bytes keeps nothing.
    tables[0].insert(99, vec![0; 101 << 10].into());
    assert!(tables[0].get(99).is_none());
    assert!(BlockCache::new(0).table().is_none());
}

/// The format, version 1, byte by byte: a table of two entries, stored.
#[test]
fn the_format_is_stable() {
    let dir = tempfile::tempdir().unwrap();
    let map = Map::from([
        (b"ab".to_vec(), b"x".to_vec()),
        (b"ac".to_vec(), Vec::new()),
    ]);
    let bytes = std::fs::read(write(dir.path(), "t", 2, false, 1024, &map)).unwrap();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let expected = concat!(
        "4339363054424c00",
        "01000000",
        "54455354",
        "02",
        "00",
        "90e890bf", // header
        "00",
        "00",
        "6162",
        "01",
        "78",
        "01",
        "63",
        "00", // block 0, stored: ab → x, (a)c → ""
        "1600000000000000",
        "09000000",
        "08000000",
        "02000000",
        "3e0e0d52",
        "6162", // index
        "1f00000000000000",
        "1a000000",
        "304e8736",
        "0200000000000000",
        "01000000",
        "581e6fe6",
        "4339363054424c00", // footer
    );
    assert_eq!(hex, expected);
}

/// Writes the fuzzer's seeds, fuzz/seeds/explorer_table: compiled only when asked for
/// (`RUSTFLAGS='--cfg chess960_write_data' cargo test -p chess960-explorer --lib write_`), so
/// that no test run rewrites checked-in files.
#[cfg(chess960_write_data)]
#[test]
fn write_fuzz_seeds() {
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds/explorer_table");
    std::fs::create_dir_all(&seeds).unwrap();
    for (name, compress) in [("stored", false), ("compressed", true)] {
        let path = seeds.join(name);
        let mut writer = TableWriter::create(&path, *b"FUZZ", 4, compress)
            .unwrap()
            .with_block_size(64);
        for i in 0u32..24 {
            writer
                .push(&(i * 5).to_be_bytes(), &b"value".repeat(i as usize % 4))
                .unwrap();
        }
        writer.finish().unwrap();
    }
}

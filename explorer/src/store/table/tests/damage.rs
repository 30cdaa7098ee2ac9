//! Damaged tables: every byte of a small table flipped, and every shorter file, refused
//! without a panic; lengths beyond the file refused before any allocation; a damaged block
//! named.

use super::{Map, after, before, entries, write};
use crate::store::table::{BlockCache, FOOTER_LEN, Table, TableError};

/// Every answer of `table` to the keys of `map` and beside them, or the first error.
fn answers(table: &Table, map: &Map) -> Result<Vec<String>, TableError> {
    let mut out = vec![format!("{} {}", table.entries(), table.bytes())];
    for entry in table.iter() {
        out.push(format!("{:?}", entry?));
    }
    for key in map
        .keys()
        .flat_map(|key| [before(key), Some(key.clone()), after(key)])
        .flatten()
    {
        out.push(format!("{:?} {:?}", table.get(&key)?, table.floor(&key)?));
    }
    out.push(format!("{:?}", table.range(&[0; 4], &[0xFF; 4])?));
    Ok(out)
}

#[test]
fn every_damaged_byte_is_an_error_never_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    for compress in [false, true] {
        let map = entries(40, 4, 0);
        let path = write(dir.path(), "t", 4, compress, 200, &map);
        let good = std::fs::read(&path).unwrap();
        answers(
            &Table::open(&path, *b"TEST", 4, &BlockCache::new(0)).unwrap(),
            &map,
        )
        .unwrap();
        assert!(
            Table::open(&path, *b"TEST", 4, &BlockCache::new(0))
                .unwrap()
                .blocks()
                >= 4
        );
        let damaged = dir.path().join("damaged");
        for at in 0..good.len() {
            for flip in [0x01, 0xFF] {
                let mut bytes = good.clone();
                bytes[at] ^= flip;
                std::fs::write(&damaged, &bytes).unwrap();
                let checked = Table::open(&damaged, *b"TEST", 4, &BlockCache::new(1024))
                    .and_then(|t| answers(&t, &map));
                assert!(checked.is_err(), "byte {at} ^ {flip:#x} unnoticed");
                // The structure alone, without the CRCs, may not notice a value changed:
                // no panic, and keys in order.
                if let Ok(table) =
                    Table::open_unchecked(&damaged, *b"TEST", 4, &BlockCache::new(1024))
                {
                    let _ = answers(&table, &map);
                    let keys: Vec<_> = table.iter().map_while(Result::ok).map(|(k, _)| k).collect();
                    assert!(
                        keys.windows(2).all(|w| w[0] < w[1]) && keys.iter().all(|k| k.len() == 4)
                    );
                }
            }
        }
        for len in 0..good.len() {
            std::fs::write(&damaged, &good[..len]).unwrap();
            assert!(
                Table::open(&damaged, *b"TEST", 4, &BlockCache::new(0)).is_err(),
                "cut at {len}"
            );
            assert!(
                Table::open_unchecked(&damaged, *b"TEST", 4, &BlockCache::new(0)).is_err(),
                "cut at {len}"
            );
        }
    }
}

/// `bytes` with its footer's fields from `at` set to `field`, its CRCs recomputed.
fn with_footer_field(bytes: &[u8], at: usize, field: &[u8]) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    let footer = bytes.len() - FOOTER_LEN as usize;
    bytes[footer + at..footer + at + field.len()].copy_from_slice(field);
    let crc = crc32fast::hash(&bytes[footer..footer + 28]);
    bytes[footer + 28..footer + 32].copy_from_slice(&crc.to_le_bytes());
    bytes
}

#[test]
fn lengths_beyond_the_file_are_refused_before_any_allocation() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "t", 4, true, 200, &entries(40, 4, 0));
    let good = std::fs::read(&path).unwrap();
    let damaged = dir.path().join("damaged");
    for (at, field) in [
        (0, &u64::MAX.to_le_bytes()[..]),
        (8, &u32::MAX.to_le_bytes()),
        (24, &u32::MAX.to_le_bytes()),
        (16, &u64::MAX.to_le_bytes()),
    ] {
        std::fs::write(&damaged, with_footer_field(&good, at, field)).unwrap();
        let err = Table::open(&damaged, *b"TEST", 4, &BlockCache::new(0)).unwrap_err();
        assert!(matches!(err, TableError::Corrupt { .. }), "{err}");
    }
    // A block index claiming a block of 4 GiB uncompressed, its CRC right.
    let index =
        u64::from_le_bytes(good[good.len() - 40..good.len() - 32].try_into().unwrap()) as usize;
    let mut bytes = good.clone();
    bytes[index + 12..index + 16].copy_from_slice(&u32::MAX.to_le_bytes());
    let crc = crc32fast::hash(&bytes[index..good.len() - 40]);
    std::fs::write(&damaged, with_footer_field(&bytes, 12, &crc.to_le_bytes())).unwrap();
    let err = Table::open(&damaged, *b"TEST", 4, &BlockCache::new(0)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "block 0's length uncompressed is over 64 MiB"
    );
}

#[test]
fn a_block_damaged_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let map = entries(40, 4, 0);
    let path = write(dir.path(), "t", 4, false, 200, &map);
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[30] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let table = Table::open(&path, *b"TEST", 4, &BlockCache::new(0)).unwrap();
    let err = table.get(map.keys().next().unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "block 0's checksum does not match its bytes"
    );
    assert!(table.iter().next().unwrap().is_err());
}

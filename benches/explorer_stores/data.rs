//! The index's tables read into memory, split into an add's batches; table statistics.

use std::path::Path;

use redb::{
    Builder, ConcurrencyMode, ReadableDatabase, ReadableTable, ReadableTableMetadata,
    TableDefinition,
};

use crate::Error;

// The index's tables, as explorer/src/store/mod.rs defines them.
pub const NODES: TableDefinition<[u8; 14], &[u8]> = TableDefinition::new("nodes");
pub const GAMES: TableDefinition<u64, &[u8]> = TableDefinition::new("games");
pub const LICHESS_IDS: TableDefinition<[u8; 8], ()> = TableDefinition::new("lichess_ids");
pub const FILES: TableDefinition<u32, &[u8]> = TableDefinition::new("files");
pub const CONTENTS: TableDefinition<[u8; 32], u32> = TableDefinition::new("contents");
pub const NAMES: [&str; 5] = ["nodes", "games", "lichess_ids", "files", "contents"];

/// Keys a batch, as an add's batch of 2,000,000 visits.
pub const BATCH_KEYS: usize = 2_000_000;

/// Every table's rows, keys and values as bytes that sort as the typed keys do (integers
/// big-endian), in key order.
pub struct Data {
    pub tables: [Vec<(Vec<u8>, Vec<u8>)>; 5],
}

pub fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(&bytes[..N]);
    out
}

pub fn read_source(path: &Path) -> Result<Data, Error> {
    let db = Builder::new()
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .open_read_only(path)?;
    let txn = db.begin_read()?;
    let mut tables: [Vec<(Vec<u8>, Vec<u8>)>; 5] = Default::default();
    for row in txn.open_table(NODES)?.iter()? {
        let (k, v) = row?;
        tables[0].push((k.value().to_vec(), v.value().to_vec()));
    }
    for row in txn.open_table(GAMES)?.iter()? {
        let (k, v) = row?;
        tables[1].push((k.value().to_be_bytes().to_vec(), v.value().to_vec()));
    }
    for row in txn.open_table(LICHESS_IDS)?.iter()? {
        let (k, v) = row?;
        let () = v.value();
        tables[2].push((k.value().to_vec(), Vec::new()));
    }
    for row in txn.open_table(FILES)?.iter()? {
        let (k, v) = row?;
        tables[3].push((k.value().to_be_bytes().to_vec(), v.value().to_vec()));
    }
    for row in txn.open_table(CONTENTS)?.iter()? {
        let (k, v) = row?;
        tables[4].push((k.value().to_vec(), v.value().to_be_bytes().to_vec()));
    }
    Ok(Data { tables })
}

pub fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// The batches, each a list of (table, row) in key order within each table.
pub fn batches(data: &Data, mode: &str) -> Vec<Vec<(usize, usize)>> {
    let total: usize = data.tables.iter().map(Vec::len).sum();
    let n = if mode == "one" {
        1
    } else {
        total.div_ceil(BATCH_KEYS).max(1)
    };
    let mut out = vec![Vec::new(); n];
    for (t, rows) in data.tables.iter().enumerate() {
        for (i, (key, _)) in rows.iter().enumerate() {
            let b = if t == 0 || t == 2 {
                // Positions and lichess ids: all over the key space in every batch.
                let mut h = 0u64;
                for &byte in key {
                    h = mix(h ^ u64::from(byte));
                }
                (h % n as u64) as usize
            } else {
                i * n / rows.len()
            };
            out[b].push((t, i));
        }
    }
    out
}

/// Bytes allocated on disk (as `du` counts them), a file's or a folder's.
pub fn dir_bytes(path: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(path) else {
        return 0;
    };
    if !meta.is_dir() {
        return meta.blocks() * 512;
    }
    std::fs::read_dir(path)
        .map(|entries| entries.flatten().map(|e| dir_bytes(&e.path())).sum())
        .unwrap_or(0)
        + meta.blocks() * 512
}

pub fn stats(source: &Path) -> Result<(), Error> {
    let data = read_source(source)?;
    let db = Builder::new()
        .set_concurrency_mode(ConcurrencyMode::SingleWriter)
        .open_read_only(source)?;
    let txn = db.begin_read()?;
    let file = std::fs::metadata(source)?.len();
    println!("`{}`: {file} bytes", source.display());
    println!();
    println!(
        "| table | entries | key bytes | value bytes | redb stored bytes | metadata | fragmented | leaf, branch pages | height | share of the file |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    macro_rules! row {
        ($i:expr, $table:expr) => {{
            let s = txn.open_table($table)?.stats()?;
            let rows = &data.tables[$i];
            let keys: usize = rows.iter().map(|(k, _)| k.len()).sum();
            let values: usize = rows.iter().map(|(_, v)| v.len()).sum();
            let pages = (s.leaf_pages() + s.branch_pages()) * 4096;
            println!(
                "| {} | {} | {keys} | {values} | {} | {} | {} | {}, {} | {} | {:.0}% |",
                NAMES[$i],
                rows.len(),
                s.stored_bytes(),
                s.metadata_bytes(),
                s.fragmented_bytes(),
                s.leaf_pages(),
                s.branch_pages(),
                s.tree_height(),
                pages as f64 * 100.0 / file as f64
            );
        }};
    }
    row!(0, NODES);
    row!(1, GAMES);
    row!(2, LICHESS_IDS);
    row!(3, FILES);
    row!(4, CONTENTS);
    Ok(())
}

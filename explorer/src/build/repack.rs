//! The tables an add changed, rewritten in key order before it commits ([`repack`]): a
//! B-tree that took its keys all over its range has pages a third empty, one written in order
//! has them full. Inside the add's transaction, so a reader sees the tables before or after
//! it, never a part; the pages the old tables held are given back by the compaction after
//! the commit.

use redb::{Key, ReadableTable, TableDefinition, Value, WriteTransaction};

use crate::store::{GAMES, LICHESS_IDS, NODES};

/// Where a table is rewritten before it takes its name back.
const NODES_REPACKED: TableDefinition<[u8; 14], &[u8]> = TableDefinition::new("nodes.repacked");
const GAMES_REPACKED: TableDefinition<u64, &[u8]> = TableDefinition::new("games.repacked");
const LICHESS_IDS_REPACKED: TableDefinition<[u8; 8], ()> =
    TableDefinition::new("lichess_ids.repacked");

/// Rewrites the positions', the games' and the lichess ids' tables in key order.
pub(crate) fn repack(txn: &WriteTransaction) -> Result<(), redb::Error> {
    rewrite(txn, NODES, NODES_REPACKED)?;
    rewrite(txn, GAMES, GAMES_REPACKED)?;
    rewrite(txn, LICHESS_IDS, LICHESS_IDS_REPACKED)
}

/// Copies `table` into `scratch` in key order, then puts the copy in its place.
fn rewrite<K: Key + 'static, V: Value + 'static>(
    txn: &WriteTransaction,
    table: TableDefinition<K, V>,
    scratch: TableDefinition<K, V>,
) -> Result<(), redb::Error> {
    txn.delete_table(scratch)?;
    {
        let from = txn.open_table(table)?;
        let mut to = txn.open_table(scratch)?;
        for row in from.iter()? {
            let (key, value) = row?;
            to.insert(key.value(), value.value())?;
        }
    }
    txn.delete_table(table)?;
    txn.rename_table(scratch, table)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use redb::{ReadableDatabase, ReadableTable, ReadableTableMetadata};

    use super::{NODES, repack};

    #[test]
    fn tables_written_all_over_come_back_whole_in_fewer_pages() {
        let dir = tempfile::tempdir().unwrap();
        let db = redb::Database::create(dir.path().join("t.redb")).unwrap();
        // 40,000 keys in 20 transactions, each all over the key space.
        let key = |n: u64| {
            let mut key = [0u8; 14];
            key[..8].copy_from_slice(&n.wrapping_mul(0x9E37_79B9_7F4A_7C15).to_be_bytes());
            key
        };
        for round in 0..20u64 {
            let txn = db.begin_write().unwrap();
            {
                let mut nodes = txn.open_table(NODES).unwrap();
                for n in (round..40_000).step_by(20) {
                    nodes.insert(key(n), &n.to_le_bytes()[..]).unwrap();
                }
            }
            txn.commit().unwrap();
        }
        let leaves = |db: &redb::Database| {
            let txn = db.begin_read().unwrap();
            let nodes = txn.open_table(NODES).unwrap();
            let rows: Vec<([u8; 14], Vec<u8>)> = nodes
                .iter()
                .unwrap()
                .map(|row| {
                    let (k, v) = row.unwrap();
                    (k.value(), v.value().to_vec())
                })
                .collect();
            (nodes.stats().unwrap().leaf_pages(), rows)
        };
        let (before, rows) = leaves(&db);
        let txn = db.begin_write().unwrap();
        repack(&txn).unwrap();
        txn.commit().unwrap();
        let (after, rows_after) = leaves(&db);
        assert_eq!(rows_after, rows);
        assert_eq!(rows.len(), 40_000);
        assert!(
            after * 10 <= before * 8,
            "{before} leaf pages, then {after}"
        );
    }
}

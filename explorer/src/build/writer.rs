//! The one thread that writes an add ([`Writer`]): each game walked is counted once (a
//! lichess id already in the index is not counted again) and its record stored; its
//! positions wait in a batch, which [`crate::build::settle`] turns into stored positions when it
//! fills its budget; all in the add's one transaction.

use std::collections::HashSet;

use redb::{Table, WriteTransaction};

use crate::build::settle::{Batch, BatchGame, Target, Written, settle};
use crate::build::walker::Walked;
use crate::error::Fault;
use crate::store::counted::CountedGame;
use crate::store::games::number;
use crate::store::id::LichessId;
use crate::store::{GAMES, LICHESS_IDS, NODES};

/// How many visits a batch holds before it is settled, unless an add is told otherwise:
/// about 200 MiB at most. Positions two games of one batch reach are stored whatever their
/// order; a position a game of a later batch or add reaches is found by following the
/// earlier game from the last stored position (see [`crate::build::settle`]).
pub(crate) const VISITS_PER_BATCH: usize = 2_000_000;

/// Counts the games of one add into its transaction.
pub(crate) struct Writer<'t> {
    pub(crate) nodes: Table<'t, [u8; 14], &'static [u8]>,
    pub(crate) games: Table<'t, u64, &'static [u8]>,
    pub(crate) ids: Table<'t, [u8; 8], ()>,
    /// Each file's number in the index, by its place in the add.
    files: &'t [u32],
    /// The visits a batch holds before it is settled.
    visits_per_batch: usize,
    /// Top and recent games kept a bucket.
    pub(crate) kept: usize,
    batch: Batch,
    /// The lichess ids of the add's games.
    seen: HashSet<LichessId>,
    pub(crate) written: Written,
    /// Games counted, by the file's place in the add.
    pub(crate) per_file: Vec<u64>,
}

impl<'t> Writer<'t> {
    pub(crate) fn new(
        txn: &'t WriteTransaction,
        files: &'t [u32],
        kept: usize,
        visits_per_batch: usize,
    ) -> Result<Writer<'t>, Fault> {
        Ok(Writer {
            nodes: txn.open_table(NODES)?,
            games: txn.open_table(GAMES)?,
            ids: txn.open_table(LICHESS_IDS)?,
            files,
            visits_per_batch,
            kept,
            batch: Batch::default(),
            seen: HashSet::new(),
            written: Written::default(),
            per_file: vec![0; files.len()],
        })
    }

    /// Counts `game`, unless its lichess id is counted already.
    pub(crate) fn game(&mut self, game: Walked) -> Result<(), Fault> {
        let Some(file_number) = self.files.get(game.file) else {
            return Ok(());
        };
        let number = number(*file_number, game.number);
        // An id already in the store is found when the batch is settled (in the ids' order:
        // a B-tree is quicker so); one seen earlier in the add, here.
        if let Some(id) = game.record.head.lichess_id {
            if !self.seen.insert(id) {
                self.written.already_indexed += 1;
                return Ok(());
            }
            self.batch.ids.push((id, number, game.file));
        }
        self.written.counted += 1;
        if let Some(count) = self.per_file.get_mut(game.file) {
            *count += 1;
        }
        let mut bytes = Vec::with_capacity(128);
        game.record.write(&mut bytes);
        self.batch.records.push((number, bytes));
        let batched = BatchGame {
            game: CountedGame::of(number, &game.record.head),
            visits: game.visits,
        };
        if self.batch.add(batched) >= self.visits_per_batch {
            self.settle()?;
        }
        Ok(())
    }

    /// Settles the batch: its positions into the store's.
    pub(crate) fn settle(&mut self) -> Result<(), Fault> {
        let batch = std::mem::take(&mut self.batch);
        let mut target = Target {
            nodes: &mut self.nodes,
            games: &mut self.games,
            ids: &mut self.ids,
            kept: self.kept,
            written: &mut self.written,
            per_file: &mut self.per_file,
        };
        settle(&mut target, batch)?;
        self.written.batches += 1;
        Ok(())
    }
}

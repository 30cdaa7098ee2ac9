//! A new segment's tables written in key order ([`SegmentWriter`]): its games in number
//! order, its games' keys in order, and each position's group of visits, in key order, as a
//! row (two games or more) or a posting (one game).

use std::io;
use std::path::{Path, PathBuf};

use cozy_chess::Color;

use crate::store::bytes::put;
use crate::store::facts::{FactsWriter, Info};
use crate::store::players::{Start, player_value};
use crate::store::postings::{self, Chunker};
use crate::store::segment::ordinals;
use crate::store::table::{Blocks, TableWriter};
use crate::store::tables::{FACTS, GAMES, IDS, PLAYERS, POSTINGS, ROWS};

/// How a writer stores a position by its games: a parameter of each add, merge and removal,
/// not of the format (each position's form is in its bytes, so that segments written with
/// other thresholds read alike). [`Thresholds::PRODUCTION`] always but in the crate's own
/// tests, whose few games want lower ones to make rows of every form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Thresholds {
    /// The games a position of a segment needs for a row: one reached by fewer is a posting
    /// a game, each confirmed by replaying its game when the position is asked (fewer
    /// replays than this a segment, against rows' bytes: measured in docs/performance.md).
    pub(crate) row_games: usize,
    /// The games a position of a segment needs for its rows to be counted (an all-months
    /// row, and a row a month): one reached by fewer has its games listed, counted from
    /// their facts when it is asked (less than a tenth of the bytes; docs/performance.md).
    pub(crate) counted_games: usize,
}

impl Thresholds {
    /// What every index is written with.
    pub(crate) const PRODUCTION: Thresholds = Thresholds {
        row_games: 8,
        counted_games: 256,
    };

    /// What the crate's tests (and the fuzzers' seed segment) write with: lower, so that
    /// their few games make rows of every form (posting, listed, counted).
    #[cfg(any(test, feature = "fuzzing"))]
    pub(crate) const TESTS: Thresholds = Thresholds {
        row_games: 8,
        counted_games: 24,
    };
}

/// The postings a chunk holds, about.
const CHUNK: usize = 2048;

/// A row: its key and its bytes.
pub(crate) type Row = ([u8; 14], Vec<u8>);

/// What a bucket's positions bring the segment, in key order.
#[derive(Debug, Default)]
pub(crate) struct Grouped {
    pub(crate) rows: Vec<Row>,
    /// Fingerprints and ordinals.
    pub(crate) postings: Vec<(u32, u32)>,
}

/// A bucket's rows, in blocks sealed on the thread that grouped it, and its postings'
/// chunks, encoded there (each its first fingerprint and its bytes).
pub(crate) struct Made {
    pub(crate) rows: Blocks,
    pub(crate) postings: Vec<(u32, Vec<u8>)>,
}

/// A visit of a group: the game's ordinal in the segment, its move, who played it.
pub(crate) type GroupVisit = (u32, u16, Color);

/// The tables of a segment being written in its folder.
pub(crate) struct SegmentWriter {
    pub(crate) dir: PathBuf,
    games: TableWriter,
    ids: TableWriter,
    players: TableWriter,
    facts: TableWriter,
    facts_group: FactsWriter,
    positions: PositionsWriter,
}

/// A segment's tables of positions being written: its rows and its postings.
pub(crate) struct PositionsWriter {
    rows: TableWriter,
    postings: PostingsWriter,
}

/// A segment's postings being written, in chunks.
pub(crate) struct PostingsWriter {
    table: TableWriter,
    chunks: PostingChunks,
}

impl std::fmt::Debug for SegmentWriter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SegmentWriter")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

/// What a finished segment holds.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Wrote {
    pub(crate) bytes: u64,
    pub(crate) rows: u64,
    pub(crate) postings: u64,
}

impl SegmentWriter {
    /// A segment in `dir` (made).
    pub(crate) fn create(dir: &Path) -> io::Result<SegmentWriter> {
        std::fs::create_dir_all(dir)?;
        let table = |(name, kind, key_len, compress): (&str, [u8; 4], usize, bool)| {
            TableWriter::create(&dir.join(name), kind, key_len, compress)
        };
        Ok(SegmentWriter {
            dir: dir.to_owned(),
            games: table(GAMES)?,
            ids: table(IDS)?,
            players: table(PLAYERS)?,
            // A group a block: a listed row's games are read at random.
            facts: table(FACTS)?.with_block_size(1),
            facts_group: FactsWriter::default(),
            positions: PositionsWriter {
                rows: table(ROWS)?,
                postings: PostingsWriter {
                    table: table(POSTINGS)?,
                    chunks: PostingChunks::new(1),
                },
            },
        })
    }

    /// Tells it its games, before its first posting: their postings are written with as
    /// many ordinals ([`crate::store::segment::Segment::ordinals`]).
    pub(crate) fn ordinals(&mut self, games: u64) {
        self.positions.postings.chunks = PostingChunks::new(ordinals(games));
    }

    /// Its games' table and its positions' tables apart, to be written at once on two
    /// threads.
    pub(crate) fn split(&mut self) -> (&mut TableWriter, &mut PositionsWriter) {
        (&mut self.games, &mut self.positions)
    }

    /// The next game's facts (games in order).
    pub(crate) fn fact(&mut self, info: &Info) -> io::Result<()> {
        self.facts_group.push(info, &mut self.facts)
    }

    /// A key of its games (keys in order, [`crate::store::id::GameKey`]) and the game's
    /// number, by which a game's id finds it.
    pub(crate) fn id(&mut self, id: &[u8; 8], number: u64) -> io::Result<()> {
        let mut value = Vec::with_capacity(10);
        put(&mut value, number);
        self.ids.push(id, &value)
    }

    /// A player's games of one colour (keys in order, [`crate::store::players`]), each its
    /// number and start: numbers alone, or by start for a busy player ([`player_value`]).
    pub(crate) fn player(&mut self, key: &[u8; 9], games: &mut [(u64, Start)]) -> io::Result<()> {
        let mut value = Vec::with_capacity(3 * games.len());
        let key = player_value(key, games, &mut value);
        self.players.push(&key, &value)
    }

    /// Writes the tables' ends and syncs them and the folder.
    pub(crate) fn finish(mut self) -> io::Result<Wrote> {
        let mut positions = self.positions;
        let mut facts = self.facts;
        self.facts_group.flush(&mut facts)?;
        positions.postings.chunks.close();
        positions.postings.write_chunks()?;
        let mut wrote = Wrote::default();
        for table in [self.games, self.ids, facts, self.players] {
            wrote.bytes += table.finish()?.bytes;
        }
        let rows = positions.rows.finish()?;
        let postings = positions.postings.table.finish()?;
        wrote.bytes += rows.bytes + postings.bytes;
        wrote.rows = rows.entries;
        wrote.postings = postings.entries;
        sync_dir(&self.dir)?;
        Ok(wrote)
    }
}

impl PositionsWriter {
    /// Its rows' table and its postings apart, to be written at once on two threads.
    pub(crate) fn split(&mut self) -> (&mut TableWriter, &mut PostingsWriter) {
        (&mut self.rows, &mut self.postings)
    }

    /// A bucket's rows, in blocks sealed apart, and its postings' chunks, encoded apart
    /// (buckets in order).
    pub(crate) fn push_made(&mut self, made: Made) -> io::Result<()> {
        self.rows.append(made.rows)?;
        for (first, chunk) in made.postings {
            self.postings.table.push(&first.to_be_bytes(), &chunk)?;
        }
        Ok(())
    }
}

impl PostingsWriter {
    /// A posting of the game `ordinal` at a position of fingerprint `print` (in order).
    pub(crate) fn posting(&mut self, print: u32, ordinal: u32) -> io::Result<()> {
        self.chunks.posting(print, ordinal);
        self.write_chunks()
    }

    /// The chunks closed, to the table.
    fn write_chunks(&mut self) -> io::Result<()> {
        for (first, chunk) in self.chunks.closed.drain(..) {
            self.table.push(&first.to_be_bytes(), &chunk)?;
        }
        Ok(())
    }
}

/// Postings given in key order of their positions → chunks of about [`CHUNK`] postings,
/// each sorted by (fingerprint, ordinal), each game once a fingerprint, encoded
/// ([`postings::encode`]).
#[derive(Debug)]
pub(crate) struct PostingChunks {
    chunker: Chunker,
    /// The postings of the fingerprint being gathered: a fingerprint's positions come
    /// together in key order, their games in any order.
    print: Option<(u32, Vec<u32>)>,
    /// Ordinals the postings are written with (the segment's games).
    ordinals: u32,
    /// The chunks closed, each its first fingerprint and its bytes.
    pub(crate) closed: Vec<(u32, Vec<u8>)>,
}

impl PostingChunks {
    /// Chunks of postings written with `ordinals` ordinals.
    pub(crate) fn new(ordinals: u32) -> PostingChunks {
        PostingChunks {
            chunker: Chunker::new(CHUNK),
            print: None,
            ordinals,
            closed: Vec::new(),
        }
    }

    /// A posting of the game `ordinal` at a position of fingerprint `print` (in order).
    pub(crate) fn posting(&mut self, print: u32, ordinal: u32) {
        match &mut self.print {
            Some((current, games)) if *current == print => games.push(ordinal),
            _ => {
                self.flush_print();
                self.print = Some((print, vec![ordinal]));
            }
        }
    }

    /// Closes the open chunk: every posting given is in [`PostingChunks::closed`].
    pub(crate) fn close(&mut self) {
        self.flush_print();
        let chunker = std::mem::replace(&mut self.chunker, Chunker::new(CHUNK));
        if let Some((first, chunk)) = chunker.finish() {
            self.encode(first, &chunk);
        }
    }

    /// The gathered fingerprint's postings, sorted, each game once, to the chunker.
    fn flush_print(&mut self) {
        let Some((print, mut games)) = self.print.take() else {
            return;
        };
        games.sort_unstable();
        games.dedup();
        for ordinal in games {
            if let Some((first, chunk)) = self.chunker.push(print, ordinal) {
                self.encode(first, &chunk);
            }
        }
    }

    fn encode(&mut self, first: u32, chunk: &[(u32, u32)]) {
        let mut bytes = Vec::new();
        postings::encode(chunk, self.ordinals, &mut bytes);
        self.closed.push((first, bytes));
    }
}

/// Syncs the folder `dir`'s entries to disk (where the system can).
pub(crate) fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    std::fs::File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

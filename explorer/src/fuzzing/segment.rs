//! A whole segment built once ([`SegmentFiles`]), written again with a file of it changed,
//! opened and read whole ([`read_segment`]).

use crate::store::facts::{self, Facts};
use crate::store::games::{self, Head};
use crate::store::key::Position;
use crate::store::manifest::{self, SegmentEntry};
use crate::store::postings;
use crate::store::segment::{ALL_MONTHS, Segment};
use crate::store::table;
use crate::store::tables;
use chess960_pgn::Progress;
use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The tables of a segment: file name, kind, key length, compressed.
#[doc(hidden)]
pub const SEGMENT_TABLES: [(&str, [u8; 4], usize, bool); 6] = [
    tables::GAMES,
    tables::IDS,
    tables::ROWS,
    tables::POSTINGS,
    tables::FACTS,
    tables::PLAYERS,
];

/// A segment's files, built once ([`SegmentFiles::build`]) to be written again changed.
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct SegmentFiles {
    /// What the manifest says of it.
    entry: SegmentEntry,
    /// The bytes of each of [`SEGMENT_TABLES`], in their order.
    files: Vec<Vec<u8>>,
}

impl SegmentFiles {
    /// The segment an add of `games` games drawn from `seed` makes, built in the folder
    /// `dir` (made, and emptied after).
    #[doc(hidden)]
    pub fn build(dir: &Path, games: usize, seed: u64) -> Result<SegmentFiles, String> {
        fs::create_dir_all(dir).map_err(|err| err.to_string())?;
        let built = SegmentFiles::build_in(dir, games, seed);
        let _ = fs::remove_dir_all(dir);
        built
    }

    /// [`SegmentFiles::build`] in `dir`, left as it is.
    fn build_in(dir: &Path, games: usize, seed: u64) -> Result<SegmentFiles, String> {
        let pgn = dir.join("games.pgn");
        fs::write(&pgn, crate::drawn::drawn(seed, games).concat())
            .map_err(|err| err.to_string())?;
        let index = dir.join("index");
        // At the tests' thresholds: a few games make rows of every form, month rows too.
        let thresholds = crate::build::segment::Thresholds::TESTS;
        crate::writer::IndexWriter::new(&index)
            .with_thresholds(thresholds)
            .add(&[pgn], &Progress::default())
            .map_err(|err| err.to_string())?;
        let manifest = manifest::Manifest::read(&index)
            .map_err(|err| err.to_string())?
            .ok_or("no manifest")?;
        let [entry] = manifest.segments[..] else {
            return Err("not one segment".to_owned());
        };
        let folder = manifest::segment_dir(&index, entry.id);
        let files = SEGMENT_TABLES
            .iter()
            .map(|(name, ..)| fs::read(folder.join(name)))
            .collect::<io::Result<_>>()
            .map_err(|err| err.to_string())?;
        Ok(SegmentFiles { entry, files })
    }

    /// The bytes of table `table` of [`SEGMENT_TABLES`].
    #[doc(hidden)]
    pub fn file(&self, table: usize) -> &[u8] {
        self.files.get(table).map_or(&[], Vec::as_slice)
    }

    /// Its games, as its manifest entry says.
    #[doc(hidden)]
    pub fn games(&self) -> u64 {
        self.entry.games
    }

    /// Writes its files to the folder `dir` (made if missing), table `table`'s as `bytes`.
    #[doc(hidden)]
    pub fn write_to(&self, dir: &Path, table: usize, bytes: &[u8]) -> io::Result<()> {
        fs::create_dir_all(dir)?;
        for (i, ((name, ..), file)) in SEGMENT_TABLES.iter().zip(&self.files).enumerate() {
            fs::write(
                dir.join(name),
                if i == table { bytes } else { file.as_slice() },
            )?;
        }
        Ok(())
    }

    /// The paths of its files in the folder `dir`.
    #[doc(hidden)]
    pub fn paths(dir: &Path) -> Vec<PathBuf> {
        SEGMENT_TABLES
            .iter()
            .map(|(name, ..)| dir.join(name))
            .collect()
    }
}

/// What reading a segment whole came to ([`read_segment`]).
#[doc(hidden)]
#[derive(Debug, Default)]
pub struct SegmentRead {
    /// Records, keys, rows, postings and facts read.
    pub read: usize,
    /// Each error met (at most [`MAX_ERRORS`]), as its message; the reading goes on past it
    /// where it can.
    pub errors: Vec<String>,
}

/// The most errors [`SegmentRead`] keeps.
#[doc(hidden)]
pub const MAX_ERRORS: usize = 64;

/// The most positions, postings and games [`read_segment`] asks about, of each.
const MAX_ASKED: usize = 64;

/// [`read_segment`] reads one record whole in this many (the others' heads alone).
const RECORD_STEP: usize = 4;

impl SegmentRead {
    /// Counts what `result` read, or keeps its error.
    fn note<T, E: std::fmt::Display>(&mut self, result: Result<T, E>) -> Option<T> {
        match result {
            Ok(read) => {
                self.read += 1;
                Some(read)
            }
            Err(err) => {
                if self.errors.len() < MAX_ERRORS {
                    self.errors.push(err.to_string());
                }
                None
            }
        }
    }
}

/// Opens the segment in the folder `dir` (`files`' manifest entry its own) with `cache`
/// bytes of blocks kept, and reads it whole as the index reads it: every record (its head;
/// one in [`RECORD_STEP`] whole, its line replayed), key, row (each position's rows of every
/// month and of all months, its listed games counted from their facts), posting (each chunk
/// decoded, each fingerprint's candidates and their records' starts) and facts. The error of
/// the open, or what was read and each error met.
#[doc(hidden)]
pub fn read_segment(dir: &Path, files: &SegmentFiles, cache: usize) -> Result<SegmentRead, String> {
    let cache = table::BlockCache::new(cache);
    let segment = Segment::open(dir, files.entry, &cache).map_err(|err| err.to_string())?;
    let mut read = SegmentRead::default();
    for (n, record) in segment.records().enumerate() {
        let Some((number, bytes)) = read.note(record) else {
            break;
        };
        read.note(Head::of_record(&bytes).ok_or("a game's record's head"));
        // A line is replayed to be read: a few records whole (one in [`RECORD_STEP`]).
        if n % RECORD_STEP == 0 {
            read.note(games::Record::read(&bytes).ok_or("a game's record"));
        }
        if !segment.holds(number) {
            read.note(Err::<(), _>("a game number outside the segment"));
        }
    }
    for key in segment.keys() {
        if read.note(key).is_none() {
            break;
        }
    }
    let mut positions = BTreeSet::new();
    for row in segment.rows().iter() {
        let Some((key, _)) = read.note(row.map_err(|err| err.to_string())) else {
            break;
        };
        let Some(position) = key
            .get(..12)
            .and_then(|head| <[u8; 12]>::try_from(head).ok())
        else {
            read.note(Err::<(), _>("a row's key"));
            continue;
        };
        positions.insert(position);
        if positions.len() >= MAX_ASKED {
            break;
        }
    }
    for position in positions.into_iter().map(Position::from_bytes) {
        read.note(segment.all_months(&position));
        read.note(segment.months(&position, 0..=ALL_MONTHS - 1));
        read.note(segment.months(&position, ALL_MONTHS..=ALL_MONTHS));
    }
    let mut prints = BTreeSet::new();
    for chunk in segment.postings().iter() {
        let Some((_, bytes)) = read.note(chunk.map_err(|err| err.to_string())) else {
            break;
        };
        let decoded = postings::decode(&bytes, segment.ordinals()).ok_or("a chunk of postings");
        if let Some(decoded) = read.note(decoded) {
            prints.extend(decoded.into_iter().map(|(print, _)| print).take(MAX_ASKED));
        }
        if prints.len() >= MAX_ASKED {
            break;
        }
    }
    for print in prints.into_iter().take(MAX_ASKED) {
        let [a, b, c, d] = print.to_be_bytes();
        let key = [a, b, c, d, 0, 0, 0, 0, 0, 0, 0, 0];
        let Some(games) = read.note(segment.candidates(&Position::from_bytes(key))) else {
            continue;
        };
        for number in games.into_iter().take(MAX_ASKED) {
            if let Some(Some(bytes)) = read.note(segment.record(number)) {
                read.note(games::start_of_record(&bytes).ok_or("a candidate's record"));
            }
        }
    }
    for group in segment.facts().iter() {
        let Some((_, bytes)) = read.note(group.map_err(|err| err.to_string())) else {
            break;
        };
        read.note(facts::read_group(&bytes).ok_or("a group of facts"));
    }
    let mut facts = Facts::new(segment.facts());
    let ordinals = u32::try_from(files.entry.games.min(MAX_ASKED as u64)).unwrap_or_default();
    for ordinal in 0..ordinals {
        read.note(facts.get(ordinal).map_err(|err| format!("{err:?}")));
    }
    Ok(read)
}

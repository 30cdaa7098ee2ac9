//! For cargo-fuzz only (feature `fuzzing`), not an API: the store's sorted block tables,
//! opened from a file and read in every way ([`Table`]), and written from entries
//! ([`write_table`]); chunks of postings encoded, decoded and looked up in; a position's
//! all-months row and a group of games' facts read and written again; the manifest
//! ([`Manifest`]), a game's record ([`Record`]), a game's line ([`Line`]) and a month's row
//! ([`MonthEntry`]) read and written again; a whole segment built once ([`SegmentFiles`]),
//! written again with a file of it changed, opened and read whole ([`read_segment`]).
//! Errors come as their messages.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use chess960::fen::{CastlingNotation, Fen};
use chess960::{DoubleStartingPosition, StartingPosition};
use chess960_pgn::Progress;
use chess960_pgn::moves::san;
use cozy_chess::Board;

use crate::store::bytes::Reader;
use crate::store::facts::{self, Facts};
use crate::store::games::{self, Head};
use crate::store::key::Position;
use crate::store::line;
use crate::store::manifest::{self, ManifestError, SegmentEntry};
use crate::store::postings;
use crate::store::row::Stored;
use crate::store::segment::{ALL_MONTHS, Segment};
use crate::store::table;
use crate::store::tables;

/// An entry: its key, then its value.
#[doc(hidden)]
pub type Entry = (Vec<u8>, Vec<u8>);

/// A sorted block table open to read.
#[doc(hidden)]
#[derive(Debug)]
pub struct Table(table::Table);

impl Table {
    /// Opens the table at `path`, of kind `kind` and `key_len`-byte keys, keeping up to
    /// `cache` bytes of blocks; its CRCs checked when `checksums`, else its structure alone
    /// (so that a fuzzer reaches past them).
    pub fn open(
        path: &Path,
        kind: [u8; 4],
        key_len: usize,
        cache: usize,
        checksums: bool,
    ) -> Result<Table, String> {
        let table = match checksums {
            true => table::Table::open(path, kind, key_len, &table::BlockCache::new(cache)),
            false => {
                table::Table::open_unchecked(path, kind, key_len, &table::BlockCache::new(cache))
            }
        };
        table.map(Table).map_err(|err| err.to_string())
    }

    /// Its number of entries, as its footer says.
    pub fn entries(&self) -> u64 {
        self.0.entries()
    }

    /// Its file's size in bytes.
    pub fn bytes(&self) -> u64 {
        self.0.bytes()
    }

    /// Every entry in key order, until an error.
    pub fn iter(&self) -> impl Iterator<Item = Result<Entry, String>> + '_ {
        let entries: table::Entries<'_> = self.0.iter();
        entries.map(|entry| entry.map_err(|err| err.to_string()))
    }

    /// The value of `key`, if there.
    pub fn get(&self, key: &[u8]) -> Result<Option<Vec<u8>>, String> {
        self.0.get(key).map_err(|err| err.to_string())
    }

    /// The last entry whose key is `key` or less, if any.
    pub fn floor(&self, key: &[u8]) -> Result<Option<Entry>, String> {
        self.0.floor(key).map_err(|err| err.to_string())
    }

    /// Every entry with `from <= key <= to`, in key order.
    pub fn range(&self, from: &[u8], to: &[u8]) -> Result<Vec<Entry>, String> {
        self.0.range(from, to).map_err(|err| err.to_string())
    }
}

/// Writes `entries` as a table at `path`, of kind `kind` and `key_len`-byte keys, blocks
/// compressed when `compress`, a new block begun past `block_size` bytes of entries: the
/// table's size in bytes, or the first error (a key out of order or of another length).
#[doc(hidden)]
pub fn write_table<'e>(
    path: &Path,
    kind: [u8; 4],
    key_len: usize,
    compress: bool,
    block_size: usize,
    entries: impl IntoIterator<Item = (&'e [u8], &'e [u8])>,
) -> io::Result<u64> {
    let mut writer =
        table::TableWriter::create(path, kind, key_len, compress)?.with_block_size(block_size);
    for (key, value) in entries {
        writer.push(key, value)?;
    }
    Ok(writer.finish()?.bytes)
}

/// `postings` (sorted by (fingerprint, ordinal), no pair twice, every ordinal below
/// `ordinals`) as one chunk's bytes.
#[doc(hidden)]
pub fn postings_encode(postings: &[(u32, u32)], ordinals: u32) -> Vec<u8> {
    let mut out = Vec::new();
    postings::encode(postings, ordinals, &mut out);
    out
}

/// Every posting of the chunk `bytes`; `None` if they are no chunk's.
#[doc(hidden)]
pub fn postings_decode(bytes: &[u8], ordinals: u32) -> Option<Vec<(u32, u32)>> {
    postings::decode(bytes, ordinals)
}

/// The ordinals under `fingerprint` in the chunk `bytes`; `None` if the bytes read are no
/// chunk's.
#[doc(hidden)]
pub fn postings_lookup(bytes: &[u8], ordinals: u32, fingerprint: u32) -> Option<Vec<u32>> {
    postings::lookup(bytes, ordinals, fingerprint)
}

/// The all-months row (counted, or its games listed) of `bytes` written again; `None` if they
/// are no row's.
#[doc(hidden)]
pub fn row_rewritten(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    Stored::read(bytes)?.write(&mut out);
    Some(out)
}

/// The games' facts of the group `bytes` written again; `None` if they are no group's.
#[doc(hidden)]
pub fn facts_rewritten(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    facts::write_group(&facts::read_group(bytes)?, &mut out);
    Some(out)
}

/// The index format the manifests read and written are of.
#[doc(hidden)]
pub const MANIFEST_FORMAT: u32 = manifest::FORMAT;

/// The manifest of the index in a folder ([`Manifest::decode_in`]), to be written again.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Manifest(manifest::Manifest);

/// Why bytes were refused as a manifest.
#[doc(hidden)]
#[derive(Debug)]
pub enum ManifestRefused {
    /// Not as written (damaged), with the message.
    Corrupt(String),
    /// Of another format, by its number.
    Format(u32),
    /// The file could not be read or written: not the bytes' fault.
    Io(String),
}

impl Manifest {
    /// The manifest of `bytes` written as the `MANIFEST` of the folder `dir` (made if
    /// missing) and read from there as an index reads it.
    #[doc(hidden)]
    pub fn decode_in(dir: &Path, bytes: &[u8]) -> Result<Manifest, ManifestRefused> {
        fs::create_dir_all(dir)
            .and_then(|()| fs::write(dir.join("MANIFEST"), bytes))
            .map_err(|err| ManifestRefused::Io(err.to_string()))?;
        match manifest::Manifest::read(dir) {
            Ok(Some(manifest)) => Ok(Manifest(manifest)),
            Ok(None) => Err(ManifestRefused::Io("no MANIFEST read".to_owned())),
            Err(ManifestError::Corrupt { what, why }) => {
                Err(ManifestRefused::Corrupt(format!("{what}: {why}")))
            }
            Err(ManifestError::Format { found }) => Err(ManifestRefused::Format(found)),
            Err(ManifestError::Io(err)) => Err(ManifestRefused::Io(err.to_string())),
        }
    }

    /// The manifest committed to the folder `dir` as an add commits one: the bytes of the
    /// `MANIFEST` written.
    #[doc(hidden)]
    pub fn encode_in(&self, dir: &Path) -> io::Result<Vec<u8>> {
        self.0.commit(dir)?;
        fs::read(dir.join("MANIFEST"))
    }

    /// How many segments and files it lists.
    #[doc(hidden)]
    pub fn lists(&self) -> (usize, usize) {
        (self.0.segments.len(), self.0.files.len())
    }
}

/// `body` (a manifest's header line and JSON) ended with the line of its CRC-32, as a
/// manifest is: so that a fuzzer reaches past the checksum.
#[doc(hidden)]
pub fn manifest_sealed(body: &[u8]) -> Vec<u8> {
    let mut bytes = body.to_vec();
    if !bytes.ends_with(b"\n") {
        bytes.push(b'\n');
    }
    let crc = crc32fast::hash(&bytes);
    bytes.extend_from_slice(format!("crc32 {crc:08x}\n").as_bytes());
    bytes
}

/// A game's record as a segment's games table holds it.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record(games::Record);

impl Record {
    /// The record of `bytes`, all of them; `None` if they are not one.
    #[doc(hidden)]
    pub fn read(bytes: &[u8]) -> Option<Record> {
        games::Record::read(bytes).map(Record)
    }

    /// Its bytes, as the index writes them.
    #[doc(hidden)]
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.0.write_places(&places(&self.0.line), &mut out);
        out
    }

    /// Whether its head and its start read alone from `bytes` (as a node's games and a
    /// posting's confirmation read them) are the record's.
    #[doc(hidden)]
    pub fn parts_agree(&self, bytes: &[u8]) -> bool {
        Head::of_record(bytes).as_ref() == Some(&self.0.head)
            && games::start_of_record(bytes).as_ref() == Some(&self.0.line.start)
    }
}

/// Each move's place among the legal moves where `line` plays it, until one is not legal.
fn places(line: &line::Line) -> Vec<u8> {
    let mut board = line.start.clone();
    let mut places = Vec::with_capacity(line.moves.len());
    for &mv in &line.moves {
        let Some(place) = line::place(&board, mv) else {
            break;
        };
        places.push(place);
        board.play_unchecked(mv);
    }
    places
}

/// A game's line as a record holds it after its head.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Line(line::Line);

impl Line {
    /// The line `bytes` begin with and how many of them it took; `None` if they do not
    /// begin with one.
    #[doc(hidden)]
    pub fn read(bytes: &[u8]) -> Option<(Line, usize)> {
        let mut r = Reader(bytes);
        let line = line::Line::read(&mut r)?;
        Some((Line(line), bytes.len() - r.0.len()))
    }

    /// Its bytes, as the index writes them.
    #[doc(hidden)]
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.0.write_places(&places(&self.0), &mut out);
        out
    }

    /// Its number of moves.
    #[doc(hidden)]
    pub fn moves(&self) -> usize {
        self.0.moves.len()
    }
}

/// A position's games of one month, as a month's row holds them.
#[doc(hidden)]
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MonthEntry(crate::store::entry::Entry);

impl MonthEntry {
    /// The entry of a row of the month `month` of `bytes`, all of them; `None` if they are
    /// not one.
    #[doc(hidden)]
    pub fn read(bytes: &[u8], month: u16) -> Option<MonthEntry> {
        crate::store::entry::Entry::read_month(bytes, month).map(MonthEntry)
    }

    /// Its bytes, as a segment writes a month's row.
    #[doc(hidden)]
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.0.write(&mut out);
        out
    }
}

/// The tables of a segment: file name, kind, key length, compressed.
#[doc(hidden)]
pub const SEGMENT_TABLES: [(&str, [u8; 4], usize, bool); 5] = [
    tables::GAMES,
    tables::IDS,
    tables::ROWS,
    tables::POSTINGS,
    tables::FACTS,
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
        fs::write(&pgn, drawn_games(games, seed)?).map_err(|err| err.to_string())?;
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

/// `games` games of two starts, drawn from `seed` so that lines repeat and transpose, of
/// several months, speeds and ratings: a PGN file's text.
fn drawn_games(games: usize, seed: u64) -> Result<String, String> {
    let mut state = seed | 1;
    let mut below = |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        usize::try_from((state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % n as u64)
            .unwrap_or_default()
    };
    let mut text = String::new();
    for n in 0..games {
        let id = if below(3) == 0 { 105 } else { 518 };
        let start = StartingPosition::from_id(id).map_err(|err| err.to_string())?;
        let fen = Fen::new(
            DoubleStartingPosition::new(start, start),
            CastlingNotation::Shredder,
        )
        .to_string();
        let mut board = Board::from_fen(&fen, true).map_err(|err| format!("{err:?}"))?;
        let mut movetext = String::new();
        for ply in 0..4 + below(16) {
            let mut moves = Vec::new();
            board.generate_moves(|piece_moves| {
                moves.extend(piece_moves);
                false
            });
            moves.sort_by_key(|mv| (mv.from as u8, mv.to as u8));
            let pick = if below(4) == 0 {
                below(moves.len().max(1))
            } else {
                below(2)
            };
            let Some(&mv) = moves.get(pick) else {
                break;
            };
            let mut after = board.clone();
            after.play_unchecked(mv);
            if ply % 2 == 0 {
                movetext.push_str(&format!("{}. ", ply / 2 + 1));
            }
            movetext.push_str(san(&board, mv, &after).as_str());
            movetext.push(' ');
            board = after;
        }
        let result = match below(3) {
            0 => "1-0",
            1 => "0-1",
            _ => "1/2-1/2",
        };
        let event = match below(3) {
            0 => "Rated Blitz game",
            1 => "Casual Rapid game",
            _ => "Rated Bullet game",
        };
        let elo = |r: usize| 1200 + 100 * r;
        text.push_str(&format!(
            "[Event \"{event}\"]\n[Site \"https://lichess.org/{n:08}\"]\n[White \"w{}\"]\n\
             [Black \"b{}\"]\n[Result \"{result}\"]\n[UTCDate \"2024.{:02}.15\"]\n\
             [WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\
             [SetUp \"1\"]\n\n{movetext}{result}\n\n",
            n % 7,
            n % 5,
            1 + below(4),
            elo(below(12)),
            elo(below(12)),
        ));
    }
    Ok(text)
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{
        Line, Manifest, MonthEntry, Record, SEGMENT_TABLES, SegmentFiles, Table, manifest_sealed,
        read_segment,
    };
    use crate::store::segment::ALL_MONTHS;

    /// Each table's entries of the segment `files` written to `dir`.
    fn entries(files: &SegmentFiles, dir: &Path) -> Vec<Vec<(Vec<u8>, Vec<u8>)>> {
        files.write_to(dir, usize::MAX, &[]).unwrap();
        SEGMENT_TABLES
            .iter()
            .zip(SegmentFiles::paths(dir))
            .map(|(&(_, kind, key_len, _), path)| {
                let table = Table::open(&path, kind, key_len, 1 << 16, true).unwrap();
                table.iter().collect::<Result<Vec<_>, _>>().unwrap()
            })
            .collect()
    }

    #[test]
    fn a_segment_built_reads_whole_and_its_parts_read_back() {
        let tmp = tempfile::tempdir().unwrap();
        let files = SegmentFiles::build(&tmp.path().join("build"), 120, 7).unwrap();
        assert_eq!(files.games(), 120);
        let dir = tmp.path().join("segment");
        let tables = entries(&files, &dir);
        let read = read_segment(&dir, &files, 1 << 16).unwrap();
        assert_eq!(read.errors, Vec::<String>::new());
        assert!(read.read > 120, "{read:?}");
        let [games, _, rows, postings, facts] = &tables[..] else {
            panic!("five tables");
        };
        assert_eq!(games.len(), 120);
        assert!(!postings.is_empty() && !facts.is_empty());
        for (_, bytes) in games {
            let record = Record::read(bytes).unwrap();
            assert!(record.parts_agree(bytes));
            assert_eq!(&record.write(), bytes);
        }
        let months = rows
            .iter()
            .filter_map(|(key, bytes)| {
                let month = u16::from_be_bytes([key[12], key[13]]);
                (month != ALL_MONTHS).then_some((month, bytes))
            })
            .map(|(month, bytes)| {
                let entry = MonthEntry::read(bytes, month).unwrap();
                assert_eq!(&entry.write(), bytes);
            })
            .count();
        assert!(months > 0);
        // All-months rows of both forms: counted (0) and listed (1).
        let forms: std::collections::BTreeSet<u8> = rows
            .iter()
            .filter(|(key, _)| key[12..] == ALL_MONTHS.to_be_bytes())
            .map(|(_, bytes)| bytes[0])
            .collect();
        assert_eq!(forms, [0, 1].into());
        // A table of it damaged: refused as it opens, or each error told.
        let mut damaged = files.file(2).to_vec();
        damaged[40] ^= 1;
        files.write_to(&dir, 2, &damaged).unwrap();
        match read_segment(&dir, &files, 1 << 16) {
            Ok(read) => assert!(!read.errors.is_empty()),
            Err(err) => assert!(err.contains("rows.tbl"), "{err}"),
        }
    }

    #[test]
    fn manifests_and_lines_read_back() {
        let tmp = tempfile::tempdir().unwrap();
        let body = b"chess960-explorer index format 4\n{\"generation\": 1, \"next_game\": 0, \
            \"next_segment\": 0, \"next_file\": 1, \"segments\": [], \"files\": []}\n";
        let manifest = Manifest::decode_in(tmp.path(), &manifest_sealed(body)).unwrap();
        assert_eq!(manifest.lists(), (0, 0));
        let encoded = manifest.encode_in(tmp.path()).unwrap();
        assert_eq!(Manifest::decode_in(tmp.path(), &encoded).unwrap(), manifest);
        assert!(Manifest::decode_in(tmp.path(), body).is_err());

        // Start 518's number, two moves (each a place among the legal moves), a byte after.
        let bytes = [0, 0x86, 0x04, 2, 0, 1, 9];
        let (line, taken) = Line::read(&bytes).unwrap();
        assert_eq!((line.moves(), taken), (2, 6));
        assert_eq!(line.write(), bytes[..6]);
    }

    #[test]
    #[ignore = "writes fuzz/seeds/explorer_{manifest,records,lines,month_rows,segment}"]
    fn write_fuzz_seeds() {
        let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/seeds");
        let write = |target: &str, name: &str, bytes: &[u8]| {
            let dir = seeds.join(target);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(name), bytes).unwrap();
        };
        let tmp = tempfile::tempdir().unwrap();
        let files = SegmentFiles::build(&tmp.path().join("build"), 120, 7).unwrap();
        let tables = entries(&files, &tmp.path().join("segment"));
        for (i, (_, bytes)) in tables[0].iter().step_by(30).enumerate() {
            write("explorer_records", &format!("record-{i}"), bytes);
            let record = Record::read(bytes).unwrap();
            write(
                "explorer_lines",
                &format!("line-{i}"),
                &Line(record.0.line).write(),
            );
        }
        let mut kinds = [0; 3];
        for (key, bytes) in &tables[2] {
            let month = [key[12], key[13]];
            let kind = usize::from(bytes[0].min(2));
            if u16::from_be_bytes(month) != ALL_MONTHS && kinds[kind] < 3 {
                let n = kinds[kind];
                kinds[kind] += 1;
                write(
                    "explorer_month_rows",
                    &format!("row-{kind}-{n}"),
                    &[&month, &bytes[..]].concat(),
                );
            }
        }
        let index = tmp.path().join("index");
        // One segment, one file (the manifest's documented example, compact): committed,
        // it is written pretty.
        let body = br#"chess960-explorer index format 4
{"generation": 3, "next_game": 10, "next_segment": 2, "next_file": 3,
 "segments": [{"id": 1, "first_game": 0, "games": 10, "removed": 1, "bytes": 4096,
   "files": [1, 2]}],
 "files": [{"number": 2, "name": "a.pgn",
   "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
   "added": 1764000000, "games": 10, "read": 12, "already": 2, "bytes": 0}]}
"#;
        let manifest = Manifest::decode_in(&index, &manifest_sealed(body)).unwrap();
        write(
            "explorer_manifest",
            "sealed",
            &manifest.encode_in(&index).unwrap(),
        );
        write("explorer_manifest", "body", body);
        for table in 0..SEGMENT_TABLES.len() {
            for mode in 0..4u8 {
                let pick = table as u8 + 5 * mode;
                write(
                    "explorer_segment",
                    &format!("table-{table}-mode-{mode}"),
                    &[pick, 60, 0, 1, 2, 3],
                );
            }
        }
    }
}

//! An add's gathered games → its segment ([`assemble`]): games whose keys are in the index
//! (or earlier in the add) left out, the others numbered in order; the games
//! written, then each position's visits, sorted, as its rows or postings.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::sync::Arc;

use crate::build::gather::Gathered;
use crate::build::groups::{Games, write_buckets};
use crate::build::items::PlayerItem;
use crate::build::segment::{SegmentWriter, Thresholds, Wrote};
use crate::build::sort::Sorter;
use crate::error::IndexError;
use crate::store::bytes::{MAX_LEB128, leb128};
use crate::store::games::Head;
use crate::store::players::Start;
use crate::store::segment::Segment;
use crate::store::table::TableWriter;
use chess960_pgn::Progress;

/// What an add's segment holds.
#[derive(Debug, Default)]
pub(crate) struct Assembled {
    /// Games counted (and numbered).
    pub(crate) counted: u64,
    /// Games left out: their key was in the index, or earlier in the add.
    pub(crate) already_indexed: u64,
    /// Games counted of each file, by the file's number in the index.
    pub(crate) per_file: BTreeMap<u32, u64>,
    pub(crate) wrote: Wrote,
}

/// The games left out, a bit an ordinal, and the games counted before each 64.
struct Kept {
    dropped: Vec<u64>,
    before: Vec<u32>,
}

impl Kept {
    fn new(games: usize) -> Kept {
        Kept {
            dropped: vec![0; games.div_ceil(64)],
            before: Vec::new(),
        }
    }

    fn drop_game(&mut self, ordinal: u32) {
        if let Some(word) = self.dropped.get_mut(ordinal as usize / 64) {
            *word |= 1 << (ordinal % 64);
        }
    }

    fn is_dropped(&self, ordinal: u32) -> bool {
        self.dropped
            .get(ordinal as usize / 64)
            .is_some_and(|word| word >> (ordinal % 64) & 1 == 1)
    }

    /// Counts, once every game is dropped or not.
    fn rank(&mut self) {
        let mut kept = 0u32;
        self.before = self
            .dropped
            .iter()
            .map(|word| {
                let before = kept;
                kept += 64 - word.count_ones();
                before
            })
            .collect();
    }

    /// Game `ordinal`'s number among those kept (it is kept).
    fn kept_ordinal(&self, ordinal: u32) -> u32 {
        let word = ordinal as usize / 64;
        let below = self.dropped.get(word).map_or(0, |word| {
            let mask = (1u64 << (ordinal % 64)) - 1;
            (!word & mask).count_ones()
        });
        self.before.get(word).copied().unwrap_or(0) + below
    }
}

/// Writes `gathered`'s games counted, numbered from `first_game`, as a segment in `dir`,
/// checking their keys against the `live` segments'.
pub(crate) fn assemble(
    mut gathered: Gathered,
    live: &[Arc<Segment>],
    first_game: u64,
    dir: &Path,
    progress: &Progress,
    thresholds: Thresholds,
) -> Result<Assembled, IndexError> {
    let tmp = IndexError::io_at(dir);
    let mut writer = SegmentWriter::create(dir).map_err(&tmp)?;
    let games = gathered.infos.len();
    let mut kept = Kept::new(games);
    let mut last: Option<[u8; 8]> = None;
    // The keys kept and their games' ordinals, spooled in key order (12 bytes a game).
    let ids_spool = gathered.spool.with_extension("ids");
    let spooling = IndexError::io_at(&ids_spool);
    let mut ids = BufWriter::with_capacity(1 << 16, File::create(&ids_spool).map_err(&spooling)?);
    // Each live segment's ids, read along in order (a merge join: each read once).
    let mut held: Vec<_> = live
        .iter()
        .map(|segment| segment.keys().peekable())
        .collect();
    for item in gathered.ids.finish().map_err(&tmp)? {
        let item = item.map_err(&tmp)?;
        let mut seen = last == Some(item.id);
        for ids in &mut held {
            let before = |next: &Result<Vec<u8>, _>| {
                next.as_ref()
                    .is_ok_and(|id| id.as_slice() < item.id.as_slice())
            };
            while ids.next_if(before).is_some() {}
            if let Some(next) = ids.next_if(|next| next.is_err()) {
                next?;
            }
            seen |= ids.peek().is_some_and(|id| {
                id.as_ref()
                    .is_ok_and(|id| id.as_slice() == item.id.as_slice())
            });
        }
        last = Some(item.id);
        match seen {
            true => kept.drop_game(item.ordinal),
            false => {
                ids.write_all(&item.id).map_err(&spooling)?;
                ids.write_all(&item.ordinal.to_le_bytes())
                    .map_err(&spooling)?;
            }
        }
    }
    kept.rank();
    // Each key kept with its game's number, known once every game is kept or dropped.
    write_ids(&mut writer, ids, &ids_spool, &kept, first_game).map_err(&spooling)?;
    write_players(&mut writer, gathered.players, &kept, first_game).map_err(&tmp)?;
    let mut ordinal = 0u32;
    gathered.infos.retain(|_| {
        let keep = !kept.is_dropped(ordinal);
        ordinal += 1;
        keep
    });
    let mut assembled = Assembled {
        counted: gathered.infos.len() as u64,
        already_indexed: (games - gathered.infos.len()) as u64,
        ..Assembled::default()
    };
    writer.ordinals(assembled.counted);
    for info in &gathered.infos {
        writer.fact(info).map_err(&tmp)?;
    }
    let games = Games {
        first: first_game,
        infos: &gathered.infos,
        thresholds,
    };
    let kept = &kept;
    let kept_ordinal = |ordinal| (!kept.is_dropped(ordinal)).then(|| kept.kept_ordinal(ordinal));
    let buckets = gathered.visits.finish_buckets().map_err(&tmp)?;
    let threads = gathered.threads;
    let spool = &gathered.spool;
    let failed = IndexError::io_at(spool);
    // The games' table written on a thread of its own while the positions are grouped.
    let (games_table, positions) = writer.split();
    let (wrote_games, written) = std::thread::scope(|scope| {
        let per_file = &mut assembled.per_file;
        let games_written =
            scope.spawn(move || write_games(games_table, first_game, spool, kept, per_file));
        let written = write_buckets(buckets, threads, &kept_ordinal, &games, positions, progress);
        let games_written = games_written
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the thread writing the games stopped")));
        (games_written, written)
    });
    wrote_games.map_err(&failed)?;
    if written.map_err(&tmp)?.is_none() {
        let index = dir.ancestors().nth(2).unwrap_or(dir).to_owned();
        return Err(IndexError::Interrupted { dir: index });
    }
    assembled.wrote = writer.finish().map_err(&tmp)?;
    Ok(assembled)
}

/// A player key's games, each its number and start.
type PlayerGames = Vec<(u64, Start)>;

/// Each player's games of the add, by colour, each kept game with its number from
/// `first_game` and its start, to the segment's `players` table.
fn write_players(
    writer: &mut SegmentWriter,
    players: Sorter<PlayerItem>,
    kept: &Kept,
    first_game: u64,
) -> io::Result<()> {
    let mut held: Option<([u8; 9], PlayerGames)> = None;
    for item in players.finish()? {
        let item = item?;
        if kept.is_dropped(item.ordinal) {
            continue;
        }
        let game = (
            first_game + u64::from(kept.kept_ordinal(item.ordinal)),
            item.start,
        );
        match &mut held {
            Some((key, games)) if *key == item.key => games.push(game),
            _ => {
                if let Some((key, mut games)) = held.take() {
                    writer.player(&key, &mut games)?;
                }
                held = Some((item.key, vec![game]));
            }
        }
    }
    if let Some((key, mut games)) = held {
        writer.player(&key, &mut games)?;
    }
    Ok(())
}

/// The keys `ids` spooled (each with its game's ordinal), each with its game's number from
/// `first_game`, to the segment's `ids` table; the spool removed.
fn write_ids(
    writer: &mut SegmentWriter,
    ids: BufWriter<File>,
    spool: &Path,
    kept: &Kept,
    first_game: u64,
) -> io::Result<()> {
    ids.into_inner().map_err(io::IntoInnerError::into_error)?;
    let mut file = BufReader::with_capacity(1 << 16, File::open(spool)?);
    let mut item = [0u8; 12];
    loop {
        match file.read_exact(&mut item) {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::UnexpectedEof => break,
            Err(err) => return Err(err),
        }
        let (id, ordinal) = item.split_at(8);
        let id: [u8; 8] = id.try_into().unwrap_or_default();
        let ordinal = u32::from_le_bytes(ordinal.try_into().unwrap_or_default());
        writer.id(&id, first_game + u64::from(kept.kept_ordinal(ordinal)))?;
    }
    drop(file);
    std::fs::remove_file(spool)
}

/// The spooled records of the games kept, numbered from `first_game`, to the segment's
/// `games` table; each file's games counted into `per_file`.
fn write_games(
    games: &mut TableWriter,
    first_game: u64,
    spool: &Path,
    kept: &Kept,
    per_file: &mut BTreeMap<u32, u64>,
) -> io::Result<()> {
    let mut file = BufReader::with_capacity(1 << 20, File::open(spool)?);
    let mut record = Vec::new();
    for ordinal in 0.. {
        let Some(length) = read_length(&mut file)? else {
            break;
        };
        record.resize(length, 0);
        file.read_exact(&mut record)?;
        // An empty record: a number no game has (`rebuild.rs`).
        if kept.is_dropped(ordinal) || record.is_empty() {
            continue;
        }
        let number = first_game + u64::from(kept.kept_ordinal(ordinal));
        games.push(&number.to_be_bytes(), &record)?;
        let head = Head::of_record(&record).ok_or_else(|| io::Error::other("a spooled record"))?;
        *per_file.entry(head.file).or_default() += 1;
    }
    Ok(())
}

/// The next LEB128 length of `file` (`bytes::put`'s, read by the one strict reader); `None`
/// at its end.
fn read_length(file: &mut impl Read) -> io::Result<Option<usize>> {
    let mut bytes = [0; MAX_LEB128];
    for at in 0..MAX_LEB128 {
        let mut byte = [0];
        match file.read_exact(&mut byte) {
            Ok(()) => {}
            Err(err) if err.kind() == io::ErrorKind::UnexpectedEof && at == 0 => {
                return Ok(None);
            }
            Err(err) => return Err(err),
        }
        let [byte] = byte;
        if let Some(slot) = bytes.get_mut(at) {
            *slot = byte;
        }
        if byte < 0x80 {
            break;
        }
    }
    let spooled = |rule: &dyn std::fmt::Display| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a spooled record's length: {rule}"),
        )
    };
    let (length, _) = leb128(&bytes).map_err(|err| spooled(&err))?;
    usize::try_from(length)
        .map(Some)
        .map_err(|_| spooled(&"past this machine's memory"))
}

#[cfg(test)]
mod tests {
    use super::read_length;

    /// The lengths `bytes` spool, read one after the other until the end or an error.
    fn lengths(bytes: &[u8]) -> Result<Vec<usize>, String> {
        let mut file = bytes;
        let mut read = Vec::new();
        while let Some(length) = read_length(&mut file).map_err(|err| err.to_string())? {
            read.push(length);
        }
        Ok(read)
    }

    #[test]
    fn spooled_lengths_are_read_as_strictly_as_the_index_s_numbers() {
        let mut spooled = Vec::new();
        for length in [0, 1, 127, 128, 300, 1 << 40] {
            crate::store::bytes::put(&mut spooled, length);
        }
        assert_eq!(lengths(&spooled), Ok(vec![0, 1, 127, 128, 300, 1 << 40]));
        let refused = |bytes: &[u8]| lengths(bytes).unwrap_err();
        // Overlong: 1 in two bytes, where one is enough.
        assert!(refused(&[0x81, 0x00]).contains("shortest encoding"));
        assert!(refused(&[0xFF; 10]).contains("past 64 bits"));
        // Cut inside a number: the file ends where a byte was due.
        assert!(refused(&[0x80]).contains("failed to fill whole buffer"));
    }
}

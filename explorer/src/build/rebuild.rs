//! A segment written again without one file's games ([`without_file`]): its other games'
//! records read in number order, each line replayed for the positions it passes as an add's
//! walker does, and the whole assembled as an add's games are. Every game keeps its number
//! (a position's counts name games by number): those taken out leave their numbers unused,
//! holes that no row, posting or key names, their facts kept.

use std::io::Write;
use std::path::Path;

use crate::build::assemble::{Assembled, assemble};
use crate::build::gather::Gathered;
use crate::build::items::{IdItem, PlayerItem, VisitItem, player_items};
use crate::build::segment::Thresholds;
use crate::error::{Fault, IndexError};
use crate::store::bytes::put;
use crate::store::facts::Info;
use crate::store::games::{Head, Record};
use crate::store::segment::Segment;
use crate::store::tables::GAMES;
use crate::store::visit::Visiting;
use chess960_pgn::Progress;
use chess960_pgn::tree::PLIES;

/// A segment written again.
#[derive(Debug)]
pub(crate) struct Rebuilt {
    /// Its games taken out.
    pub(crate) removed: u64,
    /// What the new segment holds (none counted: no segment is left).
    pub(crate) assembled: Assembled,
}

/// `segment` written again in `built` without the games of file `file`, its sorts in `tmp`
/// within `memory` bytes; `None` when it holds none of them.
pub(crate) fn without_file(
    segment: &Segment,
    file: u32,
    built: &Path,
    tmp: &Path,
    memory: usize,
    progress: &Progress,
    thresholds: Thresholds,
) -> Result<Option<Rebuilt>, IndexError> {
    let [first, last] = segment.entry.files;
    if !(first..=last).contains(&file) {
        return Ok(None);
    }
    std::fs::create_dir_all(tmp).map_err(IndexError::io_at(tmp))?;
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let (mut gathered, mut out) = Gathered::new(tmp, memory, threads, 0)?;
    let failed = IndexError::io_at(&gathered.spool);
    let corrupt = || Fault::Corrupt("a game's record").at(&segment.dir.join(GAMES.0));
    let first_game = segment.entry.first_game;
    let mut removed = 0;
    let mut length = Vec::new();
    let mut records = segment.records().peekable();
    // Rounds of a batch a thread: the records read here, replayed on every thread, their
    // visits, keys and facts gathered here in number order.
    while records.peek().is_some() {
        if progress.is_stopped() {
            return Err(IndexError::Interrupted {
                dir: tmp.ancestors().nth(2).unwrap_or(tmp).to_owned(),
            });
        }
        let mut batches: Vec<Vec<(u64, Vec<u8>)>> = Vec::with_capacity(threads);
        for _ in 0..threads {
            let batch = records
                .by_ref()
                .take(BATCH)
                .collect::<Result<Vec<_>, _>>()?;
            if !batch.is_empty() {
                batches.push(batch);
            }
        }
        // A thread that panicked is the program's fault, told as such: a record that does
        // not read (`None`) is the file's.
        let walked: Vec<std::thread::Result<Option<Vec<Walked>>>> = std::thread::scope(|scope| {
            let walks: Vec<_> = batches
                .iter()
                .map(|batch| scope.spawn(|| walk(batch, file, first_game)))
                .collect();
            walks.into_iter().map(|walk| walk.join()).collect()
        });
        for (batch, walked) in batches.iter().zip(walked) {
            let walked = walked.map_err(|_| {
                failed(std::io::Error::other(
                    "a thread replaying the games panicked",
                ))
            })?;
            for ((number, bytes), walked) in batch.iter().zip(walked.ok_or_else(corrupt)?) {
                // Numbers in order, each past the games' before.
                let at = number.checked_sub(first_game).ok_or_else(corrupt)?;
                if at < gathered.infos.len() as u64 {
                    return Err(corrupt());
                }
                holes_to(at, &mut gathered, &mut out).map_err(&failed)?;
                let Walked::Kept {
                    visits,
                    id,
                    players,
                    info,
                } = walked
                else {
                    // Its number a hole, filled at the next game's (or the end).
                    removed += 1;
                    continue;
                };
                for item in visits {
                    gathered.visits.push(item).map_err(&failed)?;
                }
                gathered.ids.push(id).map_err(&failed)?;
                for player in players {
                    gathered.players.push(player).map_err(&failed)?;
                }
                gathered.infos.push(info);
                length.clear();
                put(&mut length, bytes.len() as u64);
                out.write_all(&length).map_err(&failed)?;
                out.write_all(bytes).map_err(&failed)?;
            }
        }
    }
    holes_to(segment.entry.games, &mut gathered, &mut out).map_err(&failed)?;
    if removed == 0 {
        return Ok(None);
    }
    out.into_inner()
        .map_err(std::io::IntoInnerError::into_error)
        .map_err(&failed)?;
    gathered.read = gathered.infos.len() as u64;
    let assembled = assemble(gathered, &[], first_game, built, progress, thresholds)?;
    Ok(Some(Rebuilt { removed, assembled }))
}

/// The records a thread replays at once.
const BATCH: usize = 4096;

/// What a record of a segment written again brings it.
enum Walked {
    /// A game of the file taken out.
    Removed,
    /// A game kept: the positions it played a move at, its key and its facts.
    Kept {
        visits: Vec<VisitItem>,
        id: IdItem,
        players: Vec<PlayerItem>,
        info: Info,
    },
}

/// What each record of `batch` (numbers from `first_game` and records) brings a segment
/// without file `file`'s games; `None` if one is not a record.
fn walk(batch: &[(u64, Vec<u8>)], file: u32, first_game: u64) -> Option<Vec<Walked>> {
    let mut visiting = Visiting::default();
    let mut walked = Vec::with_capacity(batch.len());
    for (number, bytes) in batch {
        let head = Head::of_record(bytes)?;
        if head.file == file {
            walked.push(Walked::Removed);
            continue;
        }
        let ordinal = u32::try_from(number.checked_sub(first_game)?).ok()?;
        let line = Record::read_first(bytes, PLIES as usize)?.line;
        let visits = visiting.visits_of_line(&line);
        walked.push(Walked::Kept {
            visits: visits
                .iter()
                .filter_map(|visit| VisitItem::of(visit, ordinal))
                .collect(),
            id: IdItem {
                id: head.key.bytes(),
                ordinal,
            },
            players: player_items(&head.players, ordinal, line.start_code()).collect(),
            info: Info::of(&head),
        });
    }
    Some(walked)
}

/// Numbers no game has (taken out now or before) up to `ordinal`: an empty record each, and
/// facts of none.
fn holes_to(ordinal: u64, gathered: &mut Gathered, out: &mut impl Write) -> std::io::Result<()> {
    while (gathered.infos.len() as u64) < ordinal {
        gathered.infos.push(Info::none());
        out.write_all(&[0])?;
    }
    Ok(())
}

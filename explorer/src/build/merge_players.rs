//! The players' games of segments merged into one ([`merge_players`]): each player's and
//! colour's games from every segment holding them, written as one key (numbers alone, or by
//! start once they are many: `store/players.rs`). A game a source kept without its start (a
//! key of few games there) has it read from its record when the merged key groups by start.

use std::path::PathBuf;
use std::sync::Arc;

use crate::build::merged::Merged;
use crate::build::segment::SegmentWriter;
use crate::error::{Fault, IndexError};
use crate::store::bytes::Reader;
use crate::store::games::Head;
use crate::store::line::Line;
use crate::store::players::{GROUPED_FROM, KEY_LEN, Start, read_value};
use crate::store::segment::{Segment, fault};
use crate::store::tables::{GAMES, PLAYERS};

/// A player key's games from the sources: each its number, its start if the source kept it,
/// and the source's place.
type Sourced = Vec<(u64, Option<Start>, usize)>;

/// Writes to `writer` every player's games of `merged`; `source` names a source's file,
/// `failed` an error of the output.
pub(crate) fn merge_players(
    merged: &[Arc<Segment>],
    writer: &mut SegmentWriter,
    source: &dyn Fn(usize, &str) -> PathBuf,
    failed: &dyn Fn(std::io::Error) -> IndexError,
) -> Result<(), IndexError> {
    let players = merged.iter().map(|segment| segment.players());
    // A player and colour (the key's kind cleared), its games with the source of each.
    let mut held: Option<([u8; KEY_LEN], Sourced)> = None;
    let mut write = |key: [u8; KEY_LEN], games: Sourced| {
        let grouped = games.len() >= GROUPED_FROM;
        let mut known = Vec::with_capacity(games.len());
        for (number, start, n) in games {
            let start = match (start, grouped) {
                (Some(start), _) => start,
                (None, false) => 0,
                (None, true) => start_of(merged, n, number, source)?,
            };
            known.push((number, start));
        }
        writer.player(&key, &mut known).map_err(failed)
    };
    for row in Merged::new(players, |n, err| fault(err).at(&source(n, PLAYERS.0)))? {
        let (key, n, value) = row?;
        let corrupt = || Fault::Corrupt("a player's games").at(&source(n, PLAYERS.0));
        let key: [u8; KEY_LEN] = key.try_into().map_err(|_| corrupt())?;
        let kind = key.last().copied().unwrap_or_default();
        let games = read_value(kind, &value).ok_or_else(corrupt)?;
        let mut plain = key;
        if let Some(last) = plain.last_mut() {
            *last &= !1;
        }
        let games = games.into_iter().map(|(number, start)| (number, start, n));
        match &mut held {
            Some((same, all)) if *same == plain => all.extend(games),
            _ => {
                if let Some((key, all)) = held.replace((plain, games.collect())) {
                    write(key, all)?;
                }
            }
        }
    }
    if let Some((key, all)) = held {
        write(key, all)?;
    }
    Ok(())
}

/// The start of game `number` of source `n`, from its record.
fn start_of(
    merged: &[Arc<Segment>],
    n: usize,
    number: u64,
    source: &dyn Fn(usize, &str) -> PathBuf,
) -> Result<Start, IndexError> {
    let corrupt = || Fault::Corrupt("a player's game").at(&source(n, GAMES.0));
    let segment = merged.get(n).ok_or_else(corrupt)?;
    let record = segment.record(number)?.ok_or_else(corrupt)?;
    let mut r = Reader(&record);
    Head::read(&mut r).ok_or_else(corrupt)?;
    Line::read_start_code(&mut r).ok_or_else(corrupt)
}

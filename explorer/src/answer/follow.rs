//! A position only one game reached is not stored: it is found by following that game from
//! the last stored position on the way ([`only_game`], then the game's [`visits`]).

use cozy_chess::{Board, Color, Move};
use redb::{ReadableTable, StorageError};

use crate::store::code::code;
use crate::store::entry::Entry;
use crate::store::key::{NodeKey, Position, node, position};
use crate::store::line::Line;
use chess960_pgn::tree::PLIES;
use chess960_pgn::tree::walk::Positions;

/// The move of a game's last position: it arrived there and played nothing counted.
pub(crate) const ARRIVED: u16 = u16::MAX;

/// A position a game passed through, with the last move it played there ([`ARRIVED`] for the
/// position its last counted ply reached) and who played it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Step {
    pub(crate) position: Position,
    pub(crate) mv: u16,
    pub(crate) white: bool,
}

/// The positions `line` passes through in the plies counted, each once, as the index counts
/// a game (the last move played from a position), then the position its last ply reached
/// (unless it was there before): a position two games arrive at is stored even if only one
/// plays on, so that a move of two games always leads to a stored position.
pub(crate) fn visits(line: &Line) -> Vec<Step> {
    steps(|visit| {
        let mut board = line.start.clone();
        for &mv in &line.moves {
            if !visit(&board, mv) {
                return;
            }
            board.play_unchecked(mv);
        }
    })
}

/// [`visits`] of the moves `walk` gives, each with the board it is played on (a replay's or
/// a line's).
pub(crate) fn steps(walk: impl FnOnce(&mut dyn FnMut(&Board, Move) -> bool)) -> Vec<Step> {
    let mut positions: Positions<Position> = Positions::default();
    let mut last: Option<(Board, Move)> = None;
    let walked = |visit: &mut dyn FnMut(&Board, Move) -> bool| {
        walk(&mut |board: &Board, mv| {
            let go = visit(board, mv);
            if go {
                last = Some((board.clone(), mv));
            }
            go
        });
    };
    let mut steps: Vec<Step> = positions
        .walked(walked, PLIES, position)
        .iter()
        .map(|visit| Step {
            position: visit.key,
            mv: code(visit.mv),
            white: visit.mover == Color::White,
        })
        .collect();
    if let Some((mut end, mv)) = last {
        end.play_unchecked(mv);
        let arrived = position(&end);
        if !steps.iter().any(|step| step.position == arrived) {
            steps.push(Step {
                position: arrived,
                mv: ARRIVED,
                white: end.side_to_move() == Color::White,
            });
        }
    }
    steps
}

/// The one game that played the move `mv` (coded) at the stored position `at`, over every
/// month and bucket, if exactly one did; `Ok(None)` if none or several did.
pub(crate) fn only_game(
    nodes: &impl ReadableTable<NodeKey, &'static [u8]>,
    at: &Position,
    mv: u16,
) -> Result<Option<u64>, FollowError> {
    let mut games = 0;
    let mut only = None;
    for row in nodes
        .range(node(at, 0)..=node(at, u16::MAX))
        .map_err(FollowError::Store)?
    {
        let (_, value) = row.map_err(FollowError::Store)?;
        let (played, one) = Entry::move_games(value.value(), mv).ok_or(FollowError::Corrupt)?;
        games += played;
        only = only.or(one);
        if games > 1 {
            return Ok(None);
        }
    }
    Ok(only.filter(|_| games == 1))
}

/// Whether `at` is stored (reached by two games or more, or a game's first position).
pub(crate) fn is_stored(
    nodes: &impl ReadableTable<NodeKey, &'static [u8]>,
    at: &Position,
) -> Result<bool, FollowError> {
    let mut rows = nodes
        .range(node(at, 0)..=node(at, u16::MAX))
        .map_err(FollowError::Store)?;
    Ok(rows
        .next()
        .transpose()
        .map_err(FollowError::Store)?
        .is_some())
}

/// Why a game could not be followed.
#[derive(Debug)]
pub(crate) enum FollowError {
    Store(StorageError),
    Corrupt,
}

#[cfg(test)]
mod tests {
    use cozy_chess::Board;

    use super::visits;
    use crate::store::line::Line;

    #[test]
    fn a_line_that_comes_back_counts_its_last_move() {
        // 1. Nf3 Nf6 2. Ng1 Ng8 3. e4: the start is left by Ng1-f3 first, by e2-e4 last.
        let start = Board::default();
        let mut board = start.clone();
        let mut moves = Vec::new();
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "e2e4"] {
            let mv = uci.parse().unwrap();
            moves.push(mv);
            board.play_unchecked(mv);
        }
        let steps = visits(&Line {
            start,
            moves: moves.clone(),
        });
        assert_eq!(steps.len(), 5);
        assert_eq!(steps[0].mv, crate::store::code::code(moves[4]));
        assert!(steps[0].white && !steps[1].white);
        // Then the position after 3. e4, where it arrived.
        assert_eq!((steps[4].mv, steps[4].white), (super::ARRIVED, false));
    }
}

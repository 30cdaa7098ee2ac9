//! A game's way through the positions it counts ([`Visit`]): each position once, with the
//! move it last played there, or its arrival at the position its last counted ply reached.

use cozy_chess::{Board, Color, Move};

use crate::store::code::code;
use crate::store::key::{Position, position};
use crate::store::line::Line;
use chess960_pgn::tree::PLIES;
use chess960_pgn::tree::walk::Positions;

/// What a game did at a position it passed through.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Step {
    /// It played this move (coded, [`crate::store::code::code`]), its last there.
    Played(u16),
    /// It arrived there with its last counted ply and played nothing counted.
    Arrived,
}

/// A position a game passed through, what it did there, and who was to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Visit {
    pub(crate) position: Position,
    pub(crate) step: Step,
    pub(crate) mover: Color,
}

/// The positions `line` passes through in the plies counted, each once, as the index counts
/// a game (the last move played from a position), then the position its last ply reached
/// (unless it was there before): a position two games arrive at is stored even if only one
/// plays on, so that a move of two games always leads to a stored position.
pub(crate) fn visits(line: &Line) -> Vec<Visit> {
    Visiting::default().visits_of_line(line).to_vec()
}

/// What [`Visiting::visits_of`] needs, kept from one game to the next (a walk of many games
/// allocates once).
#[derive(Debug, Default)]
pub(crate) struct Visiting {
    positions: Positions<Position>,
    visits: Vec<Visit>,
}

impl Visiting {
    /// [`visits`] of `line`.
    pub(crate) fn visits_of_line(&mut self, line: &Line) -> &[Visit] {
        self.visits_of(|visit| {
            let mut board = line.start.clone();
            for &mv in &line.moves {
                if !visit(&board, mv) {
                    return;
                }
                board.play_unchecked(mv);
            }
        })
    }

    /// [`visits`] of the moves `walk` gives, each with the board it is played on (a replay's
    /// or a line's).
    pub(crate) fn visits_of(
        &mut self,
        walk: impl FnOnce(&mut dyn FnMut(&Board, Move) -> bool),
    ) -> &[Visit] {
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
        let visits = &mut self.visits;
        visits.clear();
        visits.extend(
            self.positions
                .walked(walked, PLIES, position)
                .iter()
                .map(|visit| Visit {
                    position: visit.key,
                    step: Step::Played(code(visit.mv)),
                    mover: visit.mover,
                }),
        );
        if let Some((mut end, mv)) = last {
            end.play_unchecked(mv);
            let arrived = position(&end);
            if !visits.iter().any(|visit| visit.position == arrived) {
                visits.push(Visit {
                    position: arrived,
                    step: Step::Arrived,
                    mover: end.side_to_move(),
                });
            }
        }
        visits
    }
}

#[cfg(test)]
mod tests {
    use cozy_chess::{Board, Color};

    use super::{Step, visits};
    use crate::store::code::code;
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
        let visits = visits(&Line {
            start,
            moves: moves.clone(),
        });
        assert_eq!(visits.len(), 5);
        assert_eq!(visits[0].step, Step::Played(code(moves[4])));
        assert_eq!(
            (visits[0].mover, visits[1].mover),
            (Color::White, Color::Black)
        );
        // Then the position after 3. e4, where it arrived.
        assert_eq!(
            (visits[4].step, visits[4].mover),
            (Step::Arrived, Color::Black)
        );
    }
}

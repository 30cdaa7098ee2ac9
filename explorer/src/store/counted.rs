//! A game counted, as the positions it reaches need it ([`CountedGame`]): what it brings to
//! each position's entry, whether it is added now or followed later.

use cozy_chess::Color;

use crate::store::bucket::Bucket;
use crate::store::entry::Played;
use crate::store::games::Head;
use crate::store::key::month_number;
use crate::store::visit::Step;
use chess960_pgn::Outcome;
use chess960_pgn::tree::average_elo;

/// A game counted: its number, bucket, month, outcome and ratings.
#[derive(Clone, Debug)]
pub(crate) struct CountedGame {
    pub(crate) number: u64,
    pub(crate) bucket: Bucket,
    pub(crate) month: u16,
    pub(crate) outcome: Outcome,
    pub(crate) elo: [Option<u32>; 2],
    /// Both players' Elo averaged, when both are known.
    pub(crate) rating: Option<u32>,
}

impl CountedGame {
    /// The game `head` heads, number `number`.
    pub(crate) fn of(number: u64, head: &Head) -> CountedGame {
        CountedGame {
            number,
            bucket: Bucket::of(head.speed, head.elo),
            month: month_number(head.month),
            outcome: head.outcome,
            elo: head.elo,
            rating: average_elo(head.elo),
        }
    }

    /// What the game brings to a position where it did `step`, `mover` to move: nothing
    /// where it arrived and played nothing counted.
    pub(crate) fn played(&self, step: Step, mover: Color) -> Option<Played> {
        match step {
            Step::Played(mv) => Some(self.played_move(mv, mover)),
            Step::Arrived => None,
        }
    }

    /// What the game brings to a position where `mover` played `mv` (coded).
    pub(crate) fn played_move(&self, mv: u16, mover: Color) -> Played {
        let [white_elo, black_elo] = self.elo;
        Played {
            mv,
            bucket: self.bucket,
            outcome: self.outcome,
            mover_elo: match mover {
                Color::White => white_elo,
                Color::Black => black_elo,
            },
            rating: self.rating,
            game: self.number,
            month: self.month,
        }
    }
}

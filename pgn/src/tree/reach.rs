//! The games behind a node ([`Reaching`]): the numbers of the games a tree of a plan counts
//! at its node, to be copied from the input in a second reading.

use std::io;

use super::plan::{Only, Plan};
use super::walk::Positions;
use crate::game::Game;
use crate::outcome::Outcome;
use crate::sink::Sink;

/// A sink that notes the number of each game the plan's node counts (a plan of one node,
/// [`Plan::at`]; otherwise each start's root): finished games of its start that pass
/// through it within the plan's plies.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960_pgn::{Input, Options, read, tree::{Plan, Reaching}};
///
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 1-0\n\n[Variant \"Chess960\"]\n\n1. d4 d5 1-0\n\n\
///            [Variant \"Chess960\"]\n\n1. e3 e6 2. e4 e5 3. Nc3 0-1\n";
/// let sp = StartingPosition::STANDARD.into();
/// let plan = Plan::starts(vec![sp]).at(sp, &["e2e4", "e7e5"])?;
/// let mut reaching = Reaching::new(&plan);
/// read(&mut Input::from_reader(pgn.as_bytes()), &mut reaching, &Options::default().max_plies(plan.plies))?;
/// assert_eq!(reaching.numbers(), [0, 2]); // the third by another order of moves
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Reaching {
    plan: Plan,
    positions: Positions,
    numbers: Vec<u64>,
}

impl Reaching {
    /// None noted yet.
    pub fn new(plan: &Plan) -> Reaching {
        Reaching {
            plan: plan.clone(),
            positions: Positions::default(),
            numbers: Vec::new(),
        }
    }

    /// The numbers of the games that reach the node, in input order.
    pub fn numbers(&self) -> &[u64] {
        &self.numbers
    }
}

impl std::fmt::Debug for Reaching {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reaching")
            .field("plan", &self.plan)
            .field("numbers", &self.numbers.len())
            .finish_non_exhaustive()
    }
}

impl Sink for Reaching {
    const COPIES: bool = false;

    fn replays(&mut self, game: &Game) -> bool {
        self.plan.start(game).is_some()
    }

    fn game(&mut self, game: &Game) -> io::Result<()> {
        let (Some(start), Some(_), Some(replay)) =
            (self.plan.start(game), Outcome::of(&game.result), game.moves)
        else {
            return Ok(());
        };
        let visits = self.positions.of(replay, start, self.plan.plies);
        let reaches = match self.plan.only {
            Only::Node(key) => visits.iter().any(|visit| visit.key == key),
            Only::Roots | Only::Every => !visits.is_empty(),
        };
        if reaches {
            self.numbers.push(game.number);
        }
        Ok(())
    }
}

//! What a tree did with each game it was given ([`Summary`]): counted, or passed over and
//! why, in the words of `games --stats`.

use std::fmt;

use chess960::game::NoStart;

use crate::moves::MoveError;
use crate::stats::PassedOver;

/// The games a tree read: how many it counted, and why it passed over the others.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960_pgn::{Input, Options, tree::{Plan, Tree}};
///
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n\n[Variant \"Chess960\"]\n\n1. d4 *\n\n[Event \"standard\"]\n\n1. e4 0-1\n";
/// let sp = StartingPosition::STANDARD.into();
/// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &Plan::starts(vec![sp]))?;
/// let summary = tree.summary();
/// assert_eq!((summary.read, summary.counted, summary.unfinished), (3, 1, 1));
/// assert_eq!(summary.to_string(), "3 games read, 1 counted; passed over: 1 unfinished, 1 standard chess");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// Games read.
    pub read: u64,
    /// Games counted.
    pub counted: u64,
    /// Of those counted, the games that began at their start with fewer castling rights
    /// than it (a FEN `… w - -` for a "no castling" event): counted from a root of their
    /// own ([`Tree::roots`](super::Tree::roots)).
    pub fewer_castling: u64,
    /// Of those counted, the games with a move that could not be played within the plies
    /// counted: counted up to it.
    pub illegal: u64,
    /// The first of those: its input (from 0) and the move's error.
    pub first_illegal: Option<(usize, MoveError)>,
    /// Games of the start that do not reach the plan's one node ([`Plan::at`](super::Plan::at)).
    pub elsewhere: u64,
    /// Chess960 or Double Fischer Random games of other starts than the plan's.
    pub other_start: u64,
    /// Unfinished games (a result other than `1-0`, `1/2-1/2`, `0-1`).
    pub unfinished: u64,
    /// Games the filters left out (Elo, speed, month, rating group).
    pub left_out: u64,
    /// Games without a Chess960 start, by why (as `games --stats` counts them).
    pub passed_over: PassedOver,
}

impl Summary {
    /// A game without a start.
    pub(crate) fn no_start(&mut self, why: &NoStart) {
        self.read += 1;
        self.passed_over.add(why);
    }

    /// Adds another's counts (a later part of the input, or another input).
    pub(crate) fn merge(&mut self, other: &Summary) {
        self.read += other.read;
        self.counted += other.counted;
        self.fewer_castling += other.fewer_castling;
        self.illegal += other.illegal;
        if self.first_illegal.is_none() {
            self.first_illegal = other.first_illegal;
        }
        self.elsewhere += other.elsewhere;
        self.other_start += other.other_start;
        self.unfinished += other.unfinished;
        self.left_out += other.left_out;
        self.passed_over.merge(other.passed_over);
    }

    /// The games passed over, for every reason.
    ///
    /// ```
    /// assert_eq!(chess960_pgn::tree::Summary::default().passed(), 0);
    /// ```
    pub fn passed(&self) -> u64 {
        self.elsewhere
            + self.other_start
            + self.unfinished
            + self.left_out
            + self.passed_over.total()
    }
}

/// A number of games as every face of the tree writes it: `1 game`, `12 games`.
///
/// ```
/// use chess960_pgn::tree::GameCount;
///
/// assert_eq!(GameCount(1).to_string(), "1 game");
/// assert_eq!(format!("{}", GameCount(0)), "0 games");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GameCount(pub u64);

impl fmt::Display for GameCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            1 => f.write_str("1 game"),
            n => write!(f, "{n} games"),
        }
    }
}

impl fmt::Display for Summary {
    /// `120 games read, 100 counted (3 from the start with fewer castling rights, 1 up to
    /// a move that cannot be played); passed over: 12 another start, 5 unfinished, 3 left
    /// out by the filters, 2 standard chess`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} read, {} counted", GameCount(self.read), self.counted)?;
        let notes: Vec<String> = [
            (
                self.fewer_castling,
                "from the start with fewer castling rights, at a root of their own",
            ),
            (self.illegal, "up to a move that cannot be played"),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        if !notes.is_empty() {
            write!(f, " ({})", notes.join(", "))?;
        }
        let mut passed: Vec<String> = [
            (self.elsewhere, "not reaching the node"),
            (self.other_start, "another start"),
            (self.unfinished, "unfinished"),
            (self.left_out, "left out by the filters"),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, what)| format!("{n} {what}"))
        .collect();
        if self.passed_over.total() > 0 {
            passed.push(self.passed_over.to_string());
        }
        match passed.is_empty() {
            true => f.write_str("; passed over: none"),
            false => write!(f, "; passed over: {}", passed.join(", ")),
        }
    }
}

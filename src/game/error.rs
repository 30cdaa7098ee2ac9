//! Why a game has no start: [`NoStart`], and the malformed field of a FEN tag, [`FenSyntax`].

use core::fmt;

use super::variant::Variant;
use crate::fen::ParseFenError;

/// Why a game's tags give it no Chess960 start ([`StartReader`](super::StartReader)).
///
/// ```
/// use chess960::game::{NoStart, start};
///
/// assert_eq!(start(Some("Standard"), None).unwrap_err().to_string(),
///            "standard chess: the standard start, and no Variant tag naming Chess960");
/// assert_eq!(start(Some("Atomic"), None).unwrap_err().to_string(), "another variant: Atomic");
/// let setup = start(None, Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).unwrap_err();
/// assert_eq!(setup.to_string(), "FEN is not a start position: rank 8: expected 8 black pieces, found 3 characters");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum NoStart {
    /// Standard chess: no FEN tag or the standard start, and no Variant tag naming Chess960.
    Standard,
    /// A Variant tag names another variant (or one python-chess does not know).
    OtherVariant(Variant),
    /// The FEN tag is a position but not a start (a mid-game setup, Black to move, an en
    /// passant square): the first field that is not as a start has it.
    NotAStart(ParseFenError),
    /// The FEN tag is not a FEN: the first field that is malformed.
    BadFen(FenSyntax),
}

impl fmt::Display for NoStart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoStart::Standard => f.write_str(
                "standard chess: the standard start, and no Variant tag naming Chess960",
            ),
            NoStart::OtherVariant(Variant::Unknown) => {
                f.write_str("another variant: a Variant name python-chess does not know")
            }
            NoStart::OtherVariant(variant) => write!(f, "another variant: {variant}"),
            NoStart::NotAStart(error) => write!(f, "FEN is not a start position: {error}"),
            NoStart::BadFen(field) => write!(f, "bad FEN: {field}"),
        }
    }
}

impl core::error::Error for NoStart {}

/// The first field of a FEN tag that is not shaped as FEN says.
///
/// ```
/// use chess960::game::{FenSyntax, NoStart, start};
///
/// let err = start(None, Some("8/8/8/8/8/8/8/8 white")).unwrap_err();
/// assert_eq!(err, NoStart::BadFen(FenSyntax::SideToMove));
/// assert_eq!(err.to_string(), "bad FEN: side to move: expected w or b");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum FenSyntax {
    /// Nothing but white space.
    Empty,
    /// The piece placement is not eight ranks of eight squares.
    Placement,
    /// The side to move is not `w` or `b`.
    SideToMove,
    /// The castling field is not `-` or up to four of `KQkq` and the files' letters.
    Castling,
    /// The en passant field is not `-` or a square on rank 3 or 6.
    EnPassant,
    /// The halfmove clock is not a number.
    HalfmoveClock,
    /// The fullmove number is not a number.
    FullmoveNumber,
    /// More than six fields.
    TooManyFields,
}

impl fmt::Display for FenSyntax {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenSyntax::Empty => "empty: expected a piece placement",
            FenSyntax::Placement => {
                "piece placement: expected 8 ranks separated by '/', each of 8 squares \
                 (piece letters and digits 1 to 8)"
            }
            FenSyntax::SideToMove => "side to move: expected w or b",
            FenSyntax::Castling => "castling: expected - or up to 4 of KQkq and the files a to h",
            FenSyntax::EnPassant => "en passant: expected - or a square on rank 3 or 6",
            FenSyntax::HalfmoveClock => "halfmove clock: expected a number",
            FenSyntax::FullmoveNumber => "fullmove number: expected a number",
            FenSyntax::TooManyFields => "expected at most 6 fields",
        })
    }
}

/// Why [`Repair::repair`](super::Repair::repair) leaves a game's tags as they were.
///
/// ```
/// use chess960::game::{Repair, RepairError};
///
/// let shredder = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
/// let other = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let error = Repair::DEFAULT.repair([("FEN", shredder), ("FEN", other)]).unwrap_err();
/// assert_eq!(error, RepairError::FensDisagree { first: shredder, other });
/// assert!(error.to_string().starts_with("FEN tags disagree: \"qnrbbnkr/"));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum RepairError<'a> {
    /// The game has no Chess960 start ([`StartReader`](super::StartReader)'s reason):
    /// standard chess, another variant, a setup, or a FEN tag that is no FEN.
    NoStart(NoStart),
    /// A castling letter of the FEN tag names no rook, and is its colour's only letter, on
    /// the king's file: it could mean either rook.
    AmbiguousCastling {
        /// The FEN tag's value.
        fen: &'a str,
        /// The letter.
        letter: char,
    },
    /// Two FEN tags give different starts, castling rights or counters.
    FensDisagree {
        /// The first FEN tag's value.
        first: &'a str,
        /// The first value that disagrees with it.
        other: &'a str,
    },
}

impl fmt::Display for RepairError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RepairError::NoStart(no_start) => no_start.fmt(f),
            RepairError::AmbiguousCastling { fen, letter } => write!(
                f,
                "castling letter {letter} names no rook and is on the king's file, so it could \
                 mean either rook: \"{fen}\""
            ),
            RepairError::FensDisagree { first, other } => {
                write!(f, "FEN tags disagree: \"{first}\" and \"{other}\"")
            }
        }
    }
}

impl core::error::Error for RepairError<'_> {}

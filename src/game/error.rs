//! Why a game has no start, [`NoStart`], and why its tags cannot be repaired, [`RepairError`].

use core::fmt;

use super::change::Tag;
use super::shape::FenSyntax;
use super::variant::Variant;
use crate::excerpt::Excerpt;
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
    /// The Variant or FEN tag is not UTF-8.
    NotUtf8(Tag),
    /// The tag section is longer than the reader reads (`cap` bytes), so its tags were not all
    /// read.
    TagsTooLong {
        /// The most bytes the reader keeps of a tag section.
        cap: u32,
    },
    /// The Variant or FEN tag's value is longer than the reader reads (`cap` bytes: no
    /// variant's name nor any FEN is), so it was not read.
    ///
    /// ```
    /// use chess960::game::{NoStart, Tag};
    ///
    /// let why = NoStart::TagTooLong { tag: Tag::Fen, cap: 1024 };
    /// assert_eq!(why.to_string(), "FEN tag over 1024 bytes: not read");
    /// assert_eq!(why.kind(), "TagTooLong");
    /// ```
    TagTooLong {
        /// The tag.
        tag: Tag,
        /// The most bytes the reader reads of its value.
        cap: u32,
    },
}

impl NoStart {
    /// The variant's name (`Standard`, …): the `kind` of the JavaScript package's
    /// `NoStart`.
    ///
    /// ```
    /// use chess960::game::start;
    ///
    /// assert_eq!(start(Some("Standard"), None).unwrap_err().kind(), "Standard");
    /// assert_eq!(start(Some("Atomic"), None).unwrap_err().kind(), "OtherVariant");
    /// assert_eq!(start(None, Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).unwrap_err().kind(), "NotAStart");
    /// ```
    pub const fn kind(self) -> &'static str {
        match self {
            NoStart::Standard => "Standard",
            NoStart::OtherVariant(_) => "OtherVariant",
            NoStart::NotAStart(_) => "NotAStart",
            NoStart::BadFen(_) => "BadFen",
            NoStart::NotUtf8(_) => "NotUtf",
            NoStart::TagsTooLong { .. } => "TagsTooLong",
            NoStart::TagTooLong { .. } => "TagTooLong",
        }
    }
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
            NoStart::NotUtf8(tag) => write!(f, "bad {} tag: not UTF-8", tag.as_str()),
            NoStart::TagsTooLong { cap } if cap % (1 << 20) == 0 => {
                write!(f, "tag section over {} MiB: not read", cap >> 20)
            }
            NoStart::TagsTooLong { cap } => write!(f, "tag section over {cap} bytes: not read"),
            NoStart::TagTooLong { tag, cap } => {
                write!(f, "{} tag over {cap} bytes: not read", tag.as_str())
            }
        }
    }
}

impl core::error::Error for NoStart {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            NoStart::NotAStart(err) => Some(err),
            NoStart::BadFen(err) => Some(err),
            _ => None,
        }
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
/// assert!(matches!(error, RepairError::FensDisagree { first, .. } if first == shredder));
/// assert!(error.to_string().starts_with("FEN tags disagree: \"qnrbbnkr/"));
///
/// // It owns what it names, so `?` takes it into any error type.
/// fn first_fen(tags: &[(&str, &str)]) -> Result<String, Box<dyn std::error::Error>> {
///     Ok(Repair::DEFAULT.repair(tags.iter().copied())?.fen().to_string())
/// }
/// assert!(first_fen(&[("FEN", shredder), ("FEN", other)]).is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum RepairError {
    /// The game has no Chess960 start ([`StartReader`](super::StartReader)'s reason):
    /// standard chess, another variant, a setup, or a FEN tag that is no FEN.
    NoStart(NoStart),
    /// A castling letter of the FEN tag names no rook, and is its colour's only letter, on
    /// the king's file: it could mean either rook.
    AmbiguousCastling {
        /// The FEN tag's value (its first 96 bytes).
        fen: Excerpt<96>,
        /// The letter.
        letter: char,
    },
    /// Two FEN tags give different starts, castling rights or counters.
    FensDisagree {
        /// The first FEN tag's value (its first 96 bytes).
        first: Excerpt<96>,
        /// The first value that disagrees with it (its first 96 bytes).
        other: Excerpt<96>,
    },
}

impl fmt::Display for RepairError {
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

impl core::error::Error for RepairError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            RepairError::NoStart(err) => Some(err),
            _ => None,
        }
    }
}

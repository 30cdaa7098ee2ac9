//! Why a game's moves could not all be replayed: [`MoveError`], naming the game, the ply, the
//! token and the broken rule; and the most plies a replay keeps ([`MAX_PLIES`]).

use std::fmt;

use super::start::BadFen;
use super::words::WORD;

/// The most plies a replay keeps: a longer game (only null moves make one) is a
/// [`Why::TooLong`] error there, so that memory stays bounded whatever the input.
pub const MAX_PLIES: u32 = 1 << 16;

/// The first move of a game that could not be played, or why none could.
///
/// ```
/// use chess960_pgn::moves::{Replay, Why};
///
/// let replay = Replay::of_pgn(b"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n");
/// let error = replay.error().unwrap();
/// assert_eq!((error.game, error.ply, error.token(), error.why), (0, 3, "Ke3", Why::Illegal));
/// assert_eq!(error.to_string(), "game 0, ply 3 (2. Ke3): no legal move is Ke3");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveError {
    /// The game's number in its input, from 0.
    pub game: u64,
    /// The ply that could not be played, from 1 (0: the game could not begin).
    pub ply: u32,
    /// The move number and side of that ply, as PGN numbers them (`12.`, `12...`).
    pub fullmove: u32,
    /// Whether White was to play it.
    pub white: bool,
    token: [u8; WORD],
    token_len: u8,
    /// The rule broken.
    pub why: Why,
}

/// The rule a move, or a game's start, broke.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Why {
    /// The word is not a move, a move number, a result, a NAG or an annotation.
    Unreadable,
    /// No legal move is the one written.
    Illegal,
    /// More than one legal move is (`Nd2` with both knights able to go there).
    Ambiguous,
    /// A pawn reaches the last rank without the piece it becomes (`e8` for `e8=Q`).
    NoPromotion,
    /// A null move (`--`) while in check.
    NullInCheck,
    /// More plies than a replay keeps ([`MAX_PLIES`]).
    TooLong,
    /// The game is of another variant (its Variant tag is the token): not replayed.
    Variant,
    /// The FEN tag gives no position to play from.
    Fen(BadFen),
    /// The tag section was not read (over the scanner's cap) or its FEN or Variant tag is not
    /// UTF-8.
    Tags,
}

impl Why {
    /// The rule's name (`illegal`, `null-in-check`, …): the `why` of the JavaScript package's
    /// `chess960/moves`.
    ///
    /// ```
    /// use chess960_pgn::moves::{Replay, Why};
    ///
    /// let replay = Replay::of_pgn(b"1. e4 e5 2. Ke3 *");
    /// assert_eq!(replay.error().unwrap().why.as_str(), "illegal");
    /// assert_eq!(Why::NullInCheck.as_str(), "null-in-check");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Why::Unreadable => "unreadable",
            Why::Illegal => "illegal",
            Why::Ambiguous => "ambiguous",
            Why::NoPromotion => "no-promotion",
            Why::NullInCheck => "null-in-check",
            Why::TooLong => "too-long",
            Why::Variant => "variant",
            Why::Fen(_) => "fen",
            Why::Tags => "tags",
        }
    }
}

impl MoveError {
    pub(crate) fn new(
        game: u64,
        ply: u32,
        fullmove: u32,
        white: bool,
        token: &[u8],
        why: Why,
    ) -> MoveError {
        let mut kept = [0; WORD];
        // Cut at a character's start, so that the token stays text.
        let mut len = token.len().min(WORD);
        while len > 0 && token.get(len).is_some_and(|&b| (b as i8) < -64) {
            len -= 1;
        }
        for (slot, &byte) in kept.iter_mut().zip(token.iter().take(len)) {
            *slot = byte;
        }
        MoveError {
            game,
            ply,
            fullmove,
            white,
            token: kept,
            token_len: u8::try_from(len).unwrap_or(0),
            why,
        }
    }

    /// The word of the movetext (or tag's value) that broke the rule, as written (its first
    /// [`WORD`](super::WORD) bytes), up to its first byte that is not UTF-8; the error's
    /// message shows the whole word, such bytes escaped (`\xff`).
    ///
    /// ```
    /// use chess960_pgn::moves::Replay;
    ///
    /// let error = *Replay::of_pgn(b"1. e4 Nf\xff6 *").error().unwrap();
    /// assert_eq!(error.token(), "Nf");
    /// assert_eq!(error.to_string(), r#"game 0, ply 2 (1... Nf\xff6): "Nf\xff6" is not a move"#);
    /// ```
    pub fn token(&self) -> &str {
        let bytes = self.token_bytes();
        match std::str::from_utf8(bytes) {
            Ok(token) => token,
            Err(err) => std::str::from_utf8(bytes.get(..err.valid_up_to()).unwrap_or_default())
                .unwrap_or_default(),
        }
    }
}

impl MoveError {
    /// The word's bytes as written (its first [`WORD`](super::WORD)).
    fn token_bytes(&self) -> &[u8] {
        self.token
            .get(..usize::from(self.token_len))
            .unwrap_or_default()
    }

    /// The error without its game's number, for a row or line that names the game.
    ///
    /// ```
    /// use chess960_pgn::moves::Replay;
    ///
    /// let error = *Replay::of_pgn(b"1. e4 e5 2. Nz9 *").error().unwrap();
    /// assert_eq!(error.in_game().to_string(), r#"ply 3 (2. Nz9): "Nz9" is not a move"#);
    /// ```
    pub fn in_game(&self) -> InGame {
        InGame(*self)
    }
}

/// A [`MoveError`] written without its game's number ([`MoveError::in_game`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct InGame(MoveError);

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, {}", self.game, self.in_game())
    }
}

impl fmt::Display for InGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let InGame(error) = self;
        let bytes = error.token_bytes();
        let (token, quoted) = (Shown(bytes, false), Shown::quoted(bytes));
        if error.ply == 0 {
            return match error.why {
                Why::Variant => write!(f, "not replayed: the variant {quoted}"),
                Why::Fen(bad) => write!(f, "not replayed: {bad}"),
                _ => f.write_str("not replayed: its tags could not be read"),
            };
        }
        let dots = if error.white { "." } else { "..." };
        write!(f, "ply {} ({}{dots} {token}): ", error.ply, error.fullmove)?;
        match error.why {
            Why::Unreadable => write!(f, "{quoted} is not a move"),
            Why::Illegal => write!(f, "no legal move is {token}"),
            Why::Ambiguous => write!(f, "{token} is more than one legal move"),
            Why::NoPromotion => {
                f.write_str("a pawn reaching the last rank names no piece to become")
            }
            Why::NullInCheck => f.write_str("a null move while in check"),
            Why::TooLong => write!(f, "more than {MAX_PLIES} plies"),
            Why::Variant | Why::Fen(_) | Why::Tags => f.write_str("not replayed"),
        }
    }
}

/// Input shown in a message (a move's word, a tag line): its text as it is, but for control
/// characters and `\` (escaped as Rust escapes them) and bytes that are not UTF-8 (`\xff`), as
/// docs/cli.md promises of input shown back; in quotes ([`Shown::quoted`]), `"` escaped too.
pub(crate) struct Shown<'a>(pub(crate) &'a [u8], pub(crate) bool);

impl<'a> Shown<'a> {
    /// `bytes` in quotes.
    pub(crate) fn quoted(bytes: &'a [u8]) -> Shown<'a> {
        Shown(bytes, true)
    }
}

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Shown(bytes, quoted) = *self;
        if quoted {
            f.write_str("\"")?;
        }
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                match c.is_control() || c == '\\' || (quoted && c == '"') {
                    true => write!(f, "{}", c.escape_debug())?,
                    false => write!(f, "{c}")?,
                }
            }
            for byte in chunk.invalid() {
                write!(f, "\\x{byte:02x}")?;
            }
        }
        if quoted {
            f.write_str("\"")?;
        }
        Ok(())
    }
}

impl std::error::Error for MoveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.why {
            Why::Fen(bad) => Some(bad),
            _ => None,
        }
    }
}

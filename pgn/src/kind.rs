//! What kind of game a [`Game`] is ([`Kind`]): the one classification every face shares.

use std::fmt;

use chess960::game::NoStart;

use crate::game::Game;

/// What kind of game a [`Game`] is: the one classification every mode of `chess960 games`
/// and every binding shares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Kind {
    /// Chess960: both sides from the same start.
    Chess960,
    /// Double Fischer Random: each side from a start of its own.
    DoubleFischerRandom,
    /// Standard chess (never counted as Chess960 unless assumed).
    Standard,
    /// Another variant (Crazyhouse, Atomic, …), whatever its start.
    OtherVariant,
    /// A start not known: a setup, a FEN that is no FEN, or tags that could not be read.
    Unknown,
}

impl Kind {
    /// Its name in listings: `chess960`, `dfrc`, `standard`, `variant`, `unknown`.
    ///
    /// ```
    /// assert_eq!(chess960_pgn::Kind::DoubleFischerRandom.as_str(), "dfrc");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Kind::Chess960 => "chess960",
            Kind::DoubleFischerRandom => "dfrc",
            Kind::Standard => "standard",
            Kind::OtherVariant => "variant",
            Kind::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Game<'_> {
    /// What kind of game it is.
    ///
    /// ```
    /// use chess960_pgn::{Kind, read_games};
    ///
    /// let pgn = b"[Variant \"Atomic\"]\n\n1. e4 *\n\n[Event \"x\"]\n\n1. d4 *\n";
    /// let mut kinds = Vec::new();
    /// read_games(&pgn[..], &Default::default(), |game| kinds.push(game.kind()))?;
    /// assert_eq!(kinds, [Kind::OtherVariant, Kind::Standard]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn kind(&self) -> Kind {
        match &self.start {
            Ok(start) if start.single().is_some() => Kind::Chess960,
            Ok(_) => Kind::DoubleFischerRandom,
            Err(NoStart::Standard) => Kind::Standard,
            Err(NoStart::OtherVariant(_)) => Kind::OtherVariant,
            Err(_) => Kind::Unknown,
        }
    }
}

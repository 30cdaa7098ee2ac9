//! What a repair gives: the values of a game's `Variant` ([`VariantTag`]), `SetUp` and `FEN`
//! ([`TagFen`]) tags, and the [`Change`]s from the game's own ([`Repaired`]).

use core::fmt;
use core::str::FromStr;

use super::change::{Change, Tag, What};
use crate::dfrc::DoubleStartingPosition;
use crate::line::{Text, line_type};
use crate::name::{self, ParseNameError};

/// How a repaired game spells its `Variant` tag.
///
/// ```
/// use chess960::game::VariantTag;
///
/// assert_eq!(VariantTag::default().as_str(), "Chess960");
/// assert_eq!(VariantTag::Fischerandom.as_str(), "fischerandom");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum VariantTag {
    /// `Chess960`: lichess, chess.com, fastchess, python-chess, SCID.
    #[default]
    Chess960,
    /// `fischerandom`: cutechess, TCEC, and the readers of their files.
    Fischerandom,
}

impl VariantTag {
    /// The tag's value.
    ///
    /// ```
    /// assert_eq!(chess960::game::VariantTag::Chess960.as_str(), "Chess960");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            VariantTag::Chess960 => "Chess960",
            VariantTag::Fischerandom => "fischerandom",
        }
    }

    /// Both spellings, in the order of [`VariantTag::NAMES`].
    pub const ALL: [VariantTag; 2] = [VariantTag::Chess960, VariantTag::Fischerandom];
    /// Their names, lowercase, as `FromStr` reads them and `Display` writes them.
    ///
    /// ```
    /// use chess960::game::VariantTag;
    ///
    /// assert_eq!("fischerandom".parse(), Ok(VariantTag::Fischerandom));
    /// assert_eq!(VariantTag::Chess960.to_string(), "chess960");
    /// ```
    pub const NAMES: [&'static str; 2] = ["chess960", "fischerandom"];
}

/// Its name, lowercase: `chess960` or `fischerandom` ([`VariantTag::as_str`] is the tag's value).
impl fmt::Display for VariantTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VariantTag::Chess960 => "chess960",
            VariantTag::Fischerandom => "fischerandom",
        })
    }
}

/// Reads `chess960` or `fischerandom`.
impl FromStr for VariantTag {
    type Err = ParseNameError;

    fn from_str(text: &str) -> Result<Self, ParseNameError> {
        let what = "a Variant tag";
        name::parse(text, what, &VariantTag::ALL, &VariantTag::NAMES)
    }
}

/// The longest repaired FEN: 43 bytes of placement, ` w `, 4 castling letters, ` - `, and two
/// counters of 5 digits (the longest the shape check lets through) with a space between.
pub(super) const TAG_FEN_LEN: usize = 43 + 3 + 4 + 3 + 5 + 1 + 5;

line_type! {
    /// A repaired game's FEN tag value: its start, the castling rights its FEN tag gave in
    /// one notation, no en passant square, and its counters (`0 1` if it had none); at most
    /// 64 ASCII characters, written without allocating.
    ///
    /// ```
    /// use chess960::game::Repair;
    ///
    /// let repaired = Repair::DEFAULT.repair([("FEN", "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w Hh -")])?;
    /// assert_eq!(*repaired.fen(), "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w Kk - 0 1");
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub struct TagFen(TAG_FEN_LEN);
    example: *chess960::game::Repair::DEFAULT.repair([("Variant", "Chess960")]).unwrap().fen();
    uses: "";
}

/// The first value of a tag name, and how many tags have the name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Seen<'a> {
    pub(super) first: Option<&'a str>,
    pub(super) count: usize,
}

impl<'a> Seen<'a> {
    pub(super) const NONE: Seen<'static> = Seen {
        first: None,
        count: 0,
    };

    pub(super) fn see(&mut self, value: &'a str) {
        self.first.get_or_insert(value);
        self.count += 1;
    }

    /// The change that makes these tags one with the value `to`, if any.
    fn change<'r>(&self, tag: Tag, to: &'r str) -> Option<Change<'r>>
    where
        'a: 'r,
    {
        match (self.first, self.count) {
            (None, _) => Some(Change::new(What::Added(tag), None, to)),
            (Some(from), 1) if from == to => None,
            (from, 1) => Some(Change::new(What::Replaced(tag), from, to)),
            (from, count) => Some(Change::new(What::Merged(tag, count), from, to)),
        }
    }
}

/// A game's tags repaired ([`Repair::repair`](super::Repair::repair)): the values of its `Variant`, `SetUp` and `FEN`
/// tags, and the [`changes`](Repaired::changes) from the game's own.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Repaired<'a> {
    start: DoubleStartingPosition,
    variant: VariantTag,
    fen: TagFen,
    castling: Text<4>,
    /// The castling field, when its letters were repaired.
    old_castling: Option<&'a str>,
    variants: Seen<'a>,
    setups: Seen<'a>,
    fens: Seen<'a>,
}

impl<'a> Repaired<'a> {
    /// The repair of a game whose tags gave `start`: the Variant spelling, the FEN with the
    /// castling field in it, the castling field the game had if its letters were repaired, and
    /// the game's Variant, SetUp and FEN tags.
    pub(super) fn new(
        (start, variant): (DoubleStartingPosition, VariantTag),
        (fen, castling): (Text<TAG_FEN_LEN>, Text<4>),
        old_castling: Option<&'a str>,
        [variants, setups, fens]: [Seen<'a>; 3],
    ) -> Self {
        Repaired {
            start,
            variant,
            fen: TagFen(fen),
            castling,
            old_castling,
            variants,
            setups,
            fens,
        }
    }

    /// The game's start.
    ///
    /// ```
    /// use chess960::game::Repair;
    ///
    /// assert_eq!(Repair::DEFAULT.repair([("Variant", "Chess960")])?.start().white().id(), 518);
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn start(&self) -> DoubleStartingPosition {
        self.start
    }

    /// The `Variant` tag's value.
    ///
    /// ```
    /// use chess960::game::Repair;
    ///
    /// assert_eq!(Repair::DEFAULT.repair([("Variant", "fischerandom")])?.variant(), "Chess960");
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn variant(&self) -> &'static str {
        self.variant.as_str()
    }

    /// The `SetUp` tag's value: `1`.
    ///
    /// ```
    /// use chess960::game::Repair;
    ///
    /// assert_eq!(Repair::DEFAULT.repair([("Variant", "Chess960")])?.setup(), "1");
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn setup(&self) -> &'static str {
        "1"
    }

    /// The `FEN` tag's value.
    ///
    /// ```
    /// use chess960::game::Repair;
    ///
    /// let repaired = Repair::DEFAULT.repair([("Variant", "Chess960")])?;
    /// assert_eq!(*repaired.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn fen(&self) -> &TagFen {
        &self.fen
    }

    /// The changes from the game's tags, in the order Variant, SetUp, castling, FEN; none
    /// when its tags were already as repaired.
    ///
    /// ```
    /// use chess960::game::Repair;
    ///
    /// let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1";
    /// let lichess = Repair::DEFAULT.repair([("Variant", "Chess960"), ("FEN", fen), ("SetUp", "1")])?;
    /// assert_eq!(lichess.changes().count(), 0);
    ///
    /// let chess_com = Repair::DEFAULT.repair([("Variant", "Chess960"), ("FEN", "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq -")])?;
    /// let changes: Vec<String> = chess_com.changes().map(|c| c.to_string()).collect();
    /// assert_eq!(changes[0], "SetUp added, none → \"1\"");
    /// assert!(changes[1].starts_with("FEN, \"qnrbbnkr"));
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub fn changes(&self) -> impl Iterator<Item = Change<'_>> {
        let castling = self
            .old_castling
            .map(|from| Change::new(What::CastlingRepaired, Some(from), self.castling.as_str()));
        [
            self.variants.change(Tag::Variant, self.variant()),
            self.setups.change(Tag::SetUp, self.setup()),
            castling,
            self.fens.change(Tag::Fen, self.fen.as_str()),
        ]
        .into_iter()
        .flatten()
    }
}

//! What a game's `Variant` tag names: standard chess, Chess960, or another variant, by the
//! names python-chess accepts.

use core::fmt;

/// The game a `Variant` tag value names, read as python-chess reads it: the names of its
/// variant boards (`chess.variant.find_variant`, any case) and of Chess960
/// (`Headers.is_chess960`). [`Variant::from_tag`] reads one.
///
/// ```
/// use chess960::game::Variant;
///
/// assert_eq!(Variant::from_tag("fischerandom"), Variant::Chess960);
/// assert_eq!(Variant::from_tag("From Position"), Variant::Standard);
/// assert_eq!(Variant::from_tag("Three-check"), Variant::ThreeCheck);
/// assert_eq!(Variant::from_tag("Shogi"), Variant::Unknown);
/// assert_eq!(Variant::Crazyhouse.to_string(), "Crazyhouse");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Variant {
    /// Standard chess: `Standard`, `Chess`, `Classical`, `Normal`, `Illegal`, `From Position`,
    /// and an empty value.
    Standard,
    /// Chess960: `Chess960`, `chess 960`, `fischerandom`, `fischerrandom`, `fischer random`.
    Chess960,
    /// `Crazyhouse`, `Crazy House`, `House`, `ZH`.
    Crazyhouse,
    /// `Atomic`, `Atom`, `Atomic chess`.
    Atomic,
    /// `Antichess`, `Anti chess`, `Anti`.
    Antichess,
    /// `Giveaway`, `Giveaway chess`, `Give away`, `Give away chess`.
    Giveaway,
    /// `Suicide`, `Suicide chess`.
    Suicide,
    /// `King of the Hill`, `KOTH`, `kingOfTheHill`.
    KingOfTheHill,
    /// `Three-check`, `Three check`, `Threecheck`, `Three check chess`, `3-check`, `3 check`,
    /// `3check`.
    ThreeCheck,
    /// `Horde`, `Horde chess`.
    Horde,
    /// `Racing Kings`, `Racing`, `Race`, `racingkings`.
    RacingKings,
    /// A name python-chess does not know (it refuses to read the game): not chess as far as
    /// anyone can tell.
    Unknown,
}

/// Each variant and the names that mean it, as python-chess 1.11 lists them.
const NAMES: [(Variant, &[&str]); 11] = [
    (
        Variant::Standard,
        &[
            "",
            "standard",
            "chess",
            "classical",
            "normal",
            "illegal",
            "from position",
        ],
    ),
    (
        Variant::Chess960,
        &[
            "chess960",
            "chess 960",
            "fischerandom",
            "fischerrandom",
            "fischer random",
        ],
    ),
    (
        Variant::Crazyhouse,
        &["crazyhouse", "crazy house", "house", "zh"],
    ),
    (Variant::Atomic, &["atomic", "atom", "atomic chess"]),
    (Variant::Antichess, &["antichess", "anti chess", "anti"]),
    (
        Variant::Giveaway,
        &["giveaway", "giveaway chess", "give away", "give away chess"],
    ),
    (Variant::Suicide, &["suicide", "suicide chess"]),
    (
        Variant::KingOfTheHill,
        &["king of the hill", "koth", "kingofthehill"],
    ),
    (
        Variant::ThreeCheck,
        &[
            "three-check",
            "three check",
            "threecheck",
            "three check chess",
            "3-check",
            "3 check",
            "3check",
        ],
    ),
    (Variant::Horde, &["horde", "horde chess"]),
    (
        Variant::RacingKings,
        &["racing kings", "racing", "race", "racingkings"],
    ),
];

impl Variant {
    /// The variant a `Variant` tag's value names, in any case (not trimmed: python-chess
    /// does not trim either). An empty value is standard chess.
    ///
    /// ```
    /// use chess960::game::Variant;
    ///
    /// assert_eq!(Variant::from_tag("CHESS 960"), Variant::Chess960);
    /// assert_eq!(Variant::from_tag("koth"), Variant::KingOfTheHill);
    /// assert_eq!(Variant::from_tag(" chess960"), Variant::Unknown);
    /// ```
    pub fn from_tag(value: &str) -> Variant {
        NAMES
            .iter()
            .find(|(_, names)| names.iter().any(|name| value.eq_ignore_ascii_case(name)))
            .map_or(Variant::Unknown, |(variant, _)| *variant)
    }

    /// The variant of a game with several `Variant` tags, `self` from the earlier ones and
    /// `next` from the one after: a tag naming Chess960 decides, otherwise the last does
    /// (python-chess keeps the last).
    ///
    /// ```
    /// use chess960::game::Variant;
    ///
    /// assert_eq!(Variant::Chess960.then(Variant::Standard), Variant::Chess960);
    /// assert_eq!(Variant::Standard.then(Variant::Atomic), Variant::Atomic);
    /// ```
    pub const fn then(self, next: Variant) -> Variant {
        match self {
            Variant::Chess960 => Variant::Chess960,
            _ => next,
        }
    }

    /// Whether it is a variant other than standard chess and Chess960 (python-chess reads such
    /// a game on a variant board, in its Chess960 form when it starts from another start).
    ///
    /// ```
    /// use chess960::game::Variant;
    ///
    /// assert!(Variant::Horde.is_other());
    /// assert!(Variant::Unknown.is_other());
    /// assert!(!Variant::Chess960.is_other() && !Variant::Standard.is_other());
    /// ```
    pub const fn is_other(self) -> bool {
        !matches!(self, Variant::Standard | Variant::Chess960)
    }

    /// Its name, as lichess writes it.
    ///
    /// ```
    /// assert_eq!(chess960::game::Variant::KingOfTheHill.as_str(), "King of the Hill");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Variant::Standard => "Standard",
            Variant::Chess960 => "Chess960",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::Giveaway => "Giveaway",
            Variant::Suicide => "Suicide",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::ThreeCheck => "Three-check",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
            Variant::Unknown => "an unknown variant",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

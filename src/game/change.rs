//! What a repair changes in a game's tags: a [`Change`] is a tag, what was done to it, and its
//! value before and after, written as `what, from → to`.

use core::fmt;

/// A tag a repair writes.
///
/// ```
/// use chess960::game::Tag;
///
/// assert_eq!(Tag::SetUp.to_string(), "SetUp");
/// assert_eq!(Tag::Fen.as_str(), "FEN");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Tag {
    /// `Variant`.
    Variant,
    /// `SetUp`.
    SetUp,
    /// `FEN`.
    Fen,
}

impl Tag {
    /// The tag's name as PGN writes it.
    ///
    /// ```
    /// assert_eq!(chess960::game::Tag::Variant.as_str(), "Variant");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Tag::Variant => "Variant",
            Tag::SetUp => "SetUp",
            Tag::Fen => "FEN",
        }
    }
}

/// The tag's name.
///
/// ```
/// assert_eq!(chess960::game::Tag::Fen.to_string(), "FEN");
/// ```
impl fmt::Display for Tag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a repair did to a tag.
///
/// ```
/// use chess960::game::{Repair, Tag, What};
///
/// let repaired = Repair::DEFAULT.repair([("Variant", "chess960")])?;
/// let what: Vec<What> = repaired.changes().map(|change| change.what()).collect();
/// assert_eq!(what, [What::Replaced(Tag::Variant), What::Added(Tag::SetUp), What::Added(Tag::Fen)]);
/// # Ok::<(), chess960::game::RepairError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum What {
    /// The game had no such tag: one is added.
    Added(Tag),
    /// The tag's value is replaced.
    Replaced(Tag),
    /// The game had this many tags of the name: they become one.
    Merged(Tag, usize),
    /// The FEN's castling letters named no rook of the start; they are replaced by the rights
    /// they meant.
    CastlingRepaired,
}

/// One change of a repair: what was done, and the value before (`None` for a tag that was
/// missing) and after.
///
/// ```
/// use chess960::game::Repair;
///
/// let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HEhe - 0 1";
/// let repaired = Repair::DEFAULT.repair([("Variant", "Chess960"), ("SetUp", "1"), ("FEN", fen)])?;
/// let changes: Vec<String> = repaired.changes().map(|change| change.to_string()).collect();
/// assert_eq!(changes, [
///     "castling letters that name no rook repaired, HEhe → KQkq",
///     "FEN, \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HEhe - 0 1\" → \
///      \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"",
/// ]);
/// # Ok::<(), chess960::game::RepairError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Change<'a> {
    what: What,
    from: Option<&'a str>,
    to: &'a str,
}

impl<'a> Change<'a> {
    pub(super) const fn new(what: What, from: Option<&'a str>, to: &'a str) -> Self {
        Change { what, from, to }
    }

    /// What was done.
    ///
    /// ```
    /// use chess960::game::{Repair, Tag, What};
    ///
    /// let repaired = Repair::DEFAULT.repair([("Variant", "Chess960"), ("SetUp", "0")])?;
    /// assert_eq!(repaired.changes().next().map(|c| c.what()), Some(What::Replaced(Tag::SetUp)));
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn what(self) -> What {
        self.what
    }

    /// The value before: the first tag's, if there was one; for [`What::CastlingRepaired`],
    /// the castling field.
    ///
    /// ```
    /// use chess960::game::Repair;
    ///
    /// let repaired = Repair::DEFAULT.repair([("Variant", "Chess960"), ("SetUp", "0")])?;
    /// assert_eq!(repaired.changes().next().and_then(|c| c.from()), Some("0"));
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn from(self) -> Option<&'a str> {
        self.from
    }

    /// The value after; for [`What::CastlingRepaired`], the castling field.
    ///
    /// ```
    /// use chess960::game::Repair;
    ///
    /// let repaired = Repair::DEFAULT.repair([("Variant", "Chess960"), ("SetUp", "0")])?;
    /// assert_eq!(repaired.changes().next().map(|c| c.to()), Some("1"));
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn to(self) -> &'a str {
        self.to
    }
}

/// `what, from → to`: `SetUp added, none → "1"`, `Variant, "Standard" → "Chess960"`,
/// `2 FEN tags merged, "…" → "…"`, `castling letters that name no rook repaired, HEhe → KQkq`.
///
/// ```
/// use chess960::game::Repair;
///
/// let repaired = Repair::DEFAULT.repair([("Variant", "Chess960"), ("Variant", "Standard"), ("SetUp", "1")])?;
/// let first = repaired.changes().next().map(|c| c.to_string());
/// assert_eq!(first.as_deref(), Some("2 Variant tags merged, \"Chess960\" → \"Chess960\""));
/// # Ok::<(), chess960::game::RepairError>(())
/// ```
impl fmt::Display for Change<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.what {
            What::Added(tag) => write!(f, "{tag} added, none")?,
            What::Replaced(tag) => write!(f, "{tag}, \"{}\"", self.from.unwrap_or_default())?,
            What::Merged(tag, count) => write!(
                f,
                "{count} {tag} tags merged, \"{}\"",
                self.from.unwrap_or_default()
            )?,
            What::CastlingRepaired => {
                return write!(
                    f,
                    "castling letters that name no rook repaired, {} → {}",
                    self.from.unwrap_or_default(),
                    self.to
                );
            }
        }
        write!(f, " → \"{}\"", self.to)
    }
}

//! A game's Chess960 tags made canonical: [`Repair`] reads the `Variant`, `SetUp` and `FEN`
//! tag values of one game and gives the values every reader loads ([`Repaired`]) with each
//! change ([`Change`](super::Change)), or why the game is left as it was ([`RepairError`]).

use super::error::{NoStart, RepairError};
use super::repaired::{Repaired, Seen, VariantTag};
use super::rights::{Letters, Rights};
use super::start::{StartReader, fen_start};
use super::variant::Variant;
use crate::dfrc::DoubleStartingPosition;
use crate::excerpt::Excerpt;
use crate::fen::{CastlingNotation, Fen};
use crate::line::Text;

/// How games' tags are repaired: the `Variant` spelling and the castling notation written.
/// [`Repair::repair`] does it.
///
/// A game is Chess960 by [`StartReader::DEFAULT`]'s rules (the first FEN tag read as its
/// start, several Variant tags combined by [`Variant::then`]). Its tags become one `Variant` (the chosen spelling), `SetUp` `1`, and one
/// 6-field `FEN` in the chosen notation, with:
///
/// - castling letters that name no rook of the start (a king's file, a bishop's) read as the
///   rights they mean: the rook on the letter's side of the king, both rooks for two letters
///   of one colour (the published `HEhe`). A lone letter on the king's file is refused. `-`
///   stays `-`: no-castling events are real.
/// - counters kept (`0 1` for a FEN with none: chess.com writes four fields);
/// - FEN tags that read as the same start, rights and counters merged into one, and ones that
///   do not refused.
///
/// ```
/// use chess960::fen::CastlingNotation;
/// use chess960::game::{Repair, VariantTag};
///
/// // A broadcast: Variant "Standard" on a 960 game, Shredder then X-FEN, no SetUp.
/// let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
/// let xfen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1";
/// let tags = [("Variant", "Standard"), ("FEN", fen), ("FEN", xfen)];
/// let repaired = Repair::DEFAULT.repair(tags)?;
/// assert_eq!((repaired.variant(), repaired.setup(), repaired.fen().as_str()), ("Chess960", "1", xfen));
/// assert_eq!(repaired.changes().count(), 3);
///
/// let cutechess = Repair::DEFAULT.variant_tag(VariantTag::Fischerandom).castling(CastlingNotation::Shredder);
/// assert_eq!(cutechess.repair(tags)?.fen(), fen);
/// # Ok::<(), chess960::game::RepairError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Repair {
    variant: VariantTag,
    castling: CastlingNotation,
}

impl Repair {
    /// `Variant "Chess960"`, X-FEN castling (`KQkq`).
    ///
    /// ```
    /// assert_eq!(chess960::game::Repair::DEFAULT, Default::default());
    /// ```
    pub const DEFAULT: Repair = Repair {
        variant: VariantTag::Chess960,
        castling: CastlingNotation::XFen,
    };

    /// Writes the `Variant` tag so.
    ///
    /// ```
    /// use chess960::game::{Repair, VariantTag};
    ///
    /// let repaired = Repair::DEFAULT.variant_tag(VariantTag::Fischerandom).repair([("Variant", "Chess960")])?;
    /// assert_eq!(repaired.variant(), "fischerandom");
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn variant_tag(self, variant: VariantTag) -> Repair {
        Repair { variant, ..self }
    }

    /// Writes castling rights in this notation.
    ///
    /// ```
    /// use chess960::fen::CastlingNotation;
    /// use chess960::game::Repair;
    ///
    /// let shredder = Repair::DEFAULT.castling(CastlingNotation::Shredder);
    /// let repaired = shredder.repair([("Variant", "Chess960")])?;
    /// assert!(repaired.fen().as_str().ends_with(" w HAha - 0 1"));
    /// # Ok::<(), chess960::game::RepairError>(())
    /// ```
    pub const fn castling(self, notation: CastlingNotation) -> Repair {
        Repair {
            castling: notation,
            ..self
        }
    }

    /// Repairs one game's tags, given as `(name, value)` pairs in the game's order (values
    /// unescaped; any tag may be passed, only `Variant`, `SetUp` and `FEN` are read).
    ///
    /// # Errors
    ///
    /// A [`RepairError`] when the game is left as it was: it is not Chess960, or its castling
    /// letters or FEN tags cannot be read one way.
    ///
    /// ```
    /// use chess960::game::{Repair, RepairError};
    ///
    /// let error = Repair::DEFAULT.repair([("FEN", "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w Gg - 0 1")]);
    /// assert!(matches!(error, Err(RepairError::AmbiguousCastling { letter: 'G', .. })));
    /// assert_eq!(Repair::DEFAULT.repair([("Event", "a standard game")]).unwrap_err().to_string(),
    ///            "standard chess: the standard start, and no Variant tag naming Chess960");
    /// ```
    #[allow(
        clippy::result_large_err,
        reason = "the error owns the two FEN tags it names (96 bytes each): about the size of the Repaired it stands in for"
    )]
    pub fn repair<'a>(
        self,
        tags: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Repaired<'a>, RepairError> {
        let (mut variants, mut setups, mut fens) = (Seen::NONE, Seen::NONE, Seen::NONE);
        let mut variant = Variant::Standard;
        let (mut first, mut disagreeing, mut counters) = (None, None, None);
        for (name, value) in tags {
            match name {
                "Variant" => {
                    variants.see(value);
                    variant = variant.then(Variant::from_tag(value));
                }
                "SetUp" => setups.see(value),
                "FEN" => {
                    fens.see(value);
                    let reading = FenTag::read(value);
                    match &first {
                        None => first = Some(reading),
                        Some(first) if !agree(first, &reading) => {
                            disagreeing.get_or_insert(value);
                        }
                        Some(_) => {}
                    }
                    counters = counters.or(reading.ok().and_then(|r| r.counters));
                }
                _ => {}
            }
        }
        if variant.is_other() {
            return Err(RepairError::NoStart(NoStart::OtherVariant(variant)));
        }
        if let (Some(first), Some(other)) = (fens.first, disagreeing) {
            return Err(RepairError::FensDisagree {
                first: Excerpt::new(first),
                other: Excerpt::new(other),
            });
        }
        let fen = first.map(|reading| reading.map(|r| r.start));
        let start = StartReader::DEFAULT
            .decide(variant, fen)
            .map_err(RepairError::NoStart)?;
        let (letters, field) = match first {
            Some(Ok(reading)) => (reading.letters, reading.castling),
            _ => (Letters::Fit(Rights::FULL), None),
        };
        let (rights, repaired) = match letters {
            Letters::Fit(rights) => (rights, false),
            Letters::Repaired(rights) => (rights, true),
            Letters::Ambiguous(letter) => {
                let fen = fens.first.unwrap_or_default();
                return Err(RepairError::AmbiguousCastling {
                    fen: Excerpt::new(fen),
                    letter,
                });
            }
        };
        let castling = rights.write(start, self.castling);
        let placement = Fen::new(start, CastlingNotation::XFen);
        let (halfmove, fullmove) = counters.unwrap_or(("0", "1"));
        let fen = Text::EMPTY
            .push(placement.as_bytes().get(..43).unwrap_or_default())
            .push(b" w ")
            .push(castling.as_bytes())
            .push(b" - ")
            .push(halfmove.as_bytes())
            .push(b" ")
            .push(fullmove.as_bytes());
        Ok(Repaired::new(
            (start, self.variant),
            (fen, castling),
            field.filter(|_| repaired),
            [variants, setups, fens],
        ))
    }
}

/// One FEN tag read: its start, castling field and what its letters give, and counters.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct FenTag<'a> {
    start: DoubleStartingPosition,
    castling: Option<&'a str>,
    letters: Letters,
    counters: Option<(&'a str, &'a str)>,
}

impl<'a> FenTag<'a> {
    fn read(fen: &'a str) -> Result<FenTag<'a>, NoStart> {
        let start = fen_start(fen)?;
        let mut fields = fen.split_ascii_whitespace().skip(2);
        let castling = fields.next();
        let letters = Rights::read(castling, start);
        let mut counters = fields.skip(1);
        let counters = match (counters.next(), counters.next()) {
            (None, _) => None,
            (Some(halfmove), fullmove) => Some((halfmove, fullmove.unwrap_or("1"))),
        };
        Ok(FenTag {
            start,
            castling,
            letters,
            counters,
        })
    }
}

/// Whether two FEN tags read as the same start with the same rights, and the same counters
/// where both have them.
fn agree(one: &Result<FenTag, NoStart>, other: &Result<FenTag, NoStart>) -> bool {
    match (one, other) {
        (Ok(one), Ok(other)) => {
            one.start == other.start
                && one.letters.rights() == other.letters.rights()
                && (one.counters.is_none()
                    || other.counters.is_none()
                    || one.counters == other.counters)
        }
        (one, other) => one == other,
    }
}

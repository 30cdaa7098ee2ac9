//! Tag values → a game's start: the one rule that says whether a game is Chess960, Double
//! Fischer Random, standard chess or another variant ([`StartReader`]), and how a FEN tag is
//! read.

use super::error::NoStart;
use super::shape::check_shape;
use super::variant::Variant;
use crate::dfrc::DoubleStartingPosition;
use crate::fen::{FenReader, ParseFenError};

/// How a FEN tag is read as a start: castling may be written any way (X-FEN, Shredder-FEN, in
/// any order, `-`, or letters that do not fit the position, as published dumps have them), and
/// the counters may be anything or missing (chess.com writes four fields). White must be to
/// move and there must be no en passant square.
const TAG_READER: FenReader = FenReader::STRICT.ignore_castling().ignore_counters();

/// How a game's `Variant` and `FEN` tags give its start: the one classification of a game
/// that `chess960 games` (every mode), the `chess960-pgn` crate and the npm package share.
///
/// 1. A `Variant` tag naming Chess960 (any spelling python-chess accepts, [`Variant`])
///    decides Chess960: the FEN tag's start, or RNBQKBNR (SP 518) without one.
/// 2. A `Variant` tag naming another variant (Crazyhouse, Atomic, …, or a name python-chess
///    does not know) decides that variant: [`NoStart::OtherVariant`], whatever the FEN.
/// 3. Otherwise (no `Variant` tag, or one naming standard chess: `Standard`, `From Position`,
///    …) a FEN tag that is a start whose ranks are not both RNBQKBNR is Chess960 (CCRL and
///    Arena write no Variant); the standard start, or no FEN tag, is standard chess
///    ([`NoStart::Standard`]), unless the reader [assumes
///    Chess960](StartReader::assume_chess960).
///
/// A FEN tag that is a position but not a start ([`NoStart::NotAStart`]) or no FEN at all
/// ([`NoStart::BadFen`]) gives no start. The `SetUp` tag is not read: many writers leave it
/// out, and every reader (python-chess, lichess, SCID) follows the FEN tag whatever `SetUp`
/// says. With several tags of a name, pass the last FEN tag, and combine Variant tags with
/// [`Variant::then`].
///
/// ```
/// use chess960::game::{NoStart, StartReader, Variant};
///
/// let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// assert_eq!(StartReader::DEFAULT.read(None, Some(standard)), Err(NoStart::Standard));
/// let all_960 = StartReader::DEFAULT.assume_chess960(true);
/// assert_eq!(all_960.read(None, Some(standard))?.white().id(), 518);
///
/// let start_105 = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1";
/// assert_eq!(StartReader::DEFAULT.read(Some("From Position"), Some(start_105))?.white().id(), 105);
/// assert_eq!(
///     StartReader::DEFAULT.read(Some("Crazyhouse"), Some(start_105)),
///     Err(NoStart::OtherVariant(Variant::Crazyhouse))
/// );
/// # Ok::<(), NoStart>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct StartReader {
    assume_chess960: bool,
}

impl StartReader {
    /// The rules above: standard-start games without a Chess960 Variant are standard chess.
    ///
    /// ```
    /// assert_eq!(chess960::game::StartReader::DEFAULT, Default::default());
    /// ```
    pub const DEFAULT: StartReader = StartReader {
        assume_chess960: false,
    };

    /// With `true`, games that would be standard chess (no FEN tag or the standard start, and
    /// no Variant tag naming another variant) are Chess960 from RNBQKBNR (SP 518): for files
    /// known to hold only Chess960 games whose writers leave the tags out.
    ///
    /// ```
    /// use chess960::game::StartReader;
    ///
    /// assert_eq!(StartReader::DEFAULT.assume_chess960(true).read(None, None)?.white().id(), 518);
    /// assert!(StartReader::DEFAULT.assume_chess960(true).read(Some("Atomic"), None).is_err());
    /// # Ok::<(), chess960::game::NoStart>(())
    /// ```
    pub const fn assume_chess960(self, assume: bool) -> StartReader {
        StartReader {
            assume_chess960: assume,
        }
    }

    /// The start of a game from its `Variant` and `FEN` tag values (`None` for a tag it does
    /// not have): a [`DoubleStartingPosition`], whose
    /// [`single`](DoubleStartingPosition::single) is the Chess960 start when Black's back
    /// rank is White's.
    ///
    /// # Errors
    ///
    /// [`NoStart`]: standard chess, another variant, a FEN that is a position but not a
    /// start, or not a FEN.
    ///
    /// ```
    /// use chess960::game::{FenSyntax, NoStart, StartReader};
    ///
    /// // Two real spellings of a Double Fischer Random start: any castling letters, four fields.
    /// let fen = "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HEhe -";
    /// let pair = StartReader::DEFAULT.read(Some("Chess960"), Some(fen))?;
    /// assert_eq!((pair.white().id(), pair.black().id()), (105, 451));
    ///
    /// let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    /// let read = |variant, fen| StartReader::DEFAULT.read(variant, fen);
    /// assert!(matches!(read(Some("Chess960"), Some(after_e4)), Err(NoStart::NotAStart(_))));
    /// assert_eq!(read(None, Some("rnbqkbnr/pppppppp/8/8")), Err(NoStart::BadFen(FenSyntax::Field(chess960::fen::FenField::Placement))));
    /// # Ok::<(), NoStart>(())
    /// ```
    pub fn read(
        self,
        variant: Option<&str>,
        fen: Option<&str>,
    ) -> Result<DoubleStartingPosition, NoStart> {
        let variant = variant.map_or(Variant::Standard, Variant::from_tag);
        self.decide(variant, fen.map(fen_start))
    }

    /// The rules above, from the game's [`Variant`] and its FEN tag's start by [`fen_start`]
    /// (`None` without one): for readers that read each distinct FEN tag once.
    ///
    /// # Errors
    ///
    /// As [`StartReader::read`].
    ///
    /// ```
    /// use chess960::game::{NoStart, StartReader, Variant, fen_start};
    ///
    /// let fen = fen_start("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// assert_eq!(StartReader::DEFAULT.decide(Variant::Standard, Some(fen)), Err(NoStart::Standard));
    /// assert_eq!(StartReader::DEFAULT.decide(Variant::Chess960, Some(fen))?.white().id(), 518);
    /// # Ok::<(), NoStart>(())
    /// ```
    pub fn decide(
        self,
        variant: Variant,
        fen: Option<Result<DoubleStartingPosition, NoStart>>,
    ) -> Result<DoubleStartingPosition, NoStart> {
        if variant.is_other() {
            return Err(NoStart::OtherVariant(variant));
        }
        let start = fen.unwrap_or(Ok(DoubleStartingPosition::STANDARD))?;
        if start == DoubleStartingPosition::STANDARD
            && variant == Variant::Standard
            && !self.assume_chess960
        {
            return Err(NoStart::Standard);
        }
        Ok(start)
    }
}

/// A FEN tag's start, whatever the game's Variant: its placement, White to move, no en
/// passant square, any castling letters and counters. [`StartReader::decide`] says what the
/// game is.
///
/// # Errors
///
/// [`NoStart::NotAStart`] for a position that is not a start, [`NoStart::BadFen`] for text
/// that is no FEN.
///
/// ```
/// use chess960::game::fen_start;
///
/// assert_eq!(fen_start("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -")?.white().id(), 105);
/// assert!(fen_start("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_err());
/// # Ok::<(), chess960::game::NoStart>(())
/// ```
pub fn fen_start(fen: &str) -> Result<DoubleStartingPosition, NoStart> {
    check_shape(fen).map_err(NoStart::BadFen)?;
    TAG_READER
        .read::<DoubleStartingPosition>(fen)
        .map_err(|error: ParseFenError| NoStart::NotAStart(error))
}

/// The start of a game from its `Variant` and `FEN` tag values, by [`StartReader::DEFAULT`]
/// (`None` for a tag it does not have; of two FEN tags, pass the last, as python-chess does).
///
/// # Errors
///
/// [`NoStart`]: standard chess, another variant, a FEN that is a position but not a start,
/// or not a FEN.
///
/// ```
/// use chess960::game::{NoStart, start};
///
/// assert_eq!(start(Some("fischerandom"), None)?.white().id(), 518);
/// assert_eq!(start(None, None), Err(NoStart::Standard));
/// # Ok::<(), NoStart>(())
/// ```
pub fn start(variant: Option<&str>, fen: Option<&str>) -> Result<DoubleStartingPosition, NoStart> {
    StartReader::DEFAULT.read(variant, fen)
}

/// Whether a `Variant` tag value names Chess960: `Chess960` (lichess, chess.com, fastchess),
/// `fischerandom` (cutechess, TCEC, FICS, DGT LiveChess), `chess 960` (ChessBase),
/// `fischerrandom` or `fischer random`, in any case, the names python-chess accepts.
///
/// ```
/// use chess960::game::is_chess960_variant;
///
/// assert!(is_chess960_variant("Fischerandom"));
/// assert!(is_chess960_variant("CHESS 960"));
/// assert!(!is_chess960_variant("Standard"));
/// ```
pub fn is_chess960_variant(name: &str) -> bool {
    Variant::from_tag(name) == Variant::Chess960
}

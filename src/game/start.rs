//! Tag values → a game's start: which Variant names mean Chess960, and how a FEN tag is read.

use super::error::NoStart;
use super::shape::check_shape;
use crate::dfrc::DoubleStartingPosition;
use crate::fen::{FenReader, ParseFenError};

/// How a FEN tag is read as a start: castling may be written any way (X-FEN, Shredder-FEN, in
/// any order, `-`, or letters that do not fit the position, as published dumps have them), and
/// the counters may be anything or missing (chess.com writes four fields). White must be to
/// move and there must be no en passant square.
const TAG_READER: FenReader = FenReader::STRICT.ignore_castling().ignore_counters();

/// The start of a game from its `Variant` and `FEN` tag values (`None` for a tag it does not
/// have; if it has two FEN tags, pass the last, as python-chess does): a
/// [`DoubleStartingPosition`], whose [`single`](DoubleStartingPosition::single) is the Chess960
/// start when Black's back rank is White's.
///
/// - A FEN tag that is a start position gives that start, whatever the Variant says
///   (CCRL and Arena write none, some broadcasts write `Standard`).
/// - Without a FEN tag, a Chess960 Variant ([`is_chess960_variant`]) means RNBQKBNR (SP 518),
///   and anything else standard chess ([`NoStart::NotChess960`]).
///
/// The `SetUp` tag is not read: many writers leave it out, and every reader (python-chess,
/// lichess, SCID) follows the FEN tag whatever `SetUp` says.
///
/// # Errors
///
/// [`NoStart`]: not Chess960, a FEN that is a position but not a start, or not a FEN.
///
/// ```
/// use chess960::game::{FenSyntax, NoStart, start};
///
/// // Two real spellings of a Double Fischer Random start: any castling letters, four fields.
/// let pair = start(Some("Chess960"), Some("brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HEhe -"))?;
/// assert_eq!((pair.white().id(), pair.black().id()), (105, 451));
///
/// let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
/// assert!(matches!(start(Some("Chess960"), Some(after_e4)), Err(NoStart::NotAStart(_))));
/// assert_eq!(start(None, Some("rnbqkbnr/pppppppp/8/8")), Err(NoStart::BadFen(FenSyntax::Placement)));
/// # Ok::<(), NoStart>(())
/// ```
pub fn start(variant: Option<&str>, fen: Option<&str>) -> Result<DoubleStartingPosition, NoStart> {
    let Some(fen) = fen else {
        return match variant {
            Some(name) if is_chess960_variant(name) => Ok(DoubleStartingPosition::STANDARD),
            _ => Err(NoStart::NotChess960),
        };
    };
    check_shape(fen).map_err(NoStart::BadFen)?;
    TAG_READER
        .read::<DoubleStartingPosition>(fen)
        .map_err(|error: ParseFenError| NoStart::NotAStart(error))
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
    const NAMES: [&str; 5] = [
        "chess960",
        "chess 960",
        "fischerandom",
        "fischerrandom",
        "fischer random",
    ];
    NAMES.iter().any(|known| name.eq_ignore_ascii_case(known))
}

//! Start FEN → back ranks: [`FenOptions`] say which fields to check; a [`FenError`] names the
//! first field that is not as a start position has it.

use core::str::SplitAsciiWhitespace;

use crate::text::{NotEightPieces, eight_pieces};
use crate::{DoubleStartingPosition, FenError, FenField, Piece, StartingPosition};

/// Which fields of a start FEN to check beyond the placement. The default, [`FenOptions::STRICT`],
/// checks them all; python-chess's `chess960_pos` offers the same three relaxations.
///
/// ```
/// use chess960::{FenOptions, StartingPosition};
///
/// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 5 20";
/// assert!(StartingPosition::from_fen(fen).is_err());
/// let lax = FenOptions::STRICT.ignore_turn().ignore_castling().ignore_counters();
/// assert_eq!(StartingPosition::from_fen_with(fen, lax)?, StartingPosition::STANDARD);
/// # Ok::<(), chess960::FenError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct FenOptions {
    ignore_turn: bool,
    ignore_castling: bool,
    ignore_counters: bool,
}

impl FenOptions {
    /// White to move, full castling rights for the rooks on the board, no en passant square,
    /// counters `0 1`.
    ///
    /// ```
    /// assert_eq!(chess960::FenOptions::STRICT, chess960::FenOptions::default());
    /// ```
    pub const STRICT: FenOptions = FenOptions {
        ignore_turn: false,
        ignore_castling: false,
        ignore_counters: false,
    };

    /// Accept any side to move.
    ///
    /// ```
    /// use chess960::{FenOptions, StartingPosition};
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    /// assert!(StartingPosition::from_fen_with(fen, FenOptions::STRICT.ignore_turn()).is_ok());
    /// ```
    pub const fn ignore_turn(self) -> FenOptions {
        FenOptions {
            ignore_turn: true,
            ..self
        }
    }

    /// Accept any castling field.
    ///
    /// ```
    /// use chess960::{FenOptions, StartingPosition};
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
    /// assert!(StartingPosition::from_fen_with(fen, FenOptions::STRICT.ignore_castling()).is_ok());
    /// ```
    pub const fn ignore_castling(self) -> FenOptions {
        FenOptions {
            ignore_castling: true,
            ..self
        }
    }

    /// Accept any halfmove clock and fullmove number, or none.
    ///
    /// ```
    /// use chess960::{FenOptions, StartingPosition};
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    /// assert!(StartingPosition::from_fen_with(fen, FenOptions::STRICT.ignore_counters()).is_ok());
    /// ```
    pub const fn ignore_counters(self) -> FenOptions {
        FenOptions {
            ignore_counters: true,
            ..self
        }
    }
}

/// Reading the start FEN of a single Chess960 position (Black's back rank the same as White's).
impl StartingPosition {
    /// Reads a start FEN, or its placement field alone, checking every field
    /// ([`FenOptions::STRICT`]). Castling may be X-FEN or Shredder letters, in any order.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming the first field that is not as a start position has it.
    ///
    /// ```
    /// use chess960::{FenError, StartingPosition};
    ///
    /// let sp = StartingPosition::from_fen("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w CHch - 0 1")?;
    /// assert_eq!(sp.id(), 105);
    /// assert_eq!(StartingPosition::from_fen("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR")?.id(), 105);
    /// let err = StartingPosition::from_fen("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HAha - 0 1");
    /// assert_eq!(err.unwrap_err().to_string(), "castling: expected KQkq or HChc (in any order)");
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<StartingPosition, FenError> {
        StartingPosition::from_fen_with(fen, FenOptions::STRICT)
    }

    /// [`StartingPosition::from_fen`], checking only the fields `options` asks for.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming the first field checked that is not as a start position has it.
    ///
    /// ```
    /// use chess960::{FenOptions, StartingPosition};
    ///
    /// let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 7";
    /// let sp = StartingPosition::from_fen_with(fen, FenOptions::STRICT.ignore_counters())?;
    /// assert_eq!(sp, StartingPosition::STANDARD);
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<StartingPosition, FenError> {
        let (white, black) = read(fen, options)?;
        one_position(white, black)
    }
}

/// White's position, if Black starts from the same one.
pub(crate) fn one_position(
    white: StartingPosition,
    black: StartingPosition,
) -> Result<StartingPosition, FenError> {
    if white == black {
        Ok(white)
    } else {
        Err(FenError::BlackNotWhite { white, black })
    }
}

/// Reading the start FEN of a Double Fischer Random pair.
impl DoubleStartingPosition {
    /// Reads a Double Fischer Random start FEN, or its placement alone, checking every field.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming the first field that is not as a start position has it.
    ///
    /// ```
    /// use chess960::DoubleStartingPosition;
    ///
    /// let pair = DoubleStartingPosition::from_fen("brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1")?;
    /// assert_eq!((pair.white().id(), pair.black().id()), (105, 451));
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Self, FenError> {
        Self::from_fen_with(fen, FenOptions::STRICT)
    }

    /// [`DoubleStartingPosition::from_fen`], checking only the fields `options` asks for.
    ///
    /// # Errors
    ///
    /// A [`FenError`] naming the first field checked that is not as a start position has it.
    ///
    /// ```
    /// use chess960::{DoubleStartingPosition, FenOptions};
    ///
    /// let fen = "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR b KQkq - 0 1";
    /// let pair = DoubleStartingPosition::from_fen_with(fen, FenOptions::STRICT.ignore_turn())?;
    /// assert_eq!(pair.black().id(), 451);
    /// # Ok::<(), chess960::FenError>(())
    /// ```
    pub fn from_fen_with(fen: &str, options: FenOptions) -> Result<Self, FenError> {
        let (white, black) = read(fen, options)?;
        Ok(DoubleStartingPosition::new(white, black))
    }
}

/// Reads a start FEN (or its placement alone) into White's and Black's back ranks.
pub(super) fn read(
    fen: &str,
    options: FenOptions,
) -> Result<(StartingPosition, StartingPosition), FenError> {
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next().ok_or(FenError::Empty)?;
    read_fields(placement, fields, options)
}

/// Reads a start FEN whose placement field is `placement` and whose other fields follow in
/// `fields`.
pub(super) fn read_fields(
    placement: &str,
    mut fields: SplitAsciiWhitespace<'_>,
    options: FenOptions,
) -> Result<(StartingPosition, StartingPosition), FenError> {
    let (white, black) = read_placement(placement)?;
    let Some(turn) = fields.next() else {
        return Ok((white, black));
    };
    if !options.ignore_turn && turn != "w" {
        return Err(FenError::Turn);
    }
    let castling = fields.next().ok_or(FenError::Missing {
        field: FenField::Castling,
    })?;
    if !options.ignore_castling && !full_castling_rights(castling, white, black) {
        return Err(FenError::Castling { white, black });
    }
    let en_passant = fields.next().ok_or(FenError::Missing {
        field: FenField::EnPassant,
    })?;
    if en_passant != "-" {
        return Err(FenError::EnPassant);
    }
    let counters = (fields.next(), fields.next());
    if !options.ignore_counters {
        match counters {
            (Some("0"), Some("1")) => {}
            (None, _) => {
                return Err(FenError::Missing {
                    field: FenField::HalfmoveClock,
                });
            }
            (Some(_), None) => {
                return Err(FenError::Missing {
                    field: FenField::FullmoveNumber,
                });
            }
            (Some(_), Some(_)) => return Err(FenError::Counters),
        }
    }
    match fields.count() {
        0 => Ok((white, black)),
        extra => Err(FenError::TooManyFields { found: 6 + extra }),
    }
}

pub(crate) fn read_placement(
    placement: &str,
) -> Result<(StartingPosition, StartingPosition), FenError> {
    // The ranks between slashes, by hand: `str::split`'s searcher, once it is not inlined,
    // is not proven panic-free (checks/no-panic).
    let mut ranks = [""; 8];
    let mut found = 0;
    let mut rest = placement;
    loop {
        let end = rest.bytes().position(|b| b == b'/').unwrap_or(rest.len());
        let (rank, after) = rest.split_at_checked(end).unwrap_or((rest, ""));
        if let Some(slot) = ranks.get_mut(found) {
            *slot = rank;
        }
        found += 1;
        match after.get(1..) {
            Some(next) => rest = next,
            None => break,
        }
    }
    if found != 8 {
        return Err(FenError::RankCount { found });
    }
    let [black, black_pawns, middle @ .., white_pawns, white] = ranks;
    let black = read_back_rank(black, 8)?;
    if black_pawns != "pppppppp" {
        return Err(FenError::Pawns { rank: 7 });
    }
    for (rank, text) in (3..=6).rev().zip(middle) {
        if text != "8" {
            return Err(FenError::NotEmpty { rank });
        }
    }
    if white_pawns != "PPPPPPPP" {
        return Err(FenError::Pawns { rank: 2 });
    }
    Ok((read_back_rank(white, 1)?, black))
}

/// Rank 1 must be uppercase piece letters, rank 8 lowercase.
fn read_back_rank(text: &str, rank: u8) -> Result<StartingPosition, FenError> {
    let pieces = eight_pieces(text, |c| {
        let own_case = if rank == 1 {
            c.is_ascii_uppercase()
        } else {
            c.is_ascii_lowercase()
        };
        if own_case {
            Piece::from_ascii(c as u8)
        } else {
            None
        }
    })
    .map_err(|err| match err {
        NotEightPieces::Length { chars } => FenError::BackRankLength { rank, chars },
        NotEightPieces::Symbol { symbol, file } => FenError::BackRankSymbol { rank, file, symbol },
    })?;
    StartingPosition::from_pieces(pieces).map_err(|error| FenError::BackRank { rank, error })
}

/// Whether `field` grants all four castling rights, each once, in any order: `K`/`Q` (`k`/`q`
/// for Black) for the outermost rook on that side, or a rook's file letter (Shredder-FEN).
fn full_castling_rights(field: &str, white: StartingPosition, black: StartingPosition) -> bool {
    // Bits: White kingside, White queenside, Black kingside, Black queenside.
    let mut granted = 0u8;
    for c in field.bytes() {
        let (sp, shift) = if c.is_ascii_uppercase() {
            (white, 0)
        } else {
            (black, 2)
        };
        let right = match c.to_ascii_lowercase() {
            b'k' => 0,
            b'q' => 1,
            file @ b'a'..=b'h' => {
                let file = file - b'a';
                if file == sp.kingside_rook_file() as u8 {
                    0
                } else if file == sp.queenside_rook_file() as u8 {
                    1
                } else {
                    return false;
                }
            }
            _ => return false,
        };
        let bit = 1 << (right + shift);
        if granted & bit != 0 {
            return false;
        }
        granted |= bit;
    }
    granted == 0b1111
}

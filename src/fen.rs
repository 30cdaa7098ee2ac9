//! Back ranks → start FEN, and start FEN → back ranks.

use core::fmt;

use crate::{ArrangementError, File, Piece, StartingPosition};

/// A start FEN, written without allocating: always exactly 56 ASCII characters, such as
/// `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`.
///
/// ```
/// use chess960::StartingPosition;
///
/// let fen = StartingPosition::from_id(105)?.shredder_fen();
/// assert_eq!(fen.as_str(), "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
/// assert_eq!(fen.to_string(), fen.as_str());
/// # Ok::<(), chess960::IdError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fen([u8; Fen::LEN]);

/// Where the castling field starts in a start FEN.
const CASTLING: usize = 46;

impl Fen {
    /// The length of every start FEN.
    ///
    /// ```
    /// assert_eq!(chess960::StartingPosition::STANDARD.fen().as_str().len(), chess960::Fen::LEN);
    /// ```
    pub const LEN: usize = 56;

    /// Writes the FEN of White's `white` and Black's `black` back ranks, with full castling
    /// rights in X-FEN (`KQkq`) or Shredder-FEN (rook files) notation.
    pub(crate) const fn new(
        white: StartingPosition,
        black: StartingPosition,
        shredder: bool,
    ) -> Fen {
        let [white_king, white_queen, black_king, black_queen] = if shredder {
            [
                white.kingside_rook_file().to_char().to_ascii_uppercase() as u8,
                white.queenside_rook_file().to_char().to_ascii_uppercase() as u8,
                black.kingside_rook_file().to_char() as u8,
                black.queenside_rook_file().to_char() as u8,
            ]
        } else {
            *b"KQkq"
        };
        let [a, b, c, d, e, f, g, h] = white.to_ascii();
        // The letters are ASCII, so setting bit 5 of each lowercases them.
        let black = u64::from_le_bytes(black.to_ascii()) | 0x2020_2020_2020_2020;
        let [s, t, u, v, w, x, y, z] = black.to_le_bytes();
        #[rustfmt::skip]
        let fen = [
            s, t, u, v, w, x, y, z, b'/',
            b'p', b'p', b'p', b'p', b'p', b'p', b'p', b'p', b'/',
            b'8', b'/', b'8', b'/', b'8', b'/', b'8', b'/',
            b'P', b'P', b'P', b'P', b'P', b'P', b'P', b'P', b'/',
            a, b, c, d, e, f, g, h,
            b' ', b'w', b' ', white_king, white_queen, black_king, black_queen,
            b' ', b'-', b' ', b'0', b' ', b'1',
        ];
        Fen(fen)
    }

    /// The FEN as text.
    ///
    /// ```
    /// let fen = chess960::StartingPosition::STANDARD.fen();
    /// assert_eq!(fen.as_str(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    /// ```
    pub fn as_str(&self) -> &str {
        // Every byte written is ASCII, so this never takes the `Err` arm.
        core::str::from_utf8(&self.0).unwrap_or_default()
    }

    /// The FEN as ASCII bytes.
    ///
    /// ```
    /// let fen = chess960::StartingPosition::STANDARD.fen();
    /// assert_eq!(&fen.as_bytes()[..8], b"rnbqkbnr");
    /// ```
    pub const fn as_bytes(&self) -> &[u8; Fen::LEN] {
        &self.0
    }
}

/// The FEN text.
///
/// ```
/// let fen = chess960::StartingPosition::STANDARD.shredder_fen();
/// assert_eq!(format!("{fen}"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
/// ```
impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The FEN text, quoted.
///
/// ```
/// let fen = chess960::StartingPosition::STANDARD.fen();
/// assert!(format!("{fen:?}").starts_with("Fen(\"rnbqkbnr/"));
/// ```
impl fmt::Debug for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Fen").field(&self.as_str()).finish()
    }
}

/// ```
/// let fen = chess960::StartingPosition::STANDARD.fen();
/// let text: &str = fen.as_ref();
/// assert!(text.ends_with(" w KQkq - 0 1"));
/// ```
impl AsRef<str> for Fen {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

/// ```
/// let fen = chess960::StartingPosition::STANDARD.fen();
/// assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
/// ```
impl PartialEq<&str> for Fen {
    fn eq(&self, other: &&str) -> bool {
        self.0[..] == *other.as_bytes()
    }
}

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

/// A field of a FEN, as named in error messages.
///
/// ```
/// assert_eq!(chess960::FenField::Castling.to_string(), "castling");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum FenField {
    /// The piece placement.
    Placement,
    /// The side to move.
    Turn,
    /// The castling rights.
    Castling,
    /// The en passant square.
    EnPassant,
    /// The halfmove clock.
    HalfmoveClock,
    /// The fullmove number.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        })
    }
}

/// A FEN that is not a Chess960 start position, naming the field and what it should be.
///
/// ```
/// use chess960::{FenError, FenField, StartingPosition};
///
/// let err = StartingPosition::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq").unwrap_err();
/// assert_eq!(err, FenError::Missing { field: FenField::EnPassant });
/// assert_eq!(err.to_string(), "en passant: missing (expected -)");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum FenError {
    /// No fields at all.
    Empty,
    /// More than the six fields of a FEN.
    TooManyFields {
        /// How many there are.
        found: usize,
    },
    /// A field after the placement is missing.
    Missing {
        /// The first missing field.
        field: FenField,
    },
    /// The placement does not have eight ranks.
    RankCount {
        /// How many `/`-separated ranks there are.
        found: usize,
    },
    /// A back rank (1 or 8) is not eight pieces of its side's colour.
    BackRankLength {
        /// 1 (White) or 8 (Black).
        rank: u8,
        /// Its length in characters.
        chars: usize,
    },
    /// A back rank holds a character that is not a piece of its side.
    BackRankSymbol {
        /// 1 (White) or 8 (Black).
        rank: u8,
        /// The square's file.
        file: File,
        /// The character found there.
        symbol: char,
    },
    /// A back rank is eight pieces but not a Chess960 back rank.
    BackRank {
        /// 1 (White) or 8 (Black).
        rank: u8,
        /// The rule it breaks.
        error: ArrangementError,
    },
    /// Rank 2 is not `PPPPPPPP` or rank 7 not `pppppppp`.
    Pawns {
        /// 2 or 7.
        rank: u8,
    },
    /// One of ranks 3 to 6 is not empty (`8`).
    NotEmpty {
        /// 3 to 6.
        rank: u8,
    },
    /// Black's back rank is not White's (it is a Double Fischer Random position).
    BlackNotWhite {
        /// White's back rank.
        white: StartingPosition,
        /// Black's back rank.
        black: StartingPosition,
    },
    /// Not White to move.
    Turn,
    /// The castling field is not full castling rights for the rooks on the board.
    Castling {
        /// White's back rank.
        white: StartingPosition,
        /// Black's back rank.
        black: StartingPosition,
    },
    /// The en passant field is not `-`.
    EnPassant,
    /// The halfmove clock and fullmove number are not `0 1`.
    Counters,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenError::Empty => f.write_str("empty FEN: expected a piece placement"),
            FenError::TooManyFields { found } => {
                write!(f, "expected at most 6 fields, found {found}")
            }
            FenError::Missing { field } => {
                let expected = match field {
                    FenField::Placement => "ranks",
                    FenField::Turn => "w",
                    FenField::Castling => "KQkq or rook files",
                    FenField::EnPassant => "-",
                    FenField::HalfmoveClock => "0",
                    FenField::FullmoveNumber => "1",
                };
                write!(f, "{field}: missing (expected {expected})")
            }
            FenError::RankCount { found } => write!(
                f,
                "piece placement: expected 8 ranks separated by '/', found {found}"
            ),
            FenError::BackRankLength { rank, chars } => write!(
                f,
                "rank {rank}: expected 8 {} pieces, found {chars} characters",
                side(rank)
            ),
            FenError::BackRankSymbol { rank, file, symbol } => write!(
                f,
                "rank {rank}: expected a {} piece ({}) on {file}{rank}, found {symbol:?}",
                side(rank),
                if rank == 1 { "K Q R B N" } else { "k q r b n" }
            ),
            FenError::BackRank { rank, error } => {
                write!(f, "rank {rank}: ")?;
                error.fmt_on_rank(f, rank)
            }
            FenError::Pawns { rank } => {
                let pawns = if rank == 2 { "PPPPPPPP" } else { "pppppppp" };
                write!(
                    f,
                    "rank {rank}: expected eight {} pawns, {pawns}",
                    side(rank)
                )
            }
            FenError::NotEmpty { rank } => write!(f, "rank {rank}: expected an empty rank, 8"),
            FenError::BlackNotWhite { white, black } => write!(
                f,
                "rank 8: Black's back rank ({black}, SP {}) is not White's ({white}, SP {}): \
                 a Double Fischer Random position",
                black.id(),
                white.id()
            ),
            FenError::Turn => f.write_str("side to move: expected w"),
            FenError::Castling { white, black } => {
                let shredder = Fen::new(white, black, true);
                let letters = shredder.as_str().get(CASTLING..CASTLING + 4).unwrap_or("");
                write!(f, "castling: expected KQkq or {letters} (in any order)")
            }
            FenError::EnPassant => f.write_str("en passant: expected -"),
            FenError::Counters => f.write_str("halfmove clock and fullmove number: expected 0 1"),
        }
    }
}

impl core::error::Error for FenError {}

fn side(rank: u8) -> &'static str {
    if rank <= 2 { "white" } else { "black" }
}

/// Start FENs of a single Chess960 position (Black's back rank the same as White's).
impl StartingPosition {
    /// The start FEN with X-FEN castling, `KQkq` (as lichess, shakmaty and python-chess's
    /// `fen()` write it).
    ///
    /// ```
    /// let fen = chess960::StartingPosition::from_id(105)?.fen();
    /// assert_eq!(fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn fen(self) -> Fen {
        Fen::new(self, self, false)
    }

    /// The start FEN with Shredder-FEN castling: the rooks' files, kingside first, White then
    /// Black (as Stockfish and python-chess's `shredder_fen()` write it).
    ///
    /// ```
    /// let fen = chess960::StartingPosition::from_id(105)?.shredder_fen();
    /// assert_eq!(fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
    /// # Ok::<(), chess960::IdError>(())
    /// ```
    #[inline]
    pub const fn shredder_fen(self) -> Fen {
        Fen::new(self, self, true)
    }

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
        match read(fen, options)? {
            (white, black) if white == black => Ok(white),
            (white, black) => Err(FenError::BlackNotWhite { white, black }),
        }
    }
}

/// Reads a start FEN (or its placement alone) into White's and Black's back ranks.
pub(crate) fn read(
    fen: &str,
    options: FenOptions,
) -> Result<(StartingPosition, StartingPosition), FenError> {
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next().ok_or(FenError::Empty)?;
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

fn read_placement(placement: &str) -> Result<(StartingPosition, StartingPosition), FenError> {
    let mut ranks = [""; 8];
    let mut found = 0;
    for (slot, text) in placement.split('/').enumerate() {
        if let Some(rank) = ranks.get_mut(slot) {
            *rank = text;
        }
        found = slot + 1;
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

/// Rank 1 must be uppercase pieces, rank 8 lowercase.
fn read_back_rank(text: &str, rank: u8) -> Result<StartingPosition, FenError> {
    let chars = text.chars().count();
    if chars != 8 {
        return Err(FenError::BackRankLength { rank, chars });
    }
    let mut pieces = [Piece::King; 8];
    for ((slot, symbol), file) in pieces.iter_mut().zip(text.chars()).zip(File::ALL) {
        let piece = match symbol {
            'A'..='Z' if rank == 1 => Piece::from_ascii(symbol as u8),
            'a'..='z' if rank == 8 => Piece::from_ascii(symbol as u8),
            _ => None,
        };
        *slot = piece.ok_or(FenError::BackRankSymbol { rank, file, symbol })?;
    }
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

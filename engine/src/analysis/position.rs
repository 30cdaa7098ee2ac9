//! A position to analyse: any legal position of a Chess960 game, read from a FEN or an EPD
//! (Shredder or X-FEN castling), written back as lichess's explorer writes it (a Shredder
//! EPD: four fields), and the moves an engine answers there checked to be legal.

use core::fmt;
use core::str::FromStr;

use chess960::UciMove;
use chess960::fen::CastlingNotation;
use cozy_chess::{Board, Color, Move};

/// A legal position, its castling rooks named by their files (a Chess960 game's). Its move
/// clocks are not kept: an engine is told `0 1`, so that the position's EPD says all it was
/// told.
///
/// ```
/// use chess960_engine::Position;
///
/// let position: Position = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1".parse()?;
/// assert_eq!(position.to_string(), "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -");
/// assert!(position.white_to_move());
/// // An EPD, X-FEN's castling letters, Black to move.
/// let after: Position = "qnrbbnkr/pppppppp/8/8/8/6N1/PPPPPPPP/QNRBB1KR b KQkq -".parse()?;
/// assert_eq!(after.to_string(), "qnrbbnkr/pppppppp/8/8/8/6N1/PPPPPPPP/QNRBB1KR b HChc -");
/// # Ok::<(), chess960_engine::ParsePositionError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// Why a text is no position.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParsePositionError {
    /// Not a FEN (six fields) or an EPD (four) of a legal position.
    NotAFen {
        /// The text.
        text: String,
    },
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::NotAFen { text } => write!(
                f,
                "`{text}` is not the FEN (six fields) or EPD (four) of a legal position"
            ),
        }
    }
}

impl core::error::Error for ParsePositionError {}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(text: &str) -> Result<Position, ParsePositionError> {
        let mut fields: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
        if let [placement, _, castling, ..] = fields.as_mut_slice() {
            *castling = shredder(placement, castling);
        }
        // The clocks are dropped: a record names its position by its EPD, which must say all
        // the engine was told (Stockfish's win/draw/loss depends on the move number).
        let full = match fields.get(..4) {
            Some(epd) if fields.len() == 4 || fields.len() == 6 => format!("{} 0 1", epd.join(" ")),
            _ => String::new(),
        };
        Board::from_fen(&full, true)
            .map(|board| Position { board })
            .map_err(|_| ParsePositionError::NotAFen {
                text: text.to_owned(),
            })
    }
}

/// `castling` with X-FEN's `KQkq` written as the files of the rooks they name (each side's
/// outermost rook on that side of its king), as Shredder-FEN writes them; the rest as it is.
fn shredder(placement: &str, castling: &str) -> String {
    let rank = |white: bool| -> Vec<char> {
        let row = match white {
            true => placement.rsplit('/').next(),
            false => placement.split('/').next(),
        };
        let mut squares = Vec::with_capacity(8);
        for c in row.unwrap_or("").chars() {
            match c.to_digit(10) {
                Some(n) => squares.extend(std::iter::repeat_n(' ', n as usize)),
                None => squares.push(c),
            }
        }
        squares
    };
    let rook_file = |white: bool, king_side: bool| -> Option<char> {
        let squares = rank(white);
        let (king, rook) = if white { ('K', 'R') } else { ('k', 'r') };
        let king_at = squares.iter().position(|&c| c == king)?;
        let files = (0..squares.len()).filter(|&f| squares.get(f) == Some(&rook));
        let file = match king_side {
            true => files.filter(|&f| f > king_at).max()?,
            false => files.filter(|&f| f < king_at).min()?,
        };
        // A rank of more than eight squares is no FEN's (the board's parser says so).
        let letter = char::from(b'a'.checked_add(u8::try_from(file).ok().filter(|&f| f < 8)?)?);
        Some(if white {
            letter.to_ascii_uppercase()
        } else {
            letter
        })
    };
    castling
        .chars()
        .map(|c| match c {
            'K' => rook_file(true, true).unwrap_or(c),
            'Q' => rook_file(true, false).unwrap_or(c),
            'k' => rook_file(false, true).unwrap_or(c),
            'q' => rook_file(false, false).unwrap_or(c),
            c => c,
        })
        .collect()
}

/// The Shredder EPD: placement, side to move, castling rooks' files, en passant square.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = format!("{:#}", self.board);
        let epd: Vec<&str> = fen.split(' ').take(4).collect();
        f.write_str(&epd.join(" "))
    }
}

impl Position {
    /// Whether White is to move (an engine's scores are then White's).
    pub fn white_to_move(&self) -> bool {
        self.board.side_to_move() == Color::White
    }

    /// The FEN sent to an engine, castling written in `notation`.
    pub(crate) fn fen(&self, notation: CastlingNotation) -> String {
        match notation {
            CastlingNotation::Shredder => format!("{:#}", self.board),
            _ => format!("{}", self.board),
        }
    }

    /// Whether the side to move has a legal move.
    pub(crate) fn has_moves(&self) -> bool {
        self.board.generate_moves(|_| true)
    }

    /// How many legal moves the side to move has: the most lines an analysis can have (an
    /// engine gives one, without moves, where there is none).
    ///
    /// ```
    /// use chess960_engine::Position;
    ///
    /// let start: Position = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -".parse()?;
    /// assert_eq!(start.legal_moves(), 20);
    /// # Ok::<(), chess960_engine::ParsePositionError>(())
    /// ```
    pub fn legal_moves(&self) -> usize {
        let mut count = 0;
        self.board.generate_moves(|moves| {
            count += moves.len();
            false
        });
        count
    }

    /// `moves` played one after another from the position, each castling written as the king
    /// taking its rook; the place of the first that is not legal where it is played, and the
    /// move.
    pub(crate) fn legal_line(&self, moves: &[UciMove]) -> Result<Vec<UciMove>, (usize, UciMove)> {
        let mut board = self.board.clone();
        let mut line = Vec::with_capacity(moves.len());
        for (at, &mv) in moves.iter().enumerate() {
            let text = mv.to_string();
            let played = [
                text.parse::<Move>().ok(),
                cozy_chess::util::parse_uci_move(&board, &text).ok(),
            ]
            .into_iter()
            .flatten()
            .find(|&mv| board.is_legal(mv));
            let Some(played) = played else {
                return Err((at, mv));
            };
            let kxr: UciMove = played.to_string().parse().map_err(|_| (at, mv))?;
            line.push(kxr);
            board.play_unchecked(played);
        }
        Ok(line)
    }
}

//! Feature `shakmaty` or `cozy-chess`: conversions to and from the boards of other Rust chess
//! crates (`shakmaty.rs`, `cozy_chess.rs`), and [`BoardError`] (`error.rs`) when a board is
//! not a start. What both conversions share is here: the 32 pieces of a start, and reading a
//! board's 64 squares as one.
//!
//! | from a start                      | to a start (`TryFrom`, [`BoardError`])            |
//! |-----------------------------------|----------------------------------------------------|
//! | `shakmaty::Board`, `Setup`        | `&shakmaty::Board`, `&Setup`, `&Chess`             |
//! | `cozy_chess::BoardBuilder`        | `&cozy_chess::Board`                               |
//!
//! ```
//! # #[cfg(feature = "shakmaty")] {
//! use chess960::StartingPosition;
//!
//! let sp = StartingPosition::from_id(105)?;
//! assert_eq!(shakmaty::Board::from(sp), shakmaty::Board::chess960(105));
//! assert_eq!(StartingPosition::try_from(&shakmaty::Board::chess960(105))?, sp);
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "cozy-chess")]
mod cozy_chess;
mod error;
#[cfg(feature = "shakmaty")]
mod shakmaty;

pub use error::BoardError;

use crate::board::{Color, Rank, Square};
use crate::board::{File, Piece};
use crate::dfrc::DoubleStartingPosition;
use crate::position::StartingPosition;

/// The 32 pieces of `pair`'s start, each with its square, color and uppercase FEN letter
/// (`P` for the pawns).
fn pieces(pair: DoubleStartingPosition) -> impl Iterator<Item = (Square, Color, u8)> {
    let back_rank = |color: Color, sp: StartingPosition, rank: Rank| {
        File::ALL
            .into_iter()
            .zip(sp.to_ascii())
            .map(move |(file, letter)| (Square::new(file, rank), color, letter))
    };
    let pawns = |color: Color, rank: Rank| {
        File::ALL
            .into_iter()
            .map(move |file| (Square::new(file, rank), color, b'P'))
    };
    back_rank(Color::White, pair.white(), Rank::First)
        .chain(pawns(Color::White, Rank::Second))
        .chain(pawns(Color::Black, Rank::Seventh))
        .chain(back_rank(Color::Black, pair.black(), Rank::Eighth))
}

/// The start standing on a board, given each square's FEN letter (uppercase for White,
/// lowercase for Black; `None` for empty), read from rank 8 down, a to h: the first square
/// that holds the wrong thing, or the first back rank that is not a start's.
fn read_squares(
    letter_on: impl Fn(Square) -> Option<u8>,
) -> Result<DoubleStartingPosition, BoardError> {
    let wrong = |square: Square, found: Option<u8>| BoardError::Square {
        square,
        found: found.map(char::from),
    };
    let back_rank = |color: Color| {
        let rank = color.back_rank();
        let mut pieces = [Piece::King; 8];
        for (slot, file) in pieces.iter_mut().zip(File::ALL) {
            let square = Square::new(file, rank);
            let found = letter_on(square);
            let own = found.filter(|letter| match color {
                Color::White => letter.is_ascii_uppercase(),
                Color::Black => letter.is_ascii_lowercase(),
            });
            *slot = own
                .and_then(Piece::from_ascii)
                .ok_or(wrong(square, found))?;
        }
        StartingPosition::from_pieces(pieces).map_err(|error| BoardError::BackRank { color, error })
    };
    let black = back_rank(Color::Black)?;
    for (rank, expected) in [
        (Rank::Seventh, Some(b'p')),
        (Rank::Sixth, None),
        (Rank::Fifth, None),
        (Rank::Fourth, None),
        (Rank::Third, None),
        (Rank::Second, Some(b'P')),
    ] {
        for file in File::ALL {
            let square = Square::new(file, rank);
            let found = letter_on(square);
            if found != expected {
                return Err(wrong(square, found));
            }
        }
    }
    Ok(DoubleStartingPosition::new(back_rank(Color::White)?, black))
}

/// `pair` as one start position, if Black's is White's.
fn single(pair: DoubleStartingPosition) -> Result<StartingPosition, BoardError> {
    pair.single().ok_or(BoardError::BlackNotWhite {
        white: pair.white(),
        black: pair.black(),
    })
}

/// What a chess crate's position holds beside its pieces, as a start must have it.
struct Fields {
    white_to_move: bool,
    castling_on_the_four_rooks: bool,
    no_en_passant: bool,
    counters_0_1: bool,
}

/// `pair`, if `fields` are a start's; otherwise the first field that is not, in FEN's order.
fn with_fields(
    pair: DoubleStartingPosition,
    fields: Fields,
) -> Result<DoubleStartingPosition, BoardError> {
    if !fields.white_to_move {
        Err(BoardError::Turn)
    } else if !fields.castling_on_the_four_rooks {
        Err(BoardError::Castling {
            white: pair.white(),
            black: pair.black(),
        })
    } else if !fields.no_en_passant {
        Err(BoardError::EnPassant)
    } else if !fields.counters_0_1 {
        Err(BoardError::Counters)
    } else {
        Ok(pair)
    }
}

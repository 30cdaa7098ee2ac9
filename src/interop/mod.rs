//! Conversions to and from the boards of other Rust chess crates, each behind its feature:
//! `shakmaty.rs` and `cozy_chess.rs`. What they share is here: the 32 pieces of a start, and
//! reading 64 squares back as one.

#[cfg(feature = "cozy-chess")]
mod cozy_chess;
#[cfg(feature = "shakmaty")]
mod shakmaty;

use crate::castling::{Colour, Rank, Square};
use crate::checked::cannot_happen;
use crate::dfrc::DoubleStartingPosition;
use crate::fen::{FromFen, LONGEST_PLACEMENT, ParseFenError, read_placement};
use crate::piece::File;
use crate::position::StartingPosition;

/// The 32 pieces of `pair`'s start, each with its square, colour and uppercase FEN letter
/// (`P` for the pawns).
fn pieces(pair: DoubleStartingPosition) -> impl Iterator<Item = (Square, Colour, u8)> {
    let back_rank = |colour: Colour, sp: StartingPosition, rank: Rank| {
        File::ALL
            .into_iter()
            .zip(sp.to_ascii())
            .map(move |(file, letter)| (Square::new(file, rank), colour, letter))
    };
    let pawns = |colour: Colour, rank: Rank| {
        File::ALL
            .into_iter()
            .map(move |file| (Square::new(file, rank), colour, b'P'))
    };
    back_rank(Colour::White, pair.white(), Rank::First)
        .chain(pawns(Colour::White, Rank::Second))
        .chain(pawns(Colour::Black, Rank::Seventh))
        .chain(back_rank(Colour::Black, pair.black(), Rank::Eighth))
}

/// The start position standing on a board, given each square's FEN letter (uppercase for
/// White, lowercase for Black; `None` for empty): read as its FEN placement would be.
fn read_squares(
    letter_on: impl Fn(Square) -> Option<u8>,
) -> Result<DoubleStartingPosition, ParseFenError> {
    let mut placement = [0u8; LONGEST_PLACEMENT];
    let mut len = 0;
    let mut push = |byte: u8| {
        if let Some(slot) = placement.get_mut(len) {
            *slot = byte;
            len += 1;
        }
    };
    for (i, rank) in Rank::ALL.into_iter().rev().enumerate() {
        if i > 0 {
            push(b'/');
        }
        let mut empty = 0;
        for file in File::ALL {
            match letter_on(Square::new(file, rank)) {
                Some(letter) => {
                    if empty > 0 {
                        push(b'0' + empty);
                        empty = 0;
                    }
                    push(letter);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            push(b'0' + empty);
        }
    }
    let text = placement
        .get(..len)
        .and_then(|bytes| core::str::from_utf8(bytes).ok())
        .unwrap_or_else(|| cannot_happen(""));
    let (white, black) = read_placement(text)?;
    Ok(DoubleStartingPosition::new(white, black))
}

/// `pair` as one start position, if Black's is White's.
fn single(pair: DoubleStartingPosition) -> Result<StartingPosition, ParseFenError> {
    StartingPosition::from_back_ranks(pair.white(), pair.black())
}

/// What a chess crate's position holds beside its pieces, as a start must have it.
struct Fields {
    white_to_move: bool,
    castling_on_the_four_rooks: bool,
    no_en_passant: bool,
    counters_0_1: bool,
}

/// `pair`, if `fields` are a start's; otherwise the error a strict FEN read gives for the
/// first field that is not, in FEN's order.
fn with_fields(
    pair: DoubleStartingPosition,
    fields: Fields,
) -> Result<DoubleStartingPosition, ParseFenError> {
    if !fields.white_to_move {
        Err(ParseFenError::Turn)
    } else if !fields.castling_on_the_four_rooks {
        Err(ParseFenError::Castling {
            white: pair.white(),
            black: pair.black(),
        })
    } else if !fields.no_en_passant {
        Err(ParseFenError::EnPassant)
    } else if !fields.counters_0_1 {
        Err(ParseFenError::Counters)
    } else {
        Ok(pair)
    }
}

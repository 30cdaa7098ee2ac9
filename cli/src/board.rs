//! `chess960 show`: a start position drawn on a board of light and dark squares.

use std::io::{self, Write};

use chess960::Color;
use chess960::{DoubleStartingPosition, Piece};

/// What stands on a square of a start position.
#[derive(Clone, Copy)]
enum Square {
    Empty,
    Piece(Piece, Color),
    Pawn(Color),
}

impl Square {
    /// The square `file` (0 for a) on `rank` (1 to 8) of `pair`'s start position.
    fn of(pair: DoubleStartingPosition, file: usize, rank: usize) -> Square {
        let white = pair.white().pieces().get(file).copied();
        let black = pair.black().pieces().get(file).copied();
        match (rank, white, black) {
            (1, Some(piece), _) => Square::Piece(piece, Color::White),
            (8, _, Some(piece)) => Square::Piece(piece, Color::Black),
            (2, _, _) => Square::Pawn(Color::White),
            (7, _, _) => Square::Pawn(Color::Black),
            _ => Square::Empty,
        }
    }

    /// The chess symbol, or `None` for an empty square.
    fn symbol(self) -> Option<char> {
        match self {
            Square::Empty => None,
            Square::Piece(piece, Color::White) => Some(piece.white_symbol()),
            Square::Piece(piece, Color::Black) => Some(piece.black_symbol()),
            Square::Pawn(Color::White) => Some('♙'),
            Square::Pawn(Color::Black) => Some('♟'),
        }
    }
}

/// Writes the board, rank 8 at the top. With `colour`, squares are ANSI backgrounds; without,
/// dark squares are shaded `░`, so the bishops' colours show in plain text too.
pub fn write(out: &mut impl Write, pair: DoubleStartingPosition, colour: bool) -> io::Result<()> {
    writeln!(out, "   a  b  c  d  e  f  g  h")?;
    for rank in (1..=8).rev() {
        write!(out, "{rank} ")?;
        for file in 0..8 {
            let dark = (file + rank) % 2 == 1;
            let symbol = Square::of(pair, file, rank).symbol();
            match (colour, symbol) {
                (true, symbol) => {
                    let background = if dark { 137 } else { 223 };
                    write!(
                        out,
                        "\x1b[48;5;{background}m\x1b[38;5;16m {} ",
                        symbol.unwrap_or(' ')
                    )?;
                }
                (false, Some(c)) if dark => write!(out, "░{c}░")?,
                (false, Some(c)) => write!(out, " {c} ")?,
                (false, None) if dark => write!(out, "░░░")?,
                (false, None) => write!(out, "   ")?,
            }
        }
        if colour {
            write!(out, "\x1b[0m")?;
        }
        writeln!(out, " {rank}")?;
    }
    writeln!(out, "   a  b  c  d  e  f  g  h")
}

//! `chess960 show`: a start position drawn on a board of light and dark squares.

use std::io::{self, Write};

use chess960::{File, Piece, StartingPosition};

/// What stands on a square of the start position, if anything: (piece, is white).
fn square(sp: StartingPosition, file: usize, rank: usize) -> Option<(Option<Piece>, bool)> {
    match rank {
        1 => sp.pieces().get(file).map(|&p| (Some(p), true)),
        8 => sp.pieces().get(file).map(|&p| (Some(p), false)),
        2 => Some((None, true)),
        7 => Some((None, false)),
        _ => None,
    }
}

fn symbol(piece: Option<Piece>, white: bool) -> char {
    match (piece, white) {
        (Some(p), true) => p.white_symbol(),
        (Some(p), false) => p.black_symbol(),
        (None, true) => '♙',
        (None, false) => '♟',
    }
}

/// Draws the board, rank 8 at the top. With `colour`, squares are ANSI backgrounds; without,
/// dark squares are shaded `░`, so the bishops' colours show in plain text too.
pub fn draw(out: &mut impl Write, sp: StartingPosition, colour: bool) -> io::Result<()> {
    writeln!(out, "   a  b  c  d  e  f  g  h")?;
    for rank in (1..=8).rev() {
        write!(out, "{rank} ")?;
        for file in 0..8 {
            let dark = (file + rank) % 2 == 1;
            let content = square(sp, file, rank).map(|(p, white)| symbol(p, white));
            match (colour, content) {
                (true, content) => {
                    let background = if dark { 137 } else { 223 };
                    write!(
                        out,
                        "\x1b[48;5;{background}m\x1b[38;5;16m {} ",
                        content.unwrap_or(' ')
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
    writeln!(out, "   a  b  c  d  e  f  g  h")?;
    let [light, dark] = sp.bishop_files();
    let on_rank_1 = |file: File| format!("{file}1");
    writeln!(
        out,
        "bishops {} (light) and {} (dark); king {}, rooks {} and {}",
        on_rank_1(light),
        on_rank_1(dark),
        on_rank_1(sp.king_file()),
        on_rank_1(sp.queenside_rook_file()),
        on_rank_1(sp.kingside_rook_file()),
    )
}

//! What `id`, `rank`, `fen`, `show` and the bare command print for one POS.

use std::io::{self, Write};

use chess960::fen::{CastlingNotation, Fen};
use chess960::numbering::Numbering;
use chess960::{DoubleStartingPosition, StartingPosition};

use crate::board;

/// What to print for each POS.
#[derive(Clone, Copy)]
pub enum Output {
    Number,
    Rank,
    Summary,
    Fen {
        shredder: bool,
        black: Option<StartingPosition>,
    },
    Board {
        colour: bool,
    },
}

/// Writes `sp` as `output` asks, ending with a newline.
pub fn write(
    out: &mut impl Write,
    output: Output,
    numbering: Numbering,
    sp: StartingPosition,
) -> io::Result<()> {
    match output {
        Output::Number => writeln!(out, "{}", numbering.number(sp)),
        Output::Rank => {
            let mut line = [b'\n'; 9];
            line[..8].copy_from_slice(&sp.to_ascii());
            out.write_all(&line)
        }
        Output::Summary => writeln!(out, "{}", summary(sp, numbering)),
        Output::Fen { shredder, black } => {
            let pair = DoubleStartingPosition::new(sp, black.unwrap_or(sp));
            let notation = if shredder {
                CastlingNotation::Shredder
            } else {
                CastlingNotation::XFen
            };
            let fen = Fen::new(pair, notation);
            writeln!(out, "{fen}")
        }
        Output::Board { colour } => {
            writeln!(out, "{}", summary(sp, numbering))?;
            board::write(out, sp, colour)
        }
    }
}

/// `518 RNBQKBNR ♖♘♗♕♔♗♘♖ king e1, rooks a1 h1, bishops c1 f1 (standard chess)`
fn summary(sp: StartingPosition, numbering: Numbering) -> String {
    let pieces = sp.pieces();
    let mut bishops = sp.bishop_files();
    bishops.sort_unstable();
    let symbols: String = pieces.iter().map(|p| p.white_symbol()).collect();
    let mut notes = Vec::new();
    if numbering != Numbering::Scharnagl {
        notes.push(format!("SP {}", sp.id()));
    }
    if sp == StartingPosition::STANDARD {
        notes.push("standard chess".to_owned());
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    let [first_bishop, second_bishop] = bishops;
    format!(
        "{} {sp} {symbols} king {}1, rooks {}1 {}1, bishops {first_bishop}1 {second_bishop}1{notes}",
        numbering.number(sp),
        sp.king_file(),
        sp.queenside_rook_file(),
        sp.kingside_rook_file(),
    )
}

//! What `id`, `rank`, `fen`, `show` and the bare command print for one start or pair: a pair
//! whose sides differ is answered as a pair (`105 451`).

use std::io::{self, Write};

use chess960::fen::{CastlingNotation, Fen};
use chess960::numbering::Numbering;
use chess960::{DoubleStartingPosition, StartingPosition};

use crate::{board, table};

/// What to print for each POS.
#[derive(Clone, Copy)]
pub enum Output {
    Number,
    Rank,
    Summary,
    Fen { notation: CastlingNotation },
    Board { colour: bool },
}

/// Writes `pair` as `output` asks, ending with a newline.
pub fn write(
    out: &mut impl Write,
    output: Output,
    numbering: Numbering,
    pair: DoubleStartingPosition,
) -> io::Result<()> {
    let (white, black) = (pair.white(), pair.black());
    match (output, pair.single()) {
        (Output::Number, Some(sp)) => writeln!(out, "{}", numbering.number(sp)),
        (Output::Number, None) => {
            writeln!(
                out,
                "{} {}",
                numbering.number(white),
                numbering.number(black)
            )
        }
        (Output::Rank, Some(sp)) => {
            let mut line = [b'\n'; 9];
            line[..8].copy_from_slice(&sp.to_ascii());
            out.write_all(&line)
        }
        (Output::Rank, None) => writeln!(out, "{white} {black}"),
        (Output::Summary, _) => writeln!(out, "{}", summary(pair, numbering)),
        (Output::Fen { notation }, _) => writeln!(out, "{}", Fen::new(pair, notation)),
        (Output::Board { colour }, single) => {
            writeln!(out, "{}", summary(pair, numbering))?;
            board::write(out, pair, colour)?;
            match single.and_then(table::line) {
                Some(line) => writeln!(out, "{line}"),
                None => Ok(()),
            }
        }
    }
}

/// `518 RNBQKBNR ♖♘♗♕♔♗♘♖ king e1, rooks a1 h1, bishops c1 f1 (standard chess)`; a pair:
/// `105 QNRBBNKR 451 BRNNKQRB ♕♘♖♗♗♘♔♖ king g1, …; ♝♜♞♞♚♛♜♝ king e8, …`.
fn summary(pair: DoubleStartingPosition, numbering: Numbering) -> String {
    let name = |sp: StartingPosition| format!("{} {sp}", numbering.number(sp));
    let mut notes = Vec::new();
    match pair.single() {
        Some(sp) => {
            if numbering != Numbering::Scharnagl {
                notes.push(format!("SP {}", sp.id()));
            }
            if sp == StartingPosition::STANDARD {
                notes.push("standard chess".to_owned());
            }
        }
        None if numbering != Numbering::Scharnagl => {
            notes.push(format!(
                "SP {} and {}",
                pair.white().id(),
                pair.black().id()
            ));
        }
        None => {}
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    match pair.single() {
        Some(sp) => format!("{} {}{notes}", name(sp), pieces(sp, '1')),
        None => format!(
            "{} {} {}; {}{notes}",
            name(pair.white()),
            name(pair.black()),
            pieces(pair.white(), '1'),
            pieces(pair.black(), '8')
        ),
    }
}

/// `♖♘♗♕♔♗♘♖ king e1, rooks a1 h1, bishops c1 f1`, on `rank`, in the side's own symbols.
fn pieces(sp: StartingPosition, rank: char) -> String {
    let symbols: String = sp
        .pieces()
        .iter()
        .map(|p| {
            if rank == '1' {
                p.white_symbol()
            } else {
                p.black_symbol()
            }
        })
        .collect();
    let mut bishops = sp.bishop_files();
    bishops.sort_unstable();
    let [first_bishop, second_bishop] = bishops;
    format!(
        "{symbols} king {}{rank}, rooks {}{rank} {}{rank}, bishops {first_bishop}{rank} {second_bishop}{rank}",
        sp.king_file(),
        sp.queenside_rook_file(),
        sp.kingside_rook_file(),
    )
}

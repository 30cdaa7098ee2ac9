//! `chess960 castling`: the four castlings of a POS, as a small table or a JSON array.

use std::io::{self, Write};

use chess960::castling::{Castling, Squares};
use chess960::numbering::Numbering;
use chess960::{DoubleStartingPosition, StartingPosition};

use serde::Serialize;

use crate::args::CastlingFormat;
use crate::json;

/// Writes the castlings of `pair` (White's from White's position, Black's from Black's).
pub fn write(
    out: &mut impl Write,
    pair: DoubleStartingPosition,
    format: CastlingFormat,
    numbering: Numbering,
) -> io::Result<()> {
    match format {
        CastlingFormat::Text => table(out, pair, numbering),
        CastlingFormat::Json => json(out, pair),
    }
}

/// ```text
/// 518 RNBQKBNR
/// color   side       king   rook   must be empty   king passes        UCI   two squares
/// white   kingside   e1-g1  h1-f1  f1 g1           e1 f1 g1           e1h1  e1g1
/// ```
/// then a blank line.
fn table(
    out: &mut impl Write,
    pair: DoubleStartingPosition,
    numbering: Numbering,
) -> io::Result<()> {
    let name = |sp: StartingPosition| format!("{} {sp}", numbering.number(sp));
    if pair.white() == pair.black() {
        writeln!(out, "{}", name(pair.white()))?;
    } else {
        let (white, black) = (name(pair.white()), name(pair.black()));
        writeln!(out, "white {white}, black {black}")?;
    }
    writeln!(
        out,
        "color   side       king   rook   must be empty   king passes        UCI   two squares"
    )?;
    for castling in Castling::all(pair) {
        let must_be_empty = match castling.must_be_empty() {
            none if none.is_empty() => "-".to_owned(),
            squares => squares.to_string(),
        };
        let two_squares = castling
            .uci_king_two_squares()
            .map_or_else(|| "-".to_owned(), |mv| mv.to_string());
        let line = format!(
            "{:<7} {:<10} {}-{}  {}-{}  {:<15} {:<18} {:<5} {two_squares}",
            castling.color().to_string(),
            castling.side().to_string(),
            castling.king_from(),
            castling.king_to(),
            castling.rook_from(),
            castling.rook_to(),
            must_be_empty,
            castling.king_passes().to_string(),
            castling.uci_king_takes_rook().to_string(),
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    writeln!(out)
}

/// One line: a JSON array of the four castlings, each an object with the keys in the order
/// `Castling`'s methods give them.
fn json(out: &mut impl Write, pair: DoubleStartingPosition) -> io::Result<()> {
    let records: Vec<Record> = Castling::all(pair).into_iter().map(Record::from).collect();
    json::write_line(out, &records)
}

/// A castling as JSON: squares and moves as their names.
#[derive(Serialize)]
struct Record {
    color: String,
    side: String,
    king_from: String,
    king_to: String,
    rook_from: String,
    rook_to: String,
    must_be_empty: Vec<String>,
    king_passes: Vec<String>,
    uci_king_takes_rook: String,
    uci_king_two_squares: Option<String>,
}

impl From<Castling> for Record {
    fn from(castling: Castling) -> Record {
        let names = |squares: Squares| squares.iter().map(|s| s.to_string()).collect();
        Record {
            color: castling.color().to_string(),
            side: castling.side().to_string(),
            king_from: castling.king_from().to_string(),
            king_to: castling.king_to().to_string(),
            rook_from: castling.rook_from().to_string(),
            rook_to: castling.rook_to().to_string(),
            must_be_empty: names(castling.must_be_empty()),
            king_passes: names(castling.king_passes()),
            uci_king_takes_rook: castling.uci_king_takes_rook().to_string(),
            uci_king_two_squares: castling.uci_king_two_squares().map(|mv| mv.to_string()),
        }
    }
}

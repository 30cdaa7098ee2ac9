//! `chess960 castling`: the four castlings of a POS, as a small table or a JSON array.

use std::io::{self, Write};

use chess960::castling::{Castling, Squares};
use chess960::numbering::Numbering;
use chess960::{DoubleStartingPosition, StartingPosition};

use crate::args::CastlingFormat;

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
/// colour  side       king   rook   must be empty   king passes        UCI   two squares
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
        "colour  side       king   rook   must be empty   king passes        UCI   two squares"
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
            castling.colour().to_string(),
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
    let objects: Vec<String> = Castling::all(pair).into_iter().map(object).collect();
    writeln!(out, "[{}]", objects.join(", "))
}

fn object(castling: Castling) -> String {
    let two_squares = castling
        .uci_king_two_squares()
        .map_or_else(|| "null".to_owned(), |mv| format!("\"{mv}\""));
    format!(
        concat!(
            "{{\"colour\": \"{}\", \"side\": \"{}\", ",
            "\"king_from\": \"{}\", \"king_to\": \"{}\", \"rook_from\": \"{}\", \"rook_to\": \"{}\", ",
            "\"must_be_empty\": {}, \"king_passes\": {}, ",
            "\"uci_king_takes_rook\": \"{}\", \"uci_king_two_squares\": {}}}"
        ),
        castling.colour(),
        castling.side(),
        castling.king_from(),
        castling.king_to(),
        castling.rook_from(),
        castling.rook_to(),
        array(castling.must_be_empty()),
        array(castling.king_passes()),
        castling.uci_king_takes_rook(),
        two_squares,
    )
}

/// `["f1", "g1"]`
fn array(squares: Squares) -> String {
    let names: Vec<String> = squares
        .iter()
        .map(|square| format!("\"{square}\""))
        .collect();
    format!("[{}]", names.join(", "))
}

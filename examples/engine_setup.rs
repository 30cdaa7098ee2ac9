//! An engine (or a GUI talking to one) sets up the start of a Chess960 game from its number:
//! the FEN for `position fen`, and the four castlings as a UCI_Chess960 engine writes them.
//!
//!     cargo run --example engine_setup 105
//!     cargo run --example engine_setup 105 451    # Double Fischer Random: White 105, Black 451

use std::process::ExitCode;

use chess960::castling::Castling;
use chess960::fen::{CastlingNotation, Fen};
use chess960::{DoubleStartingPosition, StartingPosition};

fn main() -> ExitCode {
    let ids: Vec<String> = std::env::args().skip(1).collect();
    let start = match ids.as_slice() {
        [white] => position(white).map(DoubleStartingPosition::from),
        [white, black] => position(white)
            .and_then(|white| Ok(DoubleStartingPosition::new(white, position(black)?))),
        _ => Err("usage: engine_setup ID [BLACK_ID]".to_owned()),
    };
    let start = match start {
        Ok(start) => start,
        Err(err) => {
            eprintln!("{err}");
            return ExitCode::FAILURE;
        }
    };
    // Engines with UCI_Chess960 read either castling notation; Shredder-FEN names the rooks.
    println!("setoption name UCI_Chess960 value true");
    println!(
        "position fen {}",
        Fen::new(start, CastlingNotation::Shredder)
    );
    for castling in Castling::all(start) {
        println!("{castling}: {}", castling.uci_king_takes_rook());
    }
    ExitCode::SUCCESS
}

/// A Scharnagl id, 0..=959.
fn position(text: &str) -> Result<StartingPosition, String> {
    let id: u16 = text.parse().map_err(|err| format!("{text}: {err}"))?;
    StartingPosition::from_id(id).map_err(|err| err.to_string())
}

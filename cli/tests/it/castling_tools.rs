//! `chess960 castling`, checked by the tools that play castling (`.ci/run` installs them; see
//! `common::tool` for when a missing one fails or skips):
//! - python-chess (`CHESS960_PYTHON`, chess==1.11.2), for all 960 and every 997th DFRC pair,
//!   both colours and sides: the one legal castling has our spellings, and our must-be-empty
//!   and king-passes squares are exactly where a knight or an attack forbids it
//!   (`scripts/python-chess-castling.py`);
//! - Stockfish with UCI_Chess960, on the same starts with only kings and rooks left on the back
//!   ranks: `go perft 1` lists exactly the castlings our squares allow, as king takes rook.

use crate::common;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::Command;

use chess960::Color;
use chess960::castling::Castling;
use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::numbering::DfrcNumbering;
use chess960::{DoubleStartingPosition, StartingPosition};
use common::{chess960, run_piped, text};

/// All 960, and every 997th Double Fischer Random pair.
fn starts() -> Vec<DoubleStartingPosition> {
    let single = StartingPosition::all().map(|sp| DoubleStartingPosition::new(sp, sp));
    let dfrc = (0..DoubleStartingPosition::COUNT)
        .step_by(997)
        .map(|n| DfrcNumbering::Clover.pair(n).unwrap());
    single.chain(dfrc).collect()
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn python_chess_castles_exactly_as_the_json_says() {
    let python = std::env::var_os("CHESS960_PYTHON").map(PathBuf::from);
    let install = "set CHESS960_PYTHON to a Python with `pip install chess==1.11.2`";
    let python = common::tool("python-chess", python, install);
    let starts = starts();
    let fens: String = starts
        .iter()
        .map(|p| format!("{}\n", Fen::new(*p, CastlingNotation::XFen)))
        .collect();
    let out = chess960(&["castling", "--format", "json"], fens.as_bytes());
    assert_eq!((text(&out.stderr), out.status.code()), ("", Some(0)));
    let input: String = starts
        .iter()
        .zip(text(&out.stdout).lines())
        .map(|(p, json)| format!("{} {}\t{json}\n", p.white().id(), p.black().id()))
        .collect();
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/python-chess-castling.py"
    );
    let (out, written) = run_piped(Command::new(&python).arg(script), input.into_bytes());
    written.unwrap();
    assert_eq!(text(&out.stderr), "");
    let checked = format!(" checked {} castlings\n", starts.len() * 4);
    assert!(
        text(&out.stdout).ends_with(&checked),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(out.status.code(), Some(0));
}

/// The start's FEN with only kings and rooks on the back ranks, `turn` to move.
fn kings_and_rooks(pair: DoubleStartingPosition, turn: char) -> String {
    let rank = |sp: StartingPosition, upper: bool| {
        let mut text = String::new();
        let mut empty = 0;
        for c in sp.to_string().chars() {
            if c == 'K' || c == 'R' {
                if empty > 0 {
                    text += &empty.to_string();
                    empty = 0;
                }
                text.push(if upper { c } else { c.to_ascii_lowercase() });
            } else {
                empty += 1;
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
        text
    };
    let fen = Fen::new(pair, CastlingNotation::Shredder);
    let fields: Vec<&str> = fen.as_str().split(' ').collect();
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{} {turn} {} - 0 1",
        rank(pair.black(), false),
        rank(pair.white(), true),
        fields[2]
    )
}

/// The castlings of `colour` that the other rook does not block, as king takes rook.
fn allowed(pair: DoubleStartingPosition, colour: Color) -> BTreeSet<String> {
    let castlings = Castling::all(pair);
    let own: Vec<_> = castlings.iter().filter(|c| c.color() == colour).collect();
    let rooks: Vec<_> = own.iter().map(|c| c.rook_from()).collect();
    own.iter()
        .filter(|c| !rooks.iter().any(|&rook| c.must_be_empty().contains(rook)))
        .map(|c| c.uci_king_takes_rook().to_string())
        .collect()
}

#[test]
#[ignore = "needs Stockfish: `cargo test -- --ignored`, as .ci/run does"]
fn stockfish_perft_lists_exactly_the_castlings_our_squares_allow() {
    let installed = Some(PathBuf::from("/usr/games/stockfish"));
    let stockfish = common::tool("stockfish", installed, "apt-get install stockfish");
    let starts = starts();
    let mut uci = String::from("uci\nsetoption name UCI_Chess960 value true\n");
    let mut expected = Vec::new();
    for &pair in &starts {
        for (turn, colour) in [('w', Color::White), ('b', Color::Black)] {
            uci += &format!("position fen {}\ngo perft 1\n", kings_and_rooks(pair, turn));
            let castlings = Castling::all(pair);
            let king = castlings
                .iter()
                .find(|c| c.color() == colour)
                .unwrap()
                .king_from();
            let rooks: Vec<String> = castlings
                .iter()
                .filter(|c| c.color() == colour)
                .map(|c| c.rook_from().to_string())
                .collect();
            expected.push((king.to_string(), rooks, allowed(pair, colour)));
        }
    }
    uci += "quit\n";
    let (out, written) = run_piped(&mut Command::new(&stockfish), uci.into_bytes());
    written.unwrap();
    assert_eq!(out.status.code(), Some(0));
    // Each `go perft 1` prints `move: 1` lines, then `Nodes searched: N`.
    let mut listings = vec![Vec::new()];
    for line in text(&out.stdout).lines() {
        if let Some((mv, "1")) = line.split_once(": ") {
            listings.last_mut().unwrap().push(mv.to_owned());
        } else if line.starts_with("Nodes searched: ") {
            listings.push(Vec::new());
        }
    }
    listings.pop();
    assert_eq!(listings.len(), expected.len());
    let mut castlings = 0;
    for (n, (moves, (king, rooks, allowed))) in listings.iter().zip(&expected).enumerate() {
        // A move of the king onto its own rook's square is a castling (UCI_Chess960).
        let castles: BTreeSet<String> = moves
            .iter()
            .filter(|mv| mv[..2] == *king && rooks.iter().any(|r| mv[2..4] == *r))
            .cloned()
            .collect();
        assert_eq!(&castles, allowed, "start {} {:?}", n / 2, starts[n / 2]);
        castlings += castles.len();
    }
    // Most starts allow both castlings; where the other rook stands in the way, fewer.
    assert!(castlings > starts.len() * 2 && castlings < starts.len() * 4);
}

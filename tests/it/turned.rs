//! Boards turned 180°, as an electronic board reads them with White at the top: every start
//! position, turned square by square on an 8×8 grid here (not by reversing text), reads back.

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::fen::{FenReader, Orientation, ParseFenError};
use chess960::numbering::DfrcNumbering;
use chess960::{DoubleStartingPosition, StartingPosition};

/// The 64 squares of a placement, rank 8 first, `None` for empty.
fn grid(placement: &str) -> [[Option<char>; 8]; 8] {
    let mut grid = [[None; 8]; 8];
    for (row, rank) in placement.split('/').enumerate() {
        let mut file = 0;
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as usize,
                None => {
                    grid[row][file] = Some(c);
                    file += 1;
                }
            }
        }
        assert_eq!(file, 8);
    }
    grid
}

fn placement(grid: &[[Option<char>; 8]; 8]) -> String {
    let ranks: Vec<String> = grid
        .iter()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for square in row {
                match square {
                    Some(c) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push(*c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    ranks.join("/")
}

/// The board seen from the other side: the square at (row, file) goes to (7 - row, 7 - file).
fn turned(placement_text: &str) -> String {
    let upright = grid(placement_text);
    let mut turned = [[None; 8]; 8];
    for row in 0..8 {
        for file in 0..8 {
            turned[7 - row][7 - file] = upright[row][file];
        }
    }
    placement(&turned)
}

#[test]
fn every_position_turned_reads_back_and_says_so() {
    for sp in StartingPosition::all() {
        let fen = Fen::new(sp, CastlingNotation::XFen);
        let upright = fen.as_str().split(' ').next().unwrap();
        let turned = turned(upright);
        assert_ne!(turned, upright);
        assert_eq!(
            FenReader::STRICT.read_either_way::<StartingPosition>(&turned),
            Ok((sp, Orientation::Turned))
        );
        assert_eq!(
            FenReader::STRICT.read_either_way::<StartingPosition>(upright),
            Ok((sp, Orientation::Upright))
        );
        // A full FEN: only the placement is turned.
        let full = fen.as_str().replacen(upright, &turned, 1);
        assert_eq!(
            FenReader::STRICT.read_either_way::<StartingPosition>(&full),
            Ok((sp, Orientation::Turned))
        );
        let shredder = Fen::new(sp, CastlingNotation::Shredder);
        let full = shredder.as_str().replacen(upright, &turned, 1);
        assert_eq!(
            FenReader::STRICT.read_either_way::<StartingPosition>(&full),
            Ok((sp, Orientation::Turned))
        );
        // The plain reader still wants FEN's own orientation.
        assert!(FenReader::STRICT.read::<StartingPosition>(&turned).is_err());
    }
}

#[test]
fn dfrc_pairs_turned_read_back() {
    for n in (0..DoubleStartingPosition::COUNT).step_by(101) {
        let pair = DfrcNumbering::Clover.pair(n).unwrap();
        let fen = Fen::new(pair, CastlingNotation::XFen);
        let upright = fen.as_str().split(' ').next().unwrap();
        let turned = turned(upright);
        assert_eq!(
            FenReader::STRICT.read_either_way::<DoubleStartingPosition>(&turned),
            Ok((pair, Orientation::Turned))
        );
        let full = fen.as_str().replacen(upright, &turned, 1);
        assert_eq!(
            FenReader::STRICT.read_either_way::<DoubleStartingPosition>(&full),
            Ok((pair, Orientation::Turned))
        );
        let single = FenReader::STRICT.read_either_way::<StartingPosition>(&turned);
        if pair.white() == pair.black() {
            assert_eq!(single, Ok((pair.white(), Orientation::Turned)));
        } else {
            assert_eq!(
                single,
                Err(ParseFenError::BlackNotWhite {
                    white: pair.white(),
                    black: pair.black()
                })
            );
        }
    }
}

#[test]
fn neither_way_up_is_an_error_from_the_likelier_side() {
    let read = |fen: &str| FenReader::STRICT.read_either_way::<StartingPosition>(fen);
    // Upright, one pawn short: the upright reading's error.
    assert_eq!(
        read("rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR"),
        Err(ParseFenError::Pawns { rank: 7 })
    );
    // Turned, one pawn short: the turned reading's error (White's pawns, rank 2).
    assert_eq!(
        read("RNBKQBNR/1PPPPPPP/8/8/8/8/pppppppp/rnbkqbnr"),
        Err(ParseFenError::Pawns { rank: 2 })
    );
    assert_eq!(read(""), Err(ParseFenError::Empty));
    assert_eq!(
        read("♜♞♝♛♚♝♞♜/8"),
        Err(ParseFenError::RankCount { found: 2 })
    );
    let long = "R".repeat(100);
    assert_eq!(read(&long), Err(ParseFenError::RankCount { found: 1 }));
    // The other fields are read as written, not turned.
    let fen = "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr b KQkq - 0 1";
    assert_eq!(read(fen), Err(ParseFenError::Turn));
    assert_eq!(
        FenReader::STRICT
            .ignore_turn()
            .read_either_way::<StartingPosition>(fen),
        Ok((StartingPosition::STANDARD, Orientation::Turned))
    );
}

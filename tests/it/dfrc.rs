//! Double Fischer Random: FENs against python-chess, both single-number conventions.

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::fen::FenReader;
use chess960::fen::ParseFenError;
use chess960::numbering::{DfrcNumbering, NumberError};
use chess960::{DoubleStartingPosition, StartingPosition};

fn sp(id: u16) -> StartingPosition {
    StartingPosition::from_id(id).unwrap()
}

/// 1,007 pairs whose FENs python-chess wrote and read back (scripts/python-chess-fixtures.py).
#[test]
fn fens_equal_python_chess_both_ways() {
    let mut count = 0;
    for line in include_str!("fixtures/python-chess-dfrc.txt").lines() {
        let cells: Vec<&str> = line.split('|').collect();
        let pair = DoubleStartingPosition::new(
            sp(cells[0].parse().unwrap()),
            sp(cells[1].parse().unwrap()),
        );
        assert_eq!(Fen::new(pair, CastlingNotation::XFen).as_str(), cells[2]);
        assert_eq!(
            Fen::new(pair, CastlingNotation::Shredder).as_str(),
            cells[3]
        );
        assert_eq!(
            FenReader::STRICT.read::<DoubleStartingPosition>(cells[2]),
            Ok(pair)
        );
        assert_eq!(
            FenReader::STRICT.read::<DoubleStartingPosition>(cells[3]),
            Ok(pair)
        );
        let single = FenReader::STRICT.read::<StartingPosition>(cells[3]);
        if pair.white() == pair.black() {
            assert_eq!(single, Ok(pair.white()));
        } else {
            assert_eq!(
                single,
                Err(ParseFenError::BlackNotWhite {
                    white: pair.white(),
                    black: pair.black()
                })
            );
        }
        count += 1;
    }
    assert_eq!(count, 1007);
}

#[test]
fn the_issue_example_hcgb() {
    let pair = DoubleStartingPosition::new(sp(105), sp(451));
    assert!(
        Fen::new(pair, CastlingNotation::Shredder)
            .as_str()
            .ends_with(" w HCgb - 0 1")
    );
    let swapped = Fen::new(pair, CastlingNotation::Shredder)
        .as_str()
        .replace("HCgb", "bgCH");
    assert_eq!(
        FenReader::STRICT.read::<DoubleStartingPosition>(&swapped),
        Ok(pair)
    );
    let wrong = Fen::new(pair, CastlingNotation::Shredder)
        .as_str()
        .replace("HCgb", "HChc");
    assert_eq!(
        FenReader::STRICT
            .read::<DoubleStartingPosition>(&wrong)
            .unwrap_err()
            .to_string(),
        "castling: expected KQkq or HCgb (in any order)"
    );
}

#[test]
fn every_pair_reads_back_from_both_its_fens() {
    for white in StartingPosition::all() {
        for black in StartingPosition::all() {
            let pair = DoubleStartingPosition::new(white, black);
            assert_eq!(
                FenReader::STRICT.read::<DoubleStartingPosition>(
                    Fen::new(pair, CastlingNotation::XFen).as_str()
                ),
                Ok(pair)
            );
            let shredder = Fen::new(pair, CastlingNotation::Shredder);
            assert_eq!(
                FenReader::STRICT.read::<DoubleStartingPosition>(shredder.as_str()),
                Ok(pair)
            );
        }
    }
}

#[test]
fn both_numberings_cover_all_921600_pairs_once() {
    for numbering in [DfrcNumbering::Viridithas, DfrcNumbering::Clover] {
        let mut seen = vec![false; 921_600];
        for white in StartingPosition::all() {
            for black in StartingPosition::all() {
                let pair = DoubleStartingPosition::new(white, black);
                let n = numbering.number(pair);
                let expected = match numbering {
                    DfrcNumbering::Viridithas => {
                        u32::from(white.id()) + 960 * u32::from(black.id())
                    }
                    _ => 960 * u32::from(white.id()) + u32::from(black.id()),
                };
                assert_eq!(n, expected);
                assert_eq!(numbering.pair(n), Ok(pair));
                assert!(!std::mem::replace(&mut seen[n as usize], true));
            }
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(numbering.number(DoubleStartingPosition::STANDARD), 497_798);
        for number in [921_600, 1_000_000, u32::MAX] {
            assert_eq!(
                numbering.pair(number),
                Err(NumberError::DfrcOutOfRange { number, numbering })
            );
        }
    }
    assert_eq!(
        NumberError::DfrcOutOfRange {
            number: 921_600,
            numbering: DfrcNumbering::Clover
        }
        .to_string(),
        "Clover number 921600 is not in 0..=921599"
    );
}

/// Every pair, written as two ids, as two back ranks and as a Double Fischer Random FEN, reads
/// back as itself. The text is built here from python-chess's table of the 960 (its back ranks
/// cut from its FENs), not by the code under test.
#[test]
fn every_pair_reads_from_the_command_lines_grammar() {
    let ranks: Vec<&str> = include_str!("fixtures/python-chess-960.txt")
        .lines()
        .map(|line| {
            line.split(['|', '/'])
                .nth(8)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(ranks.len(), 960);
    let read = |text: &str| text.parse::<DoubleStartingPosition>();
    for (w, white) in ranks.iter().enumerate() {
        for (b, black) in ranks.iter().enumerate() {
            let pair = DoubleStartingPosition::new(sp(w as u16), sp(b as u16));
            assert_eq!(read(&format!("{w} {b}")), Ok(pair));
            let two_ranks = format!("{white} {black}");
            assert_eq!(read(&two_ranks), Ok(pair));
            assert_eq!(pair.to_string(), two_ranks);
            if w % 97 == 0 {
                let fen = format!(
                    "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1",
                    black.to_lowercase()
                );
                assert_eq!(read(&fen), Ok(pair), "{fen}");
            }
        }
        assert_eq!(
            read(&w.to_string()),
            Ok(DoubleStartingPosition::new(sp(w as u16), sp(w as u16)))
        );
    }
}

#[test]
fn text_that_is_not_a_pair_names_what_it_is_not() {
    use chess960::ParseStartError;
    let err = |text: &str| text.parse::<DoubleStartingPosition>().unwrap_err();
    assert_eq!(err(""), ParseStartError::Empty);
    assert_eq!(err("1 2 3"), ParseStartError::TooManyWords { words: 3 });
    assert_eq!(err("518 0x10"), ParseStartError::Unrecognised);
    assert!(matches!(err("518 RNBQKBNX"), ParseStartError::Rank(_)));
    assert!(matches!(
        err("-1"),
        ParseStartError::NumberNotInRange { .. }
    ));
    assert!(matches!(
        err("960"),
        ParseStartError::Number(NumberError::OutOfRange { .. })
    ));
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(err(fen), ParseStartError::Fen(ParseFenError::Turn));
    assert_eq!(
        StartingPosition::parse_numbered("105 451", chess960::numbering::Numbering::Scharnagl),
        Err(ParseStartError::Pair)
    );
}

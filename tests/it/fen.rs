//! Start FENs, written and read, against what python-chess writes (tests/fixtures/, made once
//! by scripts/python-chess-fixtures.py).

use std::fmt::Write as _;

use chess960::StartingPosition;
use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::fen::{FenField, FenReader, ParseFenError};

/// (id, X-FEN, Shredder-FEN) for all 960, as python-chess writes them.
pub fn python_chess_960() -> impl Iterator<Item = (u16, &'static str, &'static str)> {
    include_str!("fixtures/python-chess-960.txt")
        .lines()
        .map(|line| {
            let mut cells = line.split('|');
            let id = cells.next().unwrap().parse().unwrap();
            (id, cells.next().unwrap(), cells.next().unwrap())
        })
}

#[test]
fn written_fens_equal_python_chess_for_all_960() {
    let mut count = 0;
    for (id, xfen, shredder) in python_chess_960() {
        let sp = StartingPosition::from_id(id).unwrap();
        assert_eq!(Fen::new(sp, CastlingNotation::XFen).as_str(), xfen);
        assert_eq!(Fen::new(sp, CastlingNotation::Shredder).as_str(), shredder);
        count += 1;
    }
    assert_eq!(count, 960);
}

#[test]
fn python_chess_fens_read_back_to_their_ids() {
    for (id, xfen, shredder) in python_chess_960() {
        let sp = StartingPosition::from_id(id).unwrap();
        assert_eq!(FenReader::STRICT.read::<StartingPosition>(xfen), Ok(sp));
        assert_eq!(FenReader::STRICT.read::<StartingPosition>(shredder), Ok(sp));
        let placement = xfen.split(' ').next().unwrap();
        assert_eq!(
            FenReader::STRICT.read::<StartingPosition>(placement),
            Ok(sp)
        );
    }
}

/// Every order of the four castling letters, X-FEN, Shredder and mixed.
#[test]
fn castling_letters_in_any_order() {
    let sp = StartingPosition::from_id(105).unwrap(); // rooks on c and h
    let placement = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR";
    for letters in ["KQkq", "HChc", "KCkc", "HQhq"] {
        let chars: Vec<char> = letters.chars().collect();
        for perm in permutations(&chars) {
            let castling: String = perm.into_iter().collect();
            let fen = format!("{placement} w {castling} - 0 1");
            assert_eq!(
                FenReader::STRICT.read::<StartingPosition>(&fen),
                Ok(sp),
                "{fen}"
            );
        }
    }
    for castling in [
        "KQk", "KQkqq", "HAha", "KKkq", "-", "HChc-", "KQkq1", "hcHC ",
    ] {
        let fen = format!("{placement} w {castling} - 0 1");
        let expected = if castling == "hcHC " {
            Ok(sp) // trailing white space only separates fields
        } else {
            Err(ParseFenError::Castling {
                white: sp,
                black: sp,
            })
        };
        assert_eq!(
            FenReader::STRICT.read::<StartingPosition>(&fen),
            expected,
            "{fen}"
        );
    }
}

fn permutations(items: &[char]) -> Vec<Vec<char>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut all = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut perm in permutations(&rest) {
            perm.insert(0, first);
            all.push(perm);
        }
    }
    all
}

#[test]
fn options_relax_exactly_their_field() {
    let base = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let strict = FenReader::STRICT;
    let cases = [
        ("b KQkq - 0 1", strict.ignore_turn(), ParseFenError::Turn),
        (
            "w - - 0 1",
            strict.ignore_castling(),
            ParseFenError::Castling {
                white: StartingPosition::STANDARD,
                black: StartingPosition::STANDARD,
            },
        ),
        (
            "w KQkq - 10 30",
            strict.ignore_counters(),
            ParseFenError::Counters,
        ),
        (
            "w KQkq - 0",
            strict.ignore_counters(),
            ParseFenError::Missing {
                field: FenField::FullmoveNumber,
            },
        ),
    ];
    for (rest, option, strict_error) in cases {
        let fen = format!("{base} {rest}");
        assert_eq!(
            FenReader::STRICT.read::<StartingPosition>(&fen),
            Err(strict_error),
            "{fen}"
        );
        assert_eq!(
            option.read::<StartingPosition>(&fen),
            Ok(StartingPosition::STANDARD)
        );
        // Each option relaxes only its own field.
        for other in [
            strict.ignore_turn(),
            strict.ignore_castling(),
            strict.ignore_counters(),
        ] {
            if other != option {
                assert_eq!(other.read::<StartingPosition>(&fen), Err(strict_error));
            }
        }
    }
    let all = strict.ignore_turn().ignore_castling().ignore_counters();
    let fen = format!("{base} b Qk - 7 9");
    assert_eq!(
        all.read::<StartingPosition>(&fen),
        Ok(StartingPosition::STANDARD)
    );
    // En passant has no option: a start position never has an en passant square.
    let fen = format!("{base} w KQkq e3 0 1");
    assert_eq!(
        all.read::<StartingPosition>(&fen),
        Err(ParseFenError::EnPassant)
    );
}

#[test]
fn fen_error_messages() {
    let mut messages = String::new();
    for fen in [
        "",
        "   ",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8",
        "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnR/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNr",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNBR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RKBQNBNR",
        "rnbbkqnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqknbr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqrbkn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnq/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HGha - 0 1",
        "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQk - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1",
    ] {
        let err = FenReader::STRICT.read::<StartingPosition>(fen).unwrap_err();
        writeln!(messages, "{fen:?}\n    {err}").unwrap();
    }
    insta::assert_snapshot!(messages);
}

/// One rule for short FENs: the placement alone, four fields or six; every field given is
/// checked, and a FEN cut anywhere else names the field that is missing.
#[test]
fn a_fen_is_its_placement_four_fields_or_six() {
    let fields = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "w",
        "KQkq",
        "-",
        "0",
        "1",
        "extra",
    ];
    let missing = |field| Err(ParseFenError::Missing { field });
    let expected = [
        Ok(StartingPosition::STANDARD),
        missing(FenField::Castling),
        missing(FenField::EnPassant),
        Ok(StartingPosition::STANDARD),
        missing(FenField::FullmoveNumber),
        Ok(StartingPosition::STANDARD),
        Err(ParseFenError::TooManyFields { found: 7 }),
    ];
    for (n, expected) in (1..=7).zip(expected) {
        let fen = fields[..n].join(" ");
        assert_eq!(
            FenReader::STRICT.read::<StartingPosition>(&fen),
            expected,
            "{fen}"
        );
    }
    // The four-field form checks what it gives.
    let wrong = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3";
    assert_eq!(
        FenReader::STRICT.read::<StartingPosition>(wrong),
        Err(ParseFenError::EnPassant)
    );
}

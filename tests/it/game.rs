//! A game's start from its tags, over every spelling real writers use, against python-chess's
//! FENs for all 960 (tests/fixtures/) and all 921,600 Double Fischer Random pairs spliced from
//! them.

use chess960::fen::{FenField, ParseFenError};
use chess960::game::{FenSyntax, NoStart, StartReader, Variant, is_chess960_variant, start};
use chess960::{DoubleStartingPosition, StartingPosition};

use crate::fen::python_chess_960;

/// The spellings of one start's FEN tag found in real files.
fn spellings(xfen: &str, shredder: &str) -> Vec<String> {
    let fields: Vec<&str> = shredder.split(' ').collect();
    let placement = fields[0];
    let castling = fields[2];
    let reversed: String = {
        // White's letters in the other order, then Black's: "HAha" -> "AHah".
        let (w, b) = castling.split_at(2);
        format!(
            "{}{}",
            w.chars().rev().collect::<String>(),
            b.chars().rev().collect::<String>()
        )
    };
    vec![
        xfen.to_owned(),
        shredder.to_owned(),
        format!("{placement} w {reversed} - 0 1"),
        format!("{placement} w - - 0 1"),
        format!("{placement} w HEhe - 0 1"),
        format!("{placement} w KQkq -"),
        format!("{placement} w KQkq - 12 40"),
        format!("  {placement}   w KQkq - 0 1 "),
        placement.to_owned(),
    ]
}

#[test]
fn every_spelling_of_all_960_gives_its_id_under_every_chess_variant() {
    let fixtures: Vec<_> = python_chess_960().collect();
    assert_eq!(fixtures.len(), 960);
    for (id, xfen, shredder) in fixtures {
        let sp = StartingPosition::from_id(id).unwrap();
        for fen in spellings(xfen, shredder) {
            for variant in [
                None,
                Some("Chess960"),
                Some("fischerandom"),
                Some("Standard"),
                Some("From Position"),
            ] {
                // The standard start is standard chess unless a Variant says Chess960.
                let expected = match (id, variant) {
                    (518, None | Some("Standard" | "From Position")) => Err(NoStart::Standard),
                    _ => Ok(Some(sp)),
                };
                assert_eq!(
                    start(variant, Some(&fen)).map(|pair| pair.single()),
                    expected,
                    "{variant:?} {fen}"
                );
                let assumed = StartReader::DEFAULT.assume_chess960(true);
                assert_eq!(
                    assumed.read(variant, Some(&fen)).map(|pair| pair.single()),
                    Ok(Some(sp))
                );
            }
            for other in [
                "Crazyhouse",
                "Atomic",
                "antichess",
                "KOTH",
                "3check",
                "Horde",
            ] {
                assert!(matches!(
                    start(Some(other), Some(&fen)),
                    Err(NoStart::OtherVariant(_))
                ));
            }
        }
    }
}

#[test]
fn all_921600_pairs_read_from_spliced_fens() {
    let fixtures: Vec<_> = python_chess_960().collect();
    let mut count = 0u32;
    for &(white, white_fen, _) in &fixtures {
        let (_, below_black) = white_fen.split_once('/').unwrap();
        for &(black, black_fen, _) in &fixtures {
            let (black_rank, _) = black_fen.split_once('/').unwrap();
            let fen = format!("{black_rank}/{below_black}");
            let pair = start(Some("Chess960"), Some(&fen)).unwrap();
            assert_eq!((pair.white().id(), pair.black().id()), (white, black));
            count += 1;
        }
    }
    assert_eq!(count, DoubleStartingPosition::COUNT);
}

#[test]
fn without_a_fen_the_variant_decides() {
    for name in [
        "Chess960",
        "chess960",
        "CHESS960",
        "chess 960",
        "Chess 960",
        "fischerandom",
        "Fischerandom",
        "FischerRandom",
        "fischer random",
    ] {
        assert!(is_chess960_variant(name), "{name}");
        assert_eq!(
            start(Some(name), None),
            Ok(DoubleStartingPosition::STANDARD)
        );
    }
    for name in ["Standard", "", "chess", "From Position", "NORMAL"] {
        assert!(!is_chess960_variant(name), "{name:?}");
        assert_eq!(start(Some(name), None), Err(NoStart::Standard));
    }
    for (name, variant) in [
        ("Chess9600", Variant::Unknown),
        ("960", Variant::Unknown),
        (" chess960", Variant::Unknown),
        ("crazyhouse", Variant::Crazyhouse),
        ("Three-check", Variant::ThreeCheck),
    ] {
        assert!(!is_chess960_variant(name), "{name:?}");
        assert_eq!(start(Some(name), None), Err(NoStart::OtherVariant(variant)));
    }
    assert_eq!(start(None, None), Err(NoStart::Standard));
}

#[test]
fn positions_that_are_not_starts_and_texts_that_are_not_fens() {
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let not_starts = [
        (format!("{standard} b KQkq - 0 1"), ParseFenError::Turn),
        (
            format!("{standard} w KQkq e3 0 1"),
            ParseFenError::EnPassant,
        ),
        (
            format!("{standard} w"),
            ParseFenError::Missing {
                field: FenField::Castling,
            },
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".to_owned(),
            ParseFenError::NotEmpty { rank: 4 },
        ),
    ];
    for (fen, error) in not_starts {
        for variant in [None, Some("Chess960")] {
            assert_eq!(
                start(variant, Some(&fen)),
                Err(NoStart::NotAStart(error)),
                "{fen}"
            );
        }
    }
    // Two kings on rank 1: eight pieces, but not a Chess960 back rank.
    let two_kings = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1";
    assert!(matches!(
        start(None, Some(two_kings)),
        Err(NoStart::NotAStart(ParseFenError::BackRank { rank: 1, .. }))
    ));
    let bad = [
        ("", FenSyntax::Empty),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP",
            FenSyntax::Field(FenField::Placement),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
            FenSyntax::Field(FenField::SideToMove),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqx - 0 1",
            FenSyntax::Field(FenField::Castling),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0",
            FenSyntax::TooManyFields,
        ),
    ];
    for (fen, syntax) in bad {
        assert_eq!(
            start(Some("Chess960"), Some(fen)),
            Err(NoStart::BadFen(syntax)),
            "{fen:?}"
        );
    }
}

//! Property tests, only where the input space is too large to check in full: whatever a
//! parser accepts, in whatever spelling, writes back to text that parses to the same value.
//!
//! All 960 ids, all 7⁸ eight-symbol strings, every u16 in every numbering and all 921,600 DFRC
//! pairs are checked exhaustively elsewhere (tests/cross_check.rs, exhaustive.rs,
//! numberings.rs, dfrc.rs, fen.rs), so no property here samples those spaces.

use chess960::fen::CastlingNotation;
use chess960::fen::Fen;
use chess960::fen::FenReader;
use chess960::numbering::DfrcNumbering;
use chess960::{DoubleStartingPosition, StartingPosition};
use proptest::prelude::*;

fn position() -> impl Strategy<Value = StartingPosition> {
    (0..960u16).prop_map(|id| StartingPosition::from_id(id).unwrap())
}

fn dfrc_numbering() -> impl Strategy<Value = DfrcNumbering> {
    prop_oneof![Just(DfrcNumbering::Viridithas), Just(DfrcNumbering::Clover)]
}

/// The back rank spelled with a random mix of letter cases, Unicode symbols of either color,
/// and surrounding whitespace, all of which `FromStr` accepts.
fn spelling(sp: StartingPosition) -> impl Strategy<Value = String> {
    let styles = prop::collection::vec(0..4u8, 8);
    let padding = prop::sample::select(vec!["", " ", "\t", "  \n"]);
    (styles, padding.clone(), padding).prop_map(move |(styles, before, after)| {
        let rank: String = sp
            .pieces()
            .iter()
            .zip(styles)
            .map(|(piece, style)| match style {
                0 => piece.to_char(),
                1 => piece.to_char().to_ascii_lowercase(),
                2 => piece.white_symbol(),
                _ => piece.black_symbol(),
            })
            .collect();
        format!("{before}{rank}{after}")
    })
}

/// `fen` with its castling field as X-FEN letters in `KQkq` order: a rook's file letter
/// (Shredder-FEN) becomes `K` or `Q` by which of `sp`'s rooks stands there.
fn castling_as_x_fen(fen: &str, sp: StartingPosition) -> String {
    let mut fields: Vec<String> = fen.split(' ').map(str::to_owned).collect();
    let mut letters: Vec<char> = fields[2]
        .chars()
        .map(|c| {
            let right = match c.to_ascii_lowercase() {
                f if f == sp.kingside_rook_file().to_char() => 'k',
                f if f == sp.queenside_rook_file().to_char() => 'q',
                other => other,
            };
            if c.is_ascii_uppercase() {
                right.to_ascii_uppercase()
            } else {
                right
            }
        })
        .collect();
    letters.sort_by_key(|&c| "KQkq".find(c));
    fields[2] = letters.into_iter().collect();
    fields.join(" ")
}

/// Found by the property below: castling rights out of order, and in both notations at once,
/// are a start's, read strictly.
#[test]
fn castling_letters_in_any_order_and_notation_read_strictly() {
    for (id, fen) in [
        (
            0,
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w qQKk - 0 1",
        ),
        (
            46,
            "nnqrkbbr/pppppppp/8/8/8/8/PPPPPPPP/NNQRKBBR w QKdk - 0 1",
        ),
    ] {
        let sp = StartingPosition::from_id(id).unwrap();
        assert_eq!(FenReader::STRICT.read::<StartingPosition>(fen), Ok(sp));
        let written = Fen::new(sp, CastlingNotation::XFen);
        assert_eq!(castling_as_x_fen(fen, sp), written.as_str());
    }
}

proptest! {
    /// Stays: 960 ranks × 4⁸ per-square spellings × paddings is too many to enumerate.
    #[test]
    fn every_accepted_spelling_names_the_same_position(
        (sp, text) in position().prop_flat_map(|sp| (Just(sp), spelling(sp)))
    ) {
        prop_assert_eq!(text.parse::<StartingPosition>(), Ok(sp));
    }

    /// Stays: arbitrary text has no end; tests/exhaustive.rs covers only 8 ASCII symbols.
    #[test]
    fn any_accepted_text_writes_back_to_itself(text in "\\PC{0,12}|[KQRBNkqrbn♔♕♖♗♘♚♛♜♝♞ ]{6,10}") {
        if let Ok(sp) = text.parse::<StartingPosition>() {
            prop_assert_eq!(sp.to_string().parse::<StartingPosition>(), Ok(sp));
            prop_assert!(text.trim().chars().count() == 8);
        }
    }

    /// Stays: the relaxed fields (turn, castling letters, counters) take unbounded values.
    #[test]
    fn any_accepted_fen_writes_back_to_the_same_position(
        sp in position(),
        turn in prop::sample::select(vec!["w", "b"]),
        castling in "-|[KQkqA-Ha-h]{1,4}",
        counters in "(0|[1-9][0-9]?) [1-9][0-9]?",
    ) {
        let placement = Fen::new(sp, CastlingNotation::XFen).as_str().split(' ').next().unwrap().to_owned();
        let fen = format!("{placement} {turn} {castling} - {counters}");
        let lax = FenReader::STRICT.ignore_turn().ignore_castling().ignore_counters();
        prop_assert_eq!(lax.read::<StartingPosition>(&fen), Ok(sp));
        if let Ok(strict) = FenReader::STRICT.read::<StartingPosition>(&fen) {
            prop_assert_eq!(strict, sp);
            // Castling letters may come in any order and either notation; otherwise the FEN
            // is the one we write.
            let written = Fen::new(sp, CastlingNotation::XFen);
            prop_assert_eq!(castling_as_x_fen(&fen, sp), written.as_str());
        }
    }

    /// Stays: tests/dfrc.rs checks every number in range but only three of the 4.29 billion u32
    /// above it.
    #[test]
    fn any_dfrc_number_is_accepted_exactly_in_range(
        number in prop_oneof![0..1_000_000u32, any::<u32>()],
        numbering in dfrc_numbering(),
    ) {
        match numbering.pair(number) {
            Ok(pair) => prop_assert_eq!(numbering.number(pair), number),
            Err(_) => prop_assert!(number >= DoubleStartingPosition::COUNT),
        }
    }
}

//! Property tests: every conversion round-trips, on generated inputs as well as the 960.
//!
//! The exhaustive tests pin each id's values; these check that whatever a parser accepts, in
//! whatever spelling, writes back to text that parses to the same value.

#![cfg(test)]

use chess960::{
    DfrcNumbering, DoubleStartingPosition, FenOptions, Numbering, Piece, StartingPosition,
};
use proptest::prelude::*;

fn position() -> impl Strategy<Value = StartingPosition> {
    (0..960u16).prop_map(|id| StartingPosition::from_id(id).unwrap())
}

fn pair() -> impl Strategy<Value = DoubleStartingPosition> {
    (position(), position()).prop_map(|(white, black)| DoubleStartingPosition::new(white, black))
}

fn numbering() -> impl Strategy<Value = Numbering> {
    prop_oneof![
        Just(Numbering::Scharnagl),
        Just(Numbering::OneBased),
        Just(Numbering::Fritz9)
    ]
}

fn dfrc_numbering() -> impl Strategy<Value = DfrcNumbering> {
    prop_oneof![Just(DfrcNumbering::Viridithas), Just(DfrcNumbering::Clover)]
}

fn piece() -> impl Strategy<Value = Piece> {
    prop::sample::select(Piece::ALL.to_vec())
}

/// The back rank spelled with a random mix of letter cases, Unicode symbols of either colour,
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

proptest! {
    #[test]
    fn id_rank_text_and_fen_round_trip(sp in position()) {
        prop_assert_eq!(StartingPosition::from_id(sp.id()), Ok(sp));
        prop_assert_eq!(StartingPosition::from_pieces(sp.pieces()), Ok(sp));
        prop_assert_eq!(sp.to_string().parse::<StartingPosition>(), Ok(sp));
        prop_assert_eq!(StartingPosition::from_fen(sp.fen().as_str()), Ok(sp));
        prop_assert_eq!(StartingPosition::from_fen(sp.shredder_fen().as_str()), Ok(sp));
        prop_assert_eq!(sp.to_ascii(), sp.pieces().map(Piece::to_ascii));
    }

    #[test]
    fn every_accepted_spelling_names_the_same_position(
        (sp, text) in position().prop_flat_map(|sp| (Just(sp), spelling(sp)))
    ) {
        prop_assert_eq!(text.parse::<StartingPosition>(), Ok(sp));
    }

    #[test]
    fn any_eight_pieces_are_accepted_exactly_when_they_round_trip(
        pieces in prop::array::uniform8(piece())
    ) {
        match StartingPosition::from_pieces(pieces) {
            Ok(sp) => prop_assert_eq!(sp.pieces(), pieces),
            Err(error) => {
                let text: String = pieces.iter().map(|p| p.to_char()).collect();
                prop_assert_eq!(text.parse::<StartingPosition>(), Err(error.into()));
            }
        }
    }

    #[test]
    fn shuffled_back_ranks_are_accepted_exactly_when_legal(
        letters in Just(*b"KQRRBBNN").prop_shuffle()
    ) {
        let at = |letter| letters.iter().position(|&l| l == letter).unwrap();
        let last = |letter| letters.iter().rposition(|&l| l == letter).unwrap();
        let bishops_apart = at(b'B') % 2 != last(b'B') % 2;
        let king_between = at(b'R') < at(b'K') && at(b'K') < last(b'R');
        let text = std::str::from_utf8(&letters).unwrap();
        match text.parse::<StartingPosition>() {
            Ok(sp) => {
                prop_assert!(bishops_apart && king_between, "{text}");
                prop_assert_eq!(sp.to_string(), text);
            }
            Err(_) => prop_assert!(!(bishops_apart && king_between), "{text}"),
        }
    }

    #[test]
    fn any_accepted_text_writes_back_to_itself(text in "\\PC{0,12}|[KQRBNkqrbn♔♕♖♗♘♚♛♜♝♞ ]{6,10}") {
        if let Ok(sp) = text.parse::<StartingPosition>() {
            prop_assert_eq!(sp.to_string().parse::<StartingPosition>(), Ok(sp));
            prop_assert!(text.trim().chars().count() == 8);
        }
    }

    #[test]
    fn any_accepted_fen_writes_back_to_the_same_position(
        sp in position(),
        turn in "[wb]",
        castling in "-|[KQkqA-Ha-h]{1,4}",
        counters in "(0|[1-9][0-9]?) [1-9][0-9]?",
    ) {
        let placement = sp.fen().as_str().split(' ').next().unwrap().to_owned();
        let fen = format!("{placement} {turn} {castling} - {counters}");
        let lax = FenOptions::STRICT.ignore_turn().ignore_castling().ignore_counters();
        prop_assert_eq!(StartingPosition::from_fen_with(&fen, lax), Ok(sp));
        if let Ok(strict) = StartingPosition::from_fen(&fen) {
            prop_assert_eq!(strict, sp);
            prop_assert!(fen == sp.fen().as_str() || fen == sp.shredder_fen().as_str());
        }
    }

    #[test]
    fn mirroring_twice_is_the_identity(sp in position()) {
        let mirrored = sp.mirrored();
        prop_assert_eq!(mirrored.mirrored(), sp);
        let mut reversed = sp.pieces();
        reversed.reverse();
        prop_assert_eq!(mirrored.pieces(), reversed);
    }

    #[test]
    fn numberings_round_trip_through_scharnagl(sp in position(), numbering in numbering()) {
        let number = sp.number(numbering);
        let (low, high) = numbering.range();
        prop_assert!((low..=high).contains(&number));
        prop_assert_eq!(StartingPosition::from_number(number, numbering), Ok(sp));
        prop_assert_eq!(
            StartingPosition::from_number(number, Numbering::Scharnagl).is_ok(),
            number < 960
        );
    }

    #[test]
    fn any_number_is_accepted_exactly_in_range(
        number in prop_oneof![0..1000u16, any::<u16>()],
        numbering in numbering(),
    ) {
        let (low, high) = numbering.range();
        match StartingPosition::from_number(number, numbering) {
            Ok(sp) => prop_assert_eq!(sp.number(numbering), number),
            Err(_) => prop_assert!(!(low..=high).contains(&number)),
        }
    }

    #[test]
    fn dfrc_numbers_round_trip_both_conventions(pair in pair(), numbering in dfrc_numbering()) {
        let number = pair.number(numbering);
        prop_assert!(number < DoubleStartingPosition::COUNT);
        prop_assert_eq!(DoubleStartingPosition::from_number(number, numbering), Ok(pair));
        prop_assert_eq!(DoubleStartingPosition::from_fen(pair.fen().as_str()), Ok(pair));
        prop_assert_eq!(DoubleStartingPosition::from_fen(pair.shredder_fen().as_str()), Ok(pair));
    }

    #[test]
    fn any_dfrc_number_is_accepted_exactly_in_range(
        number in prop_oneof![0..1_000_000u32, any::<u32>()],
        numbering in dfrc_numbering(),
    ) {
        match DoubleStartingPosition::from_number(number, numbering) {
            Ok(pair) => prop_assert_eq!(pair.number(numbering), number),
            Err(_) => prop_assert!(number >= DoubleStartingPosition::COUNT),
        }
    }

    #[test]
    fn the_two_dfrc_conventions_swap_white_and_black(pair in pair()) {
        let swapped = DoubleStartingPosition::new(pair.black(), pair.white());
        prop_assert_eq!(pair.number(DfrcNumbering::Viridithas), swapped.number(DfrcNumbering::Clover));
    }
}

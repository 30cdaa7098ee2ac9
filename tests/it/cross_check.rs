//! The build-time table method against the direct derivation, for all 960 ids, both ways.

use crate::direct;

use chess960::{IdError, Piece, StartingPosition};

fn letters(sp: StartingPosition) -> String {
    sp.pieces().iter().map(|p| p.to_char()).collect()
}

#[test]
fn every_id_gives_the_directly_derived_back_rank() {
    for id in 0..960 {
        let sp = StartingPosition::from_id(id).unwrap();
        let expected = direct::back_rank(id).unwrap();
        assert_eq!(sp.to_ascii(), expected, "id {id}");
        assert_eq!(sp.pieces().map(Piece::to_ascii), expected, "id {id}");
        assert_eq!(sp.id(), id);
    }
}

#[test]
fn every_back_rank_gives_the_directly_derived_id() {
    for id in 0..960 {
        let rank = direct::back_rank(id).unwrap();
        assert_eq!(
            direct::id(rank),
            Some(id),
            "the derivation itself round-trips"
        );
        let pieces = rank.map(|b| Piece::from_ascii(b).unwrap());
        assert_eq!(StartingPosition::from_pieces(pieces).unwrap().id(), id);
        let text = std::str::from_utf8(&rank).unwrap();
        assert_eq!(text.parse::<StartingPosition>().unwrap().id(), id);
        assert_eq!(
            text.to_lowercase()
                .parse::<StartingPosition>()
                .unwrap()
                .id(),
            id
        );
    }
}

#[test]
fn the_960_back_ranks_are_distinct() {
    let mut all: Vec<[u8; 8]> = StartingPosition::all()
        .map(StartingPosition::to_ascii)
        .collect();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 960);
}

#[test]
fn known_vectors() {
    for (id, rank) in [
        (0, "BBQNNRKR"),
        (105, "QNRBBNKR"),
        (451, "BRNNKQRB"),
        (518, "RNBQKBNR"),
        (601, "RQNBBKRN"),
        (617, "RNQBBKRN"),
        (959, "RKRNNQBB"),
    ] {
        let sp = StartingPosition::from_id(id).unwrap();
        assert_eq!(sp.to_string(), rank);
        assert_eq!(letters(sp), rank);
        assert_eq!(rank.parse::<StartingPosition>(), Ok(sp));
    }
    assert_eq!(
        StartingPosition::from_id(518),
        Ok(StartingPosition::STANDARD)
    );
}

#[test]
fn unicode_forms_of_105() {
    let sp = StartingPosition::from_id(105).unwrap();
    for text in [
        "♕♘♖♗♗♘♔♖",
        "♛♞♜♝♝♞♚♜",
        "qnrbbnkr",
        "QNRBBNKR",
        "\t♕♘♖♗♗♘♔♖  ",
    ] {
        assert_eq!(text.parse::<StartingPosition>(), Ok(sp), "{text:?}");
    }
    let white: String = sp.pieces().iter().map(|p| p.white_symbol()).collect();
    let black: String = sp.pieces().iter().map(|p| p.black_symbol()).collect();
    assert_eq!(white, "♕♘♖♗♗♘♔♖");
    assert_eq!(black, "♛♞♜♝♝♞♚♜");
}

#[test]
fn ids_out_of_range_are_rejected_for_every_u16() {
    for id in 960..=u16::MAX {
        assert_eq!(
            StartingPosition::from_id(id),
            Err(IdError::OutOfRange { id })
        );
        assert_eq!(direct::back_rank(id), None);
    }
}

#[test]
fn conversions_agree() {
    for sp in StartingPosition::all() {
        assert_eq!(StartingPosition::try_from(u16::from(sp)), Ok(sp));
        assert_eq!(sp.to_string().parse::<StartingPosition>(), Ok(sp));
    }
    assert_eq!(StartingPosition::all().next_back().unwrap().id(), 959);
    assert_eq!(StartingPosition::default(), StartingPosition::STANDARD);
}

#[test]
fn piece_symbols_round_trip() {
    for piece in Piece::ALL {
        for c in [
            piece.to_char(),
            piece.to_char().to_ascii_lowercase(),
            piece.white_symbol(),
            piece.black_symbol(),
        ] {
            assert_eq!(Piece::from_char(c), Some(piece), "{c}");
        }
        assert_eq!(Piece::from_ascii(piece.to_ascii()), Some(piece));
    }
    let accepted = (0..=u32::from(char::MAX))
        .filter_map(char::from_u32)
        .filter(|&c| Piece::from_char(c).is_some())
        .count();
    assert_eq!(accepted, 20, "K Q R B N, k q r b n, and ten symbols");
}

#[test]
fn castling_geometry_matches_the_back_rank() {
    for sp in StartingPosition::all() {
        let rank = sp.to_ascii();
        let files = |letter| -> Vec<usize> { (0..8).filter(|&f| rank[f] == letter).collect() };
        let (king, rooks, bishops) = (files(b'K'), files(b'R'), files(b'B'));
        assert_eq!(sp.king_file().index(), king[0]);
        assert_eq!(sp.queenside_rook_file().index(), rooks[0]);
        assert_eq!(sp.kingside_rook_file().index(), rooks[1]);
        assert!(rooks[0] < king[0] && king[0] < rooks[1]);
        let [light, dark] = sp.bishop_files();
        assert_eq!(light.index() % 2, 1, "{sp:?}");
        assert_eq!(dark.index() % 2, 0, "{sp:?}");
        let mut both = [light.index(), dark.index()];
        both.sort_unstable();
        assert_eq!(both[..], bishops[..]);
    }
}

#[test]
fn mirrored_reverses_the_back_rank_and_is_an_involution_without_fixed_points() {
    for sp in StartingPosition::all() {
        let mut reversed = sp.to_ascii();
        reversed.reverse();
        let mirrored = sp.mirrored();
        assert_eq!(mirrored.to_ascii(), reversed, "{sp:?}");
        assert_eq!(direct::id(reversed), Some(mirrored.id()));
        assert_ne!(mirrored, sp);
        assert_eq!(mirrored.mirrored(), sp);
    }
}

//! One-based ids and Fritz 9 numbers, all 960, against the seed document's Fritz 9 table.

use std::collections::HashMap;

use chess960::numbering::{NumberError, Numbering};
use chess960::{Piece, StartingPosition};

/// Skeleton (the six pieces other than the bishops) → its number in Fritz 9's table.
fn fritz9_skeletons() -> HashMap<String, u16> {
    let mut skeletons = HashMap::new();
    for line in include_str!("fixtures/fritz9-skeletons.txt").lines() {
        if line.starts_with('#') {
            continue;
        }
        let cells: Vec<&str> = line
            .split('|')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        for pair in cells.chunks(2) {
            skeletons.insert(pair[1].to_owned(), pair[0].parse().unwrap());
        }
    }
    skeletons
}

#[test]
fn every_fritz9_number_matches_the_seed_table() {
    let skeletons = fritz9_skeletons();
    assert_eq!(skeletons.len(), 60);
    let mut seen = [false; 961];
    for sp in StartingPosition::all() {
        let skeleton: String = sp
            .pieces()
            .iter()
            .filter(|&&p| p != Piece::Bishop)
            .map(|p| p.to_char())
            .collect();
        let expected = skeletons[&skeleton] + sp.id() % 16;
        assert_eq!(Numbering::Fritz.number(sp), expected, "{sp:?}");
        assert_eq!(Numbering::Fritz.position(expected), Ok(sp));
        assert!(!std::mem::replace(&mut seen[usize::from(expected)], true));
    }
    assert!(
        seen[1..].iter().all(|&s| s),
        "Fritz 9 numbers cover 1..=960"
    );
    assert_eq!(Numbering::Fritz.number(StartingPosition::STANDARD), 359);
}

#[test]
fn one_based_ids_move_only_sp_0() {
    for sp in StartingPosition::all() {
        let expected = if sp.id() == 0 { 960 } else { sp.id() };
        assert_eq!(Numbering::OneBased.number(sp), expected);
        assert_eq!(Numbering::OneBased.position(expected), Ok(sp));
        assert_eq!(Numbering::Scharnagl.number(sp), sp.id());
    }
}

#[test]
fn numbers_out_of_range_name_their_numbering() {
    for numbering in [Numbering::Scharnagl, Numbering::OneBased, Numbering::Fritz] {
        let (low, high) = numbering.range();
        for number in (0..low).chain(high + 1..=u16::MAX) {
            assert_eq!(
                numbering.position(number),
                Err(NumberError::OutOfRange { number, numbering })
            );
        }
    }
    let messages: Vec<String> = [
        (960, Numbering::Scharnagl),
        (0, Numbering::OneBased),
        (961, Numbering::Fritz),
    ]
    .into_iter()
    .map(|(n, numbering)| numbering.position(n).unwrap_err().to_string())
    .collect();
    assert_eq!(
        messages,
        [
            "id 960 is not in 0..=959",
            "one-based id 0 is not in 1..=960",
            "Fritz 9 number 961 is not in 1..=960"
        ]
    );
}

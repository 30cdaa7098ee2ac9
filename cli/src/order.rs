//! The 960 in the order of a numbering's numbers, as `list` writes them in every format.

use chess960::StartingPosition;
use chess960::numbering::Numbering;

/// The 960 in the order of `numbering`'s numbers, lowest first.
pub fn in_order(numbering: Numbering) -> impl Iterator<Item = StartingPosition> {
    let (low, high) = numbering.range();
    (low..=high).filter_map(move |n| numbering.position(n).ok())
}

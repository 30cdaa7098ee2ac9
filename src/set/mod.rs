//! Sets of start positions ([`PositionSet`]): one bit per Scharnagl id, and the set
//! operations (`bits.rs`); `iter.rs` counts and visits them in id order. What an event allows, and what a
//! book leaves out.
//!
//! ```
//! use chess960::StartingPosition;
//! use chess960::set::PositionSet;
//!
//! let allowed = PositionSet::ALL.difference(PositionSet::STANDARD_AND_MIRROR);
//! assert_eq!(allowed.len(), 958);
//! assert!(!allowed.contains(StartingPosition::STANDARD));
//! ```

mod bits;
mod iter;

pub use bits::PositionSet;
pub use iter::PositionSetIter;

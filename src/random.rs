//! Feature `rand`: uniformly random starts from any RNG, through the one pick step of event
//! draws ([`Book::pick`] over the RNG's words), so they are exactly uniform.

use rand::Rng;
use rand::distr::{Distribution, StandardUniform};

use crate::book::Book;
use crate::checked::cannot_happen;
use crate::dfrc::DoubleStartingPosition;
use crate::position::StartingPosition;

/// The pick from `book` driven by `rng`'s words; an endless stream always gives one.
fn pick<R: Rng + ?Sized>(book: Book, rng: &mut R) -> DoubleStartingPosition {
    match book.pick(&mut core::iter::repeat_with(|| rng.next_u64())) {
        Some(entry) => entry.pair(),
        None => cannot_happen(DoubleStartingPosition::STANDARD),
    }
}

/// Exactly uniform over the 960: [`Book::CHESS960`]'s pick.
///
/// ```
/// use chess960::StartingPosition;
/// use rand::RngExt;
///
/// let sp: StartingPosition = rand::rng().random();
/// assert!(sp.id() < 960);
/// ```
impl Distribution<StartingPosition> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> StartingPosition {
        pick(Book::CHESS960, rng).white()
    }
}

/// Exactly uniform over the 921,600 pairs: [`Book::DFRC`]'s pick.
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use rand::RngExt;
///
/// let pair: DoubleStartingPosition = rand::rng().random();
/// assert!(pair.white().id() < 960 && pair.black().id() < 960);
/// ```
impl Distribution<DoubleStartingPosition> for StandardUniform {
    fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> DoubleStartingPosition {
        pick(Book::DFRC, rng)
    }
}

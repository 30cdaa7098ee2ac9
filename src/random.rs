//! Uniformly random starting positions, from any `u64` or (feature `rand`) from an RNG.

use crate::{DoubleStartingPosition, StartingPosition};

impl StartingPosition {
    /// The position `⌊random × 960 / 2⁶⁴⌋`: Lemire's multiply-shift, with no modulo bias.
    /// A uniform `u64` gives each of the 960 positions probability within 2⁻⁵⁴ (relative) of
    /// 1/960, as 2⁶⁴ is not a multiple of 960; the `rand` feature's [`Distribution`] rejects
    /// to be exactly uniform.
    ///
    /// [`Distribution`]: https://docs.rs/rand/0.10/rand/distr/trait.Distribution.html
    ///
    /// ```
    /// use chess960::StartingPosition;
    ///
    /// assert_eq!(StartingPosition::from_random_u64(0).id(), 0);
    /// assert_eq!(StartingPosition::from_random_u64(u64::MAX).id(), 959);
    /// assert_eq!(StartingPosition::from_random_u64(1 << 63).id(), 480);
    /// ```
    #[inline]
    pub const fn from_random_u64(random: u64) -> StartingPosition {
        StartingPosition::from_id_in_range(((random as u128 * 960) >> 64) as u16)
    }
}

impl DoubleStartingPosition {
    /// The pair numbered `⌊random × 921,600 / 2⁶⁴⌋` in [`DfrcNumbering::Clover`] order: Lemire's
    /// multiply-shift over all 921,600, with no modulo bias.
    ///
    /// ```
    /// use chess960::DoubleStartingPosition;
    ///
    /// let pair = DoubleStartingPosition::from_random_u64(u64::MAX);
    /// assert_eq!((pair.white().id(), pair.black().id()), (959, 959));
    /// ```
    ///
    /// [`DfrcNumbering::Clover`]: crate::DfrcNumbering::Clover
    #[inline]
    pub const fn from_random_u64(random: u64) -> DoubleStartingPosition {
        let number = ((random as u128 * DoubleStartingPosition::COUNT as u128) >> 64) as u32;
        let white = StartingPosition::from_id_in_range((number / 960) as u16);
        let black = StartingPosition::from_id_in_range((number % 960) as u16);
        DoubleStartingPosition::new(white, black)
    }
}

#[cfg(feature = "rand")]
mod rand_impls {
    use rand::distr::{Distribution, StandardUniform};
    use rand::{Rng, RngExt};

    use crate::{DoubleStartingPosition, StartingPosition};

    /// Exactly uniform over the 960 (rand's range sampling rejects biased draws).
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
            StartingPosition::from_id_in_range(rng.random_range(0..StartingPosition::COUNT))
        }
    }

    /// Exactly uniform over the 921,600 pairs.
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
            DoubleStartingPosition::new(self.sample(rng), self.sample(rng))
        }
    }
}

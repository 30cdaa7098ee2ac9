//! `chess960 random`: uniform positions (or pairs), picked as event draws pick them, from the
//! words of a seeded splitmix64 sequence.

use chess960::draw::Repeats;
use chess960::numbering::Numbering;
use std::io::{self, Write};
use std::process::ExitCode;

use crate::args::RandomArgs;

use crate::report::report;

/// Writes `args.count` random positions, from `args.seed` or, without one, from the system.
pub fn run(out: &mut impl Write, args: &RandomArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let Some(book) = args.list.book(args.dfrc, numbering)? else {
        return Ok(ExitCode::FAILURE);
    };
    if let Err(err) = book.check_draws(args.count, Repeats::Allowed) {
        report(&err.to_string());
        return Ok(ExitCode::FAILURE);
    }
    let mut state = args.seed.unwrap_or_else(|| {
        use std::hash::{BuildHasher, RandomState};
        RandomState::new().hash_one(std::time::SystemTime::now())
    });
    let mut words = std::iter::repeat_with(|| splitmix64(&mut state));
    let listing = args.list.listing(args.format, numbering, args.dfrc, false);
    // The words never end, so there is always a pick.
    let picks = (0..args.count).map_while(|_| book.pick(&mut words));
    listing.write_all(out, picks, args.count)?;
    Ok(ExitCode::SUCCESS)
}
/// Steele, Lea and Flood's splitmix64: advances `state` and returns the next output.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::splitmix64;

    /// The first outputs for seed 0 in the reference implementation (Vigna's splitmix64.c).
    #[test]
    fn splitmix64_matches_the_reference_sequence() {
        let mut state = 0;
        let outputs: Vec<u64> = (0..3).map(|_| splitmix64(&mut state)).collect();
        assert_eq!(
            outputs,
            [
                0xE220_A839_7B1D_CDAF,
                0x6E78_9E6A_A1B9_65F4,
                0x06C4_5D18_8009_454F
            ]
        );
    }
}

//! The pick step of event draws (`pick_index`, `Book::pick`, `Book::draws`) against the
//! procedure as written: words rejected exactly when the low 64 bits of w × n are below
//! 2⁶⁴ mod n (computed here in 128 bits), candidates listed and removed as a list does.

use crate::uniform;

use chess960::StartingPosition;
use chess960::book::{Book, BookEntry};
use chess960::draw::{DFRC_LIMIT, pick_index};
use chess960::set::PositionSet;
use proptest::prelude::*;

/// 2⁶⁴ mod n, in 128-bit arithmetic.
fn rejected_below(n: u64) -> u64 {
    ((1u128 << 64) % u128::from(n)) as u64
}

/// n⁻¹ mod 2⁶⁴ for odd n (Newton's iteration; each step doubles the correct bits).
fn inverse(n: u64) -> u64 {
    let mut inverse = n;
    for _ in 0..6 {
        inverse = inverse.wrapping_mul(2u64.wrapping_sub(n.wrapping_mul(inverse)));
    }
    assert_eq!(n.wrapping_mul(inverse), 1);
    inverse
}

proptest! {
    /// For odd n, the word whose product with n has low bits t is t × n⁻¹: the last rejected
    /// word (t = 2⁶⁴ mod n − 1) is skipped, the first kept one (t = 2⁶⁴ mod n) is picked.
    #[test]
    fn words_are_rejected_exactly_below_the_threshold(n in any::<u64>().prop_map(|n| n | 1)) {
        let threshold = rejected_below(n);
        let kept = threshold.wrapping_mul(inverse(n));
        let index = ((u128::from(kept) * u128::from(n)) >> 64) as u64;
        if threshold > 0 {
            let rejected = (threshold - 1).wrapping_mul(inverse(n));
            let mut words = [rejected, kept].into_iter();
            prop_assert_eq!(pick_index(n, &mut words), Some(index));
            prop_assert_eq!(words.next(), None);
        }
        let mut words = [kept, 0].into_iter();
        prop_assert_eq!(pick_index(n, &mut words), Some(index));
        prop_assert_eq!(words.next(), Some(0));
    }

    /// Any n and word: either the word is rejected and the next one is taken, or the pick is
    /// ⌊w × n / 2⁶⁴⌋, below n.
    #[test]
    fn a_kept_word_picks_the_high_half_of_the_product(n in 1..u64::MAX, w: u64, next: u64) {
        let m = u128::from(w) * u128::from(n);
        let expected = if (m as u64) < rejected_below(n) {
            ((u128::from(next) * u128::from(n)) >> 64) as u64
        } else {
            (m >> 64) as u64
        };
        let picked = pick_index(n, &mut [w, next].into_iter());
        if (m as u64) < rejected_below(n) && ((u128::from(next) * u128::from(n)) as u64) < rejected_below(n) {
            prop_assert_eq!(picked, None);
        } else {
            prop_assert_eq!(picked, Some(expected));
            prop_assert!(expected < n);
        }
    }
}

/// For n = 960 = 2⁶ × 15, 2⁶⁴ mod n = 256: the rejected words are the 256 with
/// w × 15 ≡ 0, 1, 2 or 3 (mod 2⁵⁸), whatever their top 6 bits. Each index then has exactly
/// ⌊2⁶⁴ / 960⌋ words, so the pick is exactly uniform.
#[test]
fn for_960_exactly_256_words_are_rejected() {
    assert_eq!(rejected_below(960), 256);
    let inverse_15 = inverse(15) & ((1 << 58) - 1);
    for residue in 0..4u64 {
        let low = residue.wrapping_mul(inverse_15) & ((1 << 58) - 1);
        for top in 0..64u64 {
            let w = top << 58 | low;
            assert!(((u128::from(w) * 960) as u64) < 256);
            assert_eq!(pick_index(960, &mut [w].into_iter()), None, "{w:#x}");
            for neighbour in [w.wrapping_sub(1), w.wrapping_add(1)] {
                assert!(
                    pick_index(960, &mut [neighbour].into_iter()).is_some(),
                    "{neighbour:#x}"
                );
            }
        }
    }
}

#[test]
fn powers_of_two_never_reject_and_zero_candidates_take_no_word() {
    for k in 0..64 {
        assert_eq!(pick_index(1 << k, &mut [0].into_iter()), Some(0));
    }
    let mut words = [1, 2].into_iter();
    assert_eq!(pick_index(0, &mut words), None);
    assert_eq!(words.len(), 2);
    assert_eq!(pick_index(960, &mut [0, 0, 0].into_iter()), None);
}

/// Steele, Lea and Flood's splitmix64, as a stream of words.
fn splitmix64(mut state: u64) -> impl Iterator<Item = u64> {
    std::iter::repeat_with(move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

fn set_of(ids: &[u16]) -> PositionSet {
    ids.iter()
        .map(|&id| StartingPosition::from_id(id).unwrap())
        .collect()
}

/// A book entry as (White's id, Black's id).
fn ids(entry: BookEntry) -> (u16, u16) {
    (entry.pair().white().id(), entry.pair().black().id())
}

proptest! {
    /// `Book::pick` and distinct `Book::draws` from the Chess960 and the Double Fischer Random
    /// books of any set, against a list of the candidates indexed with the same words (and,
    /// for distinct draws, shrunk as each is drawn). Sets stay small enough for DFRC lists.
    #[test]
    fn picks_index_the_list_of_candidates(ids_in in prop::collection::vec(0..960u16, 0..60), seed: u64) {
        let set = set_of(&ids_in);
        let mut candidates: Vec<u16> = ids_in.clone();
        candidates.sort_unstable();
        candidates.dedup();
        let pairs: Vec<(u16, u16)> =
            candidates.iter().flat_map(|&w| candidates.iter().map(move |&b| (w, b))).collect();
        let chess960 = Book::CHESS960.difference(set.complement());
        let dfrc = Book::DFRC.difference(set.complement());

        let index = pick_index(candidates.len() as u64, &mut splitmix64(seed));
        let picked = chess960.pick(&mut splitmix64(seed)).map(ids);
        prop_assert_eq!(picked, index.map(|i| (candidates[i as usize], candidates[i as usize])));

        let index = pick_index(pairs.len() as u64, &mut splitmix64(seed));
        let pair = dfrc.pick(&mut splitmix64(seed)).map(ids);
        prop_assert_eq!(pair, index.map(|i| pairs[i as usize]));

        for (book, all) in [(chess960, candidates.iter().map(|&id| (id, id)).collect()), (dfrc, pairs)] {
            let mut words = splitmix64(seed);
            let mut list: Vec<(u16, u16)> = all;
            let mut expected = Vec::new();
            while let Some(i) = pick_index(list.len() as u64, &mut words) {
                expected.push(list.remove(i as usize));
            }
            let drawn: Vec<(u16, u16)> = book.many_draws(splitmix64(seed)).map(ids).collect();
            prop_assert_eq!(&drawn, &expected);
            prop_assert_eq!(drawn.len(), book.len());
            let small: Vec<(u16, u16)> = book.draws(splitmix64(seed)).map(ids).collect();
            let limit = if book.is_dfrc() { DFRC_LIMIT } else { 960 };
            prop_assert_eq!(&small[..], &expected[..expected.len().min(limit)]);
        }
    }
}

/// Distinct Double Fischer Random draws from the whole book: the first 500 as a list of all
/// 921,600 pairs gives them, then the rest, each pair exactly once.
#[test]
fn every_dfrc_pair_is_drawn_once() {
    let mut list: Vec<(u16, u16)> = (0..960)
        .flat_map(|w| (0..960).map(move |b| (w, b)))
        .collect();
    let mut words = splitmix64(921_600);
    let mut draws = Book::DFRC.many_draws(splitmix64(921_600));
    let mut seen = vec![false; 921_600];
    for _ in 0..500 {
        let i = pick_index(list.len() as u64, &mut words).unwrap();
        let (white, black) = ids(draws.next().unwrap());
        assert_eq!((white, black), list.remove(i as usize));
        seen[usize::from(white) * 960 + usize::from(black)] = true;
    }
    assert_eq!(draws.remaining(), 921_600 - 500);
    for entry in draws.by_ref() {
        let (white, black) = ids(entry);
        let slot = &mut seen[usize::from(white) * 960 + usize::from(black)];
        assert!(!*slot, "{white} {black} drawn twice");
        *slot = true;
    }
    assert_eq!(draws.remaining(), 0);
    assert!(seen.iter().all(|&s| s));
}

/// 96,000 picks from all 960, driven by a `rand` RNG (fixed seed), pass a chi-square test.
#[test]
fn an_rng_drives_the_pick_uniformly() {
    use rand::{Rng, SeedableRng};

    let mut rng = rand::rngs::StdRng::seed_from_u64(960);
    let mut words = std::iter::repeat_with(|| rng.next_u64());
    let mut counts = [0u32; 960];
    for _ in 0..96_000 {
        let (id, _) = ids(Book::CHESS960.pick(&mut words).unwrap());
        counts[usize::from(id)] += 1;
    }
    uniform::assert_uniform(&counts);
}

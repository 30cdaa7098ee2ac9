//! The one place where random words become positions, `Book::pick`, splits the u64 range
//! into 960 (or 921,600) runs whose lengths differ by at most one, less the 2⁶⁴ mod n words it
//! rejects: checked at every boundary, so no run is left unexamined. The `rand` feature and
//! `serde` follow.

use chess960::DoubleStartingPosition;
use chess960::book::Book;

/// The first `u64` that maps to `k` of `n`: ⌈k × 2⁶⁴ / n⌉.
fn boundary(k: u128, n: u128) -> u128 {
    (k << 64).div_ceil(n)
}

/// Every run of `book`'s entries: its first word picks entry k unless the pick rejects it
/// (low 64 bits of w × n below 2⁶⁴ mod n), its last word always picks entry k.
fn each_run_picks_its_entry(book: Book, index_of: impl Fn(DoubleStartingPosition) -> u128) {
    let n = book.len() as u128;
    let threshold = (1u128 << 64) % n;
    let (short, long) = ((1u128 << 64) / n, (1u128 << 64) / n + 1);
    let pick = |w: u128| {
        book.pick(&mut [w as u64].into_iter())
            .map(|e| index_of(e.pair()))
    };
    for k in 0..n {
        let (start, end) = (boundary(k, n), boundary(k + 1, n));
        assert!(end - start == short || end - start == long, "{k}");
        let rejected = (start * n) % (1 << 64) < threshold;
        assert_eq!(pick(start), (!rejected).then_some(k), "{k}");
        assert_eq!(pick(end - 1), Some(k), "{k}");
    }
}

#[test]
fn the_pick_gives_each_position_an_equal_share() {
    each_run_picks_its_entry(Book::CHESS960, |pair| u128::from(pair.white().id()));
}

#[test]
fn the_pick_gives_each_dfrc_pair_an_equal_share() {
    each_run_picks_its_entry(Book::DFRC, |pair| {
        960 * u128::from(pair.white().id()) + u128::from(pair.black().id())
    });
}

#[cfg(feature = "rand")]
#[test]
fn rand_samples_every_position_about_equally() {
    use rand::{RngExt, SeedableRng};

    let mut rng = rand::rngs::StdRng::seed_from_u64(960);
    let mut counts = [0u32; 960];
    for _ in 0..960 * 500 {
        let sp: chess960::StartingPosition = rng.random();
        counts[usize::from(sp.id())] += 1;
    }
    // 500 expected each; with this fixed seed every count lies well inside 500 ± 25%.
    assert!(
        counts.iter().all(|&c| (375..=625).contains(&c)),
        "{counts:?}"
    );

    let mut white_counts = [0u32; 960];
    for _ in 0..960 * 100 {
        let pair: DoubleStartingPosition = rng.random();
        white_counts[usize::from(pair.white().id())] += 1;
    }
    assert!(
        white_counts.iter().all(|&c| c > 40 && c < 180),
        "{white_counts:?}"
    );
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips() {
    use chess960::StartingPosition;

    for sp in StartingPosition::all() {
        let json = serde_json::to_string(&sp).unwrap();
        assert_eq!(json, sp.id().to_string());
        assert_eq!(serde_json::from_str::<StartingPosition>(&json).unwrap(), sp);
        let pair = DoubleStartingPosition::new(sp, sp.mirrored());
        let json = serde_json::to_string(&pair).unwrap();
        assert_eq!(
            serde_json::from_str::<DoubleStartingPosition>(&json).unwrap(),
            pair
        );
    }
    for bad in ["960", "-1", "\"RNBQKBNR\"", "1.5", "[518]"] {
        assert!(
            serde_json::from_str::<StartingPosition>(bad).is_err(),
            "{bad}"
        );
    }
    for bad in [
        "[1]",
        "[1, 2, 3]",
        "[0, 960]",
        "518",
        "{\"white\": 1, \"black\": 2}",
    ] {
        assert!(
            serde_json::from_str::<DoubleStartingPosition>(bad).is_err(),
            "{bad}"
        );
    }
}

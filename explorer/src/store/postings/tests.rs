use std::collections::BTreeMap;

use super::{Chunker, decode, encode, lookup};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn u32(&mut self) -> u32 {
        (self.next() >> 32) as u32
    }

    /// Uniform below `n` (at most 2^32, at least 1).
    fn below(&mut self, n: u64) -> u32 {
        (((self.next() >> 32) * n) >> 32) as u32
    }
}

/// `postings` sorted, each pair once.
fn sorted(mut postings: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    postings.sort_unstable();
    postings.dedup();
    postings
}

/// `n` postings with fingerprints uniform over u32.
fn uniform(rng: &mut Rng, n: usize, ordinals: u32) -> Vec<(u32, u32)> {
    sorted(
        (0..n)
            .map(|_| (rng.u32(), rng.below(ordinals.into())))
            .collect(),
    )
}

/// `n` postings over few fingerprints (0 and `u32::MAX` among them, and a run of neighbours),
/// so that fingerprints repeat.
fn clustered(rng: &mut Rng, n: usize, ordinals: u32) -> Vec<(u32, u32)> {
    let base = rng.u32() >> 1;
    let mut few: Vec<u32> = (0..20).map(|_| rng.u32()).collect();
    few.extend([0, 1, u32::MAX, u32::MAX - 1]);
    few.extend((0..10).map(|i| base + i));
    let postings = (0..n).map(|i| {
        let fingerprint = match i {
            0 => 0,
            1 => u32::MAX,
            _ => few[rng.below(few.len() as u64) as usize],
        };
        (fingerprint, rng.below(ordinals.into()))
    });
    sorted(postings.collect())
}

/// Each fingerprint's ordinals, increasing.
fn by_fingerprint(postings: &[(u32, u32)]) -> BTreeMap<u32, Vec<u32>> {
    let mut map = BTreeMap::<u32, Vec<u32>>::new();
    for &(fingerprint, ordinal) in postings {
        map.entry(fingerprint).or_default().push(ordinal);
    }
    map
}

/// `postings` encode, decode back, and look up as a map does: at most `probes` fingerprints
/// present and as many absent (next to those, and either end).
fn check(postings: &[(u32, u32)], ordinals: u32, probes: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    encode(postings, ordinals, &mut bytes);
    assert_eq!(decode(&bytes, ordinals).as_deref(), Some(postings));
    let map = by_fingerprint(postings);
    let step = map.len().div_ceil(probes).max(1);
    for (fingerprint, ordinals_under) in map.iter().step_by(step) {
        let found = lookup(&bytes, ordinals, *fingerprint);
        assert_eq!(found.as_ref(), Some(ordinals_under), "{fingerprint}");
        let around = [fingerprint.checked_sub(1), fingerprint.checked_add(1)];
        for absent in around.into_iter().flatten().chain([0, u32::MAX]) {
            if !map.contains_key(&absent) {
                assert_eq!(lookup(&bytes, ordinals, absent), Some(vec![]), "{absent}");
            }
        }
    }
    if map.is_empty() {
        for absent in [0, 1, 1 << 31, u32::MAX] {
            assert_eq!(lookup(&bytes, ordinals, absent), Some(vec![]));
        }
    }
    bytes
}

#[test]
fn postings_read_back_and_look_up() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for ordinals in [1, 2, 458_000, u32::MAX] {
        for n in [0, 1, 2, 1000, 100_000] {
            // A lookup decodes the chunk up to its fingerprint: in one of 100,000 postings (50
            // times the chunker's), 20 probes, not 200.
            let probes = if n > 10_000 { 20 } else { 200 };
            check(&uniform(&mut rng, n, ordinals), ordinals, probes);
            check(&clustered(&mut rng, n, ordinals), ordinals, probes);
        }
    }
}

#[test]
fn edge_chunks_read_back() {
    let max = u32::MAX;
    let cases: [(&[(u32, u32)], u32); 7] = [
        (&[(0, 0)], 1),
        (&[(max, 0)], 1),
        (&[(0, 0), (max, 0)], 1),
        (&[(0, max - 1), (max, max - 1)], max),
        (&[(7, 0), (7, 1), (7, 2)], 3),
        (&[(0, 0), (1, 0), (2, 0), (3, 0)], 1),
        (&[(max, 0), (max, max - 1)], max),
    ];
    for (postings, ordinals) in cases {
        check(postings, ordinals, usize::MAX);
    }
    // One gap of 2^32 - 1 Rice-coded with any k: the encoder picks the shortest.
    let mut bytes = Vec::new();
    encode(&[(0, 0), (max, 0)], 1, &mut bytes);
    assert!(bytes.len() <= 1 + 4 + 1 + 5, "{bytes:?}");
}

#[test]
fn bytes_per_posting_under_four() {
    // 15 million postings over 2^32 fingerprints, as many as 458,000 games bring: 300,000 of
    // them at that density, cut into chunks of 2,048.
    let mut rng = Rng(42);
    let n = 300_000u64;
    let span = (1u64 << 32) * n / 15_000_000;
    let postings = sorted(
        (0..n)
            .map(|_| (rng.below(span), rng.below(458_000)))
            .collect(),
    );
    let mut chunker = Chunker::new(2048);
    let mut chunks = Vec::new();
    for &(fingerprint, ordinal) in &postings {
        chunks.extend(chunker.push(fingerprint, ordinal));
    }
    chunks.extend(chunker.finish());
    let mut bytes = 0;
    for (_, chunk) in &chunks {
        bytes += check(chunk, 458_000, 20).len();
    }
    let per = bytes as f64 / postings.len() as f64;
    println!(
        "{} postings, {} chunks: {bytes} bytes, {per:.3} bytes a posting",
        postings.len(),
        chunks.len()
    );
    assert!(per < 4.0, "{per}");
}

#[test]
fn damaged_chunks_read_without_panic() {
    let mut rng = Rng(7);
    for ordinals in [1, 458_000, u32::MAX] {
        let postings = clustered(&mut rng, 300, ordinals);
        let mut bytes = Vec::new();
        encode(&postings, ordinals, &mut bytes);
        let probes: Vec<u32> = postings.iter().map(|p| p.0).step_by(7).collect();
        // A chunk cut anywhere is refused whole; looked up, it is refused or answers.
        for len in 0..bytes.len() {
            let cut = &bytes[..len];
            assert_eq!(decode(cut, ordinals), None, "{len}");
            for &fingerprint in &probes {
                let _ = lookup(cut, ordinals, fingerprint);
            }
        }
        // A byte more is no chunk.
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(decode(&longer, ordinals), None);
        for _ in 0..2000 {
            let mut flipped = bytes.clone();
            for _ in 0..=rng.below(3) {
                let at = rng.below(flipped.len() as u64) as usize;
                flipped[at] ^= 1 << rng.below(8);
            }
            if let Some(read) = decode(&flipped, ordinals) {
                assert!(read.windows(2).all(|pair| pair[0] < pair[1]));
                assert!(read.iter().all(|&(_, ordinal)| ordinal < ordinals));
            }
            for &fingerprint in probes.iter().take(5) {
                if let Some(found) = lookup(&flipped, ordinals, fingerprint) {
                    assert!(found.windows(2).all(|pair| pair[0] < pair[1]));
                }
            }
        }
    }
}

#[test]
fn malformed_headers_are_refused() {
    let huge_count = [0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0, 0, 0, 0, 8, 0xFF, 0xFF];
    let cases: [&[u8]; 8] = [
        &[],
        &[0x80],
        // A count past u32::MAX.
        &[0xFF, 0xFF, 0xFF, 0xFF, 0x1F, 0, 0, 0, 0, 0],
        // A count of 2^32 - 1 in a few bytes.
        &huge_count,
        // k = 33.
        &[2, 0, 0, 0, 0, 33, 0xFF, 0xFF],
        // A header cut short.
        &[1, 0, 0],
        // A gap run of 0 bits past the end.
        &[2, 0, 0, 0, 0, 0, 0, 0],
        // A gap past u32::MAX: first fingerprint u32::MAX, gap 1 (k = 0: "01").
        &[2, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0b10],
    ];
    for bytes in cases {
        assert_eq!(decode(bytes, 1), None, "{bytes:?}");
        assert!(lookup(bytes, 1, u32::MAX).is_none(), "{bytes:?}");
    }
    // An ordinal of 3 when there are 3 games (0 to 2, in 2 bits).
    assert_eq!(decode(&[1, 0, 0, 0, 0, 0, 0b11], 3), None);
    assert_eq!(decode(&[1, 0, 0, 0, 0, 0, 0b10], 3), Some(vec![(0, 2)]));
    // Twice the same posting (a gap of 0, the same ordinal) is no chunk.
    assert_eq!(decode(&[2, 5, 0, 0, 0, 0, 0b1], 1), None);
    assert_eq!(
        decode(&[2, 5, 0, 0, 0, 0, 0b10], 1),
        Some(vec![(5, 0), (6, 0)])
    );
    // Bits set in the padding are no chunk's.
    assert_eq!(decode(&[2, 5, 0, 0, 0, 0, 0b110], 1), None);
    assert_eq!(decode(&[0], 1), Some(vec![]));
    assert_eq!(decode(&[0, 0], 1), None);
    // Every ordinal is refused when there are no games.
    assert_eq!(decode(&[1, 0, 0, 0, 0, 0], 0), None);
    for bytes in [[0u8; 64], [0xFF; 64]] {
        for ordinals in [0, 1, 2, 458_000, u32::MAX] {
            let _ = decode(&bytes, ordinals);
            let _ = lookup(&bytes, ordinals, 1 << 31);
        }
    }
}

#[test]
fn chunks_cover_postings_without_cutting_a_fingerprint() {
    let mut rng = Rng(3);
    for target in [0, 1, 64, 2048] {
        let mut postings = clustered(&mut rng, 5000, 458_000);
        postings.extend(uniform(&mut rng, 5000, 458_000));
        let postings = sorted(postings);
        let mut chunker = Chunker::new(target);
        let mut chunks = Vec::new();
        for &(fingerprint, ordinal) in &postings {
            chunks.extend(chunker.push(fingerprint, ordinal));
        }
        let last = chunker.finish();
        assert!(last.is_some());
        chunks.extend(last);
        let joined: Vec<(u32, u32)> = chunks.iter().flat_map(|c| c.1.clone()).collect();
        assert_eq!(joined, postings);
        for (i, (first, chunk)) in chunks.iter().enumerate() {
            assert_eq!(Some(*first), chunk.first().map(|p| p.0));
            let Some(next) = chunks.get(i + 1) else {
                continue;
            };
            let last = chunk.last().unwrap().0;
            assert_ne!(last, next.0, "a fingerprint cut in two");
            // It closed at the first new fingerprint once `target` was reached.
            let before_last = chunk.iter().filter(|p| p.0 != last).count();
            assert!(
                chunk.len() >= target && before_last < target.max(1),
                "{target}"
            );
        }
    }
    assert_eq!(Chunker::new(16).finish(), None);
}

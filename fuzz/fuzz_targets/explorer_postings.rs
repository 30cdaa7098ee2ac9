//! A chunk of postings (the explorer's positions reached by one game: a fingerprint of the
//! position's key and the game's ordinal in its segment). Any bytes read as a chunk, with a
//! count of games from the input: no panic; a chunk read is sorted, each pair once, every
//! ordinal below the count, and encodes back to a chunk read the same; looking up its
//! fingerprints (and the input's) finds what reading it whole does. The same bytes read as
//! postings (8 bytes each, sorted, each pair once, ordinals clamped below the count) encode
//! to a chunk that reads and looks up as they are.
#![no_main]

use std::collections::BTreeMap;

use chess960_explorer::fuzzing::{postings_decode, postings_encode, postings_lookup};
use libfuzzer_sys::fuzz_target;

/// The fingerprints looked up in one chunk at most (each lookup reads up to it).
const LOOKUPS: usize = 64;

/// Each fingerprint of `postings` and its ordinals.
fn by_fingerprint(postings: &[(u32, u32)]) -> BTreeMap<u32, Vec<u32>> {
    let mut map = BTreeMap::<u32, Vec<u32>>::new();
    for &(fingerprint, ordinal) in postings {
        map.entry(fingerprint).or_default().push(ordinal);
    }
    map
}

/// `bytes`, a chunk of `postings`, looked up at up to [`LOOKUPS`] of its fingerprints (their
/// neighbours too) and at `probe`, finds what `postings` lists there.
fn lookups_agree(bytes: &[u8], ordinals: u32, postings: &[(u32, u32)], probe: u32) {
    let map = by_fingerprint(postings);
    let step = map.len().div_ceil(LOOKUPS).max(1);
    let sampled = map.keys().step_by(step).copied();
    let around = sampled.flat_map(|f| [Some(f), f.checked_sub(1), f.checked_add(1)]);
    for fingerprint in around.flatten().chain([probe, 0, u32::MAX]) {
        let expected = map.get(&fingerprint).cloned().unwrap_or_default();
        assert_eq!(
            postings_lookup(bytes, ordinals, fingerprint),
            Some(expected),
            "{fingerprint}"
        );
    }
}

fuzz_target!(|input: (u32, u8, u32, &[u8])| {
    let (raw, shifts, probe, bytes) = input;
    // Counts of games of every width: the low 5 bits of `shifts` shorten `raw`.
    let ordinals = raw >> (shifts & 31);

    let _ = postings_lookup(bytes, ordinals, probe);
    if let Some(postings) = postings_decode(bytes, ordinals) {
        assert!(postings.windows(2).all(|pair| pair[0] < pair[1]));
        assert!(postings.iter().all(|&(_, ordinal)| ordinal < ordinals));
        let again = postings_encode(&postings, ordinals);
        assert_eq!(postings_decode(&again, ordinals).as_ref(), Some(&postings));
        lookups_agree(bytes, ordinals, &postings, probe);
    }

    // The bytes as postings: fingerprints shortened by the high 3 bits of `shifts` (times 4),
    // so that they repeat and lie close.
    let ordinals = ordinals.max(1);
    let mut postings: Vec<(u32, u32)> = bytes
        .chunks_exact(8)
        .map(|eight| {
            let (fingerprint, ordinal) = eight.split_at(4);
            let fingerprint = u32::from_le_bytes(fingerprint.try_into().unwrap());
            let ordinal = u32::from_le_bytes(ordinal.try_into().unwrap());
            (fingerprint >> ((shifts >> 5) * 4), ordinal % ordinals)
        })
        .collect();
    postings.sort_unstable();
    postings.dedup();
    let encoded = postings_encode(&postings, ordinals);
    assert_eq!(
        postings_decode(&encoded, ordinals).as_ref(),
        Some(&postings)
    );
    lookups_agree(&encoded, ordinals, &postings, probe);
});

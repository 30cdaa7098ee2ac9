//! Event draws, from any book (Chess960 or Double Fischer Random, any positions left out) and
//! any stream of words: the pick never panics, never returns an entry outside the book nor
//! (distinct draws) one twice, takes at least one word per pick, agrees with indexing a list
//! of the candidates, and, once the words are ones it keeps (u64::MAX always is), ends with
//! every entry drawn once.
#![no_main]

use std::collections::BTreeSet;
use std::iter;

use chess960::StartingPosition;
use chess960::book::{Book, BookEntry};
use chess960::draw::{DFRC_LIMIT, pick_index};
use chess960::set::PositionSet;
use libfuzzer_sys::fuzz_target;

fn ids(entry: BookEntry) -> (u16, u16) {
    (entry.pair().white().id(), entry.pair().black().id())
}

fuzz_target!(|input: ([u64; 15], bool, Vec<u64>)| {
    let (bits, dfrc, words) = input;
    let mut kept: PositionSet = StartingPosition::all()
        .filter(|sp| bits[usize::from(sp.id() / 64)] >> (sp.id() % 64) & 1 == 1)
        .collect();
    if dfrc {
        // Keep the list of pairs small enough to model: at most 40 positions, 1,600 pairs.
        kept = kept.iter().take(40).collect();
    }
    let book = if dfrc { Book::DFRC } else { Book::CHESS960 }.difference(kept.complement());
    let candidates: Vec<(u16, u16)> = book.entries().map(ids).collect();
    assert_eq!(candidates.len(), book.len());
    let endless = || words.iter().copied().chain(iter::repeat(u64::MAX));

    // Distinct draws from the finite words: at most one per word, each from what is left.
    let mut list = candidates.clone();
    let mut finite = words.iter().copied();
    let drawn: Vec<(u16, u16)> = book.many_draws(words.iter().copied()).map(ids).collect();
    assert!(drawn.len() <= words.len().min(candidates.len()));
    for pair in &drawn {
        let index = pick_index(list.len() as u64, &mut finite).unwrap();
        assert_eq!(list.remove(index as usize), *pair);
    }

    // With words that keep coming, the distinct draws end with every candidate drawn once.
    let all: Vec<(u16, u16)> = book.many_draws(endless()).map(ids).collect();
    // The small draws are the same, up to their limit for Double Fischer Random.
    let small: Vec<(u16, u16)> = book.draws(endless()).map(ids).collect();
    let limit = if dfrc { DFRC_LIMIT } else { usize::MAX };
    assert_eq!(small[..], all[..all.len().min(limit)]);
    assert_eq!(all.len(), candidates.len());
    assert_eq!(
        all.iter().copied().collect::<BTreeSet<_>>(),
        candidates.iter().copied().collect::<BTreeSet<_>>()
    );

    // A pick with repeats is the candidate its index names, or there is nothing to pick.
    let index = pick_index(candidates.len() as u64, &mut endless());
    let picked = book.pick(&mut endless()).map(ids);
    assert_eq!(picked, index.map(|i| candidates[i as usize]));
    assert_eq!(picked.is_none(), book.is_empty());
});

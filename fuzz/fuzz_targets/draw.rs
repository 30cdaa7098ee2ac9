//! Event draws, from any set of allowed positions and any stream of words: the pick never
//! panics, never returns a position outside the set nor (distinct draws) one twice, takes at
//! least one word per pick, agrees with indexing a list of the candidates, and, once the words
//! are ones it keeps (u64::MAX always is), ends. The command line's distinct Double Fischer
//! Random draws are checked the same way.
#![no_main]

use std::collections::BTreeSet;
use std::iter;

use chess960::{PositionSet, StartingPosition, pick_index};
use chess960_cli::event_draw::{Drawn, EventDraw};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: ([u64; 15], u16, Vec<u64>)| {
    let (bits, count, words) = input;
    let allowed: PositionSet = StartingPosition::all()
        .filter(|sp| bits[usize::from(sp.id() / 64)] >> (sp.id() % 64) & 1 == 1)
        .collect();
    let candidates: Vec<StartingPosition> = allowed.iter().collect();
    let endless = || words.iter().copied().chain(iter::repeat(u64::MAX));

    // Distinct draws from the finite words: at most one per word, each from what is left.
    let mut list = candidates.clone();
    let mut finite = words.iter().copied();
    let drawn: Vec<StartingPosition> = allowed.draws(words.iter().copied()).collect();
    assert!(drawn.len() <= words.len().min(candidates.len()));
    for sp in &drawn {
        let index = pick_index(list.len() as u64, &mut finite).unwrap();
        assert_eq!(list.remove(index as usize), *sp);
    }

    // With words that keep coming, the distinct draws end with every candidate drawn once.
    let all: Vec<StartingPosition> = allowed.draws(endless()).collect();
    assert_eq!(all.iter().copied().collect::<PositionSet>(), allowed);
    assert_eq!(all.len(), candidates.len());

    // Single picks and pairs come from the set, or there is nothing to pick.
    let mut words_left = endless();
    match allowed.pick(&mut words_left) {
        Some(sp) => assert!(allowed.contains(sp)),
        None => assert!(allowed.is_empty()),
    }
    if let Some(pair) = allowed.pick_pair(&mut words_left) {
        assert!(allowed.contains(pair.white()) && allowed.contains(pair.black()));
    }

    // The command line's draws: distinct pairs, all allowed, exactly as many as asked.
    for (dfrc, repeats) in [(true, false), (true, true), (false, false), (false, true)] {
        let event = EventDraw {
            allowed,
            dfrc,
            repeats,
        };
        let count = u64::from(count % 300);
        let Ok(draws) = event.first(count, endless()) else {
            assert!(
                count > 0 && (event.candidates() == 0 || !repeats && count > event.candidates())
            );
            continue;
        };
        let mut seen = BTreeSet::new();
        let mut drawn = 0;
        for draw in draws {
            let (white, black) = match draw {
                Drawn::Position(sp) => (sp, sp),
                Drawn::Pair(pair) => (pair.white(), pair.black()),
            };
            assert!(allowed.contains(white) && allowed.contains(black));
            assert!(seen.insert((white, black)) || repeats);
            drawn += 1;
        }
        assert_eq!(drawn, count);
    }
});

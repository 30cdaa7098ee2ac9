//! An arbiter, or anyone checking one, repeats an event's draw with library calls alone:
//! the same positions `chess960 draw` printed, from the published seed text.
//!
//!     cargo run --example event_draw --features sha2 -- "Freestyle 2026 round 3" 3
//!
//! Like `chess960 draw --seed-text "Freestyle 2026 round 3" --exclude-standard --count 3`.

use chess960::book::Book;
use chess960::draw::SeedWords;
use chess960::set::PositionSet;

fn main() {
    let mut args = std::env::args().skip(1);
    let seed_text = args
        .next()
        .unwrap_or_else(|| "Freestyle 2026 round 3".to_owned());
    let count = args.next().and_then(|n| n.parse().ok()).unwrap_or(3);
    let event = Book::CHESS960.difference(PositionSet::STANDARD_AND_MIRROR);
    for entry in event.draws(SeedWords::new(&seed_text)).take(count) {
        let sp = entry.pair().white();
        println!("{} {sp}", sp.id());
    }
}

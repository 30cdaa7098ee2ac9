//! `games --fix` on arbitrary bytes cut at arbitrary places, with every option: the same output
//! whatever the cuts; the preamble and every game's bytes after its tag section (movetext,
//! comments, blank lines) come out exactly as they went in; fixing the output again changes
//! nothing.
#![no_main]

use chess960::fen::CastlingNotation;
use chess960::game::{Repair, VariantTag};
use chess960_pgn::fix::{FixOptions, Fixer, Report};
use chess960_pgn::scan::{Event, Recorder, Scanner};
use libfuzzer_sys::fuzz_target;

/// `bytes` fixed in chunks ending at `cuts`, and the number of changes reported.
fn fix(bytes: &[u8], cuts: &[usize], options: &FixOptions) -> (Vec<u8>, usize) {
    let mut changes = 0;
    let mut fixer = Fixer::new(Vec::new(), options.clone(), |report| {
        if let Report::Changed(..) = report {
            changes += 1;
        }
    });
    let mut scanner = Scanner::new();
    let mut from = 0;
    for &cut in cuts.iter().chain([bytes.len()].iter()) {
        let cut = cut.clamp(from, bytes.len());
        scanner.feed(&bytes[from..cut], &mut fixer);
        from = cut;
    }
    scanner.finish(&mut fixer);
    assert!(fixer.take_error().is_none());
    (fixer.into_inner(), changes)
}

/// The preamble, and each game's bytes after its tag section.
fn not_tags(bytes: &[u8]) -> (Vec<u8>, Vec<Vec<u8>>) {
    let (mut preamble, mut games, mut header) = (Vec::new(), Vec::new(), 0);
    for event in Recorder::scan(bytes, &[]) {
        match event {
            Event::Preamble(p) => preamble.extend_from_slice(&p),
            Event::Begin(_) => header = 0,
            Event::Header(h) => header = h.len(),
            Event::Bytes(game) => games.push(game[header..].to_vec()),
            _ => {}
        }
    }
    (preamble, games)
}

fuzz_target!(|input: (Vec<u16>, u8, Vec<u8>)| {
    let (cuts, flags, bytes) = input;
    let mut cuts: Vec<usize> = cuts.into_iter().map(usize::from).collect();
    cuts.sort_unstable();
    let variant = match flags & 1 {
        0 => VariantTag::Chess960,
        _ => VariantTag::Fischerandom,
    };
    let castling = match flags & 2 {
        0 => CastlingNotation::XFen,
        _ => CastlingNotation::Shredder,
    };
    let options = FixOptions {
        repair: Repair::DEFAULT.variant_tag(variant).castling(castling),
        sp_tag: (flags & 4 != 0).then(|| "SP".to_owned()),
        roster: flags & 8 == 0,
    };
    let (out, _) = fix(&bytes, &[], &options);
    assert_eq!(
        fix(&bytes, &cuts, &options).0,
        out,
        "the same whatever the cuts"
    );
    assert_eq!(not_tags(&out), not_tags(&bytes), "only tag sections change");
    let (again, changes) = fix(&out, &[], &options);
    assert_eq!(again, out, "fixing fixed output changes nothing");
    assert_eq!(changes, 0);
});

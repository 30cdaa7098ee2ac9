//! The PGN scanner and a game's start from its tags, on arbitrary bytes cut at arbitrary
//! places: the same games, tags and bytes whatever the cuts; each game's bytes (and its tag
//! section's) are the input's at its offset, and the preamble and the games, concatenated, are
//! the input; a start read from tags writes a FEN that reads back to it.
#![no_main]

use chess960::fen::{CastlingNotation, Fen};
use chess960::game::start;
use chess960_pgn::scan::{Event, Recorder};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (Vec<u16>, Vec<u8>)| {
    let (cuts, bytes) = input;
    let mut cuts: Vec<usize> = cuts.into_iter().map(usize::from).collect();
    cuts.sort_unstable();
    let whole = Recorder::scan(&bytes, &[]);
    assert_eq!(Recorder::scan(&bytes, &cuts), whole);

    let (mut offset, mut end, mut games) = (None, None, Vec::new());
    let (mut variant, mut fen) = (None, None);
    for event in &whole {
        match event {
            Event::Begin(at) => {
                let at = *at as usize;
                assert!(end.is_none_or(|end| end == at), "games are contiguous");
                offset = Some(at);
                (variant, fen) = (None, None);
            }
            Event::Tag(name, value) => match &name[..] {
                b"Variant" => variant = Some(value.clone()),
                b"FEN" => fen = Some(value.clone()),
                _ => {}
            },
            Event::EndHeader(_) => {
                let variant = variant.as_deref().map(String::from_utf8_lossy);
                let fen = fen.as_deref().map(String::from_utf8_lossy);
                if let Ok(pair) = start(variant.as_deref(), fen.as_deref()) {
                    let written = Fen::new(pair, CastlingNotation::Shredder);
                    assert_eq!(start(None, Some(written.as_str())), Ok(pair));
                }
            }
            Event::Bytes(game) => {
                let at = offset.unwrap();
                assert_eq!(&bytes[at..at + game.len()], &game[..]);
                end = Some(at + game.len());
                games.extend_from_slice(game);
            }
            Event::Header(header) => {
                let at = offset.unwrap();
                assert_eq!(&bytes[at..at + header.len()], &header[..]);
            }
            Event::Preamble(preamble) => {
                assert!(offset.is_none(), "the preamble comes before the games");
                games.extend_from_slice(preamble);
            }
            Event::End => {}
        }
    }
    assert_eq!(games, bytes, "the preamble and the games are the input");
    assert_eq!(end.unwrap_or(bytes.len()), bytes.len());
});

//! A file read in parts on several threads (`read_files`), on arbitrary bytes cut into parts
//! of arbitrary sizes: the same games, numbers, offsets, starts and results as one reading
//! of the whole, for a sink made knowing the games before its part and for one told them
//! with it; the parts in order, each file's last part last.
#![no_main]

use std::io;

use chess960_pgn::{Game, Input, Options, PartStart, Progress, Sink, read, read_files_in_parts};
use libfuzzer_sys::fuzz_target;

/// Each game as the sink saw it: number, offset, start, result.
#[derive(Default)]
struct Seen<const BEFORE: bool>(Vec<(u64, u64, String, String)>);

impl<const BEFORE: bool> Sink for Seen<BEFORE> {
    const COPIES: bool = false;
    const NEEDS_GAMES_BEFORE: bool = BEFORE;
    fn game(&mut self, game: &Game) -> io::Result<()> {
        let start = format!("{:?}", game.start);
        self.0
            .push((game.number, game.offset, start, game.result.to_string()));
        Ok(())
    }
}

/// The games of the file at `path` read in parts of `part_bytes` on `threads` threads,
/// numbered from the file's start.
fn in_parts<const BEFORE: bool>(
    path: &std::path::Path,
    part_bytes: usize,
    threads: usize,
) -> Vec<(u64, u64, String, String)> {
    let mut games = Vec::new();
    let mut last = false;
    let options = Options::default().threads(threads);
    let new = |start: PartStart| {
        assert!(BEFORE || start.games_before == 0);
        Seen::<BEFORE>::default()
    };
    let each = |start: PartStart, seen: Seen<BEFORE>| {
        assert!(!last, "a part after the file's last");
        last = start.last;
        let at = |(n, offset, s, r)| (n + start.games_before, offset + start.bytes_before, s, r);
        games.extend(seen.0.into_iter().map(at));
        Ok(())
    };
    let errors = read_files_in_parts(
        part_bytes,
        &[path],
        &options,
        &Progress::default(),
        new,
        each,
    );
    assert!(errors.unwrap().is_empty());
    assert!(last, "the file's last part was given");
    games
}

fuzz_target!(|input: (u16, u8, Vec<u8>)| {
    let (part_bytes, threads, bytes) = input;
    let part_bytes = usize::from(part_bytes % 512) + 1;
    let threads = usize::from(threads % 4) + 1;
    let mut whole = Seen::<true>::default();
    read(
        &mut Input::from_reader(io::Cursor::new(bytes.clone())),
        &mut whole,
        &Options::default(),
    )
    .unwrap();
    let path = std::env::temp_dir().join(format!("fuzz-pgn-parts-{}.pgn", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(in_parts::<true>(&path, part_bytes, threads), whole.0);
    assert_eq!(in_parts::<false>(&path, part_bytes, threads), whole.0);
});

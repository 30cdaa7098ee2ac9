use super::*;
use crate::game::Game;
use crate::read::read;

/// Each game's number, offset and result, as the sink was given them, and where its part
/// began.
#[derive(Default)]
struct Numbers {
    start: Option<PartStart>,
    games: Vec<(u64, u64, String)>,
}

impl Sink for Numbers {
    const COPIES: bool = false;
    fn game(&mut self, game: &Game) -> io::Result<()> {
        let result = game.result.to_string();
        self.games.push((game.number, game.offset, result));
        Ok(())
    }
}

/// Every game of `paths` numbered from its file's start (the parts' numbers shifted by their
/// starts), with its file, read on `threads` threads in chunks of `size` bytes (cut anyway
/// at twice it); the parts' starts; the errors.
#[allow(clippy::type_complexity)]
fn numbered(
    paths: &[&Path],
    threads: usize,
    size: usize,
) -> (Vec<(usize, u64, u64, String)>, Vec<PartStart>, Vec<String>) {
    let chunks = Chunks {
        size,
        most: 2 * size,
    };
    numbered_in(paths, threads, Some(chunks))
}

/// [`numbered`], in `chunks` (`None`: as `read_files` cuts them).
#[allow(clippy::type_complexity)]
pub(super) fn numbered_in(
    paths: &[&Path],
    threads: usize,
    chunks: Option<Chunks>,
) -> (Vec<(usize, u64, u64, String)>, Vec<PartStart>, Vec<String>) {
    let (mut games, mut starts) = (Vec::new(), Vec::new());
    let options = Options::default().threads(threads);
    let new = |start| Numbers {
        start: Some(start),
        ..Numbers::default()
    };
    let errors = read_in_chunks(
        chunks,
        paths,
        None,
        &options,
        &Progress::default(),
        new,
        |start, part| {
            // Made told whether it begins in its file's last chunk.
            let told = part.start.unwrap();
            assert!(!told.last || start.last);
            assert_eq!(
                PartStart {
                    last: start.last,
                    ..told
                },
                start
            );
            starts.push(start);
            for (n, at, result) in part.games {
                games.push((
                    start.file,
                    n + start.games_before,
                    at + start.bytes_before,
                    result,
                ));
            }
            Ok(())
        },
    )
    .unwrap();
    let errors = errors.iter().map(ToString::to_string).collect();
    (games, starts, errors)
}

/// [`Numbers`], made not knowing the games before its part: told them with it.
#[derive(Default)]
struct Later(Numbers);

impl Sink for Later {
    const COPIES: bool = false;
    const NEEDS_GAMES_BEFORE: bool = false;
    fn game(&mut self, game: &Game) -> io::Result<()> {
        self.0.game(game)
    }
}

/// [`numbered`] with [`Later`] sinks.
fn later(path: &Path, threads: usize, size: usize) -> Vec<(u64, u64, String)> {
    let chunks = Chunks {
        size,
        most: 2 * size,
    };
    later_in(path, threads, Some(chunks))
}

/// [`numbered_in`] with [`Later`] sinks.
pub(super) fn later_in(
    path: &Path,
    threads: usize,
    chunks: Option<Chunks>,
) -> Vec<(u64, u64, String)> {
    let mut games = Vec::new();
    let options = Options::default().threads(threads);
    let new = |start: PartStart| {
        assert_eq!(start.games_before, 0);
        Later::default()
    };
    let each = |start: PartStart, part: Later| {
        let shift = |(n, at, result)| (n + start.games_before, at + start.bytes_before, result);
        games.extend(part.0.games.into_iter().map(shift));
        Ok(())
    };
    let errors = read_in_chunks(
        chunks,
        &[path],
        None,
        &options,
        &Progress::default(),
        new,
        each,
    );
    assert!(errors.unwrap().is_empty());
    games
}

/// Every game of the file at `path` read by one thread, as [`numbered`] lists them.
pub(super) fn whole(path: &Path) -> Vec<(usize, u64, u64, String)> {
    let mut whole = Numbers::default();
    let mut input = crate::open::Input::open(path).unwrap();
    read(&mut input, &mut whole, &Options::default()).unwrap();
    let games = whole.games.into_iter();
    games.map(|(n, at, r)| (0, n, at, r)).collect()
}

fn write(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

const GAME: &str = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. g3 1-0\n\n";

/// A file in many parts: the games numbered 0, 1, 2, … with every game's first byte, the same
/// on 1 thread and on 4.
#[test]
fn one_file_in_parts_numbered_from_its_start_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let count = 5_000;
    let path = write(dir.path(), "a.pgn", &GAME.repeat(count));
    let expected: Vec<_> = (0..count as u64)
        .map(|n| (0, n, n * GAME.len() as u64, "1-0".to_owned()))
        .collect();
    for threads in [1, 4] {
        let (games, starts, errors) = numbered(&[&path], threads, 1 << 16);
        assert!(errors.is_empty());
        assert!(starts.len() > 4, "read in parts: {}", starts.len());
        assert_eq!(starts.iter().filter(|s| s.last).count(), 1);
        assert!(starts.last().is_some_and(|s| s.last));
        assert_eq!(games, expected, "{threads} threads");
        let without_file: Vec<_> = expected
            .iter()
            .map(|(_, n, at, r)| (*n, *at, r.clone()))
            .collect();
        assert_eq!(later(&path, threads, 1 << 16), without_file);
    }
}

/// A blank line and a tag line inside a comment look like a game's start: the chunk cut
/// there is read with the one before, and the games are those of one reading.
#[test]
fn a_cut_inside_a_comment_joins_the_chunks() {
    let dir = tempfile::tempdir().unwrap();
    let tricky = "[Event \"a\"]\n\n1. e4 { a comment\n\n[Event \"not a game\"]\n\n} 1-0\n\n";
    let mut text = String::new();
    for i in 0..400 {
        text.push_str(if i % 3 == 0 { tricky } else { GAME });
    }
    let path = write(dir.path(), "a.pgn", &text);
    let expected = whole(&path);
    assert_eq!(expected.len(), 400);
    let without_file: Vec<_> = expected
        .iter()
        .map(|(_, n, at, r)| (*n, *at, r.clone()))
        .collect();
    for (threads, size) in [(1, 1), (3, 1), (2, 100), (4, 1000)] {
        let (games, _, errors) = numbered(&[&path], threads, size);
        assert!(errors.is_empty());
        assert_eq!(games, expected, "{threads} threads, chunks of {size}");
        let games = later(&path, threads, size);
        assert_eq!(
            games, without_file,
            "{threads} threads, chunks of {size}, told later"
        );
    }
}

/// Games without blank lines between them, and a long run of bytes that are no PGN: read in
/// parts, the games of one reading.
#[test]
fn no_blank_lines_and_long_runs_without_a_game_give_one_reading_s_games() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = "[Event \"a\"]\n[Site \"b\"]\n1. e4 e5 1-0\n".repeat(300);
    text.push_str(&"x ".repeat(5000));
    text.push('\n');
    text.push_str(&"[Event \"c\"]\n1. d4 0-1\n".repeat(300));
    let path = write(dir.path(), "a.pgn", &text);
    let expected = whole(&path);
    assert_eq!(expected.len(), 600);
    for (threads, size) in [(1, 50), (3, 200)] {
        let (games, starts, errors) = numbered(&[&path], threads, size);
        assert!(errors.is_empty() && starts.len() > 20);
        assert_eq!(games, expected, "{threads} threads, parts of {size}");
    }
}

/// Several files, in input order, each numbered from its start; one that cannot be opened
/// says so, and its sink is still made and given.
#[test]
fn several_files_in_input_order() {
    let dir = tempfile::tempdir().unwrap();
    let paths: Vec<_> = (0..5)
        .map(|i| dir.path().join(format!("{i}.pgn")))
        .collect();
    for (i, path) in paths.iter().enumerate().skip(1) {
        std::fs::write(path, "[Event \"x\"]\n\n*\n\n".repeat(i * 100)).unwrap();
    }
    let paths: Vec<&Path> = paths.iter().map(AsRef::as_ref).collect();
    let (games, starts, errors) = numbered(&paths, 3, 256);
    let per_file: Vec<usize> = (0..5)
        .map(|f| games.iter().filter(|g| g.0 == f).count())
        .collect();
    assert_eq!(per_file, [0, 100, 200, 300, 400]);
    assert!(
        games
            .windows(2)
            .all(|w| (w[0].0, w[0].1) < (w[1].0, w[1].1))
    );
    assert_eq!(starts.first(), Some(&PartStart::whole(0)));
    assert_eq!(errors.len(), 1);
    assert!(errors[0].starts_with(&format!("{}: ", paths[0].display())));
}

/// A compressed file gives the games of its plain bytes (in parts cut where its decompressed
/// pieces end).
#[cfg(feature = "zstd")]
#[test]
fn a_compressed_file_as_its_plain_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let text = GAME.repeat(30_000);
    let plain = write(dir.path(), "a.pgn", &text);
    let packed = dir.path().join("a.pgn.zst");
    std::fs::write(&packed, zstd::encode_all(text.as_bytes(), 3).unwrap()).unwrap();
    let (games, _, _) = numbered(&[&plain], 3, 4096);
    let (unpacked, starts, errors) = numbered(&[&packed], 3, 4096);
    assert!(errors.is_empty() && starts.len() > 4);
    assert_eq!(unpacked, games);
}

/// A write error stops the reading, and is returned.
#[test]
fn a_sink_that_fails_stops_the_reading() {
    struct Fails;
    impl Sink for Fails {
        const COPIES: bool = false;
        fn game(&mut self, _: &Game) -> io::Result<()> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "a.pgn", &GAME.repeat(10_000));
    let mut parts = 0;
    let read = read_in_chunks(
        Some(Chunks::of(1024)),
        &[&path],
        None,
        &Options::default().threads(2),
        &Progress::default(),
        |_| Fails,
        |_, _| {
            parts += 1;
            Ok(())
        },
    );
    assert_eq!(read.unwrap_err().kind(), io::ErrorKind::BrokenPipe);
    assert_eq!(parts, 0);
}

/// Asked to stop, every file ends with an `Interrupted` error after the games before it.
#[test]
fn a_stop_ends_each_file_interrupted() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "a.pgn", &GAME.repeat(100));
    let progress = Progress::default();
    progress.stop();
    let errors = read_files(
        &[&path, &path],
        &Options::default(),
        &progress,
        |_| Numbers::default(),
        |_, _| Ok(()),
    )
    .unwrap();
    assert_eq!(errors.len(), 2);
    assert!(
        errors
            .iter()
            .all(|e| e.error.kind() == io::ErrorKind::Interrupted)
    );
}

/// A game of the property test: a tag value of `tag` bytes, then a comment of `comment`
/// bytes whose lines are blank, tag lines (no game's start) and words.
fn long_game(n: usize, tag: usize, comment: usize, crlf: bool) -> String {
    let mut inside = String::new();
    while inside.len() < comment {
        inside.push_str(
            ["\n\n[Event \"inside\"]\n\n", "words ", "\n[Site \"?\"]\n"][inside.len() % 3],
        );
    }
    let game = format!(
        "[Event \"{n}\"]\n[FEN \"{}\"]\n[Result \"1-0\"]\n\n1. e4 {{{inside}}} e5 1-0\n\n",
        "p/".repeat(tag / 2)
    );
    if crlf {
        game.replace('\n', "\r\n")
    } else {
        game
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
    /// Tag values and comments longer than the look back for a cut, read in chunks of any
    /// size (cut anyway at twice it), plain and compressed, on 1 to 4 threads: the games,
    /// numbers and offsets of one thread reading the whole.
    #[test]
    fn long_tags_and_comments_in_chunks_of_any_size_give_one_reading_s_games(
        games in proptest::collection::vec((0..3 * crate::chunks::game_starts::LOOK_BACK, 0..9000usize, proptest::bool::ANY), 1..12),
        size in 1..20_000usize,
        threads in 1..5usize,
    ) {
        let dir = tempfile::tempdir().unwrap();
        let text: String = games.iter().enumerate().map(|(n, &(tag, comment, crlf))| long_game(n, tag, comment, crlf)).collect();
        let path = write(dir.path(), "a.pgn", &text);
        let expected = whole(&path);
        proptest::prop_assert_eq!(expected.len(), games.len());
        let (games, _, errors) = numbered(&[&path], threads, size);
        proptest::prop_assert!(errors.is_empty());
        proptest::prop_assert_eq!(&games, &expected);
        let without_file: Vec<_> = expected.iter().map(|(_, n, at, r)| (*n, *at, r.clone())).collect();
        proptest::prop_assert_eq!(later(&path, threads, size), without_file);
        #[cfg(feature = "zstd")]
        {
            let packed = dir.path().join("a.pgn.zst");
            std::fs::write(&packed, zstd::encode_all(text.as_bytes(), 1).unwrap()).unwrap();
            let (games, _, errors) = numbered(&[&packed], threads, size);
            proptest::prop_assert!(errors.is_empty());
            proptest::prop_assert_eq!(games, expected);
        }
    }
}

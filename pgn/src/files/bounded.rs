//! Memory bounded whatever the input: files of games with tag values and comments longer
//! than a chunk's look-back, plain and compressed, read on one thread and on several, each in
//! a child process (this test binary run again) that reports its own peak memory.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::Path;
use std::process::{Command, Stdio};

use super::tests::{later_in, numbered_in, whole};

/// The child's settings: `THREADS PATH`.
const CHILD: &str = "CHESS960_PGN_BOUNDED_CHILD";

/// The generated file's size, and the peak the reading must stay under: the file is more
/// than twice that, so a reading that holds it whole fails.
const FILE_BYTES: usize = 96 << 20;
const PEAK_BYTES: u64 = 48 << 20;

/// A game whose FEN tag is `fen_bytes` random board characters (0: a Chess960 start), and
/// whose comment holds
/// blank lines and tag lines, `comment_bytes` long: every `[` of it begins a line that is no
/// game's start.
fn hostile_game(n: u64, seed: &mut u64, fen_bytes: usize, comment_bytes: usize) -> String {
    const BOARD: &[u8] = b"pnbrqkPNBRQK12345678/";
    let mut random = || {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    };
    let fen: String = match fen_bytes {
        // A Chess960 start, for the statistics to count.
        0 => "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1".to_owned(),
        _ => (0..fen_bytes)
            .map(|_| char::from(BOARD[(random() % BOARD.len() as u64) as usize]))
            .collect(),
    };
    let mut comment = String::with_capacity(comment_bytes + 64);
    while comment.len() < comment_bytes {
        match random() % 8 {
            0 => comment.push_str("\n\n[Event \"inside a comment\"]\n\n"),
            1 => comment.push_str("\n[Site \"?\"]\n"),
            _ => comment.push_str("words of a long annotation "),
        }
    }
    let result = ["1-0", "0-1", "1/2-1/2", "*"][(n % 4) as usize];
    format!(
        "[Event \"g{n}\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n[Result \"{result}\"]\n\n\
         1. e4 {{{comment}}} e5 {result}\n\n"
    )
}

/// The games of the file at `path` read by this process on `threads` threads, as
/// `read_files` cuts it: hashes of each game's number, offset and result in order, read by
/// sinks made knowing the games before their parts, and by sinks told them with their parts.
fn read_here(path: &Path, threads: usize) -> (u64, u64) {
    let (games, _, errors) = numbered_in(&[path], threads, None);
    assert!(errors.is_empty());
    let later = later_in(path, threads, None);
    (digest(&without_file(&games)), digest(&later))
}

/// `games` without their file.
fn without_file(games: &[(usize, u64, u64, String)]) -> Vec<(u64, u64, String)> {
    games
        .iter()
        .map(|(_, n, at, r)| (*n, *at, r.clone()))
        .collect()
}

/// A hash of `games`.
fn digest(games: &[(u64, u64, String)]) -> u64 {
    let mut hash = DefaultHasher::new();
    games.hash(&mut hash);
    hash.finish()
}

/// This process's peak resident memory, in bytes, as Linux counts it.
fn peak_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib << 10
}

#[test]
#[cfg(all(target_os = "linux", feature = "zstd"))]
fn games_of_long_tags_and_comments_are_read_in_bounded_memory() {
    if let Ok(settings) = std::env::var(CHILD) {
        let mut settings = settings.splitn(2, ' ');
        let threads = settings.next().unwrap().parse().unwrap();
        let path = Path::new(settings.next().unwrap());
        let (numbered, later) = read_here(path, threads);
        println!("\nread {numbered} {later} peak {}", peak_bytes());
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::with_capacity(FILE_BYTES + (1 << 20));
    let (mut n, mut seed) = (0, 0x9E37_79B9_7F4A_7C15);
    while text.len() < FILE_BYTES {
        // Tags and comments longer than the look-back, and some short games between.
        let (fen, comment) = [(100_000, 40), (5_000, 30_000), (0, 60)][n as usize % 3];
        text.push_str(&hostile_game(n, &mut seed, fen, comment));
        n += 1;
    }
    let plain = dir.path().join("hostile.pgn");
    std::fs::write(&plain, &text).unwrap();
    let packed = dir.path().join("hostile.pgn.zst");
    std::fs::write(&packed, zstd::encode_all(text.as_bytes(), 1).unwrap()).unwrap();
    drop(text);
    // One thread reading the whole, as `read` does.
    let whole = whole(&plain);
    assert_eq!(whole.len() as u64, n);
    let whole = digest(&without_file(&whole));
    let test = module_path!().trim_start_matches("chess960_pgn::");
    let test = format!("{test}::games_of_long_tags_and_comments_are_read_in_bounded_memory");
    // The four readings at once, each a process of its own (its own peak).
    let readings: Vec<_> = [(&plain, 1), (&plain, 3), (&packed, 1), (&packed, 3)]
        .into_iter()
        .map(|(path, threads)| {
            let child = Command::new(std::env::current_exe().unwrap())
                .args([test.as_str(), "--exact", "--nocapture", "--test-threads=1"])
                .env(CHILD, format!("{threads} {}", path.display()))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            (path, threads, child)
        })
        .collect();
    for (path, threads, child) in readings {
        let output = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        let line = stdout
            .lines()
            .find(|l| l.starts_with("read "))
            .unwrap_or_else(|| {
                panic!(
                    "no reading: {stdout}{}",
                    String::from_utf8_lossy(&output.stderr)
                )
            });
        let words: Vec<u64> = line.split(' ').filter_map(|w| w.parse().ok()).collect();
        let [numbered, later, peak] = words[..] else {
            panic!("{line}")
        };
        let name = format!("{} on {threads} threads", path.display());
        assert_eq!((numbered, later), (whole, whole), "{name}");
        eprintln!("{name}: {} MiB at the peak", peak >> 20);
        assert!(peak < PEAK_BYTES, "{name}: {} MiB at the peak", peak >> 20);
    }
}

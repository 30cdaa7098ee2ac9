//! Inputs that fail part way: each is an `Err` that says after how many games, whichever way
//! the crate is called, and the games before it are counted; a decompressing thread that
//! dies is an error, never the end of the input.

use std::io::{self, Cursor, Read};

use crate::open::Input;
use crate::read::read;
use crate::read_games::read_games;
use crate::sink::ReadError;
use crate::stats::Stats;

/// 100 Chess960 games, White winning each.
fn games() -> Vec<u8> {
    let game = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n[Result \"1-0\"]\n\n1. g3 1-0\n\n";
    game.repeat(100).into_bytes()
}

fn zstd_cut() -> Vec<u8> {
    let whole = zstd::encode_all(&games()[..], 3).unwrap();
    whole[..whole.len() * 2 / 3].to_vec()
}

#[test]
fn a_truncated_zst_is_an_error_in_every_call() {
    let mut stats = Stats::default();
    let err = read(
        &mut Input::from_reader(Cursor::new(zstd_cut())),
        &mut stats,
        &Default::default(),
    )
    .unwrap_err();
    assert!(matches!(err, ReadError::Input { .. }), "{err}");
    assert_eq!(err.games(), Some(stats.games()));
    assert!(
        err.to_string().starts_with("reading stopped after "),
        "{err}"
    );
    // `?` in a function that returns io::Result passes it on.
    let counted = || -> io::Result<u64> {
        let mut stats = Stats::default();
        read(
            &mut Input::from_reader(Cursor::new(zstd_cut())),
            &mut stats,
            &Default::default(),
        )?;
        Ok(stats.games())
    };
    assert!(counted().is_err());
    assert!(
        Stats::read(
            Input::from_reader(Cursor::new(zstd_cut())),
            &Default::default()
        )
        .is_err()
    );
    assert!(read_games(Cursor::new(zstd_cut()), &Default::default(), |_| {}).is_err());
    // The whole file reads.
    let whole = zstd::encode_all(&games()[..], 3).unwrap();
    let stats = Stats::read(Input::from_reader(Cursor::new(whole)), &Default::default()).unwrap();
    assert_eq!(stats.games(), 100);
}

#[test]
fn a_corrupt_gzip_is_an_error() {
    use std::io::Write;
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&games()).unwrap();
    let mut gz = gz.finish().unwrap();
    let middle = gz.len() / 2;
    gz[middle] ^= 0xff;
    let err = Stats::read(Input::from_reader(Cursor::new(gz)), &Default::default()).unwrap_err();
    assert!(
        err.to_string().starts_with("reading stopped after "),
        "{err}"
    );
}

/// The first `left` bytes of `bytes`, then a panic (a Python file object's reader, say).
struct PanicsAfter {
    bytes: Cursor<Vec<u8>>,
    left: usize,
}

impl Read for PanicsAfter {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        assert!(self.left > 0, "a reader that panics");
        let n = buf.len().min(self.left);
        let n = self.bytes.read(&mut buf[..n])?;
        self.left -= n;
        Ok(n)
    }
}

#[test]
fn a_decompressing_thread_that_panics_is_an_error() {
    let whole = zstd::encode_all(&games()[..], 3).unwrap();
    let left = whole.len() / 2;
    let reader = PanicsAfter {
        bytes: Cursor::new(whole),
        left,
    };
    let err = Stats::read(Input::from_reader(reader), &Default::default()).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("the decompressing thread ended before the input did (it panicked)"),
        "{err}"
    );
}

/// `bytes`, then an error.
struct FailsAfter(Cursor<Vec<u8>>);

impl Read for FailsAfter {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.0.read(buf)? {
            0 => Err(io::Error::other("the disk went away")),
            n => Ok(n),
        }
    }
}

#[test]
fn the_games_before_an_error_are_counted_even_in_its_chunk() {
    // Plain PGN read a chunk at a time: the error comes within the first chunk's read.
    let mut stats = Stats::default();
    let err = read(
        &mut Input::from_reader(FailsAfter(Cursor::new(games()))),
        &mut stats,
        &Default::default(),
    )
    .unwrap_err();
    assert_eq!((stats.games(), err.games()), (100, Some(100)));
    assert_eq!(
        err.to_string(),
        "reading stopped after 100 games: the disk went away"
    );
}

/// Games whose FEN tags are each distinct and `size` bytes long, made as they are read.
struct Crafted {
    games: usize,
    size: usize,
    made: usize,
    pending: Cursor<Vec<u8>>,
}

impl Read for Crafted {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = self.pending.read(buf)?;
            if n > 0 || self.made == self.games {
                return Ok(n);
            }
            let fen = format!("{:08}{}", self.made, "8/".repeat(self.size / 2));
            let game = format!("[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n*\n\n");
            self.pending = Cursor::new(game.into_bytes());
            self.made += 1;
        }
    }
}

#[test]
fn thousands_of_distinct_100_kb_fens_keep_the_remembered_starts_under_their_bound() {
    use crate::fen_cache::REMEMBERED_BYTES;
    use crate::game::Header;
    // Through the whole reader: every game is read, none has a start.
    let crafted = Crafted {
        games: 3000,
        size: 100_000,
        made: 0,
        pending: Cursor::new(Vec::new()),
    };
    let stats = Stats::read(Input::from_reader(crafted), &Default::default()).unwrap();
    assert_eq!(stats.games() + stats.passed_over().total(), 3000);
    // The header's memory of FENs, fed the same tags directly.
    let mut header = Header::new(Default::default());
    let mut most = 0;
    for n in 0..3000 {
        let fen = format!("{n:08}{}", "8/".repeat(50_000));
        header.begin(n, 0);
        header.tag(b"FEN", fen.as_bytes());
        let _ = header.game(None);
        most = most.max(header.remembered_bytes());
    }
    assert!(most <= REMEMBERED_BYTES, "{most} bytes");
    // Short FENs, all distinct, are remembered up to the bound too.
    for n in 0..20_000u64 {
        header.begin(n, 0);
        header.tag(
            b"FEN",
            format!("{n}/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").as_bytes(),
        );
        let _ = header.game(None);
        most = most.max(header.remembered_bytes());
    }
    assert!(most <= REMEMBERED_BYTES, "{most} bytes");
}

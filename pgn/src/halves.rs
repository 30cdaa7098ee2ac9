//! One large plain file read by two threads ([`read_halves`]): the second half begins at the
//! first tag line after a blank line past the middle, and is kept only if the first half's
//! scanner, reaching that line, agrees that a game begins there (not inside a comment that
//! spans lines); otherwise the caller reads the whole file with one thread. The games are the
//! same either way; only the time differs. [`halves_of`] first counts the first
//! half's games with the scanner alone, so that each half's sink knows where its half begins:
//! for a sink that writes as it goes, when each game costs more than its scan (a replay).

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::thread;

use memchr::memmem;

use crate::decompress::Compression;
use crate::file_read::{FileError, FileRead, Part};
use crate::open::Input;
use crate::options::Options;
use crate::progress::Progress;
use crate::read::{read, read_part};
use crate::sink::{ReadError, Sink};

/// Files smaller than this are not worth two threads.
pub const WORTH_TWO: u64 = 64 << 20;
/// How far past the middle a game is looked for.
const WINDOW: usize = 1 << 20;

/// Where a part of a file begins, told to the sink made for it: the file (its index among
/// the paths read), and the games and bytes of the file before the part (both 0 for a whole
/// file). The part's sink sees its games numbered, and their offsets counted, from the part's
/// start.
///
/// ```
/// let whole = chess960_pgn::PartStart::whole(3);
/// assert_eq!((whole.file, whole.games_before, whole.bytes_before, whole.last), (3, 0, 0, true));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub struct PartStart {
    /// The file's index among the paths.
    pub file: usize,
    /// The file's games before the part.
    pub games_before: u64,
    /// The file's (decompressed) bytes before the part.
    pub bytes_before: u64,
    /// Whether the part is the file's last (a whole file's only one).
    pub last: bool,
}

impl PartStart {
    /// The start of file `file` read whole.
    pub const fn whole(file: usize) -> PartStart {
        PartStart {
            file,
            games_before: 0,
            bytes_before: 0,
            last: true,
        }
    }
}

/// A file read in two parts, each into a sink of its own, and whether it was read to its end.
#[derive(Debug)]
#[non_exhaustive]
#[must_use = "the file may have failed part way: see `ended`"]
pub(crate) struct Halves<S> {
    /// The sink of the games before `middle`.
    pub first: S,
    /// The sink of the games from `middle` on. Their [`Game::number`](crate::Game::number)s
    /// count from 0 at `middle` and their [`Game::offset`](crate::Game::offset)s from
    /// `middle`: add the first part's games and `middle` for the file's.
    pub second: S,
    /// Where the second part begins: the offset of its first game's first byte.
    pub middle: u64,
    /// The games before `middle`: the second part's numbers count from here.
    pub first_games: u64,
    /// How the reading ended: `Ok`, or the first part's error, else the second's (the games
    /// before it are in the sinks; the second part's count from `middle`).
    pub ended: Result<(), ReadError>,
}

/// Reads the plain file at `path` in two parts on two threads, giving the games of each to a
/// sink made by `new`, counting bytes and games into `progress`; `None` (the progress as it
/// was) when the path is not a regular file (`-` is standard input) of at least [`WORTH_TWO`]
/// bytes, the file is compressed, no game begins in the mebibyte past its middle, or the
/// first part does not end where a game begins: then read it whole with [`read`].
///
/// # Errors
///
/// A sink's, or the file's if it cannot be opened. A file that fails part way is
/// [`Halves::ended`], beside what the sinks were given.
///
/// (`files.rs` tests it through [`read_files`](crate::read_files).)
pub(crate) fn read_halves<S: Sink + Send>(
    path: impl AsRef<Path>,
    new: impl Fn() -> S + Sync,
    options: &Options,
    progress: &Progress,
) -> io::Result<Option<Halves<S>>> {
    let path = path.as_ref();
    let size = match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() && path.as_os_str() != "-" => meta.len(),
        _ => return Ok(None),
    };
    if size < WORTH_TWO {
        return Ok(None);
    }
    let Some(middle) = game_after_middle(path, size)? else {
        return Ok(None);
    };
    let (bytes, games) = (progress.bytes(), progress.games());
    let again = || progress.set(bytes, games);
    let part = |start, end| Input::part(path, start, end, progress);
    let (first, second) = thread::scope(|scope| {
        let second = scope.spawn(|| -> io::Result<(S, Result<(), ReadError>)> {
            let mut sink = new();
            let ended = sink_errors(read(&mut part(middle, size)?, &mut sink, options))?;
            Ok((sink, ended))
        });
        let mut sink = new();
        let first =
            part(0, middle).and_then(
                |mut input| match read_part(&mut input, &mut sink, options) {
                    Ok((games, boundary)) => Ok((Ok(()), boundary, games)),
                    Err(err) => {
                        let games = match &err {
                            ReadError::Input { games, .. } => *games,
                            ReadError::Sink(_) => 0,
                        };
                        sink_errors(Err(err)).map(|ended| (ended, true, games))
                    }
                },
            );
        (first.map(|ended| (sink, ended)), second.join())
    });
    let (first, (ended, boundary, first_games)) = first.inspect_err(|_| again())?;
    let (second, second_ended) = second
        .map_err(|_| io::Error::other("a reader failed"))
        .and_then(|second| second)
        .inspect_err(|_| again())?;
    if ended.is_ok() && !boundary {
        // Not in two parts after all: the caller starts again.
        again();
        return Ok(None);
    }
    Ok(Some(Halves {
        first,
        second,
        middle,
        first_games,
        ended: ended.and(second_ended),
    }))
}

/// Where a large plain file's two halves begin, the games before the middle counted by the
/// scanner alone, for [`read_halved`]; `None` when it is not worth reading in two (as for
/// [`read_halves`]) or its first half cannot be scanned (then it is read whole, which says
/// why).
pub(crate) fn halves_of(path: &Path, file: usize) -> Option<[PartStart; 2]> {
    let size = match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() && path.as_os_str() != "-" => meta.len(),
        _ => return None,
    };
    if size < WORTH_TWO {
        return None;
    }
    let middle = game_after_middle(path, size).ok()??;
    let mut first = Input::part(path, 0, middle, &Progress::default()).ok()?;
    let Ok((games_before, true)) = read_part(&mut first, &mut Count, &Options::default()) else {
        return None;
    };
    Some([0, 1].map(|half| PartStart {
        file,
        games_before: games_before * half,
        bytes_before: middle * half,
        last: half == 1,
    }))
}

/// Counts games, and nothing else.
struct Count;

impl Sink for Count {
    const COPIES: bool = false;
    fn game(&mut self, _: &crate::Game) -> io::Result<()> {
        Ok(())
    }
}

/// Reads the file at `path` in the two parts `starts` gives, on two threads, each into a sink
/// made by `new` knowing where its part begins: the parts, and why the reading stopped (the
/// first part's error, else the second's), if it did.
///
/// # Errors
///
/// A sink's, or the file's if it cannot be opened.
pub(crate) fn read_halved<S: Sink + Send>(
    path: &Path,
    starts: [PartStart; 2],
    new: impl Fn(PartStart) -> S + Sync,
    options: &Options,
    progress: &Progress,
) -> io::Result<FileRead<S>> {
    let [first, second] = starts;
    let part = |start: PartStart, end: Option<u64>| -> io::Result<_> {
        let mut sink = new(start);
        let end = match end {
            Some(end) => end,
            None => std::fs::metadata(path)?.len(),
        };
        let mut input = Input::part(path, start.bytes_before, end, progress)?;
        let ended = sink_errors(read(&mut input, &mut sink, options))?;
        let (games_before, bytes_before) = (start.games_before, start.bytes_before);
        let part = Part {
            sink,
            games_before,
            bytes_before,
        };
        Ok((part, ended))
    };
    let (first, second) = thread::scope(|scope| {
        let later = scope.spawn(|| part(second, None));
        (part(first, Some(second.bytes_before)), later.join())
    });
    let (first, first_ended) = first?;
    let (second, second_ended) = second.map_err(|_| io::Error::other("a reader failed"))??;
    let error = first_ended.and(second_ended).err();
    Ok(FileRead {
        parts: vec![first, second],
        error: error.map(|err| FileError::of(path, err)),
    })
}

/// A sink's error as `Err`, an input's as the `Ok` of how the reading ended.
fn sink_errors(read: Result<u64, ReadError>) -> io::Result<Result<(), ReadError>> {
    match read {
        Ok(_) => Ok(Ok(())),
        Err(ReadError::Sink(err)) => Err(err),
        Err(input) => Ok(Err(input)),
    }
}

/// The offset of the first `[` that begins a line after a blank line in the window past the
/// middle of a plain file.
fn game_after_middle(path: &Path, size: u64) -> io::Result<Option<u64>> {
    let mut file = File::open(path)?;
    let mut start = [0u8; 4];
    let n = file.read(&mut start)?;
    if Compression::detect(start.get(..n).unwrap_or_default()) != Compression::Plain {
        return Ok(None);
    }
    let middle = size / 2;
    file.seek(SeekFrom::Start(middle))?;
    let mut window = Vec::with_capacity(WINDOW);
    file.take(WINDOW as u64).read_to_end(&mut window)?;
    let found = [&b"\n\n["[..], b"\n\r\n["]
        .into_iter()
        .filter_map(|needle| memmem::find(&window, needle).map(|at| at + needle.len() - 1))
        .min();
    Ok(found.map(|at| middle + at as u64))
}

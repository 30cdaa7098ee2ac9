//! `--stats` on one large plain file, read by two threads: the second half begins at the first
//! tag line after a blank line past the middle, and is kept only if the first half's scanner,
//! reaching that line, agrees that a game begins there (not inside a comment that spans
//! lines); otherwise the whole file is read again by one thread. The counts are the same
//! either way; only the time differs.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::thread;

use memchr::memmem;

use super::Stats;
use crate::open::{Compression, Input};
use crate::progress::Progress;
use crate::read::{Ended, Options, read, read_part};

/// Files smaller than this are read by one thread.
pub(super) const WORTH_TWO: u64 = 64 << 20;
/// How far past the middle a game is looked for.
const WINDOW: usize = 1 << 20;

/// The statistics of the plain file at `path` (of `size` bytes), read in two parts; `None` if
/// it is not plain, or no game begins in the window past its middle, or the first part does not
/// end where a game begins. A read error in either part is `Ended::ReadError`.
pub(super) fn stats(
    path: &Path,
    size: u64,
    options: &Options,
    progress: &Progress,
) -> io::Result<Option<(Stats, Ended)>> {
    let Some(middle) = game_after_middle(path, size)? else {
        return Ok(None);
    };
    let part = |start, end| Input::part(path, start, end, progress);
    let (first, second) = thread::scope(|scope| {
        let second = scope.spawn(|| -> io::Result<(Stats, Ended)> {
            let mut table = Stats::default();
            let ended = read(&mut part(middle, size)?, &mut table, options)?;
            Ok((table, ended))
        });
        let mut table = Stats::default();
        let first =
            part(0, middle).and_then(|mut input| read_part(&mut input, &mut table, options));
        (first.map(|ended| (table, ended)), second.join())
    });
    let (mut table, (ended, boundary)) = first?;
    let (second, second_ended) = second.map_err(|_| io::Error::other("a reader failed"))??;
    if !boundary {
        return Ok(None);
    }
    table.merge(second);
    Ok(Some((
        table,
        match ended {
            Ended::Done => second_ended,
            error => error,
        },
    )))
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

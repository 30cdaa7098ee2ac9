//! Where a game may begin, for the cuts of [`Chunks::cut`](super::Chunks::cut): a `[` that
//! begins a line whose line before is not a tag line, and whose line before is seen whole.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};

/// Bytes looked through at a time for a place a game may begin.
const WINDOW: usize = 1 << 16;

/// The first place after `start` and from `target` on where a game may begin
/// ([`may_begin_game`]), if one is before the end of the file, and `true`; if none is
/// before `limit`, `limit` and `false`.
pub(super) fn game_start_after(
    file: &mut File,
    start: u64,
    target: u64,
    limit: u64,
) -> io::Result<Option<(u64, bool)>> {
    // From a little before, for the line before a `[` at the target.
    let mut from = target.saturating_sub(LOOK_BACK as u64).max(start);
    let mut window = Vec::with_capacity(WINDOW);
    loop {
        file.seek(SeekFrom::Start(from))?;
        window.clear();
        (&mut *file).take(WINDOW as u64).read_to_end(&mut window)?;
        let first = usize::try_from(target.saturating_sub(from)).unwrap_or(0);
        // The window's first line is whole only at the file's start.
        let found = memchr::memchr_iter(b'[', &window)
            .filter(|&at| at >= first)
            .find(|&at| may_begin_game(&window, at, from == 0))
            .map(|at| from + at as u64)
            .filter(|&cut| cut > start && cut <= limit);
        if let Some(cut) = found {
            return Ok(Some((cut, true)));
        }
        if from + window.len() as u64 > limit {
            return Ok(Some((limit, false)));
        }
        if window.len() < WINDOW {
            return Ok(None);
        }
        from += (WINDOW - LOOK_BACK) as u64;
    }
}

/// How far before a place a window begins, to see the line before it.
pub(crate) const LOOK_BACK: usize = 4096;

/// Where the last place a game may begin in `bytes`, at `from` or after, is
/// ([`may_begin_game`]), if one is; `whole_line`: whether `bytes` begins a line.
pub(super) fn last_game_start(bytes: &[u8], from: usize, whole_line: bool) -> Option<usize> {
    let mut end = bytes.len();
    while let Some(at) = memchr::memrchr(b'[', bytes.get(from..end)?).map(|at| from + at) {
        if may_begin_game(bytes, at, whole_line) {
            return Some(at);
        }
        end = at;
    }
    None
}

/// Whether a game may begin at `bytes[at]`, a `[`: it begins a line, and the line before is
/// not a tag line (it is blank, or movetext). The line before must begin in `bytes`, or
/// `bytes` must begin a line (`whole_line`): a line whose start is not seen (a tag value of
/// megabytes) may be a tag line. The scanner of the chunk before decides whether a game does
/// begin.
fn may_begin_game(bytes: &[u8], at: usize, whole_line: bool) -> bool {
    let Some(before) = at.checked_sub(1).and_then(|end| bytes.get(..end)) else {
        return false;
    };
    if bytes.get(at.wrapping_sub(1)) != Some(&b'\n') {
        return false;
    }
    // The line before begins after the newline before it, or where `bytes` does.
    let line = match memchr::memrchr(b'\n', before) {
        Some(newline) => newline + 1,
        None if whole_line => 0,
        None => return false,
    };
    bytes.get(line) != Some(&b'[')
}

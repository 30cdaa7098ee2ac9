//! A game's termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`): its last token, kept from
//! the last bytes of the game whatever the chunks they came in, `%` escape lines (which
//! belong to the game before the next) left out.

use memchr::{memchr, memrchr};

/// The last bytes of a game, its trailing white space left out, so that its last token can
/// be read whatever the chunks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Tail {
    bytes: [u8; 16],
    len: usize,
    /// Whether white space came after the bytes.
    space_after: bool,
    /// Whether the next byte begins a line (or is in its leading white space).
    line_start: bool,
    /// Whether the bytes are in a `%` escape line.
    escape: bool,
}

impl Default for Tail {
    fn default() -> Self {
        Tail {
            bytes: [0; 16],
            len: 0,
            space_after: false,
            line_start: true,
            escape: false,
        }
    }
}

impl Tail {
    /// The next bytes of the game.
    pub(crate) fn push(&mut self, more: &[u8]) {
        let Some(first) = memchr(b'\n', more) else {
            self.line(more);
            return;
        };
        // Of the whole lines, only the last with text can hold the marker: the first line
        // (the rest of the current one) is read only if no later one has text.
        let last = memrchr(b'\n', more).unwrap_or(first);
        let whole = more.get(first + 1..last).unwrap_or_default();
        match last_with_text(whole) {
            Some(line) => {
                self.end_line();
                self.line(line);
            }
            None => self.line(more.get(..first).unwrap_or_default()),
        }
        self.end_line();
        self.line(more.get(last + 1..).unwrap_or_default());
    }

    /// Part of a line (the rest of the current one, or the start of a new one).
    fn line(&mut self, part: &[u8]) {
        if self.escape {
            return;
        }
        let mut part = part;
        if self.line_start {
            let text = part
                .iter()
                .position(|b| !matches!(b, b' ' | b'\t' | b'\r'))
                .unwrap_or(part.len());
            self.space_after |= text > 0;
            part = part.get(text..).unwrap_or_default();
            match part.first() {
                None => return,
                Some(b'%') => {
                    self.escape = true;
                    return;
                }
                Some(_) => self.line_start = false,
            }
        }
        self.push_text(part);
    }

    /// A line end.
    fn end_line(&mut self) {
        (self.escape, self.line_start, self.space_after) = (false, true, true);
    }

    /// Text within a line.
    fn push_text(&mut self, more: &[u8]) {
        let Some(last) = more.iter().rposition(|b| !b.is_ascii_whitespace()) else {
            self.space_after |= !more.is_empty();
            return;
        };
        let part = more.get(..=last).unwrap_or_default();
        let space = self.space_after || part.first().is_some_and(u8::is_ascii_whitespace);
        let mut joined = [0u8; 34];
        let mut n = 0;
        for &b in self
            .bytes
            .get(..self.len)
            .unwrap_or_default()
            .iter()
            .chain(space.then_some(&b' '))
            .chain(
                part.get(part.len().saturating_sub(16)..)
                    .unwrap_or_default(),
            )
        {
            if let Some(slot) = joined.get_mut(n) {
                *slot = b;
                n += 1;
            }
        }
        let keep = joined.get(n.saturating_sub(16)..n).unwrap_or_default();
        self.len = keep.len();
        if let Some(bytes) = self.bytes.get_mut(..keep.len()) {
            bytes.copy_from_slice(keep);
        }
        self.space_after = last + 1 < more.len();
    }

    /// The game's termination marker, if its last token is one.
    pub(crate) fn marker(&self) -> Option<&'static str> {
        let text = self.bytes.get(..self.len)?;
        let start = text
            .iter()
            .rposition(u8::is_ascii_whitespace)
            .map_or(0, |i| i + 1);
        // A token that fills the whole tail may have begun before it.
        if start == 0 && self.len == self.bytes.len() {
            return None;
        }
        match text.get(start..)? {
            b"1-0" => Some("1-0"),
            b"0-1" => Some("0-1"),
            b"1/2-1/2" => Some("1/2-1/2"),
            b"*" => Some("*"),
            _ => None,
        }
    }
}

/// The last of newline-separated lines that has text.
fn last_with_text(lines: &[u8]) -> Option<&[u8]> {
    let mut end = lines.len();
    loop {
        let start = memrchr(b'\n', lines.get(..end)?).map_or(0, |at| at + 1);
        let line = lines.get(start..end)?;
        if has_text(line) {
            return Some(line);
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
}

/// Whether a whole line has text that is not an escape: not blank, not `%` first.
fn has_text(line: &[u8]) -> bool {
    line.iter()
        .find(|b| !matches!(b, b' ' | b'\t' | b'\r'))
        .is_some_and(|&b| b != b'%')
}

#[cfg(test)]
mod tests {
    use super::Tail;

    fn marker(chunks: &[&str]) -> Option<&'static str> {
        let mut tail = Tail::default();
        for chunk in chunks {
            tail.push(chunk.as_bytes());
        }
        tail.marker()
    }

    #[test]
    fn the_last_token_whatever_the_chunks() {
        let game = "[Event \"x\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\r\n\r\n";
        for cut in 0..=game.len() {
            let (a, b) = game.split_at(cut);
            assert_eq!(marker(&[a, b]), Some("1-0"), "cut at {cut}");
        }
        let bytes: Vec<String> = game.chars().map(String::from).collect();
        let bytes: Vec<&str> = bytes.iter().map(String::as_str).collect();
        assert_eq!(marker(&bytes), Some("1-0"));
        assert_eq!(marker(&["1. d4 d5 1/2-1/2"]), Some("1/2-1/2"));
        assert_eq!(marker(&["1. d4 d5 ", "\n", "0-1", "\n"]), Some("0-1"));
        assert_eq!(marker(&["*"]), Some("*"));
        let escaped = "1. e4 1-0\n\n% escaped line\n  %another\r\n\n";
        for cut in 0..=escaped.len() {
            let (a, b) = escaped.split_at(cut);
            assert_eq!(marker(&[a, b]), Some("1-0"), "cut at {cut}");
        }
    }

    #[test]
    fn tokens_that_are_no_marker() {
        assert_eq!(marker(&["1. e4 {white won 1-0}"]), None);
        assert_eq!(marker(&["[Result \"1-0\"]\n"]), None);
        assert_eq!(marker(&["1. e4 e5 21-0"]), None);
        assert_eq!(marker(&["1. e4 e5 2", "1-0"]), None);
        assert_eq!(marker(&["xxxxxxxxxxxxxxxxxxxxxxxxx1-0"]), None);
        assert_eq!(marker(&["1. e4 e5 2.", " ", "\n"]), None);
        assert_eq!(marker(&[]), None);
    }

    /// The marker as a reader finds it: the last token of the lines that are not `%` escapes.
    fn reference(game: &str) -> Option<&'static str> {
        let token = game
            .lines()
            .filter(|l| !l.trim_start_matches([' ', '\t', '\r']).starts_with('%'))
            .flat_map(str::split_ascii_whitespace)
            .last()?;
        ["1-0", "0-1", "1/2-1/2", "*"]
            .into_iter()
            .find(|m| *m == token && token.len() < 16)
    }

    /// Games of random tokens, line ends and escape lines, cut at every byte and in random
    /// chunks: the marker a reader finds.
    #[test]
    fn random_games_in_random_chunks() {
        let pieces = [
            "1. e4", " ", "e5", "\n", "\r\n", "1-0", "0-1", "1/2-1/2", "*", "%esc 1-0", "  ",
            "{c}", "\n\n", "\t", "Nf3",
        ];
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        for _ in 0..2000 {
            let game: String = (0..next(12)).map(|_| pieces[next(pieces.len())]).collect();
            let expected = reference(&game);
            assert_eq!(marker(&[&game]), expected, "{game:?}");
            for cut in 0..=game.len() {
                let (a, b) = game.split_at(cut);
                assert_eq!(marker(&[a, b]), expected, "{game:?} cut at {cut}");
            }
        }
    }
}

//! A game's movetext, fed in chunks of any size → its mainline's words, as python-chess's
//! `read_game` sees them: `{ }` comments, `;` to the line's end, `%` lines and `( )`
//! variations (nested, with their comments) are skipped; white space, comments and
//! parentheses end a word. Nothing is allocated: a word is kept in [`WORD`] bytes.

use memchr::memchr;

/// The bytes of a word kept (a longer one is given cut, whatever the chunks), and of the token
/// a [`MoveError`](super::MoveError) keeps.
pub const WORD: usize = 24;

/// Where a chunk boundary left the movetext.
#[derive(Clone, Debug, Default)]
pub(crate) struct Words {
    in_brace: bool,
    skip_line: bool,
    /// At a line's first byte (a `%` there escapes the line).
    line_start: bool,
    /// Open variations.
    depth: u32,
    word: [u8; WORD],
    len: usize,
    /// The word had more bytes than it keeps.
    cut: bool,
    /// A byte of the word is an ASCII letter or digit.
    alnum: bool,
}

impl Words {
    /// Movetext that begins at a line's start.
    pub(crate) fn new() -> Words {
        Words {
            line_start: true,
            ..Words::default()
        }
    }

    /// Reads `bytes`, giving each complete word of the mainline to `each` until `each` returns
    /// false; whether it never did. A word of more than [`WORD`] bytes is given as its first
    /// [`WORD`] with `Some(whether any byte of it is a letter or digit)`; others with `None`.
    pub(crate) fn feed(
        &mut self,
        bytes: &[u8],
        each: &mut impl FnMut(&[u8], Option<bool>) -> bool,
    ) -> bool {
        let mut i = 0;
        while let Some(rest) = bytes.get(i..).filter(|rest| !rest.is_empty()) {
            if self.in_brace {
                match memchr(b'}', rest) {
                    Some(k) => {
                        self.in_brace = false;
                        i += k + 1;
                    }
                    None => return true,
                }
                continue;
            }
            if self.skip_line {
                match memchr(b'\n', rest) {
                    Some(k) => {
                        self.skip_line = false;
                        self.line_start = true;
                        i += k + 1;
                    }
                    None => return true,
                }
                continue;
            }
            let byte = rest.first().copied().unwrap_or_default();
            let line_start = std::mem::replace(&mut self.line_start, byte == b'\n');
            if ends_word(byte) {
                i += 1;
                if self.len > 0 && !self.end_word(each) {
                    return false;
                }
                match byte {
                    b' ' | b'\t' | b'\r' => {
                        let spaces = rest.get(1..).unwrap_or_default().iter();
                        i += spaces
                            .take_while(|&&b| matches!(b, b' ' | b'\t' | b'\r'))
                            .count();
                    }
                    b'{' => self.in_brace = true,
                    b';' => self.skip_line = true,
                    b'(' => self.depth += 1,
                    b')' => self.depth = self.depth.saturating_sub(1),
                    _ => {}
                }
            } else if byte == b'%' && line_start {
                i += 1;
                self.skip_line = true;
            } else {
                // The rest of the word in this chunk: given as it is when it is all of the
                // word, else kept.
                let len = rest
                    .iter()
                    .position(|&b| ends_word(b))
                    .unwrap_or(rest.len());
                let part = rest.get(..len).unwrap_or_default();
                i += len;
                if self.len == 0 && len < rest.len() {
                    let given = match part.get(..WORD) {
                        Some(head) if part.len() > WORD => (head, Some(is_alnum(part))),
                        _ => (part, None),
                    };
                    if self.depth == 0 && !each(given.0, given.1) {
                        return false;
                    }
                } else {
                    self.keep(part);
                }
            }
        }
        true
    }

    /// Keeps `part` of the word being read, up to [`WORD`] bytes.
    fn keep(&mut self, part: &[u8]) {
        let free = self.word.get_mut(self.len..).unwrap_or_default();
        let kept = free.len().min(part.len());
        for (slot, &byte) in free.iter_mut().zip(part) {
            *slot = byte;
        }
        self.len += kept;
        self.cut |= kept < part.len();
        self.alnum |= is_alnum(part);
    }

    /// The movetext has ended: its last word, if any, to `each`.
    pub(crate) fn finish(&mut self, each: &mut impl FnMut(&[u8], Option<bool>) -> bool) -> bool {
        let more = self.end_word(each);
        *self = Words::new();
        more
    }

    fn end_word(&mut self, each: &mut impl FnMut(&[u8], Option<bool>) -> bool) -> bool {
        if self.len == 0 {
            return true;
        }
        let word = self.word.get(..self.len).unwrap_or_default();
        let more = self.depth > 0 || each(word, self.cut.then_some(self.alnum));
        self.len = 0;
        self.cut = false;
        self.alnum = false;
        more
    }
}

fn is_alnum(bytes: &[u8]) -> bool {
    bytes.iter().any(u8::is_ascii_alphanumeric)
}

/// Whether `byte` ends a word: white space, a comment's or a variation's start or end.
#[inline]
fn ends_word(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t' | b'\r' | b'\n' | b'{' | b';' | b'(' | b')'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(movetext: &[u8], chunk: usize) -> Vec<String> {
        let mut words = Words::new();
        let mut out = Vec::new();
        let mut each = |word: &[u8], long: Option<bool>| {
            let cut = if long.is_some() { "…" } else { "" };
            out.push(format!("{}{cut}", String::from_utf8_lossy(word)));
            true
        };
        for part in movetext.chunks(chunk) {
            words.feed(part, &mut each);
        }
        words.finish(&mut each);
        out
    }

    #[test]
    fn mainline_words_whatever_the_chunks() {
        let text = b"1. e4 {a (b) ; c\n%d} e5 ; f g\n% h i\n2.Nf3 (2. d4 {x} (2. c4 c5) d5) Nc6$1 \
            abcdefghijklmnopqrstuvwxyz0123 1-0";
        let want = [
            "1.",
            "e4",
            "e5",
            "2.Nf3",
            "Nc6$1",
            "abcdefghijklmnopqrstuvwx…",
            "1-0",
        ];
        for chunk in 1..=text.len() {
            assert_eq!(words(text, chunk), want, "chunks of {chunk}");
        }
    }

    #[test]
    fn a_percent_escapes_only_at_a_line_start() {
        assert_eq!(words(b"%x y\ne4 %z\n", 3), ["e4", "%z"]);
    }

    #[test]
    fn stops_when_told() {
        let mut words = Words::new();
        let mut seen = 0;
        let more = words.feed(b"e4 e5 Nf3 Nc6", &mut |_, _| {
            seen += 1;
            seen < 2
        });
        assert!(!more);
        assert_eq!(seen, 2);
    }
}

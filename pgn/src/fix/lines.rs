//! A tag section as lines: each line's text, its end and its tag.

use std::borrow::Cow;

use memchr::memchr;

use crate::scan::read_tag;

/// One line of a tag section.
pub(super) struct Line<'a> {
    /// Its bytes, without its line end.
    pub(super) text: &'a [u8],
    /// `\n`, `\r\n`, or nothing (the input's last line).
    pub(super) end: &'a [u8],
    /// Its tag, if it is one.
    pub(super) tag: Option<(&'a [u8], Cow<'a, [u8]>)>,
}

impl<'a> Line<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        let text_len = match bytes {
            [.., b'\r', b'\n'] => bytes.len() - 2,
            [.., b'\n'] => bytes.len() - 1,
            _ => bytes.len(),
        };
        let (text, end) = bytes.split_at(text_len);
        Line {
            text,
            end,
            tag: read_tag(text, |_| true),
        }
    }

    pub(super) fn name(&self) -> Option<&'a [u8]> {
        self.tag.as_ref().map(|(name, _)| *name)
    }
}

/// The lines of a tag section, and the white space after its last line end (which belongs to
/// the line after it); a last line without a line end is a line.
pub(super) fn split_lines(header: &[u8]) -> (Vec<Line<'_>>, &[u8]) {
    let mut lines = Vec::new();
    let mut rest = header;
    while let Some(n) = memchr(b'\n', rest) {
        let (line, after) = rest.split_at(n + 1);
        lines.push(Line::new(line));
        rest = after;
    }
    if rest.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
        return (lines, rest);
    }
    lines.push(Line::new(rest));
    (lines, b"")
}

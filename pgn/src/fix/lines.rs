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
    /// The repaired tag (Variant, SetUp or FEN) it begins as without being a tag: a line cut
    /// short (`[FEN "rnbqkbnr/pppppppp/8`), or a tag's value without its quotes.
    pub(super) broken: Option<&'static str>,
}

impl<'a> Line<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        let text_len = match bytes {
            [.., b'\r', b'\n'] => bytes.len() - 2,
            [.., b'\n'] => bytes.len() - 1,
            _ => bytes.len(),
        };
        let (text, end) = bytes.split_at(text_len);
        let tag = read_tag(text, |_| true);
        let broken = match tag {
            Some(_) => None,
            None => broken_tag(text),
        };
        Line {
            text,
            end,
            tag,
            broken,
        }
    }

    pub(super) fn name(&self) -> Option<&'a [u8]> {
        self.tag.as_ref().map(|(name, _)| *name)
    }
}

/// The repaired tag a line that is not a tag begins as: `[`, then its name, then white space or
/// a quote (python-chess reads no tag from such a line, and a repair that passed over it would
/// add a second one).
fn broken_tag(text: &[u8]) -> Option<&'static str> {
    let rest = text.trim_ascii_start().strip_prefix(b"[")?;
    ["Variant", "SetUp", "FEN"].into_iter().find(|name| {
        rest.strip_prefix(name.as_bytes())
            .is_some_and(|after| matches!(after.first(), None | Some(b'"' | b' ' | b'\t' | b']')))
    })
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

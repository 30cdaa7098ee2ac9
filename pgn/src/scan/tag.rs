//! One tag line, `[Name "value"]`, read as python-chess reads it.

use std::borrow::Cow;

/// The name and value of a tag line whose name `wanted` accepts (asked before the rest of the
/// line is read; `\r` and white space around it allowed), the value's `\"` and `\\` escapes
/// undone; `None` if the line is not such a tag. As in python-chess, the value runs from the
/// first `"` to the `"` before the closing `]`, so an unescaped quote inside it is kept.
///
/// ```
/// use chess960_pgn::scan::read_tag;
///
/// let (name, value) = read_tag(br#"[White "Smith, \"J\""]"#, |_| true).unwrap();
/// assert_eq!((name, &*value), (&b"White"[..], &br#"Smith, "J""#[..]));
/// assert!(read_tag(b"1. e4 e5", |_| true).is_none());
/// ```
pub fn read_tag(line: &[u8], wanted: impl FnOnce(&[u8]) -> bool) -> Option<(&[u8], Cow<'_, [u8]>)> {
    let line = line.trim_ascii_start().strip_prefix(b"[")?;
    let name_end = line.iter().position(|b| b.is_ascii_whitespace())?;
    let (name, rest) = line.split_at(name_end);
    // Whether it is wanted first: most tags are not, and their names need no check.
    if !wanted(name) {
        return None;
    }
    if !is_tag_name(name) {
        return None;
    }
    let value = rest
        .trim_ascii()
        .strip_suffix(b"]")?
        .trim_ascii_end()
        .strip_suffix(b"\"")?
        .trim_ascii_start()
        .strip_prefix(b"\"")?;
    Some((name, unescape(value)))
}

/// Whether `name` is a tag name as python-chess reads one: a letter or digit, then letters,
/// digits and `_+#=:-`.
///
/// ```
/// use chess960_pgn::scan::is_tag_name;
///
/// assert!(is_tag_name(b"WhiteElo") && is_tag_name(b"Time_Control"));
/// assert!(!is_tag_name(b"_x") && !is_tag_name(b"a b"));
/// ```
pub fn is_tag_name(name: &[u8]) -> bool {
    name.first().is_some_and(u8::is_ascii_alphanumeric)
        && name
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b"_+#=:-".contains(&b))
}

fn unescape(value: &[u8]) -> Cow<'_, [u8]> {
    if !value.contains(&b'\\') {
        return Cow::Borrowed(value);
    }
    let mut out = Vec::with_capacity(value.len());
    let mut bytes = value.iter().copied();
    while let Some(b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        match bytes.next() {
            Some(next @ (b'"' | b'\\')) => out.push(next),
            Some(other) => out.extend_from_slice(&[b'\\', other]),
            None => out.push(b'\\'),
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(line: &str) -> Option<(String, String)> {
        read_tag(line.as_bytes(), |_| true).map(|(n, v)| {
            (
                String::from_utf8(n.to_vec()).unwrap(),
                String::from_utf8(v.into_owned()).unwrap(),
            )
        })
    }

    #[test]
    fn tags_as_writers_write_them() {
        let t = |n: &str, v: &str| Some((n.to_owned(), v.to_owned()));
        assert_eq!(tag(r#"[Variant "Chess960"]"#), t("Variant", "Chess960"));
        assert_eq!(tag("[FEN \"8/8 w - -\"]\r"), t("FEN", "8/8 w - -"));
        assert_eq!(
            tag(r#"  [White   "Smith, J." ]  "#),
            t("White", "Smith, J.")
        );
        assert_eq!(
            tag(r#"[Event "A \"quoted\" \\ event"]"#),
            t("Event", r#"A "quoted" \ event"#)
        );
        assert_eq!(
            tag(r#"[Annotator "say "hi""]"#),
            t("Annotator", r#"say "hi""#)
        );
        assert_eq!(tag(r#"[Site ""]"#), t("Site", ""));
        assert_eq!(tag(r#"[Odd "a\b"]"#), t("Odd", r"a\b"));
    }

    #[test]
    fn lines_that_are_not_tags() {
        for line in [
            "",
            "[",
            "[]",
            "[Event]",
            r#"[Event "x""#,
            r#"[Event x"]"#,
            r#"["x"]"#,
            r#"[%clk "0:01"]"#,
            "1. e4 e5",
            r#"[_a "x"]"#,
        ] {
            assert_eq!(tag(line), None, "{line}");
        }
    }
}

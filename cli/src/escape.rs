//! Input shown back in an error: printable text as it is, everything else escaped, so that
//! a bad byte or a control character never reaches the terminal raw.

use std::fmt::Write;

/// `bytes` as text: UTF-8 as it is, except control characters and `\` (escaped as Rust
/// escapes them) and bytes that are not UTF-8 (`\xff`).
///
/// ```
/// use chess960_cli::escape::escaped;
///
/// assert_eq!(escaped(b"\xff\xfe"), r"\xff\xfe");
/// assert_eq!(escaped("♖ a\tb\\".as_bytes()), r"♖ a\tb\\");
/// ```
pub fn escaped(bytes: &[u8]) -> String {
    let mut shown = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() || c == '\\' {
                shown.extend(c.escape_debug());
            } else {
                shown.push(c);
            }
        }
        for byte in chunk.invalid() {
            // Writing to a String cannot fail.
            let _ = write!(shown, "\\x{byte:02x}");
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::escaped;

    #[test]
    fn control_characters_and_bad_bytes_are_escaped() {
        assert_eq!(escaped(b"518"), "518");
        assert_eq!(escaped(b"\x1b[31m"), r"\u{1b}[31m");
        assert_eq!(escaped(b"a\r\n"), r"a\r\n");
        assert_eq!(escaped(b"\xe2\x99"), r"\xe2\x99");
        assert_eq!(escaped("RNBQ♔BNR\u{7f}".as_bytes()), r"RNBQ♔BNR\u{7f}");
    }
}

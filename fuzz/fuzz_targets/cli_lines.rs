//! The command line's stdin reader: every line comes out, in order, whatever its bytes and
//! however the reads split them; only its first `MAX_LINE` bytes are ever kept. A line shown
//! back in an error is escaped: no control character or stray byte reaches the terminal, and
//! printable UTF-8 stays as it is.
#![no_main]

use std::io::BufReader;

use chess960_cli::escape::escaped;
use chess960_cli::input::{Line, Lines, MAX_LINE};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: (u8, Vec<u8>)| {
    let (capacity, bytes) = input;
    // A tiny read buffer splits lines across refills.
    let mut lines = Lines::new(BufReader::with_capacity(
        usize::from(capacity) + 1,
        &bytes[..],
    ));
    let mut expected = bytes.split(|&b| b == b'\n');
    // Every newline ends a line, and so does the end of the input after other bytes.
    let newlines = bytes.iter().filter(|&&b| b == b'\n').count();
    let count = newlines + usize::from(bytes.last().is_some_and(|&b| b != b'\n'));
    let mut seen = 0;
    while let Some(line) = lines.next_line().unwrap() {
        let want = expected.next().unwrap();
        match line {
            Line::Text(text) => {
                assert_eq!(text, want.strip_suffix(b"\r").unwrap_or(want));
                assert!(want.len() <= MAX_LINE);
                let shown = escaped(text);
                assert!(!shown.chars().any(char::is_control), "{shown:?}");
                match std::str::from_utf8(text) {
                    Ok(t) if !t.contains(|c: char| c.is_control() || c == '\\') => {
                        assert_eq!(shown, t)
                    }
                    _ => assert!(shown.contains('\\')),
                }
            }
            Line::TooLong(len) => assert!(len == want.len() && len > MAX_LINE),
        }
        seen += 1;
    }
    assert_eq!(seen, count);
});

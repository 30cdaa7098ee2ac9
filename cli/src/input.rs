//! Stdin, one POS a line, read in bounded memory.

use std::io::{self, BufRead};

/// Lines longer than this are rejected, not buffered: no POS is anywhere near it.
pub const MAX_LINE: usize = 4096;

/// One line of input, without its line ending.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Line<'a> {
    /// The line's bytes, `\n` and a trailing `\r` removed.
    Text(&'a [u8]),
    /// A line of more than [`MAX_LINE`] bytes; its length in bytes.
    TooLong(usize),
}

/// Reads lines one at a time, keeping at most [`MAX_LINE`] bytes of any of them.
#[derive(Debug)]
pub struct Lines<R> {
    input: R,
    line: Vec<u8>,
}

impl<R: BufRead> Lines<R> {
    /// Reads from `input`.
    pub fn new(input: R) -> Self {
        Lines {
            input,
            line: Vec::with_capacity(MAX_LINE),
        }
    }

    /// The next line, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.line.clear();
        let (mut len, mut read_any) = (0usize, false);
        loop {
            let buf = match self.input.fill_buf() {
                Ok(buf) => buf,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Err(err),
            };
            if buf.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            read_any = true;
            let newline = buf.iter().position(|&b| b == b'\n');
            let chunk = buf.get(..newline.unwrap_or(buf.len())).unwrap_or(buf);
            let room = MAX_LINE.saturating_sub(self.line.len());
            self.line
                .extend_from_slice(chunk.get(..room).unwrap_or(chunk));
            len += chunk.len();
            let consumed = newline.map_or(buf.len(), |i| i + 1);
            self.input.consume(consumed);
            if newline.is_some() {
                break;
            }
        }
        if len > MAX_LINE {
            return Ok(Some(Line::TooLong(len)));
        }
        let text = self.line.strip_suffix(b"\r").unwrap_or(&self.line);
        Ok(Some(Line::Text(text)))
    }
}

impl<R: io::Read> Lines<io::BufReader<R>> {
    /// Whether the next line can be read without waiting for more input.
    pub fn has_buffered_input(&self) -> bool {
        !self.input.buffer().is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut lines = Lines::new(io::BufReader::with_capacity(7, input));
        let mut out = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            out.push(match line {
                Line::Text(t) => String::from_utf8_lossy(t).into_owned(),
                Line::TooLong(n) => format!("<{n} bytes>"),
            });
        }
        out
    }

    #[test]
    fn splits_lines_across_buffer_refills() {
        assert_eq!(lines(b"518\r\nRNBQKBNR\n\n0"), ["518", "RNBQKBNR", "", "0"]);
        assert_eq!(lines(b""), Vec::<String>::new());
        assert_eq!(lines(b"\n"), [""]);
    }

    #[test]
    fn long_lines_are_measured_not_kept() {
        let mut input = vec![b'x'; 3 * MAX_LINE];
        input.extend_from_slice(b"\n518\n");
        assert_eq!(
            lines(&input),
            [format!("<{} bytes>", 3 * MAX_LINE), "518".into()]
        );
        let exact = vec![b'y'; MAX_LINE];
        assert_eq!(lines(&exact), [String::from_utf8(exact).unwrap()]);
    }
}

//! Skipping movetext fast: the only bytes that matter between a game's tags and the next game
//! are `{` and `}` (a comment, in which nothing counts), `;` (a comment to the line's end) and
//! a line end followed by a byte that may begin a tag, an escape or a blank line. Eight bytes
//! at a time are compared with these in a register, only the marked ones are looked at, and
//! the loop leaves movetext only where a game may end.

/// Where skipping stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Stop {
    /// At the end of the bytes, inside a `{ }` comment or not.
    End { in_brace: bool },
    /// Just after a `;`: the rest of the line is a comment.
    Semicolon(usize),
    /// At the start of a line that may not be movetext (its first byte is `[`, `%`, white
    /// space, or not in these bytes).
    LineStart(usize),
}

/// Skips movetext in `bytes`, starting inside a comment if `in_brace`.
pub fn skip(bytes: &[u8], mut in_brace: bool) -> Stop {
    let mut words = bytes.chunks_exact(8);
    let mut base = 0;
    for word in &mut words {
        let word = u64::from_le_bytes(word.try_into().unwrap_or_default());
        let mut mask = marks(word);
        while mask != 0 {
            // The marked byte's high bit: bit 8k + 7 for byte k.
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            let byte = (word >> (bit - 7)) as u8;
            if in_brace {
                in_brace = byte != b'}';
                continue;
            }
            let at = base + (bit / 8) as usize;
            match byte {
                b'{' => in_brace = true,
                b'}' => {}
                b';' => return Stop::Semicolon(at + 1),
                _ => {
                    if let Some(stop) = line_end(bytes, at) {
                        return stop;
                    }
                }
            }
        }
        base += 8;
    }
    for (k, &byte) in words.remainder().iter().enumerate() {
        let at = base + k;
        match (in_brace, byte) {
            (true, b'}') => in_brace = false,
            (false, b'{') => in_brace = true,
            (false, b';') => return Stop::Semicolon(at + 1),
            (false, b'\n') => {
                if let Some(stop) = line_end(bytes, at) {
                    return stop;
                }
            }
            _ => {}
        }
    }
    Stop::End { in_brace }
}

/// At a line end outside comments: where skipping stops, unless the next line is plainly
/// movetext.
fn line_end(bytes: &[u8], at: usize) -> Option<Stop> {
    match bytes.get(at + 1) {
        Some(b'[' | b'%' | b' ' | b'\t' | b'\r' | b'\n') | None => Some(Stop::LineStart(at + 1)),
        Some(_) => None,
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The high bit of each byte of `x` that is zero, and no other bit.
fn zero_bytes(x: u64) -> u64 {
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// The high bit of each byte of `word` that is `{`, `}`, `;` or `\n` (eight bytes compared at
/// once in a register). `;` (0x3b) is `{` (0x7b) without bit 6, so one compare finds both.
fn marks(word: u64) -> u64 {
    zero_bytes((word | (ONES * 0x40)) ^ (ONES * u64::from(b'{')))
        | zero_bytes(word ^ (ONES * u64::from(b'}')))
        | zero_bytes(word ^ (ONES * u64::from(b'\n')))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same, a byte at a time.
    fn reference(bytes: &[u8], mut in_brace: bool) -> Stop {
        for (at, &b) in bytes.iter().enumerate() {
            match (in_brace, b) {
                (true, b'}') => in_brace = false,
                (true, _) => {}
                (false, b'{') => in_brace = true,
                (false, b';') => return Stop::Semicolon(at + 1),
                (false, b'\n') => match bytes.get(at + 1) {
                    Some(b'[' | b'%' | b' ' | b'\t' | b'\r' | b'\n') | None => {
                        return Stop::LineStart(at + 1);
                    }
                    Some(_) => {}
                },
                (false, _) => {}
            }
        }
        Stop::End { in_brace }
    }

    #[test]
    fn agrees_with_a_byte_at_a_time() {
        let alphabet = b"{};\n[% \re4x";
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for len in 0..300 {
            for _ in 0..40 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        alphabet[(state % alphabet.len() as u64) as usize]
                    })
                    .collect();
                for in_brace in [false, true] {
                    assert_eq!(
                        skip(&bytes, in_brace),
                        reference(&bytes, in_brace),
                        "{bytes:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn stops() {
        assert_eq!(
            skip(b"1. e4 { [%clk 0:03:00] } e5\n2. Nf3", false),
            Stop::End { in_brace: false }
        );
        assert_eq!(
            skip(b"1. e4 {a\n[Event \"x\"] b", false),
            Stop::End { in_brace: true }
        );
        assert_eq!(skip(b"1. e4 ; {\n2. d4", false), Stop::Semicolon(7));
        assert_eq!(skip(b"1-0\n\n[Event", false), Stop::LineStart(4));
        assert_eq!(skip(b"} 1-0\n", true), Stop::LineStart(6));
    }
}

//! Skipping movetext fast: the only bytes that matter between a game's tags and the next game
//! are `{` and `}` (a comment, in which nothing counts), `;` (a comment to the line's end) and
//! a line end followed by a byte that may begin a tag, an escape or a blank line. Sixty-four
//! bytes at a time are compared with these (in vector registers, by the compiler), only the
//! marked ones are looked at, and the loop leaves movetext only where a game may end.

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
    let mut blocks = bytes.chunks_exact(BLOCK);
    let mut base = 0;
    for block in &mut blocks {
        let Ok(block) = <&[u8; BLOCK]>::try_from(block) else {
            break;
        };
        if let Some(stop) = skip_block(bytes, block, base, &mut in_brace) {
            return stop;
        }
        base += BLOCK;
    }
    // The last bytes, fewer than a block, padded with spaces, which nothing marks.
    let mut last = [b' '; BLOCK];
    for (padded, &byte) in last.iter_mut().zip(blocks.remainder()) {
        *padded = byte;
    }
    match skip_block(bytes, &last, base, &mut in_brace) {
        Some(stop) => stop,
        None => Stop::End { in_brace },
    }
}

/// Skips `block`, the bytes of `bytes` from `base` on: where skipping stops, if it does.
#[inline(always)]
fn skip_block(bytes: &[u8], block: &[u8; BLOCK], base: usize, in_brace: &mut bool) -> Option<Stop> {
    let mut mask = marks(block);
    while mask != 0 {
        let k = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        let byte = block.get(k).copied().unwrap_or_default();
        if *in_brace {
            *in_brace = byte != b'}';
            continue;
        }
        match byte {
            b'{' => *in_brace = true,
            b'}' => {}
            b';' => return Some(Stop::Semicolon(base + k + 1)),
            _ => {
                if let Some(stop) = line_end(bytes, base + k) {
                    return Some(stop);
                }
            }
        }
    }
    None
}

/// Bytes looked at together.
const BLOCK: usize = 64;

/// Bit `k` set where `block[k]` is `{`, `}`, `;` or a line end. The bytes are compared
/// sixteen at a time in vector registers (the compiler does it for this loop), each giving a
/// byte 0 or 1, and eight of those become eight bits with a multiplication.
fn marks(block: &[u8; BLOCK]) -> u64 {
    // `;` (0x3b) is `{` (0x7b) without bit 6, so one compare finds both.
    let mut flags = [0u8; BLOCK];
    for (flag, &byte) in flags.iter_mut().zip(block) {
        *flag = u8::from((byte | 0x40) == b'{' || byte == b'}' || byte == b'\n');
    }
    let mut mask = 0;
    for (n, word) in flags.chunks_exact(8).enumerate() {
        let ones = u64::from_le_bytes(word.try_into().unwrap_or_default());
        mask |= (ones.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * n);
    }
    mask
}

/// At a line end outside comments: where skipping stops, unless the next line is plainly
/// movetext.
fn line_end(bytes: &[u8], at: usize) -> Option<Stop> {
    match bytes.get(at + 1) {
        Some(b'[' | b'%' | b' ' | b'\t' | b'\r' | b'\n') | None => Some(Stop::LineStart(at + 1)),
        Some(_) => None,
    }
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
    fn marks_every_byte_value_at_every_place() {
        for value in 0..=255u8 {
            for k in 0..BLOCK {
                let mut block = [b'x'; BLOCK];
                block[k] = value;
                let marked = matches!(value, b'{' | b'}' | b';' | b'\n');
                assert_eq!(marks(&block), u64::from(marked) << k, "{value:#x} at {k}");
            }
        }
        assert_eq!(marks(&[b'\n'; BLOCK]), !0);
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

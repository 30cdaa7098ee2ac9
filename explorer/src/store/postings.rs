//! Postings: a position reached by one game, stored as a 32-bit fingerprint of its key and the
//! game's ordinal (its number relative to its segment), sorted by (fingerprint, ordinal) and
//! cut into chunks ([`Chunker`]). A chunk is read whole ([`decode`], for merges and checks) or
//! up to one fingerprint ([`lookup`]: the candidate games of a position, each confirmed by
//! replaying its moves elsewhere, a fingerprint being no key).
//!
//! # A chunk's bytes
//!
//! 1. The count of postings: LEB128 (7 bits a byte, low first, the high bit set on all but
//!    the last; 1 to 5 bytes), at most `u32::MAX`. A count of 0 is the whole chunk.
//! 2. The first posting's fingerprint: 4 bytes, little-endian.
//! 3. `k`, the Rice parameter of the fingerprints' gaps: 1 byte, 0 to 32. The encoder picks
//!    the `k` that codes this chunk's gaps in the fewest bits.
//! 4. A bit stream to the end, each byte filled from its lowest bit up, every value written
//!    low bit first, the last byte padded with 0 bits:
//!    - the first posting's ordinal, in `w` bits;
//!    - then for each next posting, its fingerprint's gap from the previous one's (0 when the
//!      fingerprint repeats) Rice-coded: `gap >> k` as that many 0 bits and a 1 bit, then
//!      the gap's low `k` bits; then its ordinal in `w` bits.
//!
//! `w` is not stored: it is the bits of `ordinals - 1`, the number of games of the segment
//! (0 bits for 1 game, 19 for 458,000, 32 for `u32::MAX`), which the reader is given.
//!
//! Postings of random positions have gaps of about `2^32 / N` for `N` postings in all: with
//! 15 million postings and 458,000 games, about 9.6 bits a gap and 19 an ordinal, 3.6 bytes
//! a posting (the tests measure it).
//!
//! A chunk is refused (`None`) when its count needs more bits than it holds, `k` is over 32,
//! a gap passes `u32::MAX`, an ordinal is not below `ordinals`, the postings are not strictly
//! increasing, or (reading it whole) bytes or bits other than the zero padding follow: any
//! bytes are read without a panic, allocating at most for the postings their bits could hold.

#[cfg(test)]
mod tests;

use crate::store::bytes::{Reader, put};

/// The largest Rice parameter: a gap's 32 bits whole, with a quotient of 0.
const MAX_K: u32 = 32;

/// The bits of an ordinal below `ordinals`: those of `ordinals - 1`.
fn width(ordinals: u32) -> u32 {
    u32::BITS - ordinals.saturating_sub(1).leading_zeros()
}

/// The low `bits` (at most 63) bits set.
fn mask(bits: u32) -> u64 {
    (1u64 << bits) - 1
}

/// Encodes `postings` (sorted by (fingerprint, ordinal), no pair twice, every ordinal below
/// `ordinals`, at most `u32::MAX` of them) as one chunk's bytes, appended to `out`.
pub(crate) fn encode(postings: &[(u32, u32)], ordinals: u32, out: &mut Vec<u8>) {
    debug_assert!(postings.windows(2).all(|pair| pair.first() < pair.last()));
    put(out, postings.len() as u64);
    let Some(&(first, ordinal)) = postings.first() else {
        return;
    };
    out.extend_from_slice(&first.to_le_bytes());
    let k = best_k(postings);
    out.push(k as u8);
    let width = width(ordinals);
    let mut bits = BitWriter {
        out,
        acc: 0,
        len: 0,
    };
    bits.write(u64::from(ordinal), width);
    for ((previous, _), &(fingerprint, ordinal)) in postings.iter().zip(postings.iter().skip(1)) {
        let gap = u64::from(fingerprint.wrapping_sub(*previous));
        bits.unary(gap >> k);
        bits.write(gap, k);
        bits.write(u64::from(ordinal), width);
    }
    bits.finish();
}

/// The bits of the gaps of `postings` Rice-coded with `k`.
fn cost(postings: &[(u32, u32)], k: u32) -> u64 {
    let gaps = postings.iter().zip(postings.iter().skip(1));
    let quotients: u64 = gaps
        .map(|((previous, _), (next, _))| u64::from(next.wrapping_sub(*previous)) >> k)
        .sum();
    quotients + (postings.len() as u64).saturating_sub(1) * u64::from(1 + k)
}

/// The Rice parameter coding the gaps of `postings` in the fewest bits. The cost is convex in
/// `k` (each step up saves a gap's halved quotient, less and less, and costs a bit a gap), so
/// the search walks down or up from `k` near the mean gap's bits while the cost falls.
fn best_k(postings: &[(u32, u32)]) -> u32 {
    let (first, last) = match (postings.first(), postings.last()) {
        (Some(&(first, _)), Some(&(last, _))) => (first, last),
        _ => return 0,
    };
    let mean =
        u64::from(last.saturating_sub(first)) / (postings.len() as u64).max(2).saturating_sub(1);
    let mut k = (u64::BITS - mean.leading_zeros()).saturating_sub(1);
    let mut best = cost(postings, k);
    let down = k > 0 && cost(postings, k - 1) < best;
    loop {
        let next = match down {
            true if k > 0 => k - 1,
            false if k < MAX_K => k + 1,
            _ => return k,
        };
        let bits = cost(postings, next);
        if bits >= best {
            return k;
        }
        (k, best) = (next, bits);
    }
}

/// The ordinals listed under `fingerprint` in the chunk `bytes` (written by [`encode`] with the
/// same `ordinals`), in increasing order; `None` if the bytes read up to there are no chunk's.
/// Stops at the first fingerprint past `fingerprint`: what follows is not checked.
pub(crate) fn lookup(bytes: &[u8], ordinals: u32, fingerprint: u32) -> Option<Vec<u32>> {
    let mut chunk = Chunk::open(bytes, ordinals)?;
    let mut found = Vec::new();
    if fingerprint < chunk.first {
        return Some(found);
    }
    while let Some((next, ordinal)) = chunk.next()? {
        if next > fingerprint {
            break;
        }
        if next == fingerprint {
            found.push(ordinal);
        }
    }
    Some(found)
}

/// Every posting of the chunk `bytes` (written by [`encode`] with the same `ordinals`), in
/// order; `None` if the bytes are not a chunk's, to their end.
pub(crate) fn decode(bytes: &[u8], ordinals: u32) -> Option<Vec<(u32, u32)>> {
    let mut chunk = Chunk::open(bytes, ordinals)?;
    let mut postings = Vec::with_capacity(chunk.left as usize);
    while let Some(posting) = chunk.next()? {
        postings.push(posting);
    }
    chunk.bits.is_done().then_some(postings)
}

/// A chunk read posting by posting.
#[derive(Debug)]
struct Chunk<'a> {
    /// The bit stream after the header.
    bits: BitReader<'a>,
    /// The postings not yet read.
    left: u32,
    /// The first posting's fingerprint.
    first: u32,
    /// The Rice parameter of the gaps.
    k: u32,
    /// The bits of an ordinal.
    width: u32,
    /// The ordinals' bound.
    ordinals: u32,
    /// The last posting read.
    previous: Option<(u32, u32)>,
}

impl<'a> Chunk<'a> {
    /// The chunk `bytes` after its header; `None` if the header is no chunk's or its count
    /// needs more bits than the stream holds.
    fn open(bytes: &'a [u8], ordinals: u32) -> Option<Self> {
        let mut reader = Reader(bytes);
        let count = u32::try_from(reader.number()?).ok()?;
        let (first, k, rest) = match count {
            0 => (0, 0, reader.0),
            _ => {
                let (first, rest) = reader.0.split_first_chunk::<4>()?;
                let (&k, rest) = rest.split_first()?;
                (u32::from_le_bytes(*first), u32::from(k), rest)
            }
        };
        let width = width(ordinals);
        let needed = u64::from(count.min(1) * width)
            + u64::from(count.saturating_sub(1)) * u64::from(1 + k + width);
        if k > MAX_K || needed > rest.len() as u64 * 8 {
            return None;
        }
        Some(Self {
            bits: BitReader {
                rest,
                acc: 0,
                len: 0,
            },
            left: count,
            first,
            k,
            width,
            ordinals,
            previous: None,
        })
    }

    /// The next posting, `Some(None)` past the last; `None` if the bits are no posting's.
    fn next(&mut self) -> Option<Option<(u32, u32)>> {
        let Some(left) = self.left.checked_sub(1) else {
            return Some(None);
        };
        self.left = left;
        let fingerprint = match self.previous {
            None => self.first,
            Some((previous, _)) => {
                let quotient = self.bits.unary(u64::from(u32::MAX) >> self.k)?;
                let gap = quotient << self.k | self.bits.read(self.k)?;
                u32::try_from(u64::from(previous) + gap).ok()?
            }
        };
        let ordinal = u32::try_from(self.bits.read(self.width)?).ok()?;
        let posting = (fingerprint, ordinal);
        if ordinal >= self.ordinals || self.previous.is_some_and(|previous| posting <= previous) {
            return None;
        }
        self.previous = Some(posting);
        Some(Some(posting))
    }
}

/// Bits appended to a vector, low first, through a 64-bit accumulator.
#[derive(Debug)]
struct BitWriter<'a> {
    /// Where whole bytes go.
    out: &'a mut Vec<u8>,
    /// The bits not yet written, from bit 0.
    acc: u64,
    /// How many: below 32 between writes.
    len: u32,
}

impl BitWriter<'_> {
    /// Writes the low `bits` (at most 32) bits of `value`.
    fn write(&mut self, value: u64, bits: u32) {
        self.acc |= (value & mask(bits)) << self.len;
        self.len += bits;
        if self.len >= 32 {
            self.out.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.len -= 32;
        }
    }

    /// Writes `quotient` 0 bits and a 1 bit.
    fn unary(&mut self, mut quotient: u64) {
        while quotient >= 32 {
            self.write(0, 32);
            quotient -= 32;
        }
        self.write(1 << quotient, quotient as u32 + 1);
    }

    /// Writes the bits left, the last byte padded with 0 bits.
    fn finish(self) {
        let bytes = self.acc.to_le_bytes();
        let used = self.len.div_ceil(8) as usize;
        self.out.extend(bytes.iter().take(used));
    }
}

/// Bits read from a slice, low first, through a 64-bit accumulator; every read is `None` past
/// the end.
#[derive(Debug)]
struct BitReader<'a> {
    /// The bytes not yet in the accumulator.
    rest: &'a [u8],
    /// The bits loaded and not yet read, from bit 0; the bits above them are 0.
    acc: u64,
    /// How many.
    len: u32,
}

impl BitReader<'_> {
    /// Loads whole bytes while the accumulator has room.
    fn refill(&mut self) {
        let room = (u64::BITS - self.len) / 8;
        if room == 0 {
            return;
        }
        if let Some((word, _)) = self.rest.split_first_chunk::<8>() {
            let word = u64::from_le_bytes(*word);
            let bits = room * 8;
            self.acc |= (if bits == 64 { word } else { word & mask(bits) }) << self.len;
            self.len += bits;
            self.rest = self.rest.get(room as usize..).unwrap_or_default();
            return;
        }
        while self.len <= u64::BITS - 8 {
            let Some((&byte, rest)) = self.rest.split_first() else {
                return;
            };
            self.acc |= u64::from(byte) << self.len;
            self.len += 8;
            self.rest = rest;
        }
    }

    /// The next `bits` (at most 32) bits.
    fn read(&mut self, bits: u32) -> Option<u64> {
        if self.len < bits {
            self.refill();
            if self.len < bits {
                return None;
            }
        }
        let value = self.acc & mask(bits);
        self.acc >>= bits;
        self.len -= bits;
        Some(value)
    }

    /// The count of 0 bits before the next 1 bit, which is read too; `None` past the end or
    /// past `most` 0 bits.
    fn unary(&mut self, most: u64) -> Option<u64> {
        let mut zeros = 0u64;
        loop {
            if self.len == 0 {
                self.refill();
                if self.len == 0 {
                    return None;
                }
            }
            let run = self.acc.trailing_zeros().min(self.len);
            zeros += u64::from(run);
            if zeros > most {
                return None;
            }
            if run < self.len {
                self.acc = self.acc >> run >> 1;
                self.len -= run + 1;
                return Some(zeros);
            }
            (self.acc, self.len) = (0, 0);
        }
    }

    /// Whether only the last byte's 0 padding is left.
    fn is_done(&self) -> bool {
        self.rest.is_empty() && self.len < 8 && self.acc == 0
    }
}

/// Groups sorted postings into chunks of about `target` postings each, never cutting one
/// fingerprint's postings in two: a chunk closes at the first new fingerprint once it holds
/// `target` (so it holds at least `target`, more when its last fingerprint has many).
#[derive(Debug)]
pub(crate) struct Chunker {
    /// The postings a chunk closes at (at least 1).
    target: usize,
    /// The open chunk's postings.
    pending: Vec<(u32, u32)>,
}

impl Chunker {
    /// No postings yet, chunks of about `target` (0 counting as 1).
    pub(crate) fn new(target: usize) -> Self {
        Self {
            target: target.max(1),
            pending: Vec::new(),
        }
    }

    /// Adds the next posting (in (fingerprint, ordinal) order); returns the chunk it closes,
    /// as its first fingerprint and its postings, if it starts a new one.
    pub(crate) fn push(
        &mut self,
        fingerprint: u32,
        ordinal: u32,
    ) -> Option<(u32, Vec<(u32, u32)>)> {
        let closes = self.pending.len() >= self.target
            && self
                .pending
                .last()
                .is_some_and(|&(last, _)| last != fingerprint);
        let chunk = closes.then(|| self.take()).flatten();
        self.pending.push((fingerprint, ordinal));
        chunk
    }

    /// The last chunk, if any posting is left.
    pub(crate) fn finish(mut self) -> Option<(u32, Vec<(u32, u32)>)> {
        self.take()
    }

    /// The open chunk, closed; `None` if it is empty.
    fn take(&mut self) -> Option<(u32, Vec<(u32, u32)>)> {
        let &(first, _) = self.pending.first()?;
        let chunk = std::mem::replace(&mut self.pending, Vec::with_capacity(self.target));
        Some((first, chunk))
    }
}

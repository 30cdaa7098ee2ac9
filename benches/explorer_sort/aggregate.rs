//! A key's group of visits, aggregated once: each move's counts by bucket and result (and the
//! game of a lone one), as today's entries count them, encoded into a reused buffer whose
//! bytes are summed (the pipeline writes nothing, but does the encoding's work).

use crate::replay::{Rec, rec_bucket, rec_game, rec_move, rec_outcome};

/// One move's games of one bucket.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Count {
    pub mv: u16,
    pub bucket: u8,
    /// White wins, draws, black wins.
    pub results: [u32; 3],
    /// The game, when it is the only one.
    pub lone: Option<u32>,
}

impl Count {
    pub fn games(&self) -> u32 {
        self.results.iter().sum()
    }
}

pub fn put(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// What the aggregation saw: the same from every pipeline, so that their runs can be compared.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Summary {
    pub keys: u64,
    pub one_game: u64,
    pub visits: u64,
    /// Bytes of the shared keys' encoded aggregates.
    pub encoded: u64,
    /// A checksum of the one-game positions' (fingerprint, game).
    pub lone_sum: u64,
}

impl Summary {
    pub fn add(&mut self, other: &Summary) {
        self.keys += other.keys;
        self.one_game += other.one_game;
        self.visits += other.visits;
        self.encoded += other.encoded;
        self.lone_sum = self.lone_sum.wrapping_add(other.lone_sum);
    }
}

/// The aggregation of one thread.
#[derive(Default)]
pub struct Aggregator {
    tuples: Vec<(u16, u8, u32, u8)>,
    pub counts: Vec<Count>,
    pub buf: Vec<u8>,
    pub summary: Summary,
}

impl Aggregator {
    /// A key's visits (sorted by game, as the sort leaves them).
    pub fn group(&mut self, recs: &[Rec]) {
        let Some(first) = recs.first() else {
            return;
        };
        if let [only] = recs {
            self.one(first[0], rec_game(only), 1);
            return;
        }
        self.tuples.clear();
        self.tuples.extend(recs.iter().map(|rec| {
            (
                rec_move(rec),
                rec_bucket(rec),
                rec_game(rec),
                rec_outcome(rec),
            )
        }));
        self.tuples.sort_unstable();
        self.counts.clear();
        for &(mv, bucket, game, outcome) in &self.tuples {
            match self.counts.last_mut() {
                Some(count) if count.mv == mv && count.bucket == bucket => {
                    count.results[usize::from(outcome)] += 1;
                    count.lone = None;
                }
                _ => {
                    let mut results = [0; 3];
                    results[usize::from(outcome)] = 1;
                    self.counts.push(Count {
                        mv,
                        bucket,
                        results,
                        lone: Some(game),
                    });
                }
            }
        }
        self.shared(first[0], first[1] >> 32, recs.len() as u64);
    }

    /// A position one game reached.
    pub fn one(&mut self, hi: u64, game: u32, visits: u64) {
        self.summary.keys += 1;
        self.summary.one_game += 1;
        self.summary.visits += visits;
        let fingerprint = hi >> 32;
        self.summary.lone_sum = self
            .summary
            .lone_sum
            .wrapping_add(fingerprint.wrapping_mul(0x9E37_79B9) ^ u64::from(game));
    }

    /// A shared position whose `counts` are aggregated: encoded once.
    pub fn shared(&mut self, hi: u64, lo: u64, visits: u64) {
        self.summary.keys += 1;
        self.summary.visits += visits;
        self.buf.clear();
        encode(hi, lo as u32, &self.counts, &mut self.buf);
        self.summary.encoded += self.buf.len() as u64;
    }
}

/// The simple aggregate encoding: the key, then each move with each bucket's counts by result
/// (and a lone game's number).
pub fn encode(hi: u64, lo: u32, counts: &[Count], out: &mut Vec<u8>) {
    out.extend_from_slice(&hi.to_be_bytes());
    out.extend_from_slice(&lo.to_be_bytes());
    let mut at = 0;
    let moves = counts
        .windows(2)
        .filter(|pair| pair[0].mv != pair[1].mv)
        .count()
        + 1;
    put(out, moves as u64);
    while let Some(first) = counts.get(at) {
        let end = counts[at..]
            .iter()
            .position(|count| count.mv != first.mv)
            .map_or(counts.len(), |n| at + n);
        out.extend_from_slice(&first.mv.to_le_bytes());
        put(out, (end - at) as u64);
        for count in &counts[at..end] {
            out.push(count.bucket);
            match count.lone {
                Some(game) => {
                    // One game: its result in the tag, then its number.
                    out.push(0x80 | count.results.iter().position(|&n| n == 1).unwrap_or(0) as u8);
                    put(out, u64::from(game));
                }
                None => {
                    out.push(0);
                    for n in count.results {
                        put(out, u64::from(n));
                    }
                }
            }
        }
        at = end;
    }
}

//! The first of two passes when rare nodes are pruned ([`Sketch`]): a count-min sketch of
//! how many games reach each node, in fixed memory, that never counts a node low; so that the
//! second pass keeps exact counts only for the nodes that may reach `--min-games`.

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicU16, Ordering};

use super::plan::Plan;
use super::walk::Positions;
use crate::game::Game;
use crate::sink::Sink;

/// Rows of the sketch: a node's estimate is its smallest counter among them.
const ROWS: usize = 4;
/// Counters per row at most, a power of two: 4 × 2^23 counters of 2 bytes are 64 MiB. Two
/// bytes, not four, for twice the counters in the same memory: a node's estimate is over by
/// the games of the other nodes that share its counters, so the wider, the fewer rare nodes
/// pass the first pass.
const WIDTH_BITS: u32 = 23;
/// Counters per row at least: 2^12 (32 KiB in all).
const MIN_WIDTH_BITS: u32 = 12;

/// Counters shared by the threads of the first pass; a counter stops at `u16::MAX`, which
/// stands for as many games as any.
pub(crate) struct Sketch {
    counters: Vec<AtomicU16>,
    width_bits: u32,
}

impl Sketch {
    /// The bytes it takes at most.
    pub(crate) const BYTES: usize = ROWS << WIDTH_BITS << 1;

    /// A sketch of the largest width.
    #[cfg(test)]
    pub(crate) fn new() -> Sketch {
        Sketch::of_width(WIDTH_BITS)
    }

    /// A sketch sized to `bytes` of PGN (`None`: not known, the largest): a node is about a
    /// ply, a ply at least 4 bytes of movetext, so a counter a row for every 4 bytes keeps
    /// the estimates as close as the largest sketch would, in a fraction of its memory for a
    /// small input.
    pub(crate) fn for_input(bytes: Option<u64>) -> Sketch {
        let nodes = bytes.map_or(u64::MAX, |bytes| bytes / 4);
        let bits = (u64::BITS - nodes.leading_zeros()).clamp(MIN_WIDTH_BITS, WIDTH_BITS);
        Sketch::of_width(bits)
    }

    fn of_width(width_bits: u32) -> Sketch {
        Sketch {
            counters: (0..ROWS << width_bits).map(|_| AtomicU16::new(0)).collect(),
            width_bits,
        }
    }

    /// The bytes of its counters.
    #[cfg(test)]
    pub(crate) fn bytes(&self) -> usize {
        self.counters.len() * 2
    }

    /// The counter of `key` in each row.
    fn slots(&self, key: u64) -> impl Iterator<Item = usize> {
        let bits = self.width_bits;
        (0..ROWS).map(move |row| {
            // Each row takes its index from other bits of a re-mixed key.
            let mixed = key
                .rotate_left(16 * row as u32)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15);
            row << bits | (mixed >> (64 - bits)) as usize
        })
    }

    fn add(&self, key: u64) {
        for slot in self.slots(key) {
            if let Some(counter) = self.counters.get(slot) {
                // Saturating: a counter never wraps to a low count.
                let _ = counter
                    .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |c| c.checked_add(1));
            }
        }
    }

    /// At least the number of games that reached `key`.
    pub(crate) fn estimate(&self, key: u64) -> u64 {
        let least = self
            .slots(key)
            .filter_map(|slot| self.counters.get(slot))
            .map(|counter| counter.load(Ordering::Relaxed))
            .min()
            .unwrap_or(u16::MAX);
        match least {
            u16::MAX => u64::MAX,
            least => u64::from(least),
        }
    }
}

/// The first pass's sink: each game of the plan's starts adds its nodes to the sketch.
pub(crate) struct Sketching<'a> {
    plan: &'a Plan,
    sketch: Arc<Sketch>,
    positions: Positions,
}

impl<'a> Sketching<'a> {
    pub(crate) fn new(plan: &'a Plan, sketch: Arc<Sketch>) -> Self {
        Sketching {
            plan,
            sketch,
            positions: Positions::default(),
        }
    }
}

impl Sink for Sketching<'_> {
    const COPIES: bool = false;
    const NEEDS_GAMES_BEFORE: bool = false;

    fn replays(&mut self, game: &Game) -> bool {
        self.plan.start(game).is_some()
    }

    fn game(&mut self, game: &Game) -> io::Result<()> {
        if let (Some((start, _)), Some(replay)) = (self.plan.counts(game), game.moves) {
            for visit in self.positions.of(replay, start, self.plan.plies) {
                self.sketch.add(visit.key);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Sketch;

    #[test]
    fn never_counts_low_and_saturates_to_any() {
        let sketch = Sketch::new();
        let keys: Vec<u64> = (1..2000u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for (i, &key) in keys.iter().enumerate() {
            for _ in 0..i % 7 {
                sketch.add(key);
            }
        }
        for (i, &key) in keys.iter().enumerate() {
            assert!(sketch.estimate(key) >= (i % 7) as u64);
        }
        let busy = 0xDEAD_BEEF_u64;
        for _ in 0..u32::from(u16::MAX) + 10 {
            sketch.add(busy);
        }
        assert_eq!(sketch.estimate(busy), u64::MAX);
    }

    #[test]
    fn sized_to_the_input() {
        assert_eq!(Sketch::for_input(Some(1_500_000)).bytes(), 4 << 19 << 1); // 4 MiB
        assert_eq!(Sketch::for_input(Some(100)).bytes(), 4 << 12 << 1);
        assert_eq!(Sketch::for_input(Some(1 << 40)).bytes(), Sketch::BYTES);
        assert_eq!(Sketch::for_input(None).bytes(), Sketch::BYTES);
        let small = Sketch::for_input(Some(1000));
        for key in 0..5000u64 {
            small.add(key.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        }
        assert!((0..5000u64).all(|k| small.estimate(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)) >= 1));
    }
}

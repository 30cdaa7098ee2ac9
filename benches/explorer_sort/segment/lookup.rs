//! Point lookups in a written segment: random probes of each kind, their latencies' quantiles.

#[allow(clippy::wildcard_imports)]
use super::*;

/// A segment opened for point lookups.
pub trait Lookup {
    /// A shared position's value length.
    fn shared(&mut self, key: &[u8; 12]) -> Res<Option<usize>>;
    /// The games of one-game entries with `fingerprint`, pushed onto `games`.
    fn one(&mut self, fingerprint: u32, games: &mut Vec<u32>) -> Res<()>;
    /// A game record's length.
    fn game(&mut self, number: u32) -> Res<Option<usize>>;
}

pub(super) struct RedbLookup {
    pub(super) shared: ReadOnlyTable<[u8; 12], &'static [u8]>,
    pub(super) one: ReadOnlyTable<u64, ()>,
    pub(super) games: ReadOnlyTable<u32, &'static [u8]>,
    pub(super) _db: ReadOnlyDatabase,
}

impl Lookup for RedbLookup {
    fn shared(&mut self, key: &[u8; 12]) -> Res<Option<usize>> {
        Ok(self.shared.get(key)?.map(|v| v.value().len()))
    }

    fn one(&mut self, fingerprint: u32, games: &mut Vec<u32>) -> Res<()> {
        let low = u64::from(fingerprint) << 32;
        for entry in self.one.range(low..=low | 0xFFFF_FFFF)? {
            games.push(entry?.0.value() as u32);
        }
        Ok(())
    }

    fn game(&mut self, number: u32) -> Res<Option<usize>> {
        Ok(self.games.get(number)?.map(|v| v.value().len()))
    }
}

pub(super) struct GrenadLookup {
    pub(super) shared: grenad::ReaderCursor<File>,
    pub(super) one: grenad::ReaderCursor<File>,
    pub(super) games: grenad::ReaderCursor<File>,
}

pub(super) fn be_u64(bytes: &[u8]) -> u64 {
    let mut b = [0; 8];
    b.copy_from_slice(&bytes[..8]);
    u64::from_be_bytes(b)
}

impl Lookup for GrenadLookup {
    fn shared(&mut self, key: &[u8; 12]) -> Res<Option<usize>> {
        Ok(self.shared.move_on_key_equal_to(key)?.map(|(_, v)| v.len()))
    }

    fn one(&mut self, fingerprint: u32, games: &mut Vec<u32>) -> Res<()> {
        let low = u64::from(fingerprint) << 32;
        let mut entry = self
            .one
            .move_on_key_greater_than_or_equal_to(low.to_be_bytes())?
            .map(|(k, _)| be_u64(k));
        while let Some(key) = entry {
            if key >> 32 != u64::from(fingerprint) {
                break;
            }
            games.push(key as u32);
            entry = self.one.move_on_next()?.map(|(k, _)| be_u64(k));
        }
        Ok(())
    }

    fn game(&mut self, number: u32) -> Res<Option<usize>> {
        Ok(self
            .games
            .move_on_key_equal_to(number.to_be_bytes())?
            .map(|(_, v)| v.len()))
    }
}

unsafe extern "C" {
    pub(super) fn posix_fadvise(fd: i32, offset: i64, len: i64, advice: i32) -> i32;
}

/// Drops the segment's files from the page cache (`POSIX_FADV_DONTNEED`): "cold-ish" (the
/// virtual disk's host may still cache them).
pub(super) fn evict(format: Format, dir: &Path) -> Res<()> {
    for (_, path) in format.files(dir) {
        let file = File::open(&path)?;
        file.sync_all()?;
        // SAFETY: a valid descriptor; the call only advises the kernel.
        unsafe { posix_fadvise(file.as_raw_fd(), 0, 0, 4) };
    }
    Ok(())
}

pub(super) struct Rng(u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// The probes: existing shared keys, existing one-game entries, absent keys, game numbers.
pub(super) struct Probes {
    pub(super) shared: Vec<[u8; 12]>,
    pub(super) one: Vec<u64>,
    pub(super) absent: Vec<[u8; 12]>,
    pub(super) games: Vec<u32>,
}

impl Probes {
    pub(super) fn new(seg: &Segment, n: usize) -> Probes {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut pick = |len: usize| (rng.next() % len as u64) as usize;
        let shared = (0..n).map(|_| seg.keys[pick(seg.keys.len())]).collect();
        let one = (0..n).map(|_| seg.one[pick(seg.one.len())]).collect();
        let games = (0..n).map(|_| seg.games[pick(seg.games.len())].0).collect();
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let absent = (0..n)
            .map(|_| {
                let mut key = [0; 12];
                key[..8].copy_from_slice(&rng.next().to_be_bytes());
                key[8..].copy_from_slice(&(rng.next() as u32).to_be_bytes());
                key
            })
            .collect();
        Probes {
            shared,
            one,
            absent,
            games,
        }
    }
}

/// Latencies in ns: p50, p99, max.
pub(super) fn quantiles(mut ns: Vec<u64>) -> [f64; 3] {
    ns.sort_unstable();
    let at = |q: f64| ns[((ns.len() as f64 - 1.0) * q) as usize] as f64 / 1000.0;
    [at(0.5), at(0.99), at(1.0)]
}

/// One pass of the probes: (kind, [p50, p99, max] µs).
pub(super) fn probe(
    lookup: &mut dyn Lookup,
    probes: &Probes,
) -> Res<Vec<(&'static str, [f64; 3])>> {
    let mut out = Vec::new();
    let mut ns = Vec::with_capacity(probes.shared.len());
    for key in &probes.shared {
        let t = Instant::now();
        let found = lookup.shared(key)?;
        ns.push(t.elapsed().as_nanos() as u64);
        if found.is_none() {
            return Err("a shared key not found".into());
        }
    }
    out.push(("shared", quantiles(std::mem::take(&mut ns))));
    let mut games = Vec::new();
    for &entry in &probes.one {
        games.clear();
        let t = Instant::now();
        lookup.one((entry >> 32) as u32, &mut games)?;
        ns.push(t.elapsed().as_nanos() as u64);
        if !games.contains(&(entry as u32)) {
            return Err("a one-game entry not found".into());
        }
    }
    out.push(("one-game", quantiles(std::mem::take(&mut ns))));
    for key in &probes.absent {
        games.clear();
        let t = Instant::now();
        let found = lookup.shared(key)?;
        let fingerprint = u32::from_be_bytes([key[0], key[1], key[2], key[3]]);
        lookup.one(fingerprint, &mut games)?;
        ns.push(t.elapsed().as_nanos() as u64);
        if found.is_some() {
            return Err("an absent key found".into());
        }
    }
    out.push((
        "absent (shared, then one-game)",
        quantiles(std::mem::take(&mut ns)),
    ));
    for &number in &probes.games {
        let t = Instant::now();
        let found = lookup.game(number)?;
        ns.push(t.elapsed().as_nanos() as u64);
        if found.is_none() {
            return Err("a game not found".into());
        }
    }
    out.push(("game record", quantiles(ns)));
    Ok(out)
}

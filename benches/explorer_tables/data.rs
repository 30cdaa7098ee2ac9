//! The entries measured: shaped like the explorer's rows (`rows.tbl`), generated from a seed.
//!
//! A key is 14 bytes: a position's 12-byte hash (uniform), then a month (u16, big-endian);
//! a position has 1 to 6 consecutive months. A value is what a month's row holds, in the
//! same kinds of bytes: 1 to 30 moves (most few), each a 2-byte move code (skewed to a few
//! hundred), its white/draw/black counts and rating sum as LEB128 (small, geometric), then
//! up to 8 games of it as 8-byte numbers (uniform: the incompressible part); 20 to 400 bytes.

/// The entries, in key order, flat: `keys[i]`, `values[ends[i - 1]..ends[i]]`.
pub struct Data {
    pub keys: Vec<[u8; 14]>,
    pub values: Vec<u8>,
    pub ends: Vec<usize>,
}

/// SplitMix64: small, fast, the same everywhere.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// 0 with probability 1/2, 1 with 1/4, … (at most 40).
    fn geometric(&mut self) -> u64 {
        u64::from((self.next() | 1 << 40).trailing_zeros())
    }
}

pub fn leb128(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

impl Data {
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn value(&self, i: usize) -> &[u8] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.values[start..self.ends[i]]
    }

    pub fn iter(&self) -> impl Iterator<Item = (&[u8], &[u8])> {
        (0..self.len()).map(|i| (&self.keys[i][..], self.value(i)))
    }

    /// `entries` entries from `seed`.
    pub fn generate(entries: usize, seed: u64) -> Data {
        let mut rng = Rng(seed);
        // Positions' hashes, sorted and distinct; months follow.
        let mut positions: Vec<[u8; 12]> = Vec::with_capacity(entries / 3 + 1);
        let mut months = 0;
        while months < entries {
            let mut hash = [0; 12];
            hash[..8].copy_from_slice(&rng.next().to_le_bytes());
            hash[8..].copy_from_slice(&(rng.next() as u32).to_le_bytes());
            positions.push(hash);
            months += 3;
        }
        positions.sort_unstable();
        positions.dedup();
        let mut data = Data {
            keys: Vec::with_capacity(entries),
            values: Vec::with_capacity(entries * 120),
            ends: Vec::with_capacity(entries),
        };
        'all: for hash in &positions {
            let first = 200 + rng.below(120) as u16;
            for month in first..first + 1 + rng.below(6) as u16 {
                if data.keys.len() == entries {
                    break 'all;
                }
                let mut key = [0; 14];
                key[..12].copy_from_slice(hash);
                key[12..].copy_from_slice(&month.to_be_bytes());
                data.keys.push(key);
                let start = data.values.len();
                let most = 1 + rng.below(30);
                let moves = 1 + rng.below(most);
                for _ in 0..moves {
                    let spread = 1 + rng.below(4000);
                    let code = rng.below(spread) as u16;
                    data.values.extend_from_slice(&code.to_le_bytes());
                    let mut games = 0;
                    for _ in 0..3 {
                        let n = rng.geometric() * rng.geometric();
                        games += n;
                        leb128(&mut data.values, n);
                    }
                    leb128(&mut data.values, games * 1700 + rng.below(1 + games * 400));
                }
                for _ in 0..rng.below(9) {
                    data.values
                        .extend_from_slice(&rng.below(1 << 40).to_le_bytes());
                }
                while data.values.len() - start < 20 {
                    data.values.push(0);
                }
                data.values.truncate(start + 400);
                data.ends.push(data.values.len());
            }
        }
        data
    }

    /// `n` keys of entries picked at random, with their indexes.
    pub fn present(&self, n: usize, seed: u64) -> Vec<usize> {
        let mut rng = Rng(seed);
        (0..n)
            .map(|_| rng.below(self.len() as u64) as usize)
            .collect()
    }

    /// `n` keys not in the table: half of a position there and a month not, half random.
    pub fn absent(&self, n: usize, seed: u64) -> Vec<[u8; 14]> {
        let mut rng = Rng(seed);
        let mut keys = Vec::with_capacity(n);
        while keys.len() < n {
            let mut key = self.keys[rng.below(self.len() as u64) as usize];
            if keys.len() % 2 == 0 {
                key[12..].copy_from_slice(&(1000 + rng.below(1000) as u16).to_be_bytes());
            } else {
                key[..8].copy_from_slice(&rng.next().to_le_bytes());
            }
            if self.keys.binary_search(&key).is_err() {
                keys.push(key);
            }
        }
        keys
    }

    /// FNV-1a of every key and value, in order: what a full read must give.
    pub fn hash(&self) -> u64 {
        let mut hash = Hash::default();
        for (key, value) in self.iter() {
            hash.eat(key, value);
        }
        hash.0
    }
}

/// FNV-1a over entries, to tell a silently different reading.
pub struct Hash(pub u64);

impl Default for Hash {
    fn default() -> Hash {
        Hash(0xCBF2_9CE4_8422_2325)
    }
}

impl Hash {
    pub fn eat(&mut self, key: &[u8], value: &[u8]) {
        for &byte in key
            .iter()
            .chain(&(value.len() as u32).to_le_bytes())
            .chain(value)
        {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x100_0000_01B3);
        }
    }
}

//! A deterministic part of a run: `--shard K/N` takes the K-th of N contiguous parts of the
//! positions (K from 0, as Slurm's array indices and Kubernetes' completion indices count),
//! so that the parts' record files, concatenated in order, are the whole run's.

use core::fmt;
use core::ops::Range;
use core::str::FromStr;

/// The K-th of N parts.
///
/// ```
/// use chess960_engine::Shard;
///
/// let shard: Shard = "1/3".parse()?;
/// assert_eq!(shard.range(960), 320..640);
/// // The parts cover every position once, in order.
/// let parts: Vec<_> = (0..7).map(|k| Shard::new(k, 7).unwrap().range(921_600)).collect();
/// assert_eq!(parts[0].start, 0);
/// assert!(parts.windows(2).all(|w| w[0].end == w[1].start));
/// assert_eq!(parts[6].end, 921_600);
/// # Ok::<(), chess960_engine::ParseShardError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// The part `index` (from 0) of `count`; `None` unless `index < count`.
    pub const fn new(index: u32, count: u32) -> Option<Shard> {
        if index < count {
            Some(Shard { index, count })
        } else {
            None
        }
    }

    /// Which positions of `len` this part takes: from `len × K / N` up to `len × (K+1) / N`.
    pub fn range(self, len: usize) -> Range<usize> {
        let at = |k: u32| (len as u128 * u128::from(k) / u128::from(self.count)) as usize;
        at(self.index)..at(self.index + 1)
    }
}

/// `K/N`.
impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Why a text is not a [`Shard`].
///
/// ```
/// let err = "3/3".parse::<chess960_engine::Shard>().unwrap_err();
/// assert_eq!(err.to_string(), "`3/3`: a shard is K/N with 0 <= K < N (K counts from 0)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseShardError(String);

impl fmt::Display for ParseShardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}`: a shard is K/N with 0 <= K < N (K counts from 0)",
            self.0
        )
    }
}

impl core::error::Error for ParseShardError {}

impl FromStr for Shard {
    type Err = ParseShardError;

    fn from_str(text: &str) -> Result<Shard, ParseShardError> {
        let error = || ParseShardError(text.to_owned());
        let (index, count) = text.split_once('/').ok_or_else(error)?;
        let index = index.trim().parse().map_err(|_| error())?;
        let count = count.trim().parse().map_err(|_| error())?;
        Shard::new(index, count).ok_or_else(error)
    }
}

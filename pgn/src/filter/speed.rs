//! A game's speed from its `TimeControl` tag, by lichess's rule ([`Speed`]), and a set of
//! speeds to keep ([`Speeds`]).

use std::fmt;
use std::str::FromStr;

/// How fast a game is played, as lichess names it: from the estimated duration of the clock,
/// base + 40 × increment seconds: under 30 s ultraBullet, under 3 min bullet, under 8 min
/// blitz, under 25 min rapid, under 6 h classical, else (or no clock, `-`) correspondence.
///
/// ```
/// use chess960_pgn::Speed;
///
/// assert_eq!(Speed::from_time_control("180+2"), Some(Speed::Blitz)); // 180 + 80 s
/// assert_eq!(Speed::from_time_control("60+0"), Some(Speed::Bullet));
/// assert_eq!(Speed::from_time_control("-"), Some(Speed::Correspondence));
/// assert_eq!(Speed::from_time_control("?"), None);
/// assert_eq!("rapid".parse::<Speed>()?, Speed::Rapid);
/// # Ok::<(), chess960_pgn::ParseSpeedError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Speed {
    /// Under 30 seconds.
    UltraBullet,
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// Under 6 hours.
    Classical,
    /// 6 hours or more, or no clock (`-`).
    Correspondence,
}

impl Speed {
    /// Every speed, fastest first.
    pub const ALL: [Speed; 6] = [
        Speed::UltraBullet,
        Speed::Bullet,
        Speed::Blitz,
        Speed::Rapid,
        Speed::Classical,
        Speed::Correspondence,
    ];

    /// Its place in [`Speed::ALL`], the one number every store keeps a speed as (the
    /// filters' bit sets, an index's buckets and game records).
    ///
    /// ```
    /// use chess960_pgn::Speed;
    ///
    /// assert!(Speed::ALL.iter().enumerate().all(|(at, speed)| usize::from(speed.index()) == at));
    /// ```
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Their names, as lichess spells them (`ultraBullet`, `bullet`, …).
    pub const NAMES: [&'static str; 6] = [
        "ultraBullet",
        "bullet",
        "blitz",
        "rapid",
        "classical",
        "correspondence",
    ];

    /// Its name, as lichess spells it.
    ///
    /// ```
    /// assert_eq!(chess960_pgn::Speed::UltraBullet.as_str(), "ultraBullet");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Speed::UltraBullet => "ultraBullet",
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
            Speed::Correspondence => "correspondence",
        }
    }

    /// The speed of a `TimeControl` tag's value: `base` or `base+increment` in seconds, the
    /// first period of `moves/seconds:…`, or `-` (no clock: correspondence). `None` for `?`,
    /// empty or anything else.
    pub fn from_time_control(value: &str) -> Option<Speed> {
        let value = value.trim();
        if value == "-" {
            return Some(Speed::Correspondence);
        }
        let first = value.split(':').next()?;
        let period = first.rsplit('/').next()?;
        let (base, increment) = period.split_once('+').unwrap_or((period, "0"));
        let base: f64 = base.parse().ok()?;
        let increment: f64 = increment.parse().ok()?;
        let seconds = base + 40.0 * increment;
        if !seconds.is_finite() || seconds < 0.0 {
            return None;
        }
        let limits = [30.0, 180.0, 480.0, 1500.0, 21600.0];
        let index = limits.iter().take_while(|&&limit| seconds >= limit).count();
        Speed::ALL.get(index).copied()
    }
}

impl fmt::Display for Speed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A speed's name that is none of [`Speed::NAMES`].
///
/// ```
/// let err = "lightning".parse::<chess960_pgn::Speed>().unwrap_err();
/// assert_eq!(err.to_string(), "lightning: a speed is one of ultraBullet, bullet, blitz, rapid, classical, correspondence");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct ParseSpeedError {
    /// The name given.
    pub name: String,
}

impl fmt::Display for ParseSpeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: a speed is one of {}",
            self.name,
            Speed::NAMES.join(", ")
        )
    }
}

impl std::error::Error for ParseSpeedError {}

impl FromStr for Speed {
    type Err = ParseSpeedError;

    /// A name of [`Speed::NAMES`], in any case (`ultrabullet` too).
    fn from_str(name: &str) -> Result<Speed, ParseSpeedError> {
        Speed::ALL
            .into_iter()
            .find(|speed| speed.as_str().eq_ignore_ascii_case(name))
            .ok_or_else(|| ParseSpeedError {
                name: name.to_owned(),
            })
    }
}

/// A set of speeds: the games kept by `--speed`.
///
/// ```
/// use chess960_pgn::{Speed, Speeds};
///
/// let speeds = Speeds::EMPTY.with(Speed::Blitz).with(Speed::Rapid);
/// assert!(speeds.has(Speed::Blitz) && !speeds.has(Speed::Bullet));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Speeds(u8);

impl Speeds {
    /// No speed.
    pub const EMPTY: Speeds = Speeds(0);

    /// This set and `speed`.
    #[must_use]
    pub const fn with(self, speed: Speed) -> Speeds {
        Speeds(self.0 | 1 << speed.index())
    }

    /// Whether `speed` is in the set.
    pub const fn has(self, speed: Speed) -> bool {
        self.0 & 1 << speed.index() != 0
    }
}

impl FromIterator<Speed> for Speeds {
    fn from_iter<I: IntoIterator<Item = Speed>>(speeds: I) -> Speeds {
        speeds.into_iter().fold(Speeds::EMPTY, Speeds::with)
    }
}

#[cfg(test)]
mod tests {
    use super::Speed;

    #[test]
    fn lichess_boundaries() {
        let cases = [
            ("15+0", Some(Speed::UltraBullet)),
            ("29", Some(Speed::UltraBullet)),
            ("30", Some(Speed::Bullet)),
            ("0+1", Some(Speed::Bullet)), // 40 s
            ("120+1", Some(Speed::Bullet)),
            ("180", Some(Speed::Blitz)),
            ("300+3", Some(Speed::Blitz)),
            ("480", Some(Speed::Rapid)),
            ("600+5", Some(Speed::Rapid)),
            ("1500", Some(Speed::Classical)),
            ("1800+20", Some(Speed::Classical)),
            ("40/7200:3600", Some(Speed::Classical)),
            ("21600", Some(Speed::Correspondence)),
            ("-", Some(Speed::Correspondence)),
            ("?", None),
            ("", None),
            ("abc+3", None),
        ];
        for (value, speed) in cases {
            assert_eq!(Speed::from_time_control(value), speed, "{value}");
        }
    }

    #[test]
    fn names_read_back() {
        for speed in Speed::ALL {
            assert_eq!(speed.to_string().parse::<Speed>(), Ok(speed));
        }
        assert_eq!("BLITZ".parse::<Speed>(), Ok(Speed::Blitz));
    }
}

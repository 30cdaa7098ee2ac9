//! lichess's rating groups ([`RatingGroup`]): a game's group by its players' average Elo, and a
//! set of groups to keep ([`RatingGroups`]).

use std::fmt;
use std::str::FromStr;

/// A game's rating group by its players' average Elo, with lichess's explorer's lower bounds
/// (its `ratings=` parameter): 0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500.
///
/// ```
/// use chess960_pgn::RatingGroup;
///
/// assert_eq!(RatingGroup::of(1650, 1800), RatingGroup::From1600); // average 1725
/// assert_eq!(RatingGroup::of(2600, 2700).as_str(), "2500");
/// assert_eq!("1200".parse::<RatingGroup>()?, RatingGroup::From1200);
/// assert!("1300".parse::<RatingGroup>().is_err());
/// # Ok::<(), chess960_pgn::ParseRatingGroupError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[non_exhaustive]
pub enum RatingGroup {
    /// Under 1000.
    From0,
    /// 1000 to 1199.
    From1000,
    /// 1200 to 1399.
    From1200,
    /// 1400 to 1599.
    From1400,
    /// 1600 to 1799.
    From1600,
    /// 1800 to 1999.
    From1800,
    /// 2000 to 2199.
    From2000,
    /// 2200 to 2499.
    From2200,
    /// 2500 and over.
    From2500,
}

impl RatingGroup {
    /// Every group, lowest first.
    pub const ALL: [RatingGroup; 9] = [
        RatingGroup::From0,
        RatingGroup::From1000,
        RatingGroup::From1200,
        RatingGroup::From1400,
        RatingGroup::From1600,
        RatingGroup::From1800,
        RatingGroup::From2000,
        RatingGroup::From2200,
        RatingGroup::From2500,
    ];

    /// Its place in [`RatingGroup::ALL`], the one number every store keeps a group as (the
    /// filters' bit sets, an index's buckets).
    ///
    /// ```
    /// use chess960_pgn::RatingGroup;
    ///
    /// assert!(RatingGroup::ALL.iter().enumerate().all(|(at, group)| usize::from(group.index()) == at));
    /// ```
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Their names, lichess's: each group's lower bound.
    pub const NAMES: [&'static str; 9] = [
        "0", "1000", "1200", "1400", "1600", "1800", "2000", "2200", "2500",
    ];

    /// The group's lower bound.
    ///
    /// ```
    /// assert_eq!(chess960_pgn::RatingGroup::From2200.lowest(), 2200);
    /// ```
    pub const fn lowest(self) -> u32 {
        match self {
            RatingGroup::From0 => 0,
            RatingGroup::From1000 => 1000,
            RatingGroup::From1200 => 1200,
            RatingGroup::From1400 => 1400,
            RatingGroup::From1600 => 1600,
            RatingGroup::From1800 => 1800,
            RatingGroup::From2000 => 2000,
            RatingGroup::From2200 => 2200,
            RatingGroup::From2500 => 2500,
        }
    }

    /// Its name: its lower bound, as lichess's `ratings=` writes it.
    ///
    /// ```
    /// assert_eq!(chess960_pgn::RatingGroup::From0.as_str(), "0");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            RatingGroup::From0 => "0",
            RatingGroup::From1000 => "1000",
            RatingGroup::From1200 => "1200",
            RatingGroup::From1400 => "1400",
            RatingGroup::From1600 => "1600",
            RatingGroup::From1800 => "1800",
            RatingGroup::From2000 => "2000",
            RatingGroup::From2200 => "2200",
            RatingGroup::From2500 => "2500",
        }
    }

    /// The group of a game between players of these Elo: of their average, rounded down.
    ///
    /// ```
    /// use chess960_pgn::RatingGroup;
    ///
    /// assert_eq!(RatingGroup::of(999, 1000), RatingGroup::From0); // 999.5
    /// assert_eq!(RatingGroup::of(1000, 1000), RatingGroup::From1000);
    /// ```
    pub const fn of(white: u32, black: u32) -> RatingGroup {
        match (white as u64 + black as u64) / 2 {
            ..1000 => RatingGroup::From0,
            1000..1200 => RatingGroup::From1000,
            1200..1400 => RatingGroup::From1200,
            1400..1600 => RatingGroup::From1400,
            1600..1800 => RatingGroup::From1600,
            1800..2000 => RatingGroup::From1800,
            2000..2200 => RatingGroup::From2000,
            2200..2500 => RatingGroup::From2200,
            _ => RatingGroup::From2500,
        }
    }
}

impl fmt::Display for RatingGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rating group's name that is none of lichess's.
///
/// ```
/// let err = "1100".parse::<chess960_pgn::RatingGroup>().unwrap_err();
/// assert_eq!(err.to_string(), "1100: a rating group is one of lichess's lower bounds 0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct ParseRatingGroupError {
    /// The name as given.
    pub name: String,
}

impl fmt::Display for ParseRatingGroupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: a rating group is one of lichess's lower bounds {}",
            self.name,
            RatingGroup::NAMES.join(", ")
        )
    }
}

impl std::error::Error for ParseRatingGroupError {}

impl FromStr for RatingGroup {
    type Err = ParseRatingGroupError;

    fn from_str(name: &str) -> Result<RatingGroup, ParseRatingGroupError> {
        RatingGroup::ALL
            .into_iter()
            .find(|group| group.as_str() == name.trim())
            .ok_or_else(|| ParseRatingGroupError {
                name: name.to_owned(),
            })
    }
}

/// A set of rating groups: the games kept by [`Options::ratings`](crate::Options::ratings).
///
/// ```
/// use chess960_pgn::{RatingGroup, RatingGroups};
///
/// let groups: RatingGroups = [RatingGroup::From1600, RatingGroup::From1800].into_iter().collect();
/// assert!(groups.has(RatingGroup::From1800) && !groups.has(RatingGroup::From2000));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct RatingGroups(u16);

impl RatingGroups {
    /// No group.
    pub const EMPTY: RatingGroups = RatingGroups(0);

    /// The set with `group` too.
    #[must_use]
    pub const fn with(self, group: RatingGroup) -> RatingGroups {
        RatingGroups(self.0 | 1 << group.index())
    }

    /// Whether `group` is in the set.
    pub const fn has(self, group: RatingGroup) -> bool {
        self.0 & 1 << group.index() != 0
    }
}

impl FromIterator<RatingGroup> for RatingGroups {
    fn from_iter<I: IntoIterator<Item = RatingGroup>>(groups: I) -> RatingGroups {
        groups
            .into_iter()
            .fold(RatingGroups::EMPTY, RatingGroups::with)
    }
}

#[cfg(test)]
mod tests {
    use super::RatingGroup;

    #[test]
    fn every_boundary_against_a_search_of_the_bounds() {
        for average in 0..3000u32 {
            let expected = RatingGroup::ALL
                .into_iter()
                .rev()
                .find(|group| average >= group.lowest())
                .unwrap();
            assert_eq!(RatingGroup::of(average, average), expected, "{average}");
            assert_eq!(
                RatingGroup::of(average, average + 1),
                expected,
                "{average}.5"
            );
        }
        assert_eq!(RatingGroup::of(u32::MAX, u32::MAX), RatingGroup::From2500);
    }

    #[test]
    fn names_read_back() {
        for (group, name) in RatingGroup::ALL.into_iter().zip(RatingGroup::NAMES) {
            assert_eq!(group.as_str(), name);
            assert_eq!(name.parse::<RatingGroup>(), Ok(group));
        }
    }
}

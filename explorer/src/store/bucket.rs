//! The index's pre-aggregation: each game counts in one bucket, its speed and its rating
//! group (each possibly not known), so that any of lichess's filters sums whole buckets.

use chess960_pgn::{RatingGroup, RatingGroups, Speed, Speeds};

/// A game's bucket: its speed (7 values, the last for none) times its rating group (10, the
/// last for none, a game without both Elos), in one byte.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub(crate) struct Bucket(pub(crate) u8);

/// Rating groups, and one for a game without both Elos.
const GROUPS: u8 = 10;

/// The buckets, one past the last.
#[cfg(test)]
pub(crate) const BUCKETS: u8 = 7 * GROUPS;

impl Bucket {
    /// The bucket of a game of `speed` between players of `elo`.
    pub(crate) fn of(speed: Option<Speed>, elo: [Option<u32>; 2]) -> Bucket {
        let speed = speed.map_or(6, Speed::index);
        let group = match elo {
            [Some(white), Some(black)] => RatingGroup::of(white, black).index(),
            _ => 9,
        };
        Bucket(speed * GROUPS + group)
    }

    /// Its speed, if known.
    pub(crate) fn speed(self) -> Option<Speed> {
        Speed::ALL.get(usize::from(self.0 / GROUPS)).copied()
    }

    /// Its rating group, if both Elos are known.
    pub(crate) fn group(self) -> Option<RatingGroup> {
        RatingGroup::ALL.get(usize::from(self.0 % GROUPS)).copied()
    }
}

/// lichess's filters on a game's speed and rating group, as `chess960 tree`'s options read
/// them: a filter on speeds leaves out the games of no known speed, one on rating groups
/// those without both Elos.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) struct Filter {
    pub(crate) speeds: Option<Speeds>,
    pub(crate) ratings: Option<RatingGroups>,
}

impl Filter {
    /// Whether the games of `bucket` are counted.
    pub(crate) fn admits(self, bucket: Bucket) -> bool {
        let speed = self
            .speeds
            .is_none_or(|speeds| bucket.speed().is_some_and(|speed| speeds.has(speed)));
        let group = self
            .ratings
            .is_none_or(|groups| bucket.group().is_some_and(|group| groups.has(group)));
        speed && group
    }
}

#[cfg(test)]
mod tests {
    use super::{BUCKETS, Bucket, Filter};
    use chess960_pgn::{RatingGroup, Speed};

    #[test]
    fn every_speed_and_group_has_its_own_bucket() {
        let mut seen = std::collections::HashSet::new();
        let speeds = Speed::ALL.map(Some).into_iter().chain([None]);
        for speed in speeds {
            for elo in [
                [Some(900), Some(900)],
                [Some(1500), Some(1700)],
                [Some(2600), Some(2500)],
                [None, Some(2000)],
            ] {
                let bucket = Bucket::of(speed, elo);
                assert!(bucket.0 < BUCKETS);
                assert_eq!(bucket.speed(), speed);
                let group = match elo {
                    [Some(w), Some(b)] => Some(RatingGroup::of(w, b)),
                    _ => None,
                };
                assert_eq!(bucket.group(), group);
                assert!(seen.insert(bucket));
            }
        }
    }

    #[test]
    fn filters_leave_out_what_they_cannot_tell() {
        let blitz = Filter {
            speeds: Some([Speed::Blitz].into_iter().collect()),
            ratings: None,
        };
        assert!(blitz.admits(Bucket::of(Some(Speed::Blitz), [None, None])));
        assert!(!blitz.admits(Bucket::of(None, [None, None])));
        let high = Filter {
            speeds: None,
            ratings: Some([RatingGroup::From2500].into_iter().collect()),
        };
        assert!(high.admits(Bucket::of(None, [Some(2500), Some(2500)])));
        assert!(!high.admits(Bucket::of(None, [Some(2500), None])));
        assert!(Filter::default().admits(Bucket::of(None, [None, None])));
    }
}

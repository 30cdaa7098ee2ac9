//! One position's games of one month ([`Entry`]): each move's counts by bucket, the game of
//! a move one game played, and each bucket's highest-rated and latest games; as bytes and
//! back, and two entries of the same node made one.

use crate::store::bucket::Bucket;
use chess960_pgn::Outcome;
use chess960_pgn::tree::{MoveCounts, keep_ranked};

/// How many games an entry keeps: top and recent games of each bucket, and the best of all.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kept {
    pub(crate) top: usize,
    pub(crate) recent: usize,
    pub(crate) best: usize,
}

/// What an index keeps: each bucket's 4 highest-rated games (lichess's `/lichess` lists 4
/// top games of the buckets its filters admit) and 8 latest (its recent games when it finds
/// no top game), and the 15 highest-rated of all (lichess's `/masters`, which has no filter).
pub(crate) const KEPT: Kept = Kept {
    top: 4,
    recent: 8,
    best: 15,
};

/// The games of one bucket that played one move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Group {
    pub(crate) bucket: Bucket,
    pub(crate) counts: MoveCounts,
    /// The game, when it is the only one.
    pub(crate) game: Option<u64>,
}

/// A move played from the position, with its games by bucket (in bucket order).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct MoveEntry {
    /// The move, as [`crate::store::code::code`] writes it.
    pub(crate) mv: u16,
    pub(crate) groups: Vec<Group>,
}

/// A game kept with the position: a top or a recent one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct GameAt {
    pub(crate) bucket: Bucket,
    /// Its number in the index ([`crate::store::games`]), in the order games were added.
    pub(crate) game: u64,
    /// Both players' Elo averaged: a top game's; a recent game's is not kept.
    pub(crate) rating: Option<u32>,
    /// The move it played there.
    pub(crate) mv: u16,
    /// The month it was played in ([`crate::store::key::month_number`]).
    pub(crate) month: u16,
}

impl GameAt {
    /// Its rank among the top games: the highest rating first, then the later month, then
    /// the earlier game (so that games of the same rating rank by what they are, not by the
    /// order of the adds that brought them: a month's games come from one file).
    pub(crate) fn top_rank(&self) -> (std::cmp::Reverse<(Option<u32>, u16)>, u64) {
        (std::cmp::Reverse((self.rating, self.month)), self.game)
    }

    /// Its rank among the recent games: the later month first, then the later game.
    pub(crate) fn recent_rank(&self) -> std::cmp::Reverse<(u16, u64)> {
        std::cmp::Reverse((self.month, self.game))
    }
}

/// One position's games of one month.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Entry {
    /// In move order.
    pub(crate) moves: Vec<MoveEntry>,
    /// Each bucket's highest-rated games, at most `kept` a bucket, by bucket then rank.
    pub(crate) top: Vec<GameAt>,
    /// Each bucket's latest games, at most `kept` a bucket, by bucket then rank.
    pub(crate) recent: Vec<GameAt>,
    /// The highest-rated games of every bucket, at most `kept.best`, by rank (on disk, those
    /// not among `top`: `entry_bytes.rs`).
    pub(crate) best: Vec<GameAt>,
}

/// What one game brings to a position's entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Played {
    pub(crate) mv: u16,
    pub(crate) bucket: Bucket,
    pub(crate) outcome: Outcome,
    /// The mover's Elo.
    pub(crate) mover_elo: Option<u32>,
    /// Both players' Elo averaged, when both are known.
    pub(crate) rating: Option<u32>,
    pub(crate) game: u64,
    /// The month it was played in ([`crate::store::key::month_number`]).
    pub(crate) month: u16,
}

impl Entry {
    /// Counts one game, keeping at most `kept` top and recent games a bucket.
    pub(crate) fn add(&mut self, played: Played, kept: Kept) {
        let counts = MoveCounts {
            white: u64::from(played.outcome == Outcome::White),
            draws: u64::from(played.outcome == Outcome::Draw),
            black: u64::from(played.outcome == Outcome::Black),
            rating_sum: played.mover_elo.map_or(0, u64::from),
            rated: u64::from(played.mover_elo.is_some()),
        };
        let group = Group {
            bucket: played.bucket,
            counts,
            game: Some(played.game),
        };
        self.add_group(played.mv, group);
        let at = GameAt {
            bucket: played.bucket,
            game: played.game,
            rating: played.rating,
            mv: played.mv,
            month: played.month,
        };
        if played.rating.is_some() {
            keep(&mut self.top, at, kept.top, GameAt::top_rank);
            keep_best(&mut self.best, at, kept.best);
        }
        // A recent game's rating is not kept: it ranks by its number alone.
        let at = GameAt { rating: None, ..at };
        keep(&mut self.recent, at, kept.recent, GameAt::recent_rank);
    }

    /// Adds `other`'s games (of the same position and month), keeping at most `kept` top and
    /// recent games a bucket.
    pub(crate) fn merge(&mut self, other: Entry, kept: Kept) {
        for mv in other.moves {
            for group in mv.groups {
                self.add_group(mv.mv, group);
            }
        }
        for at in other.top {
            keep(&mut self.top, at, kept.top, GameAt::top_rank);
        }
        for at in other.recent {
            keep(&mut self.recent, at, kept.recent, GameAt::recent_rank);
        }
        for at in other.best {
            keep_best(&mut self.best, at, kept.best);
        }
    }

    /// Its best games made whole again from `best` (those of the best not among the buckets'
    /// top games, as the bytes keep them) and the buckets' top games, once their months are
    /// known (a rank's tie is broken by the later month).
    pub(crate) fn settle_best(&mut self, kept: usize) {
        let extra = std::mem::take(&mut self.best);
        for &at in self.top.iter().chain(&extra) {
            if !self.best.iter().any(|best| best.game == at.game) {
                keep_best(&mut self.best, at, kept);
            }
        }
    }

    /// Adds `group`'s games to those of its move and bucket.
    fn add_group(&mut self, mv: u16, group: Group) {
        let at = match self.moves.binary_search_by_key(&mv, |entry| entry.mv) {
            Ok(at) => at,
            Err(at) => {
                let entry = MoveEntry {
                    mv,
                    groups: Vec::new(),
                };
                self.moves.insert(at, entry);
                at
            }
        };
        let Some(entry) = self.moves.get_mut(at) else {
            return;
        };
        match entry
            .groups
            .binary_search_by_key(&group.bucket, |g| g.bucket)
        {
            Ok(at) => {
                if let Some(same) = entry.groups.get_mut(at) {
                    same.counts += group.counts;
                    same.game = None;
                }
            }
            Err(at) => entry.groups.insert(at, group),
        }
    }
}

/// Adds `at` to `best` (by rank) if it is among the `kept` first.
fn keep_best(best: &mut Vec<GameAt>, at: GameAt, kept: usize) {
    let all = 0..best.len();
    keep_ranked(best, all, at, kept, GameAt::top_rank);
}

/// Adds `at` to `list` (by bucket, then `rank`) if it is among its bucket's `kept` first.
fn keep<R: Ord>(list: &mut Vec<GameAt>, at: GameAt, kept: usize, rank: fn(&GameAt) -> R) {
    let first = list.partition_point(|other| other.bucket < at.bucket);
    let end = list.partition_point(|other| other.bucket <= at.bucket);
    keep_ranked(list, first..end, at, kept, rank);
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{Entry, Kept, Played};

    /// Four top and four recent games a bucket (as indexes kept before lichess's 8 recent
    /// games), and the index's best.
    pub(crate) const FOUR: Kept = Kept {
        top: 4,
        recent: 4,
        best: super::KEPT.best,
    };
    use crate::store::bucket::Bucket;
    use chess960_pgn::Outcome;

    /// Game `game` of `bucket` playing `mv`, rated `rating` (the mover too), its outcome by
    /// its number.
    pub(crate) fn played(mv: u16, bucket: u8, game: u64, rating: Option<u32>) -> Played {
        Played {
            mv,
            bucket: Bucket(bucket),
            outcome: [Outcome::White, Outcome::Draw, Outcome::Black][game as usize % 3],
            mover_elo: rating,
            rating,
            game,
            month: 0,
        }
    }

    #[test]
    fn entries_read_back_and_merge_as_one() {
        let games: Vec<Played> = (0..40)
            .map(|n| {
                played(
                    n as u16 % 3,
                    (n % 4) as u8 * 7,
                    n,
                    (n % 5 != 0).then_some(1000 + 37 * n as u32 % 900),
                )
            })
            .collect();
        let mut whole = Entry::default();
        let (mut first, mut second) = (Entry::default(), Entry::default());
        for (n, &game) in games.iter().enumerate() {
            whole.add(game, FOUR);
            match n % 2 {
                0 => first.add(game, FOUR),
                _ => second.add(game, FOUR),
            }
        }
        first.merge(second, FOUR);
        assert_eq!(first, whole);
        let mut bytes = Vec::new();
        whole.write(&mut bytes);
        assert_eq!(Entry::read(&bytes), Some(whole.clone()));
        assert_eq!(Entry::read(&bytes[..bytes.len() - 1]), None);
        // Four of each bucket's games kept, the best rated and the latest.
        let bucket_7: Vec<u64> = whole
            .recent
            .iter()
            .filter(|at| at.bucket.0 == 7)
            .map(|at| at.game)
            .collect();
        assert_eq!(bucket_7, [37, 33, 29, 25]);
        let top_0: Vec<u32> = whole
            .top
            .iter()
            .filter(|at| at.bucket.0 == 0)
            .filter_map(|at| at.rating)
            .collect();
        let mut ratings: Vec<u32> = games
            .iter()
            .filter(|g| g.bucket.0 == 0)
            .filter_map(|g| g.rating)
            .collect();
        ratings.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(top_0, ratings[..4]);
    }

    #[test]
    fn a_move_of_one_game_keeps_it() {
        let mut entry = Entry::default();
        entry.add(played(5, 3, 77, Some(1500)), FOUR);
        assert_eq!(entry.moves[0].groups[0].game, Some(77));
        // One game's entry has a short form: tag, move, bucket, flags, two Elos, its number.
        let mut short = Vec::new();
        entry.write(&mut short);
        assert_eq!(short.len(), 1 + 2 + 1 + 1 + 2 + 2 + 1);
        assert_eq!(Entry::read(&short), Some(entry.clone()));
        for rating in [None, Some(2900)] {
            let mut one = Entry::default();
            one.add(played(7, 60, 1 << 40, rating), FOUR);
            short.clear();
            one.write(&mut short);
            assert_eq!(Entry::read(&short), Some(one));
        }
        entry.add(played(5, 3, 78, Some(1500)), FOUR);
        assert_eq!(entry.moves[0].groups[0].game, None);
        let mut bytes = Vec::new();
        entry.write(&mut bytes);
        assert_eq!(Entry::read(&bytes), Some(entry));
    }
}

//! The top and recent games an entry need not store ([`Derived`]): in a bucket whose every
//! game is alone on its move (most buckets of most stored positions), the recent games are
//! all of them and the top games those with a rating, so the moves' games and one rating
//! each say the lists.

use crate::store::bucket::Bucket;
use crate::store::bytes::{Reader, put};
use crate::store::entry::{Entry, GameAt};

/// The buckets of an entry whose lists are derived from its moves' games.
#[derive(Debug)]
pub(crate) struct Derived(Vec<Bucket>);

/// Each bucket that has games, and whether each of its games is alone on its move, in
/// bucket order.
fn candidates(entry: &Entry) -> Vec<(Bucket, bool)> {
    let mut buckets: Vec<(Bucket, bool)> = Vec::new();
    for group in entry.moves.iter().flat_map(|mv| &mv.groups) {
        let alone = group.counts.games() == 1 && group.game.is_some();
        match buckets.binary_search_by_key(&group.bucket, |&(bucket, _)| bucket) {
            Ok(at) => {
                if let Some((_, all_alone)) = buckets.get_mut(at) {
                    *all_alone &= alone;
                }
            }
            Err(at) => buckets.insert(at, (group.bucket, alone)),
        }
    }
    buckets
}

/// The (game, move) of each game of `bucket` alone on its move, sorted.
fn alone_in(entry: &Entry, bucket: Bucket) -> Vec<(u64, u16)> {
    let mut games: Vec<(u64, u16)> = entry
        .moves
        .iter()
        .flat_map(|mv| mv.groups.iter().map(move |group| (mv.mv, group)))
        .filter(|(_, group)| group.bucket == bucket)
        .filter_map(|(mv, group)| Some((group.game?, mv)))
        .collect();
    games.sort_unstable();
    games
}

impl Derived {
    /// The buckets of `entry` whose lists are its moves' games; `None` when a bucket whose
    /// games are each alone has lists that are not (nothing kept for it), which a reader
    /// would take as derivable: the entry is then written whole.
    pub(crate) fn of(entry: &Entry) -> Option<Derived> {
        let mut derived = Vec::new();
        for (bucket, all_alone) in candidates(entry) {
            if !all_alone {
                continue;
            }
            let games = alone_in(entry, bucket);
            let pairs = |list: &[GameAt]| -> Vec<(u64, u16)> {
                let mut pairs: Vec<(u64, u16)> = list
                    .iter()
                    .filter(|at| at.bucket == bucket)
                    .map(|at| (at.game, at.mv))
                    .collect();
                pairs.sort_unstable();
                pairs
            };
            let (top, recent) = (pairs(&entry.top), pairs(&entry.recent));
            let distinct = games
                .windows(2)
                .all(|w| w.first().map(|g| g.0) != w.get(1).map(|g| g.0));
            if distinct && recent == games && top.iter().all(|p| games.binary_search(p).is_ok()) {
                derived.push(bucket);
            } else if top.is_empty() && recent.is_empty() {
                return None;
            }
        }
        Some(Derived(derived))
    }

    /// Whether `bucket`'s lists are derived.
    pub(crate) fn has(&self, bucket: Bucket) -> bool {
        self.0.binary_search(&bucket).is_ok()
    }

    /// Each game of a derived bucket, in the order of its move and bucket: its rating as a
    /// top game plus one, 0 when it is not one (it has no rating).
    pub(crate) fn write_ratings(&self, entry: &Entry, out: &mut Vec<u8>) {
        for mv in &entry.moves {
            for group in mv.groups.iter().filter(|group| self.has(group.bucket)) {
                let rating = entry
                    .top
                    .iter()
                    .find(|at| at.bucket == group.bucket && Some(at.game) == group.game)
                    .and_then(|at| at.rating)
                    .map_or(0, |rating| u64::from(rating) + 1);
                put(out, rating);
            }
        }
    }

    /// Completes `entry`, its moves and stored lists read, with the derived buckets' lists
    /// from `r` ([`Derived::write_ratings`]); `None` if `r` does not hold them.
    pub(crate) fn read(entry: &mut Entry, r: &mut Reader<'_>) -> Option<()> {
        let stored = |bucket: Bucket| {
            entry
                .top
                .iter()
                .chain(&entry.recent)
                .any(|at| at.bucket == bucket)
        };
        let derived: Vec<Bucket> = candidates(entry)
            .into_iter()
            .filter(|&(bucket, all_alone)| all_alone && !stored(bucket))
            .map(|(bucket, _)| bucket)
            .collect();
        if derived.is_empty() {
            return Some(());
        }
        let (mut top, mut recent) = (Vec::new(), Vec::new());
        for mv in &entry.moves {
            for group in &mv.groups {
                if derived.binary_search(&group.bucket).is_err() {
                    continue;
                }
                let at = GameAt {
                    bucket: group.bucket,
                    game: group.game?,
                    rating: None,
                    mv: mv.mv,
                    month: 0,
                };
                recent.push(at);
                if let Some(rating) = r.number()?.checked_sub(1) {
                    top.push(GameAt {
                        rating: Some(u32::try_from(rating).ok()?),
                        ..at
                    });
                }
            }
        }
        entry.top.extend(top);
        entry.top.sort_by_key(|at| (at.bucket, at.top_rank()));
        entry.recent.extend(recent);
        entry.recent.sort_by_key(|at| (at.bucket, at.recent_rank()));
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use crate::store::bucket::Bucket;
    use crate::store::entry::tests::played;
    use crate::store::entry::{Entry, GameAt};

    fn written(entry: &Entry) -> Vec<u8> {
        let mut bytes = Vec::new();
        entry.write(&mut bytes);
        bytes
    }

    #[test]
    fn lists_of_buckets_of_lone_games_are_derived_and_read_back() {
        let mut entry = Entry::default();
        // Bucket 1: three games alone on their moves, one unrated; bucket 2: two games of
        // one move; bucket 3: six games alone on their moves, more than the lists keep.
        for (n, &(mv, bucket, rating)) in [
            (4, 1, Some(1500)),
            (5, 1, None),
            (6, 1, Some(0)),
            (4, 2, Some(2000)),
            (4, 2, Some(2100)),
        ]
        .iter()
        .enumerate()
        {
            entry.add(
                played(mv, bucket, 10 + n as u64, rating),
                crate::store::entry::tests::FOUR,
            );
        }
        for n in 0..6 {
            entry.add(
                played(20 + n, 3, 30 + u64::from(n), Some(1800 + u32::from(n))),
                crate::store::entry::tests::FOUR,
            );
        }
        let bytes = written(&entry);
        assert_eq!(bytes[0], 2, "the compact form");
        assert_eq!(Entry::read(&bytes), Some(entry.clone()));
        // Bucket 1's six references (three recent, two top) are three ratings instead.
        let listed = |list: &[GameAt]| list.iter().filter(|at| at.bucket == Bucket(1)).count();
        assert_eq!((listed(&entry.top), listed(&entry.recent)), (2, 3));
        // A bucket of lone games whose lists are not its games (not one of add's): written
        // whole, and read back as it was.
        let mut odd = entry.clone();
        odd.top.retain(|at| at.bucket != Bucket(1));
        odd.recent.retain(|at| at.bucket != Bucket(1));
        let bytes = written(&odd);
        assert_eq!(bytes[0], 0, "the general form");
        assert_eq!(Entry::read(&bytes), Some(odd.clone()));
        // One whose lists are some of its games: they are written, and read back.
        let mut partial = entry.clone();
        partial.recent.retain(|at| at.game != 11);
        let bytes = written(&partial);
        assert_eq!(Entry::read(&bytes), Some(partial));
        assert_eq!(Entry::read(&bytes[..bytes.len() - 1]), None);
    }
}

//! An entry ([`Entry`]) as the index stores it: a tag, then its moves' counts by bucket and
//! its games; an entry of one game (most positions' that are stored) in a short form, and
//! the lists of a bucket whose games are each alone on their move left to be derived
//! ([`super::entry_derived`]).

use super::bucket::Bucket;
use super::bytes::{Reader, put};
use super::entry::{Entry, GameAt, Group, MoveEntry, Played};
use super::entry_derived::Derived;
use crate::outcome::Outcome;
use crate::tree::MoveCounts;

/// The first byte of an entry in general, every list written.
const GENERAL: u8 = 0;
/// The first byte of an entry of one game.
const SINGLE: u8 = 1;
/// The first byte of an entry whose derivable buckets' lists are left out.
const COMPACT: u8 = 2;

impl Entry {
    /// The entry as the index stores it: most positions are reached by one game, and
    /// have a short form of their own.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        if let Some(one) = self.single() {
            out.push(SINGLE);
            out.extend_from_slice(&one.mv.to_le_bytes());
            out.push(one.bucket.0);
            let outcome = match one.outcome {
                Outcome::White => 0,
                Outcome::Draw => 1,
                Outcome::Black => 2,
            };
            let flags = outcome
                | u8::from(one.mover_elo.is_some()) << 2
                | u8::from(one.rating.is_some()) << 3;
            out.push(flags);
            for known in [one.mover_elo, one.rating].into_iter().flatten() {
                put(out, u64::from(known));
            }
            put(out, one.game);
            return;
        }
        match Derived::of(self) {
            Some(derived) => {
                out.push(COMPACT);
                self.write_moves(out);
                self.write_lists(out, |bucket| !derived.has(bucket));
                derived.write_ratings(self, out);
            }
            None => {
                out.push(GENERAL);
                self.write_moves(out);
                self.write_lists(out, |_| true);
            }
        }
    }

    fn write_moves(&self, out: &mut Vec<u8>) {
        put(out, self.moves.len() as u64);
        for mv in &self.moves {
            out.extend_from_slice(&mv.mv.to_le_bytes());
            put(out, mv.groups.len() as u64);
            for group in &mv.groups {
                let c = group.counts;
                out.push(group.bucket.0);
                for n in [c.white, c.draws, c.black, c.rated, c.rating_sum] {
                    put(out, n);
                }
                if c.games() == 1 {
                    put(out, group.game.unwrap_or(0));
                }
            }
        }
    }

    /// The top and the recent games of the buckets `written` picks.
    fn write_lists(&self, out: &mut Vec<u8>, written: impl Fn(Bucket) -> bool) {
        for (list, rated) in [(&self.top, true), (&self.recent, false)] {
            let list: Vec<&GameAt> = list.iter().filter(|at| written(at.bucket)).collect();
            put(out, list.len() as u64);
            for at in list {
                out.push(at.bucket.0);
                put(out, at.game);
                if rated {
                    put(out, u64::from(at.rating));
                }
                out.extend_from_slice(&at.mv.to_le_bytes());
            }
        }
    }

    /// The one game of an entry of one game, as it was added.
    fn single(&self) -> Option<Played> {
        let ([mv], [recent]) = (&self.moves[..], &self.recent[..]) else {
            return None;
        };
        let [group] = &mv.groups[..] else {
            return None;
        };
        let c = group.counts;
        let outcome = match (c.white, c.draws, c.black) {
            (1, 0, 0) => Outcome::White,
            (0, 1, 0) => Outcome::Draw,
            (0, 0, 1) => Outcome::Black,
            _ => return None,
        };
        let rating = match &self.top[..] {
            [] => None,
            [top] if top.game == recent.game => Some(top.rating),
            _ => return None,
        };
        let mover_elo = match c.rated {
            0 => None,
            _ => Some(u32::try_from(c.rating_sum).ok()?),
        };
        let one = Played {
            mv: mv.mv,
            bucket: group.bucket,
            outcome,
            mover_elo,
            rating,
            game: recent.game,
        };
        (group.game == Some(one.game) && recent.mv == one.mv && recent.bucket == one.bucket)
            .then_some(one)
    }

    /// The entry of `bytes` ([`Entry::write`]), `None` if they are not one.
    pub(crate) fn read(bytes: &[u8]) -> Option<Entry> {
        let (&tag, bytes) = bytes.split_first()?;
        let mut r = Reader(bytes);
        let mut entry = Entry::default();
        if tag == SINGLE {
            let mv = r.u16()?;
            let bucket = Bucket(r.byte()?);
            let flags = r.byte()?;
            let outcome = match flags & 3 {
                0 => Outcome::White,
                1 => Outcome::Draw,
                2 => Outcome::Black,
                _ => return None,
            };
            let mover_elo = match flags >> 2 & 1 {
                1 => Some(u32::try_from(r.number()?).ok()?),
                _ => None,
            };
            let rating = match flags >> 3 & 1 {
                1 => Some(u32::try_from(r.number()?).ok()?),
                _ => None,
            };
            let game = r.number()?;
            let played = Played {
                mv,
                bucket,
                outcome,
                mover_elo,
                rating,
                game,
            };
            entry.add(played, 1);
            return r.is_empty().then_some(entry);
        }
        if tag != GENERAL && tag != COMPACT {
            return None;
        }
        for _ in 0..r.count()? {
            let mv = r.u16()?;
            let mut groups = Vec::new();
            for _ in 0..r.count()? {
                let bucket = Bucket(r.byte()?);
                let counts = MoveCounts {
                    white: r.number()?,
                    draws: r.number()?,
                    black: r.number()?,
                    rated: r.number()?,
                    rating_sum: r.number()?,
                };
                let game = match counts.games() {
                    1 => Some(r.number()?),
                    _ => None,
                };
                groups.push(Group {
                    bucket,
                    counts,
                    game,
                });
            }
            entry.moves.push(MoveEntry { mv, groups });
        }
        for rated in [true, false] {
            let mut list = Vec::new();
            for _ in 0..r.count()? {
                let bucket = Bucket(r.byte()?);
                let game = r.number()?;
                let rating = match rated {
                    true => u32::try_from(r.number()?).ok()?,
                    false => 0,
                };
                let mv = r.u16()?;
                list.push(GameAt {
                    bucket,
                    game,
                    rating,
                    mv,
                });
            }
            match rated {
                true => entry.top = list,
                false => entry.recent = list,
            }
        }
        if tag == COMPACT {
            Derived::read(&mut entry, &mut r)?;
        }
        r.is_empty().then_some(entry)
    }
}

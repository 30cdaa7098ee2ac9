//! An entry ([`Entry`]) as the index stores it: a tag, then its moves' counts by bucket and
//! its games; an entry of one game (most positions' that are stored) in a short form, and
//! the lists of a bucket whose games are each alone on their move left to be derived
//! ([`crate::store::entry_derived`]).

use crate::store::bucket::Bucket;
use crate::store::bytes::{Reader, put};
use crate::store::entry::{Entry, GameAt, Group, KEPT, Kept, MoveEntry, Played};
use crate::store::entry_derived::Derived;
use chess960_pgn::Outcome;
use chess960_pgn::tree::MoveCounts;

/// The first byte of an entry in general, every list written.
const GENERAL: u8 = 0;
/// The first byte of an entry of one game.
const SINGLE: u8 = 1;
/// The first byte of an entry whose derivable buckets' lists are left out.
const COMPACT: u8 = 2;

impl Entry {
    /// The entry as the index stores a month's: most positions are reached by one game,
    /// and have a short form of their own. Its games' month is the row's, not written.
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        self.write_in(out);
    }

    /// The entry of games of many months ([`Entry::write`]), then the month of each game its
    /// top, recent and best lists hold, by game number: their count, the least month, then each
    /// game's number (from the last) and month (from the least), in number order.
    pub(crate) fn write_all_months(&self, out: &mut Vec<u8>) {
        self.write(out);
        let mut games: Vec<(u64, u16)> = (self.top.iter())
            .chain(&self.recent)
            .chain(&self.best)
            .map(|at| (at.game, at.month))
            .collect();
        games.sort_unstable();
        games.dedup_by_key(|&mut (game, _)| game);
        let least = games.iter().map(|&(_, month)| month).min().unwrap_or(0);
        put(out, games.len() as u64);
        put(out, u64::from(least));
        let mut last = 0;
        for (game, month) in games {
            put(out, game - last);
            put(out, u64::from(month - least));
            last = game;
        }
    }

    fn write_in(&self, out: &mut Vec<u8>) {
        if let Some(one) = self.single() {
            out.push(SINGLE);
            out.extend_from_slice(&one.mv.to_le_bytes());
            out.push(one.bucket.0);
            let flags = one.outcome.index()
                | u8::from(one.mover_elo.is_some()) << 2
                | u8::from(one.rating.is_some()) << 3;
            out.push(flags);
            for known in [one.mover_elo, one.rating].into_iter().flatten() {
                put(out, u64::from(known));
            }
            put(out, one.game);
            return;
        }
        match (Derived::of(self), self.compact_base()) {
            (Some(derived), Some(base)) => {
                out.push(COMPACT);
                put(out, base);
                let form = Form::Compact(base);
                self.write_moves(out, form);
                self.write_lists(out, |bucket| !derived.has(bucket), form);
                derived.write_ratings(self, out);
            }
            _ => {
                out.push(GENERAL);
                self.write_moves(out, Form::General);
                self.write_lists(out, |_| true, Form::General);
            }
        }
    }

    /// The least game number the entry holds, if it can be written compact: its buckets
    /// each fit in 7 bits, its moves are at most 256, its lists' moves are among them, and
    /// its lone games' counts are one game's.
    fn compact_base(&self) -> Option<u64> {
        if self.moves.len() > 256 {
            return None;
        }
        let mut base = u64::MAX;
        for group in self.moves.iter().flat_map(|mv| &mv.groups) {
            let c = group.counts;
            if group.bucket.0 >= 0x80
                || c.games() == 1 && (c.rated > 1 || c.rated == 0 && c.rating_sum > 0)
            {
                return None;
            }
            if c.games() == 1 {
                base = base.min(group.game?);
            }
        }
        for at in self.top.iter().chain(&self.recent).chain(&self.best) {
            self.moves.binary_search_by_key(&at.mv, |mv| mv.mv).ok()?;
            base = base.min(at.game);
        }
        Some(if base == u64::MAX { 0 } else { base })
    }

    fn write_moves(&self, out: &mut Vec<u8>, form: Form) {
        put(out, self.moves.len() as u64);
        for mv in &self.moves {
            out.extend_from_slice(&mv.mv.to_le_bytes());
            put(out, mv.groups.len() as u64);
            for group in &mv.groups {
                let c = group.counts;
                if let (Form::Compact(base), 1, Some(game)) = (form, c.games(), group.game) {
                    // A lone game: its bucket flagged, its outcome, whether its mover's Elo is
                    // known, the Elo, its number.
                    out.push(group.bucket.0 | 0x80);
                    out.push(
                        u8::from(c.draws == 1) | u8::from(c.black == 1) << 1 | (c.rated as u8) << 2,
                    );
                    if c.rated == 1 {
                        put(out, c.rating_sum);
                    }
                    put(out, game - base);
                    continue;
                }
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

    /// The top and the recent games of the buckets `written` picks, then the best games not
    /// among the top games (of any bucket).
    fn write_lists(&self, out: &mut Vec<u8>, written: impl Fn(Bucket) -> bool, form: Form) {
        let extra: Vec<GameAt> = (self.best.iter())
            .filter(|at| !self.top.iter().any(|top| top.game == at.game))
            .copied()
            .collect();
        for (list, rated, all) in [
            (&self.top, true, false),
            (&self.recent, false, false),
            (&extra, true, true),
        ] {
            let list: Vec<&GameAt> = list.iter().filter(|at| all || written(at.bucket)).collect();
            put(out, list.len() as u64);
            for at in list {
                out.push(at.bucket.0);
                match form {
                    Form::General => put(out, at.game),
                    Form::Compact(base) => put(out, at.game - base),
                }
                if rated {
                    // A top game has a rating.
                    put(out, at.rating.map_or(0, u64::from));
                }
                match form {
                    Form::General => out.extend_from_slice(&at.mv.to_le_bytes()),
                    Form::Compact(_) => {
                        let place = self.moves.binary_search_by_key(&at.mv, |mv| mv.mv);
                        out.push(place.unwrap_or(0) as u8);
                    }
                }
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
            [top] if top.game == recent.game => top.rating,
            _ => return None,
        };
        // Counts that are not one game's (damaged bytes read) are written whole.
        let mover_elo = match (c.rated, c.rating_sum) {
            (0, 0) => None,
            (1, sum) => Some(u32::try_from(sum).ok()?),
            _ => return None,
        };
        let one = Played {
            mv: mv.mv,
            bucket: group.bucket,
            outcome,
            mover_elo,
            rating,
            game: recent.game,
            month: recent.month,
        };
        (group.game == Some(one.game) && recent.mv == one.mv && recent.bucket == one.bucket)
            .then_some(one)
    }

    /// The entry of a month's row ([`Entry::write`]), its games of `month`; `None` if
    /// `bytes` are not one.
    pub(crate) fn read_month(bytes: &[u8], month: u16) -> Option<Entry> {
        let mut entry = Entry::read(bytes)?;
        let lists = entry.top.iter_mut().chain(&mut entry.recent);
        for at in lists.chain(&mut entry.best) {
            at.month = month;
        }
        Some(entry)
    }

    /// The entry of a row of many months ([`Entry::write_all_months`]).
    pub(crate) fn read_all_months(bytes: &[u8]) -> Option<Entry> {
        let (mut entry, rest) = Entry::read_rest(bytes)?;
        let mut r = Reader(rest);
        let count = r.count()?;
        let least = r.number()?;
        let mut games: Vec<(u64, u16)> = Vec::with_capacity(count);
        let mut last = 0u64;
        for _ in 0..count {
            last = last.checked_add(r.number()?)?;
            let month = u16::try_from(least.checked_add(r.number()?)?).ok()?;
            games.push((last, month));
        }
        let lists = entry.top.iter_mut().chain(&mut entry.recent);
        for at in lists.chain(&mut entry.best) {
            let found = games
                .binary_search_by_key(&at.game, |&(game, _)| game)
                .ok()?;
            at.month = games.get(found)?.1;
        }
        // A list read back in number order (derived) takes its months' order; the best are
        // made whole once the months are known.
        entry.recent.sort_by_key(|at| (at.bucket, at.recent_rank()));
        entry.top.sort_by_key(|at| (at.bucket, at.top_rank()));
        entry.settle_best(KEPT.best);
        r.is_empty().then_some(entry)
    }

    /// The entry of `bytes` ([`Entry::write`]), `None` if they are not one.
    pub(crate) fn read(bytes: &[u8]) -> Option<Entry> {
        let (mut entry, rest) = Entry::read_rest(bytes)?;
        entry.settle_best(KEPT.best);
        rest.is_empty().then_some(entry)
    }

    /// The entry `bytes` begin with, and the bytes after it.
    fn read_rest(bytes: &[u8]) -> Option<(Entry, &[u8])> {
        let (&tag, bytes) = bytes.split_first()?;
        let mut r = Reader(bytes);
        let mut entry = Entry::default();
        if tag == SINGLE {
            let mv = r.u16()?;
            let bucket = Bucket(r.byte()?);
            let flags = r.byte()?;
            let outcome = *Outcome::ALL.get(usize::from(flags & 3))?;
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
                month: 0,
            };
            let one = Kept {
                top: 1,
                recent: 1,
                best: 1,
            };
            entry.add(played, one);
            return Some((entry, r.0));
        }
        let form = match tag {
            GENERAL => Form::General,
            COMPACT => Form::Compact(r.number()?),
            _ => return None,
        };
        for _ in 0..r.count()? {
            let mv = r.u16()?;
            let mut groups = Vec::new();
            for _ in 0..r.count()? {
                groups.push(read_group(&mut r, form)?);
            }
            entry.moves.push(MoveEntry { mv, groups });
        }
        for (rated, list_of) in [(true, 0), (false, 1), (true, 2)] {
            let mut list = Vec::new();
            for _ in 0..r.count()? {
                let bucket = Bucket(r.byte()?);
                let game = match form {
                    Form::General => r.number()?,
                    Form::Compact(base) => base.checked_add(r.number()?)?,
                };
                let rating = match rated {
                    true => Some(u32::try_from(r.number()?).ok()?),
                    false => None,
                };
                let mv = match form {
                    Form::General => r.u16()?,
                    Form::Compact(_) => entry.moves.get(usize::from(r.byte()?))?.mv,
                };
                list.push(GameAt {
                    bucket,
                    game,
                    rating,
                    mv,
                    month: 0,
                });
            }
            match list_of {
                0 => entry.top = list,
                1 => entry.recent = list,
                _ => entry.best = list,
            }
        }
        if tag == COMPACT {
            Derived::read(&mut entry, &mut r)?;
        }
        // A best game among the top games is written with them, never again (`write_lists`):
        // bytes that list it twice are not an entry (they would read back as another).
        let twice =
            (entry.best.iter()).any(|best| entry.top.iter().any(|top| top.game == best.game));
        (!twice).then_some((entry, r.0))
    }
}

/// How an entry's moves and lists are written: whole, or compact (game numbers from the
/// entry's least, a list's move by its place among the entry's moves, a lone game's counts in
/// a byte and its mover's Elo).
#[derive(Clone, Copy)]
enum Form {
    General,
    Compact(u64),
}

/// A move's games of one bucket ([`Entry::write_moves`]).
fn read_group(r: &mut Reader<'_>, form: Form) -> Option<Group> {
    let head = r.byte()?;
    if let (Form::Compact(base), true) = (form, head >= 0x80) {
        let flags = r.byte()?;
        let rated = u64::from(flags >> 2 & 1);
        let counts = MoveCounts {
            white: u64::from(flags & 3 == 0),
            draws: u64::from(flags & 3 == 1),
            black: u64::from(flags & 3 == 2),
            rated,
            rating_sum: if rated == 1 { r.number()? } else { 0 },
        };
        if flags & 3 == 3 || flags >> 3 != 0 {
            return None;
        }
        return Some(Group {
            bucket: Bucket(head & 0x7F),
            counts,
            game: Some(base.checked_add(r.number()?)?),
        });
    }
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
    Some(Group {
        bucket: Bucket(head),
        counts,
        game,
    })
}

#[cfg(test)]
mod tests;

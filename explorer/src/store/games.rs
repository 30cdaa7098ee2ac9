//! The games an index holds, each under its number (from 0, in the order they were counted):
//! who played it, how it ended, its speed, mode and month, where it is in the file it came
//! from, its tags, and its line (every move: its PGN is written from it).

use crate::store::bytes::{Reader, put, put_text};
use crate::store::id::GameKey;
use crate::store::line::Line;
use chess960_pgn::Mode;
use chess960_pgn::Outcome;
use chess960_pgn::{Month, Speed};

/// A game as the index keeps it: what a node lists of it, then its line.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Record {
    pub(crate) head: Head,
    /// Where it began and its moves.
    pub(crate) line: Line,
}

/// What a node lists of a game: all of its record but its line, read without replaying it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Head {
    /// Its key: lichess's id (`Site`), or for another site's game the hash of what
    /// identifies it, whose id is then made from its file's name and its number there
    /// ([`crate::store::id::stable_id`]) when it is shown.
    pub(crate) key: GameKey,
    pub(crate) players: [String; 2],
    pub(crate) elo: [Option<u32>; 2],
    pub(crate) outcome: Outcome,
    pub(crate) speed: Option<Speed>,
    pub(crate) mode: Option<Mode>,
    pub(crate) month: Option<Month>,
    /// Its first line's byte offset in its (decompressed) file.
    pub(crate) offset: u64,
    /// Its file's number in the index ([`crate::FileAdded::number`]).
    pub(crate) file: u32,
    /// Its number in that file, from 0.
    pub(crate) in_file: u64,
    /// Its tags `Event`, `Site`, `Date` (as written) and `Round`, as its PGN gives them.
    pub(crate) tags: Tags,
}

/// The tags of a game's PGN the index keeps besides its players, Elos and result: `Event`,
/// `Site`, `Date` (as written, `2024.01.05` or `2024.??.??`) and `Round`, each empty when the
/// game had none.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct Tags {
    pub(crate) event: String,
    pub(crate) site: String,
    pub(crate) date: String,
    pub(crate) round: String,
}

impl Record {
    /// The record as the index stores it: its head, then its line.
    #[cfg(test)]
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        self.head.write(out);
        self.line.write(out);
    }

    /// [`Record::write`], its line's places given ([`Line::write_places`]).
    pub(crate) fn write_places(&self, places: &[u8], out: &mut Vec<u8>) {
        self.head.write(out);
        self.line.write_places(places, out);
    }

    /// The record of `bytes` ([`Record::write`]), `None` if they are not one.
    pub(crate) fn read(bytes: &[u8]) -> Option<Record> {
        Record::read_first(bytes, usize::MAX)
    }

    /// The record of `bytes`, its line's first `plies` moves read ([`Line::read_first`]):
    /// what counting it needs.
    pub(crate) fn read_first(bytes: &[u8], plies: usize) -> Option<Record> {
        let mut r = Reader(bytes);
        let head = Head::read(&mut r)?;
        let line = Line::read_first(&mut r, plies)?;
        r.is_empty().then_some(Record { head, line })
    }
}

/// The board the game of the record in `bytes` began on.
pub(crate) fn start_of_record(bytes: &[u8]) -> Option<cozy_chess::Board> {
    let mut r = Reader(bytes);
    Head::read(&mut r)?;
    Line::read_start(&mut r)
}

impl Head {
    /// The head of the record in `bytes`, its line not read (a line is replayed to be read).
    pub(crate) fn of_record(bytes: &[u8]) -> Option<Head> {
        Head::read(&mut Reader(bytes))
    }

    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(&self.key.bytes());
        for name in &self.players {
            put_text(out, name);
        }
        for elo in self.elo {
            put(out, elo.map_or(0, |elo| u64::from(elo) + 1));
        }
        let outcome = self.outcome.index();
        let speed = self.speed.map_or(7, Speed::index);
        let mode = self.mode.map_or(0, |mode| mode.index() + 1);
        out.push(outcome | speed << 2 | mode << 5);
        put(out, u64::from(crate::store::key::month_number(self.month)));
        put(out, self.offset);
        put(out, u64::from(self.file));
        put(out, self.in_file);
        let tags = &self.tags;
        // A lichess game's Site is its address, which its key says: kept as [`ADDRESS`].
        let site = match lichess_site(self.key) {
            Some(address) if address == tags.site => ADDRESS,
            _ => &tags.site,
        };
        for text in [&tags.event, site, &tags.date, &tags.round] {
            put_text(out, text);
        }
    }

    /// The head `r` holds next ([`Head::write`]), its line left to read.
    pub(crate) fn read(r: &mut Reader) -> Option<Head> {
        let key = GameKey::from_bytes(r.array()?);
        let players = [r.text()?.to_owned(), r.text()?.to_owned()];
        let mut elo = [None; 2];
        for slot in &mut elo {
            *slot = match r.number()? {
                0 => None,
                n => Some(u32::try_from(n - 1).ok()?),
            };
        }
        let flags = r.byte()?;
        let outcome = *Outcome::ALL.get(usize::from(flags & 3))?;
        let speed = Speed::ALL.get(usize::from(flags >> 2 & 7)).copied();
        let mode = match flags >> 5 & 3 {
            0 => None,
            code => Some(*Mode::ALL.get(usize::from(code - 1))?),
        };
        let month = crate::store::key::month_of(u16::try_from(r.number()?).ok()?);
        let offset = r.number()?;
        let file = u32::try_from(r.number()?).ok()?;
        let in_file = r.number()?;
        let mut text = || r.text().map(str::to_owned);
        let mut tags = Tags {
            event: text()?,
            site: text()?,
            date: text()?,
            round: text()?,
        };
        if tags.site == ADDRESS {
            tags.site = lichess_site(key)?;
        }
        Some(Head {
            key,
            players,
            elo,
            outcome,
            speed,
            mode,
            month,
            offset,
            file,
            in_file,
            tags,
        })
    }
}

/// The Site a record keeps for a lichess game's address ([`lichess_site`]): a NUL, which no
/// tag holds.
const ADDRESS: &str = "\0";

/// The address of the lichess game of `key`, if it is one's: what its Site tag says.
fn lichess_site(key: GameKey) -> Option<String> {
    key.lichess_id()
        .map(|id| format!("https://lichess.org/{}", id.as_str()))
}

#[cfg(test)]
mod tests {
    use super::{Head, Record};
    use crate::store::id::{GameKey, LichessId};
    use chess960_pgn::Mode;
    use chess960_pgn::Outcome;
    use chess960_pgn::{Month, Speed};

    #[test]
    fn records_and_numbers_read_back() {
        let head = Head {
            key: GameKey::from_bytes(LichessId::new("Xk3Pq9Zt").unwrap().bytes()),
            players: ["Zugzwang".to_owned(), "Ünïcödé".to_owned()],
            elo: [Some(2712), None],
            outcome: Outcome::Draw,
            speed: Some(Speed::Correspondence),
            mode: Some(Mode::Casual),
            month: Some(Month {
                year: 2024,
                month: 12,
            }),
            offset: 1 << 40,
            file: 7,
            in_file: 123_456,
            tags: super::Tags {
                event: "Rated Blitz game".to_owned(),
                site: "https://lichess.org/Xk3Pq9Zt".to_owned(),
                date: "2024.12.??".to_owned(),
                round: "-".to_owned(),
            },
        };
        let board = cozy_chess::Board::default();
        let mv: cozy_chess::Move = "g1f3".parse().unwrap();
        let record = Record {
            head: head.clone(),
            line: crate::store::line::Line {
                start: board,
                moves: vec![mv],
            },
        };
        let mut bytes = Vec::new();
        record.write(&mut bytes);
        assert_eq!(Record::read(&bytes), Some(record.clone()));
        assert_eq!(Head::of_record(&bytes), Some(head.clone()));
        assert_eq!(Record::read(&bytes[1..]), None);
        // A record cut inside its line is not one, though its head still reads.
        let cut = &bytes[..bytes.len() - 1];
        assert_eq!(
            (Record::read(cut), Head::of_record(cut)),
            (None, Some(head.clone()))
        );
        let bare = Record {
            head: Head {
                key: GameKey::from_bytes([0x80, 1, 2, 3, 4, 5, 6, 7]),
                speed: None,
                mode: None,
                month: None,
                elo: [None, None],
                tags: super::Tags::default(),
                ..head
            },
            ..record
        };
        bytes.clear();
        bare.write(&mut bytes);
        assert_eq!(Record::read(&bytes), Some(bare));
    }
}

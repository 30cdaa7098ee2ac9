//! Each game read → what an add gathers of it, on the thread that read it ([`Walker`]): its
//! record's bytes, its [`Info`], its key ([`GameKey`]), and each position of its first plies it
//! played a move at.

use std::io;

use crate::store::games::{Head, Record, Tags};
use crate::store::id::{GameKey, Identity, LichessId};
use crate::store::line::{Line, place};

use crate::build::items::{IdItem, PlayerItem, VisitItem, player_items};
use crate::error::NotCounted;
use crate::store::bytes::put;
use crate::store::facts::Info;
use crate::store::visit::Visiting;
use chess960_pgn::Game;
use chess960_pgn::Outcome;
use chess960_pgn::PartStart;
use chess960_pgn::Sink;
use chess960_pgn::tree::PLIES;

/// The sink of one part of one file: walks each game and keeps what the add gathers of it,
/// each game numbered from 0 in the part (its ordinal in the add is the part's first plus
/// that).
pub(crate) struct Walker<'a> {
    part: PartStart,
    /// The index's number of each file of the add.
    numbers: &'a [u32],
    /// Each game's record ([`Record::write`]), its length (LEB128) first.
    pub(crate) records: Vec<u8>,
    /// Each game's [`Info`].
    pub(crate) infos: Vec<Info>,
    /// The games' keys ([`GameKey`]), each with its game's number in the part.
    pub(crate) ids: Vec<IdItem>,
    /// Each game's players, each with its game's number in the part.
    pub(crate) players: Vec<PlayerItem>,
    /// The positions each game played a move at, its number in the part for ordinal.
    pub(crate) visits: Vec<VisitItem>,
    pub(crate) not_counted: NotCounted,
    /// Games read.
    pub(crate) read: u64,
    /// Of them, those with a result (a Result tag or a termination marker): text that has
    /// none is no PGN game.
    pub(crate) ended: u64,
    /// What each game's walk needs, kept from one game to the next.
    visiting: Visiting,
    places: Vec<u8>,
    record: Vec<u8>,
}

impl Walker<'_> {
    /// The sink of `part`, of a file whose number in the index `numbers` gives.
    pub(crate) fn new(part: PartStart, numbers: &[u32]) -> Walker<'_> {
        Walker {
            part,
            numbers,
            records: Vec::new(),
            infos: Vec::new(),
            ids: Vec::new(),
            players: Vec::new(),
            visits: Vec::new(),
            not_counted: NotCounted::default(),
            read: 0,
            ended: 0,
            visiting: Visiting::default(),
            places: Vec::new(),
            record: Vec::new(),
        }
    }
}

impl Sink for Walker<'_> {
    const COPIES: bool = false;

    fn replays(&mut self, game: &Game) -> bool {
        game.start.is_ok()
    }

    fn game(&mut self, game: &Game) -> io::Result<()> {
        self.read += 1;
        self.ended += u64::from(!game.result.is_empty());
        let Ok(start) = game.start else {
            self.not_counted.no_start += 1;
            return Ok(());
        };
        let (Some(outcome), Some(replay)) = (Outcome::of(&game.result), game.moves) else {
            self.not_counted.unfinished += 1;
            return Ok(());
        };
        if replay.error().is_some_and(|error| error.ply <= PLIES) {
            self.not_counted.illegal += 1;
        }
        // One replay gives the game's positions (its first plies), its line (every move)
        // and its moves' places.
        let mut moves = Vec::with_capacity(replay.plies());
        let mut counted = 0;
        let places = &mut self.places;
        places.clear();
        let mut placed = true;
        let visits = self.visiting.visits_of(|visit| {
            let mut visiting = true;
            replay.walk(|board, mv| {
                visiting = visiting && visit(board, mv);
                counted += usize::from(visiting);
                match place(board, mv).filter(|_| placed) {
                    Some(at) => places.push(at),
                    None => placed = false,
                }
                moves.push(mv);
                placed
            });
        });
        // A line is as long as its places: a move past 255 legal ones (none is) ends it.
        moves.truncate(places.len());
        let identity = Identity {
            tags: [
                &game.event,
                &game.site,
                &game.date,
                &game.round,
                &game.players[0],
                &game.players[1],
            ],
            outcome,
            start: [start.white().id(), start.black().id()],
            moves: moves.get(..counted).unwrap_or(&moves),
        };
        let key = GameKey::of(game.lichess_id().and_then(LichessId::new), &identity);
        let line = Line {
            start: replay.start_board().clone(),
            moves,
        };
        let number = self.part.games_before + game.number;
        let file = self.numbers.get(self.part.file).copied().unwrap_or(0);
        let record = Record {
            head: Head {
                key,
                players: game.players.clone().map(|name| name.into_owned()),
                elo: game.elo,
                outcome,
                speed: game.speed,
                mode: game.mode(),
                month: game.month,
                offset: self.part.bytes_before + game.offset,
                file,
                in_file: number,
                tags: Tags {
                    event: game.event.to_string(),
                    site: game.site.to_string(),
                    date: game.date.to_string(),
                    round: game.round.to_string(),
                },
            },
            line,
        };
        let ordinal = u32::try_from(self.infos.len())
            .map_err(|_| io::Error::other("more than 4 billion games in a part"))?;
        let head = &record.head;
        let start = record.line.start_code();
        self.players
            .extend(player_items(&head.players, ordinal, start));
        self.ids.push(IdItem {
            id: key.bytes(),
            ordinal,
        });
        let played = visits
            .iter()
            .filter_map(|visit| VisitItem::of(visit, ordinal));
        self.visits.extend(played);
        self.infos.push(Info::of(head));
        self.record.clear();
        record.write_places(places, &mut self.record);
        put(&mut self.records, self.record.len() as u64);
        self.records.extend_from_slice(&self.record);
        Ok(())
    }
}

//! The games' records as today's index writes them (`explorer/src/store/games.rs`), for the
//! projected bytes of step 0.

use chess960_pgn::Game;
use chess960_pgn::tree::STARTS;

use crate::aggregate::put;
use crate::replay::{Column, Out, Rec};

/// A game's record as `explorer/src/store/games.rs` writes it, in parts: the players' names,
/// the rest of the head, the line.
pub struct GameRecord {
    pub number: u32,
    pub names: [String; 2],
    pub rest: Vec<u8>,
    pub line: Vec<u8>,
}

impl GameRecord {
    /// The record's bytes as today's index stores them (names, rest of the head, line).
    pub fn today(&self, out: &mut Vec<u8>) {
        for name in &self.names {
            put_text(out, name);
        }
        out.extend_from_slice(&self.rest);
        out.extend_from_slice(&self.line);
    }
}

/// The games' records of a part, made as it is replayed.
pub struct RecordsOut {
    pub bytes_before: u64,
    pub games: Vec<GameRecord>,
}

/// `text`, its length first.
pub fn put_text(out: &mut Vec<u8>, text: &str) {
    put(out, text.len() as u64);
    out.extend_from_slice(text.as_bytes());
}

impl Out for RecordsOut {
    const LINES: bool = true;

    fn record(&mut self, _rec: Rec) {}

    fn game(&mut self, number: u32, column: Column, game: &Game, places: &[u8]) {
        let mut rest = Vec::with_capacity(32);
        let id = game.lichess_id();
        put_text(&mut rest, id.unwrap_or(""));
        for elo in game.elo {
            put(&mut rest, elo.map_or(0, |elo| u64::from(elo) + 1));
        }
        let speed = game.speed.map_or(7, |s| s.index());
        let mode = game.mode().map_or(0, |mode| mode.index() + 1);
        rest.push(column.outcome | speed << 2 | mode << 5 | u8::from(id.is_some()) << 7);
        let month = game.month.map_or(0, |m| {
            u64::from(m.year) * 12 + u64::from(m.month.clamp(1, 12))
        });
        put(&mut rest, month);
        put(&mut rest, self.bytes_before + game.offset);
        let mut line = Vec::with_capacity(4 + places.len());
        match &game.start {
            Ok(pair) => {
                line.push(0);
                put(&mut line, u64::from(STARTS.number(*pair)));
            }
            Err(_) => line.push(1),
        }
        let places: Vec<u8> = places
            .iter()
            .copied()
            .take_while(|&p| p != u8::MAX)
            .collect();
        put(&mut line, places.len() as u64);
        line.extend_from_slice(&places);
        self.games.push(GameRecord {
            number,
            names: game.players.clone().map(|name| name.into_owned()),
            rest,
            line,
        });
    }
}

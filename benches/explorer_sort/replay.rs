//! The replay half of the pipeline: each game's first 50 plies walked on its reader's thread
//! (as `explorer/src/build/walker.rs` walks them), each position it counts emitted as a
//! fixed-size visit record, and the game's columns kept in game order.

use std::io;
use std::path::Path;

use chess960_pgn::tree::PLIES;
use chess960_pgn::tree::key::{key as tree_key, legal_en_passant, mix};
use chess960_pgn::tree::walk::Positions;
use chess960_pgn::{Game, Options, Outcome, PartStart, Progress, RatingGroup, Sink, read_files};
use cozy_chess::{Board, Color, Move, Piece};

/// A visit: the position's 96-bit key (the index's: `explorer/src/store/key.rs`), the game's
/// number and what it did there, in 24 bytes: `[zobrist, key's other 32 bits << 32 | game,
/// move | mover << 16 | arrived << 17 | bucket << 24 | outcome << 32]`. Sorting the array
/// sorts by key, then game.
pub type Rec = [u64; 3];

/// The code of "arrived there with its last counted ply, played nothing counted".
pub const ARRIVED: u16 = 0xFFFF;

/// The index's position key: 64 bits of the tree's Zobrist key, then 32 of another hash.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Key {
    pub hi: u64,
    pub lo: u32,
}

/// A copy of `explorer/src/store/key.rs`'s `position` (crate-private there).
pub fn position(board: &Board) -> Key {
    let zobrist = tree_key(board, u32::MAX);
    let mut other = 0x243F_6A88_85A3_08D3_u64;
    for piece in Piece::ALL {
        other = mix(other ^ board.pieces(piece).0);
    }
    other = mix(other ^ board.colors(Color::White).0);
    let rights = |color| {
        let rights = board.castle_rights(color);
        let file = |f: Option<cozy_chess::File>| f.map_or(0, |f| f as u64 + 1);
        file(rights.short) | file(rights.long) << 4
    };
    let side = match board.side_to_move() {
        Color::White => 0,
        Color::Black => 1,
    };
    let en_passant = legal_en_passant(board).map_or(0, |square| square as u64 + 1);
    other =
        mix(other
            ^ (rights(Color::White) | rights(Color::Black) << 8 | side << 16 | en_passant << 24));
    Key {
        hi: zobrist,
        lo: (other >> 32) as u32,
    }
}

/// A move in 16 bits, as `explorer/src/store/code.rs` codes it.
pub fn code(mv: Move) -> u16 {
    let promotion = match mv.promotion {
        None => 0,
        Some(Piece::Knight) => 1,
        Some(Piece::Bishop) => 2,
        Some(Piece::Rook) => 3,
        Some(_) => 4,
    };
    mv.from as u16 | (mv.to as u16) << 6 | promotion << 12
}

pub fn record(key: Key, game: u32, mv: u16, mover: Color, arrived: bool, column: Column) -> Rec {
    let mover = u64::from(mover == Color::Black);
    [
        key.hi,
        u64::from(key.lo) << 32 | u64::from(game),
        u64::from(mv)
            | mover << 16
            | u64::from(arrived) << 17
            | u64::from(column.bucket) << 24
            | u64::from(column.outcome) << 32,
    ]
}

pub fn rec_bucket(rec: &Rec) -> u8 {
    (rec[2] >> 24) as u8
}

pub fn rec_outcome(rec: &Rec) -> u8 {
    (rec[2] >> 32) as u8 & 3
}

pub fn rec_game(rec: &Rec) -> u32 {
    rec[1] as u32
}

pub fn rec_move(rec: &Rec) -> u16 {
    rec[2] as u16
}

/// Whether two records are of the same position.
pub fn same_key(a: &Rec, b: &Rec) -> bool {
    a[0] == b[0] && a[1] >> 32 == b[1] >> 32
}

/// What the aggregation needs of a game, by its number: its bucket (speed × rating group,
/// as `explorer/src/store/bucket.rs`), its outcome and its average rating.
#[derive(Clone, Copy, Default, Debug)]
pub struct Column {
    pub bucket: u8,
    pub outcome: u8,
    pub rating: u16,
}

impl Column {
    fn of(game: &Game, outcome: Outcome) -> Column {
        let speed = game.speed.map_or(6, |speed| speed.index());
        let (group, rating) = match game.elo {
            [Some(white), Some(black)] => (
                RatingGroup::of(white, black).index(),
                ((white + black) / 2).min(u32::from(u16::MAX)) as u16,
            ),
            _ => (9, 0),
        };
        Column {
            bucket: speed * 10 + group,
            outcome: outcome.index(),
            rating,
        }
    }
}

/// Where a part's records go.
pub trait Out: Send {
    fn record(&mut self, rec: Rec);
    /// A counted game: its number, columns, and (if [`Out::LINES`]) its line's places.
    fn game(&mut self, number: u32, column: Column, game: &Game, places: &[u8]);
    /// Whether the game's line (each move's place among the legal moves, as the index stores
    /// it) is wanted: costs a move generation a ply.
    const LINES: bool = false;
}

/// A part's sink.
pub struct Replayer<O> {
    part: PartStart,
    positions: Positions<Key>,
    places: Vec<u8>,
    pub out: O,
    pub games: u64,
    pub visits: u64,
}

impl<O: Out> Sink for Replayer<O> {
    const COPIES: bool = false;

    fn replays(&mut self, game: &Game) -> bool {
        game.start.is_ok()
    }

    fn game(&mut self, game: &Game) -> io::Result<()> {
        if game.start.is_err() {
            return Ok(());
        }
        let (Some(outcome), Some(replay)) = (Outcome::of(&game.result), game.moves) else {
            return Ok(());
        };
        let number = u32::try_from(self.part.games_before + game.number)
            .map_err(|_| io::Error::other("over 2^32 games"))?;
        let column = Column::of(game, outcome);
        self.places.clear();
        let places = &mut self.places;
        let mut last: Option<(Board, Move)> = None;
        let visits = self.positions.walked(
            |visit| {
                replay.walk(|board, mv| {
                    let go = visit(board, mv);
                    if go {
                        if O::LINES {
                            places.push(place(board, mv).unwrap_or(u8::MAX));
                        }
                        last = Some((board.clone(), mv));
                    }
                    go
                });
            },
            PLIES,
            position,
        );
        for visit in visits {
            self.out.record(record(
                visit.key,
                number,
                code(visit.mv),
                visit.mover,
                false,
                column,
            ));
        }
        let mut count = visits.len() as u64;
        if let Some((mut end, mv)) = last {
            end.play_unchecked(mv);
            let arrived = position(&end);
            if !visits.iter().any(|visit| visit.key == arrived) {
                self.out.record(record(
                    arrived,
                    number,
                    ARRIVED,
                    end.side_to_move(),
                    true,
                    column,
                ));
                count += 1;
            }
        }
        self.visits += count;
        self.games += 1;
        self.out.game(number, column, game, &self.places);
        Ok(())
    }
}

/// `mv`'s place among the legal moves of `board` (`explorer/src/store/line.rs`).
fn place(board: &Board, mv: Move) -> Option<u8> {
    let mut before = 0usize;
    let mut found = None;
    board.generate_moves(|piece_moves| {
        if piece_moves.from == mv.from
            && let Some(at) = piece_moves.into_iter().position(|m| m == mv)
        {
            found = Some(before + at);
            return true;
        }
        before += piece_moves.len();
        false
    });
    found.and_then(|at| u8::try_from(at).ok())
}

/// Reads `path` on every core (chess960-pgn's `read_files`: the file in parts), each part's
/// games into an `Out` made by `new`; the parts' sinks in order.
pub fn replay<O: Out>(
    path: &Path,
    new: impl Fn(PartStart) -> O + Sync,
) -> io::Result<Vec<Replayer<O>>> {
    let options = Options::default()
        .moves(true)
        .max_plies(PLIES)
        .details(true);
    let make = |part: PartStart| Replayer {
        part,
        positions: Positions::default(),
        places: Vec::new(),
        out: new(part),
        games: 0,
        visits: 0,
    };
    let mut parts = Vec::new();
    let keep = |_: PartStart, part| {
        parts.push(part);
        Ok(())
    };
    let errors = read_files(&[path], &options, &Progress::default(), make, keep)?;
    if let Some(error) = errors.first() {
        return Err(io::Error::other(error.to_string()));
    }
    Ok(parts)
}

/// The games' columns by number, from each part's `(number, column)` lists.
pub fn columns(parts: impl IntoIterator<Item = Vec<(u32, Column)>>) -> Vec<Column> {
    let mut columns: Vec<Column> = Vec::new();
    for part in parts {
        for (number, column) in part {
            let at = number as usize;
            if columns.len() <= at {
                columns.resize(at + 1, Column::default());
            }
            columns[at] = column;
        }
    }
    columns
}

//! A game an index holds, whole ([`WholeGame`]), found by the id its answers show it by
//! (lichess's id, or one made from its key): its tags and every move, from which its PGN is
//! written (`api/pgn.rs`).

use chess960_pgn::moves::{SanMove, UciCastling, san, uci};
use chess960_pgn::{Mode, Month, Outcome, Speed};

use crate::error::{Fault, QueryError};
use crate::store::games::Record;
use crate::store::id::GameKey;
use crate::store::state::State;
use crate::store::tables::GAMES;

/// A game an index holds, with every move it kept (the whole game, unless a move could not be
/// read: the moves before it).
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct WholeGame {
    /// The id answers show it by: its lichess id, or 11 letters and digits made from what
    /// identifies it.
    pub id: String,
    /// Whether it is lichess's (its id is then its lichess id).
    pub lichess: bool,
    /// Its `Event`, `Site`, `Date` (as written) and `Round` tags, each empty when it had none.
    pub event: String,
    /// See [`WholeGame::event`].
    pub site: String,
    /// See [`WholeGame::event`].
    pub date: String,
    /// See [`WholeGame::event`].
    pub round: String,
    /// White's and Black's names.
    pub players: [String; 2],
    /// White's and Black's Elo.
    pub elo: [Option<u32>; 2],
    /// How it ended.
    pub outcome: Outcome,
    /// Its speed, from its `TimeControl` tag.
    pub speed: Option<Speed>,
    /// Rated or casual.
    pub mode: Option<Mode>,
    /// The month it was played in.
    pub month: Option<Month>,
    /// The position it began at (Shredder-FEN castling).
    pub fen: String,
    /// Its moves in UCI, castling as the king taking its rook.
    pub uci: Vec<chess960::UciMove>,
    /// Its moves in SAN, with `+` and `#`.
    pub san: Vec<SanMove>,
}

/// The game of `state` shown by `id`, if the index holds it: its key ([`GameKey::of_id`])
/// looked up in each segment's keys, its record read whole.
pub(crate) fn whole_game(state: &State, id: &str) -> Result<Option<WholeGame>, QueryError> {
    let Some(key) = GameKey::of_id(id) else {
        return Ok(None);
    };
    for segment in &state.segments {
        let Some(number) = segment.number_of(&key.bytes())? else {
            continue;
        };
        let games = segment.dir.join(GAMES.0);
        let corrupt = |what| QueryError::Index(Fault::Corrupt(what).at(&games));
        let bytes = segment
            .record(number)?
            .ok_or_else(|| corrupt("a key's game"))?;
        let record = Record::read(&bytes).ok_or_else(|| corrupt("a game's record"))?;
        if record.head.key != key {
            return Err(corrupt("a key's game"));
        }
        return Ok(Some(of_record(record)));
    }
    Ok(None)
}

/// The whole game of `record`.
fn of_record(record: Record) -> WholeGame {
    let (head, line) = (record.head, record.line);
    let mut board = line.start.clone();
    let (mut uci_moves, mut san_moves) = (Vec::new(), Vec::new());
    for &mv in &line.moves {
        let before = board.clone();
        board.play_unchecked(mv);
        uci_moves.push(uci(mv, false, UciCastling::KingTakesRook));
        san_moves.push(san(&before, mv, &board));
    }
    let lichess = head.key.lichess_id().is_some();
    WholeGame {
        id: head.key.id(),
        lichess,
        event: head.tags.event,
        site: head.tags.site,
        date: head.tags.date,
        round: head.tags.round,
        players: head.players,
        elo: head.elo,
        outcome: head.outcome,
        speed: head.speed,
        mode: head.mode,
        month: head.month,
        fen: format!("{:#}", line.start),
        uci: uci_moves,
        san: san_moves,
    }
}

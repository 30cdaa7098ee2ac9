//! A player's explorer (lichess's `/player`): the games one player played with one colour
//! that reached a position, and the moves played there ([`PlayerQuery`], [`player_answer`]).
//! Every player of an index is ready at once: a segment keeps each player's games by colour
//! (`players.tbl`), and each of those games is replayed from its record, no further than it
//! can still reach the position (a capture or a pawn's step is not undone); a busy player's
//! games of starts that cannot reach it are not read (`player_starts.rs`).

use chess960_pgn::tree::{MoveCounts, NodeMove, PLIES};
use chess960_pgn::{Mode, Outcome};
use cozy_chess::{Board, Color, Move, Piece};

use crate::answer::Answer;
use crate::answer::player_starts::Reachable;
use crate::answer::query::{MAX_RECENT_GAMES, Query};
use crate::error::{Fault, QueryError};
use crate::store::bytes::Reader;
use crate::store::games::Head;
use crate::store::key::{Position, month_number, position};
use crate::store::line::Line;
use crate::store::players::{player_key, same_player};
use crate::store::state::State;
use crate::store::tables::GAMES;

/// What lichess's `/player` asks: whose games (`player`, matched whatever its case, as
/// lichess matches user ids), played with which colour, at the position `query` reaches (its
/// `fen` and `play`), filtered by `query`'s `speeds`, `since` and `until` and by `modes`;
/// `query`'s `moves` and `recent_games` say how much is listed (its ratings, top games and
/// history are not read: lichess's player explorer has none).
///
/// ```
/// use chess960_explorer::{PlayerQuery, Query};
///
/// let asked = PlayerQuery::new("DrNykterstein", cozy_chess::Color::White, Query::default());
/// assert_eq!((asked.player.as_str(), asked.modes), ("DrNykterstein", None));
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct PlayerQuery {
    /// The player's name (lichess's user name), any case.
    pub player: String,
    /// The colour they played.
    pub color: Color,
    /// Only rated or casual games (none: every game; an empty list: none).
    pub modes: Option<Vec<Mode>>,
    /// The position, the filters of speed and month, and the moves and recent games listed.
    pub query: Query,
}

impl PlayerQuery {
    /// `player`'s games with `color` at `query`'s position, every mode.
    pub fn new(player: &str, color: Color, query: Query) -> PlayerQuery {
        PlayerQuery {
            player: player.to_owned(),
            color,
            modes: None,
            query,
        }
    }
}

/// How far a game can still go back: its pieces (none comes back) and, for each colour, its
/// pawns' steps forward plus 7 for each pawn gone (none is undone). A game whose board has
/// fewer pieces, or more of either, than the position asked can no longer reach it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Irreversible {
    pieces: u32,
    pawns: [u32; 2],
}

impl Irreversible {
    fn of(board: &Board) -> Irreversible {
        let pawns = |color: Color| {
            let mine = board.colored_pieces(color, Piece::Pawn);
            let steps: u32 = mine
                .into_iter()
                .map(|square| match color {
                    Color::White => square.rank() as u32 - 1,
                    Color::Black => 6 - square.rank() as u32,
                })
                .sum();
            steps + 7 * 8u32.saturating_sub(mine.len())
        };
        Irreversible {
            pieces: board.occupied().len(),
            pawns: [pawns(Color::White), pawns(Color::Black)],
        }
    }

    /// Whether a game at `self` may still reach `target`.
    fn may_reach(self, target: Irreversible) -> bool {
        self.pieces >= target.pieces
            && self.pawns[0] <= target.pawns[0]
            && self.pawns[1] <= target.pawns[1]
    }
}

/// The move the line of `r` played last at `here` within its first [`PLIES`] plies, if it
/// played one there: its moves read one by one, no further than the line may still reach
/// `here` (`target`, its pieces and pawns).
fn last_move_at(r: &mut Reader, here: &Position, target: Irreversible) -> Option<Option<Move>> {
    let start = Line::read_start(r)?;
    let count = r.count()?;
    let places = r.0.get(..count)?;
    let mut board = start;
    let mut last = None;
    for &place in places.iter().take(PLIES as usize) {
        if !Irreversible::of(&board).may_reach(target) {
            break;
        }
        let mv = crate::store::line::nth_legal(&board, place)?;
        if position(&board) == *here {
            last = Some(mv);
        }
        board.play_unchecked(mv);
    }
    Some(last)
}

/// One move's games.
#[derive(Default)]
struct Tally {
    counts: MoveCounts,
    /// The latest game that played it (its month, its number), for a move of one game.
    latest: Option<(u16, u64)>,
}

/// The answer to `asked` from the index's state: `Answer`'s totals, moves (each's
/// `counts.rating_sum` and `rated` the opponents' Elos, lichess's `averageOpponentRating`)
/// and recent games; no top games, no history.
pub(crate) fn player_answer(state: &State, asked: &PlayerQuery) -> Result<Answer, QueryError> {
    let query = &asked.query;
    let board = query.board()?;
    let here = position(&board);
    let target = Irreversible::of(&board);
    let reachable = Reachable::of(&board);
    let mut answer = Answer {
        fen: chess960_pgn::tree::key::epd(&board),
        ..Answer::default()
    };
    let Some(key) = player_key(&asked.player, asked.color) else {
        return Ok(answer);
    };
    let (first, last) = (
        query.since.map(|m| month_number(Some(m))),
        query.until.map(|m| month_number(Some(m))),
    );
    let mut moves: Vec<(Move, Tally)> = Vec::new();
    let mut recent: Vec<(u16, u64, Move)> = Vec::new();
    for segment in &state.segments {
        let games = segment.dir.join(GAMES.0);
        let corrupt = |what| QueryError::Index(Fault::Corrupt(what).at(&games));
        for (number, start) in segment.player_games(&key)? {
            // A busy player's game of a start that cannot reach the position: not read.
            if start.is_some_and(|start| !reachable.admits(start)) {
                continue;
            }
            let bytes = segment
                .record(number)?
                .ok_or_else(|| corrupt("a player's game"))?;
            let mut r = Reader(&bytes);
            let head = Head::read(&mut r).ok_or_else(|| corrupt("a game's record"))?;
            // Another name of the same key, or the game filtered out.
            let month = month_number(head.month);
            let [white, black] = &head.players;
            let (name, opponent) = match asked.color {
                Color::White => (white, head.elo[1]),
                Color::Black => (black, head.elo[0]),
            };
            let admitted = same_player(name, &asked.player)
                && query
                    .speeds
                    .is_none_or(|speeds| head.speed.is_some_and(|s| speeds.has(s)))
                && (asked.modes.as_ref())
                    .is_none_or(|modes| head.mode.is_some_and(|m| modes.contains(&m)))
                && first.is_none_or(|first| head.month.is_some() && month >= first)
                && last.is_none_or(|last| head.month.is_some() && month <= last);
            if !admitted {
                continue;
            }
            let played =
                last_move_at(&mut r, &here, target).ok_or_else(|| corrupt("a game's line"))?;
            let Some(mv) = played else {
                continue;
            };
            let counts = MoveCounts {
                white: u64::from(head.outcome == Outcome::White),
                draws: u64::from(head.outcome == Outcome::Draw),
                black: u64::from(head.outcome == Outcome::Black),
                rating_sum: opponent.map_or(0, u64::from),
                rated: u64::from(opponent.is_some()),
            };
            let at = match moves.iter().position(|(known, _)| *known == mv) {
                Some(at) => at,
                None => {
                    moves.push((mv, Tally::default()));
                    moves.len() - 1
                }
            };
            if let Some((_, tally)) = moves.get_mut(at) {
                tally.counts += counts;
                tally.latest = tally.latest.max(Some((month, number)));
            }
            answer.white += counts.white;
            answer.draws += counts.draws;
            answer.black += counts.black;
            recent.push((month, number, mv));
        }
    }
    let mut played = Vec::with_capacity(moves.len());
    for (mv, tally) in moves {
        let game = match (tally.counts.games(), tally.latest) {
            (1, Some((_, number))) => Some(crate::answer::game(
                state,
                number,
                crate::store::code::code(mv),
            )?),
            _ => None,
        };
        played.push(NodeMove::play(&board, mv, tally.counts, game).0);
    }
    NodeMove::sort(&mut played, |mv| mv);
    played.truncate(query.moves.unwrap_or(usize::MAX));
    answer.moves = played;
    recent.sort_unstable_by_key(|&(month, number, _)| std::cmp::Reverse((month, number)));
    recent.truncate(query.recent_games.min(MAX_RECENT_GAMES));
    answer.recent_games = recent
        .into_iter()
        .map(|(_, number, mv)| crate::answer::game(state, number, crate::store::code::code(mv)))
        .collect::<Result<_, _>>()?;
    Ok(answer)
}

/// A player's performance over `counts` (their games with `color`, their opponents' Elos in
/// `rating_sum` and `rated`), as lichess's explorer works it out (FIDE's table, B.02.2017):
/// the opponents' average Elo plus the rating difference of the score's percentage, the
/// table's two nearest rows weighed by the fraction; `None` when no opponent's Elo is known.
///
/// ```
/// use chess960_explorer::performance;
/// use chess960_pgn::tree::MoveCounts;
///
/// // Two wins and a draw as White against opponents of 2000: 83.3% → +273 + (284-273)/3.
/// let counts = MoveCounts { white: 2, draws: 1, black: 0, rating_sum: 6000, rated: 3 };
/// assert_eq!(performance(&counts, cozy_chess::Color::White), Some(2277));
/// assert_eq!(performance(&counts, cozy_chess::Color::Black), Some(1723));
/// ```
pub fn performance(counts: &MoveCounts, color: Color) -> Option<i32> {
    const DELTAS: [f64; 101] = [
        -800.0, -677.0, -589.0, -538.0, -501.0, -470.0, -444.0, -422.0, -401.0, -383.0, -366.0,
        -351.0, -336.0, -322.0, -309.0, -296.0, -284.0, -273.0, -262.0, -251.0, -240.0, -230.0,
        -220.0, -211.0, -202.0, -193.0, -184.0, -175.0, -166.0, -158.0, -149.0, -141.0, -133.0,
        -125.0, -117.0, -110.0, -102.0, -95.0, -87.0, -80.0, -72.0, -65.0, -57.0, -50.0, -43.0,
        -36.0, -29.0, -21.0, -14.0, -7.0, 0.0, 7.0, 14.0, 21.0, 29.0, 36.0, 43.0, 50.0, 57.0, 65.0,
        72.0, 80.0, 87.0, 95.0, 102.0, 110.0, 117.0, 125.0, 133.0, 141.0, 149.0, 158.0, 166.0,
        175.0, 184.0, 193.0, 202.0, 211.0, 220.0, 230.0, 240.0, 251.0, 262.0, 273.0, 284.0, 296.0,
        309.0, 322.0, 336.0, 351.0, 366.0, 383.0, 401.0, 422.0, 444.0, 470.0, 501.0, 538.0, 589.0,
        677.0, 800.0,
    ];
    if counts.rated == 0 || counts.games() == 0 {
        return None;
    }
    let average = counts.rating_sum as f64 / counts.rated as f64;
    let wins = match color {
        Color::White => counts.white,
        Color::Black => counts.black,
    };
    let p = (100 * wins + 50 * counts.draws) as f64 / counts.games() as f64;
    let at = p.trunc() as usize;
    let low = DELTAS.get(at).copied().unwrap_or(800.0);
    let high = DELTAS.get(at + 1).copied().unwrap_or(800.0);
    Some((average + low * (1.0 - p.fract()) + high * p.fract()).round() as i32)
}

#[cfg(test)]
mod tests {
    use chess960_pgn::tree::MoveCounts;
    use cozy_chess::Color;

    use super::performance;

    fn counts(white: u64, draws: u64, black: u64, rating_sum: u64) -> MoveCounts {
        let rated = white + draws + black;
        MoveCounts {
            white,
            draws,
            black,
            rating_sum,
            rated,
        }
    }

    /// lila-openingexplorer's own cases (`Stats::performance`'s test), then the table's ends.
    #[test]
    fn performance_is_lichesss_on_lichesss_cases() {
        let single = counts(1, 0, 0, 1500);
        assert_eq!(performance(&single, Color::White), Some(2300));
        assert_eq!(performance(&single, Color::Black), Some(700));
        let symmetrical = counts(123, 10, 123, (123 + 10 + 123) * 987);
        assert_eq!(performance(&symmetrical, Color::White), Some(987));
        assert_eq!(performance(&symmetrical, Color::Black), Some(987));
        let p5 = counts(5, 0, 95, 0);
        assert_eq!(performance(&p5, Color::White), Some(-470));
        assert_eq!(performance(&p5, Color::Black), Some(470));
        // 99.5%: halfway between the table's 677 and 800, 738.5, a half rounded up; all draws:
        // the average itself.
        let almost = counts(199, 0, 1, 200 * 2000);
        assert_eq!(performance(&almost, Color::White), Some(2000 + 739));
        assert_eq!(
            performance(&counts(0, 4, 0, 4 * 1812), Color::Black),
            Some(1812)
        );
        // No opponent's Elo known, or no game: none.
        let unrated = MoveCounts { rated: 0, ..single };
        assert_eq!(performance(&unrated, Color::White), None);
        assert_eq!(performance(&MoveCounts::default(), Color::White), None);
    }
}

//! The positions an index holds, listed: the boards its games began on, and every position
//! a few plies deep that enough games reached, most played first, for an engine to evaluate
//! (`chess960 eval --from-index`).

use std::collections::{BTreeMap, HashSet, VecDeque};

use crate::answer::query::{Query, uci_moves};
use crate::error::{IndexError, QueryError};
use crate::index::Index;
use crate::store::games::start_of_record;

/// A position games reached: its EPD (as the explorer's answers give it), how many games
/// reached it, and a way there from a start.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Reached {
    /// The position: placement, side to move, castling (Shredder), en passant.
    pub fen: String,
    /// The games that reached it.
    pub games: u64,
    /// The FEN of the start of the first way found there.
    pub start: String,
    /// That way's moves (UCI, castling as the king taking its rook).
    pub play: Vec<String>,
}

impl Index {
    /// The boards the games began on (Shredder FENs), each once, with how many games began
    /// there, most first.
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn starts(&self) -> Result<Vec<(String, u64)>, IndexError> {
        let state = self.state()?;
        let mut starts: BTreeMap<String, u64> = BTreeMap::new();
        for segment in &state.segments {
            for record in segment.records() {
                let (_, bytes) = record?;
                let board = start_of_record(&bytes).ok_or_else(|| IndexError::Corrupt {
                    path: state.dir.clone(),
                    what: "a game's record",
                    cause: None,
                })?;
                *starts.entry(format!("{board:#}")).or_default() += 1;
            }
        }
        let mut starts: Vec<(String, u64)> = starts.into_iter().collect();
        starts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        Ok(starts)
    }

    /// Every position at most `plies` plies from a start that at least `min_games` games
    /// reached (the starts included), each once however it was reached, most played first
    /// (then the nearer a start, then by FEN).
    ///
    /// # Errors
    ///
    /// The index cannot be read.
    pub fn positions(&self, min_games: u64, plies: usize) -> Result<Vec<Reached>, IndexError> {
        let mut found: Vec<(usize, Reached)> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        for (start, games) in self.starts()? {
            if games < min_games.max(1) {
                continue;
            }
            let mut queue: VecDeque<Vec<String>> = VecDeque::from([Vec::new()]);
            while let Some(play) = queue.pop_front() {
                let answer = self
                    .answer(&position_only(&start, &play), false)
                    .map_err(|err| match err {
                        QueryError::Index(err) => err,
                        _ => IndexError::Corrupt {
                            path: self.dir().to_owned(),
                            what: "a move an answer gave",
                            cause: None,
                        },
                    })?;
                let games = answer.games();
                if games < min_games.max(1) || !seen.insert(answer.fen.clone()) {
                    continue;
                }
                if play.len() < plies {
                    for mv in &answer.moves {
                        let counts = mv.counts;
                        if counts.white + counts.draws + counts.black >= min_games.max(1) {
                            let mut next = play.clone();
                            next.push(mv.uci.to_string());
                            queue.push_back(next);
                        }
                    }
                }
                let reached = Reached {
                    fen: answer.fen,
                    games,
                    start: start.clone(),
                    play,
                };
                found.push((reached.play.len(), reached));
            }
        }
        found.sort_by(|(ply_a, a), (ply_b, b)| {
            (b.games.cmp(&a.games))
                .then(ply_a.cmp(ply_b))
                .then_with(|| a.fen.cmp(&b.fen))
        });
        Ok(found.into_iter().map(|(_, reached)| reached).collect())
    }
}

/// The query of the position `play` reaches from `start`: its moves, no games listed.
fn position_only(start: &str, play: &[String]) -> Query {
    Query {
        fen: Some(start.to_owned()),
        play: uci_moves(play),
        top_games: 0,
        recent_games: 0,
        ..Query::default()
    }
}

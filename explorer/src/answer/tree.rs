//! The in-memory tree (`chess960_pgn::tree::Tree`) as an [`Explorer`]: a node becomes the
//! same [`Answer`] an index gives.

use chess960::DoubleStartingPosition;
use chess960::fen::FenReader;
use chess960_pgn::tree::{Node, Tree};

use crate::answer::Answer;
use crate::answer::explorer::Explorer;
use crate::answer::query::Query;
use crate::error::QueryError;

impl From<Node> for Answer {
    /// The node's counts, moves and games; it has no history (the tree counts no months)
    /// and no evaluations.
    fn from(node: Node) -> Answer {
        Answer {
            fen: node.fen,
            white: node.white,
            draws: node.draws,
            black: node.black,
            moves: node.moves,
            through: node.through,
            top_games: node.top_games,
            recent_games: node.recent_games,
            history: None,
            eval: None,
            move_evals: Vec::new(),
        }
    }
}

/// A tree answers from a start (its FEN, the standard start when none is given) and moves,
/// with the games it was read with: a filter, a month range or the history is
/// [`QueryError::Unsupported`], since its games were chosen when it was read
/// (`chess960_pgn::Options`).
impl Explorer for Tree {
    fn explore(&self, query: &Query) -> Result<Answer, QueryError> {
        let unsupported = |parameter| QueryError::Unsupported {
            parameter,
            why: "a tree counts the games it was read with; read it again with that filter",
        };
        let filters = [
            ("speeds", query.speeds.is_some()),
            ("ratings", query.ratings.is_some()),
            ("since", query.since.is_some()),
            ("until", query.until.is_some()),
            ("history", query.history),
        ];
        if let Some(&(parameter, _)) = filters.iter().find(|(_, asked)| *asked) {
            return Err(unsupported(parameter));
        }
        let start = match &query.fen {
            None => DoubleStartingPosition::from(chess960::StartingPosition::STANDARD),
            Some(fen) => FenReader::STRICT
                .read::<DoubleStartingPosition>(fen)
                .map_err(|_| QueryError::Unsupported {
                    parameter: "fen",
                    why: "a tree answers from a start's FEN and moves",
                })?,
        };
        let play: Vec<String> = query.play.iter().map(ToString::to_string).collect();
        let node = self.node(start, &play).map_err(QueryError::Play)?;
        let mut answer = Answer::from(node);
        answer.limit(query);
        Ok(answer)
    }
}

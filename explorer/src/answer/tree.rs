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
/// with the games it was read with, and lists the top and recent games its plan kept
/// (`Plan::top_games`, `Plan::recent_games`: none by default, where an index keeps 4 of
/// each). A FEN or a move that cannot be played is the same error as an index's; a filter
/// or a month range is [`QueryError::Unsupported`], since its games were chosen when it was
/// read (`chess960_pgn::Options`), and so is the history (it counts no months).
impl Explorer for Tree {
    fn explore(&self, query: &Query) -> Result<Answer, QueryError> {
        let refused = |parameter, why| QueryError::Unsupported { parameter, why };
        let filtered = "a tree counts the games it was read with: read it with that filter";
        let filters = [
            ("speeds", query.speeds.is_some()),
            ("ratings", query.ratings.is_some()),
            ("since", query.since.is_some()),
            ("until", query.until.is_some()),
        ];
        if let Some(&(parameter, _)) = filters.iter().find(|(_, asked)| *asked) {
            return Err(refused(parameter, filtered));
        }
        if query.history {
            return Err(refused("history", "a tree counts no months: ask an index"));
        }
        // The position, as an index reads it: a FEN or a move it cannot play is its error.
        let board = query.board()?;
        let start = match &query.fen {
            None => DoubleStartingPosition::from(chess960::StartingPosition::STANDARD),
            Some(fen) => FenReader::STRICT
                .read::<DoubleStartingPosition>(fen)
                .map_err(|_| {
                    let why = "not a start: a tree answers from a start's FEN and moves";
                    refused("fen", why)
                })?,
        };
        let mut answer = Answer::from(self.node_at(start, &board));
        answer.limit(query);
        Ok(answer)
    }
}

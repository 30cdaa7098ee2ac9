//! `/starts`: the 960 starts, each with the games that began there (White's and Black's back
//! rank both that start's), for the page's list of starts. A start's games are its root's
//! totals, the answer to its FEN with no move played; an [`IndexBackend`](super::IndexBackend)
//! works them out once for each state of its index.

use chess960::StartingPosition;
use chess960::fen::{CastlingNotation, Fen};
use serde::Serialize;

use super::error::BackendError;
use crate::answer::query::Query;

/// One start as `/starts` lists it.
#[derive(Serialize, Debug)]
struct StartGames {
    /// Scharnagl's number.
    id: u16,
    /// White's back rank (`RNBQKBNR`).
    rank: String,
    /// The games that began there.
    games: u64,
}

/// The query of the position of `start` (both sides), its totals alone: no move and no game
/// listed.
pub(super) fn root(start: StartingPosition) -> Query {
    let fen = Fen::new(start, CastlingNotation::XFen).to_string();
    Query {
        moves: Some(0),
        top_games: 0,
        recent_games: 0,
        ..Query::at(&fen, &[])
    }
}

/// `/starts`'s body: every start in Scharnagl's order with its games, `games_at` counting the
/// games at a start's [`root`].
pub(super) fn starts_json(
    mut games_at: impl FnMut(&Query) -> Result<u64, BackendError>,
) -> Result<String, BackendError> {
    let starts = StartingPosition::all()
        .map(|start| {
            Ok(StartGames {
                id: start.id(),
                rank: start.to_string(),
                games: games_at(&root(start))?,
            })
        })
        .collect::<Result<Vec<_>, BackendError>>()?;
    // Numbers and ASCII letters always serialize.
    Ok(serde_json::to_string(&starts).unwrap_or_default())
}

/// The games of a `/lichess` body: its `white`, `draws` and `black` summed.
pub(super) fn games_of_body(body: &str) -> Result<u64, BackendError> {
    let value: serde_json::Value = serde_json::from_str(body)
        .map_err(|err| BackendError::Unavailable(format!("an answer that is not JSON: {err}")))?;
    ["white", "draws", "black"]
        .iter()
        .map(|field| {
            value
                .get(field)
                .and_then(serde_json::Value::as_u64)
                .ok_or_else(|| {
                    BackendError::Unavailable(format!("an answer without its {field} count"))
                })
        })
        .sum()
}

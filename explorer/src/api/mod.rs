//! lichess's explorer API without the server: the JSON shapes of `/lichess` and `/masters`
//! (`json.rs` an answer, `lichess.rs` its moves and games), a game's PGN (`pgn.rs`, of
//! `/masters/pgn/{id}`), of `/api/cloud-eval`
//! (`cloud_eval.rs`), and the engine's scores we add after lichess's fields (`eval.rs`); the
//! query strings read as lichess reads them (`params.rs` `/lichess`'s and `/masters`' to a
//! [`Query`](crate::Query), `cloud_eval_query.rs` `/api/cloud-eval`'s, `values.rs` each value,
//! `names.rs` each name) and what is wrong with one ([`ParamError`]). Python and the server
//! read parameters with the same code; only the server (the `server` feature) speaks HTTP.

pub(crate) mod cloud_eval;
mod cloud_eval_query;
mod eval;
pub(crate) mod json;
mod lichess;
pub(crate) mod names;
mod param_error;
mod params;
mod pgn;
mod player_json;
mod player_params;
pub(crate) mod values;

pub use cloud_eval::{CloudEvalAnswer, cloud_eval_json};
pub use cloud_eval_query::CloudEvalQuery;
pub use eval::{Eval, Score};
pub use json::{LichessAnswer, LichessBody, to_json};
pub use lichess::{Game, Games, Move};
pub use param_error::ParamError;
pub use params::{DEFAULT_MOVES, Endpoint};
pub use pgn::pgn;
pub use player_json::PlayerAnswer;
pub use player_params::parse_player;

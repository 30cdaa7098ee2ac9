//! lichess's JSON: the shapes of `/lichess` and `/masters` (`json.rs` an answer,
//! `lichess.rs` its moves and games), of `/api/cloud-eval` (`cloud_eval.rs`), and the engine's
//! scores we add after lichess's fields (`eval.rs`).

pub(crate) mod cloud_eval;
mod eval;
pub(crate) mod json;
mod lichess;

pub use cloud_eval::cloud_eval_json;
pub use eval::{Eval, Score};
pub use json::to_json;
pub use lichess::{Game, Games, Move};

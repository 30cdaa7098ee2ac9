//! The command line's integration tests, one binary: each module runs the built `chess960` and
//! checks what it writes, against the library and against the real tools (`*_tools.rs`, which
//! need python-chess, Stockfish and pgn-extract, and are `#[ignore]`d unless asked for).

#![cfg(test)]

mod balance;
mod book;
mod book_tools;
mod c_header;
mod castling;
mod castling_tools;
mod cloud_eval;
mod cloud_eval_berserk;
mod common;
mod deploy;
mod draw;
mod draw_tools;
mod errors;
mod eval;
mod eval_index;
mod eval_reruns;
mod explorer_page;
mod explorer_page_board;
mod explorer_page_evals;
mod explorer_page_player;
mod explorer_page_rules;
mod explorer_page_seen;
mod explorer_page_setup;
mod fix;
mod fix_tools;
mod games;
mod games_tools;
mod glossary;
mod html;
mod index;
mod index_merge;
mod index_pgn;
mod index_pipes;
mod index_player;
mod index_remove;
mod index_verify;
mod moves;
mod moves_tools;
mod outputs;
mod progress_log;
mod readme;
mod round_trip;
mod serve_any_games;
mod serve_berserk;
mod serve_berserk_player;
mod serve_log;
mod serve_token;
mod stats_table;
mod streams;
mod table;
mod terminal;
mod threads;
mod tree;
mod tree_lichess;
mod tree_page;
mod tree_tools;
#[path = "../../../tests/it/uniform/mod.rs"]
mod uniform;

//! The index of several adds, each settled in many small batches, against the tree of the
//! same games: what a later batch or add follows of an earlier one's games is checked too.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;

use cozy_chess::Move;

use crate::build::add::{AddOptions, add};
use crate::index::Index;
use crate::store::key::{Position, position};
use crate::tests::{Drawn, answers_as_the_tree, drawn};
use chess960_pgn::Progress;
use chess960_pgn::tree::PLIES;

/// The games of `games` that reach each position of their first plies once, and each the
/// way every other game kept reached it (from the same start, by the same moves): a game
/// of a later batch or add is seen at a position of an earlier one's only when it arrives
/// the way that game went (see `build/settle.rs`), so a transposition into a position of
/// one game, or a game's way back to a position it left, is not, and the tree counts them.
fn without_transpositions(games: Vec<Drawn>) -> Vec<Drawn> {
    let mut ways: HashMap<Position, (Position, Vec<Move>)> = HashMap::new();
    let mut kept = Vec::new();
    for game in games {
        let start = position(&game.start);
        let mut board = game.start.clone();
        let mut seen = HashSet::new();
        let mut reached = Vec::new();
        for ply in 0..=game.moves.len().min(PLIES as usize) {
            let here = position(&board);
            let way = (start, game.moves[..ply].to_vec());
            if !seen.insert(here) || ways.get(&here).is_some_and(|other| *other != way) {
                reached.clear();
                break;
            }
            reached.push((here, way));
            if let Some(&mv) = game.moves.get(ply) {
                board.play_unchecked(mv);
            }
        }
        if !reached.is_empty() {
            ways.extend(reached);
            kept.push(game);
        }
    }
    kept
}

#[test]
fn three_adds_in_batches_of_a_few_hundred_visits_answer_as_the_tree_counts() {
    let dir = tempfile::tempdir().unwrap();
    let games = without_transpositions(drawn(11, 1500));
    assert!(games.len() > 600, "{} games kept", games.len());
    let index = dir.path().join("index");
    let options = AddOptions {
        visits_per_batch: 300,
        ..AddOptions::default().threads(3)
    };
    let mut pgns: Vec<PathBuf> = Vec::new();
    let mut counted = 0;
    for (n, part) in games.chunks(games.len().div_ceil(3)).enumerate() {
        let path = dir.path().join(format!("games-{n}.pgn"));
        let pgn: String = part.iter().map(|game| game.pgn.as_str()).collect();
        std::fs::write(&path, pgn).unwrap();
        let added = add(
            &index,
            std::slice::from_ref(&path),
            &Progress::default(),
            options,
        );
        let added = added.unwrap();
        assert!(added.batches >= 10, "{added:?}");
        counted += added.counted;
        pgns.push(path);
    }
    assert_eq!(pgns.len(), 3);
    assert!(counted > 375, "{counted} games counted");
    answers_as_the_tree(&Index::open(&index).unwrap(), &pgns);
}

//! Evaluations kept in an index of generated games (`IndexWriter::add_evals`, `Index::eval`):
//! found by their position whatever the FEN's clocks and castling notation, the latest
//! kept, another engine, limit or thread count refused (nothing of that add kept) unless
//! mixed, a FEN that is no position refused, no index refused.

use std::path::{Path, PathBuf};

use chess960::StartingPosition;
use chess960::fen::{CastlingNotation, Fen};

use crate::error::IndexError;
use crate::index::Index;
use crate::store::evals::{CloudEval, EvalSource, Pv, PvScore};
use crate::tests::corpus;
use chess960_pgn::Progress;

/// An index of a few generated games in a fresh directory (kept while the first lives).
fn indexed() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, corpus(3, 40)).unwrap();
    let index = dir.path().join("index");
    crate::tests::writer(&index)
        .add(&[pgn], &Progress::default())
        .unwrap();
    (dir, index)
}

/// The start of `id` for both sides, in `notation`, clocks `0 1`.
fn start(id: u16, notation: CastlingNotation) -> String {
    Fen::new(StartingPosition::from_id(id).unwrap(), notation).to_string()
}

/// The engine, limit and threads the index is first given.
fn stockfish() -> EvalSource {
    EvalSource::new("Stockfish 17", "nodes=1000000", 1)
}

/// An evaluation by `source` whose first line scores `cp`, its second a mate in `mate`.
fn evaluated(cp: i32, mate: i32, source: EvalSource) -> CloudEval {
    let moves = |uci: &[&str]| uci.iter().map(|&m| m.to_owned()).collect();
    let pvs = vec![
        Pv::new(moves(&["e2e4", "e7e5", "g1f3"]), PvScore::Cp(cp)),
        Pv::new(moves(&["d2d4"]), PvScore::Mate(mate)),
    ];
    CloudEval::new(
        20 + cp.unsigned_abs() % 7,
        1000 + u64::from(cp.unsigned_abs()),
        pvs,
        source,
    )
}

/// The index in `dir` opened again, `fen`'s evaluation.
fn eval_at(dir: &Path, fen: &str) -> Option<CloudEval> {
    Index::open(dir).unwrap().eval(fen).unwrap()
}

#[test]
fn an_evaluation_is_found_by_any_fen_of_its_position() {
    let (_tmp, dir) = indexed();
    // A reader opened before any evaluation: none, then it sees the add once committed.
    let reader = Index::open(&dir).unwrap();
    let standard = start(518, CastlingNotation::Shredder);
    assert_eq!(reader.eval(&standard).unwrap(), None);
    // Black to move after 1. e4 (its en passant square no capture can use), and a start
    // given as an EPD (no clocks).
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 0 1";
    let other = start(105, CastlingNotation::Shredder);
    let epd = other.rsplitn(3, ' ').nth(2).unwrap().to_owned();
    let evals = vec![
        (standard.clone(), evaluated(31, 5, stockfish())),
        (after_e4.to_owned(), evaluated(-25, -3, stockfish())),
        (epd.clone(), evaluated(12, 9, stockfish())),
    ];
    assert_eq!(
        crate::tests::writer(&dir)
            .add_evals(evals.clone(), false)
            .unwrap(),
        3
    );
    for (fen, eval) in &evals {
        assert_eq!(reader.eval(fen).unwrap().as_ref(), Some(eval), "{fen}");
        assert_eq!(eval_at(&dir, fen).as_ref(), Some(eval), "{fen}");
    }
    // The same positions by X-FEN, with other clocks, as an EPD, with the en passant square.
    let others = [
        (start(518, CastlingNotation::XFen), 0),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 42".to_owned(),
            0,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -".to_owned(),
            0,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".to_owned(),
            1,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha - 3 9".to_owned(),
            1,
        ),
        (start(105, CastlingNotation::XFen), 2),
        (format!("{epd} 12 30"), 2),
    ];
    for (fen, n) in &others {
        assert_eq!(
            reader.eval(fen).unwrap().as_ref(),
            Some(&evals[*n].1),
            "{fen}"
        );
    }
    // Positions not evaluated: another start, other castling rights, the other side to move.
    for fen in [
        start(0, CastlingNotation::Shredder),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Hha - 0 1".to_owned(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b HAha - 0 1".to_owned(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w HAha - 0 1".to_owned(),
    ] {
        assert_eq!(reader.eval(&fen).unwrap(), None, "{fen}");
    }
    // A FEN that is no position: an error naming `fen`.
    for fen in ["not a fen", "8/8/8/8/8/8/8/8 w - - 0 1", ""] {
        let err = reader.eval(fen).unwrap_err();
        assert_eq!(err.parameter(), Some("fen"), "{fen}: {err}");
    }
}

#[test]
fn a_position_added_again_keeps_the_last() {
    let (_tmp, dir) = indexed();
    let standard = start(518, CastlingNotation::Shredder);
    let first = evaluated(10, 4, stockfish());
    assert_eq!(
        crate::tests::writer(&dir)
            .add_evals([(standard.clone(), first.clone())], false)
            .unwrap(),
        1
    );
    assert_eq!(eval_at(&dir, &standard), Some(first));
    // Again, by its X-FEN: replaced.
    let second = evaluated(20, -6, stockfish());
    let xfen = start(518, CastlingNotation::XFen);
    crate::tests::writer(&dir)
        .add_evals([(xfen, second.clone())], false)
        .unwrap();
    assert_eq!(eval_at(&dir, &standard), Some(second));
    // Twice in one add: the later.
    let (third, fourth) = (evaluated(-3, 2, stockfish()), evaluated(44, 1, stockfish()));
    let twice = [
        (standard.clone(), third),
        (
            format!("{} 5 20", &standard[..standard.len() - 4]),
            fourth.clone(),
        ),
    ];
    crate::tests::writer(&dir).add_evals(twice, false).unwrap();
    assert_eq!(eval_at(&dir, &standard), Some(fourth.clone()));
    // Nothing to add: nothing changes.
    assert_eq!(
        crate::tests::writer(&dir)
            .add_evals(Vec::new(), false)
            .unwrap(),
        0
    );
    assert_eq!(eval_at(&dir, &standard), Some(fourth));
}

#[test]
fn another_engine_limit_or_threads_is_refused_with_nothing_of_that_add_kept_unless_mixed() {
    let (_tmp, dir) = indexed();
    let (a, b, c) = (
        start(518, CastlingNotation::Shredder),
        start(105, CastlingNotation::Shredder),
        start(959, CastlingNotation::XFen),
    );
    let kept = evaluated(15, 3, stockfish());
    crate::tests::writer(&dir)
        .add_evals([(a.clone(), kept.clone())], false)
        .unwrap();
    let others = [
        EvalSource::new("Stockfish 16", "nodes=1000000", 1),
        EvalSource::new("Stockfish 17", "nodes=500000", 1),
        EvalSource::new("Stockfish 17", "depth=30", 1),
        EvalSource::new("Stockfish 17", "nodes=1000000", 8),
    ];
    for source in &others {
        // A good one first, then the other source's, then a good one again: all refused.
        let evals = [
            (b.clone(), evaluated(7, 2, stockfish())),
            (c.clone(), evaluated(8, 2, source.clone())),
            (a.clone(), evaluated(9, 2, stockfish())),
        ];
        match crate::tests::writer(&dir).add_evals(evals, false) {
            Err(IndexError::Eval { fen, why }) => {
                assert_eq!(fen, c, "{source:?}: {why}");
                let said = IndexError::Eval {
                    fen: fen.clone(),
                    why: why.clone(),
                }
                .to_string();
                assert!(said.contains(&c), "{said}");
                assert!(
                    why.contains(&source.engine)
                        && why.contains(&source.limit)
                        && why.contains("Stockfish 17")
                        && why.contains("nodes=1000000"),
                    "{source:?}: {why}"
                );
            }
            other => panic!("{source:?}: {other:?}"),
        }
        assert_eq!(eval_at(&dir, &a).as_ref(), Some(&kept), "{source:?}");
        assert_eq!(eval_at(&dir, &b), None, "{source:?}");
        assert_eq!(eval_at(&dir, &c), None, "{source:?}");
    }
    // Mixed: every one kept, each with what made it.
    let mixed: Vec<_> = others
        .iter()
        .enumerate()
        .map(|(n, source)| {
            let fen = start(n as u16 * 100, CastlingNotation::Shredder);
            (fen, evaluated(n as i32, 1, source.clone()))
        })
        .collect();
    assert_eq!(
        crate::tests::writer(&dir)
            .add_evals(mixed.clone(), true)
            .unwrap(),
        4
    );
    for (fen, eval) in &mixed {
        assert_eq!(eval_at(&dir, fen).as_ref(), Some(eval), "{fen}");
    }
    assert_eq!(eval_at(&dir, &a), Some(kept));
}

#[test]
fn once_mixed_an_add_of_any_source_held_is_taken_in_either_order() {
    let other = EvalSource::new("Stockfish 16", "nodes=1000000", 1);
    let third = EvalSource::new("Stockfish 17", "depth=30", 1);
    for (first, second) in [(stockfish(), other.clone()), (other.clone(), stockfish())] {
        let (_tmp, dir) = indexed();
        let (a, b, c) = (
            start(518, CastlingNotation::Shredder),
            start(105, CastlingNotation::Shredder),
            start(0, CastlingNotation::Shredder),
        );
        crate::tests::writer(&dir)
            .add_evals([(a.clone(), evaluated(1, 1, first.clone()))], false)
            .unwrap();
        crate::tests::writer(&dir)
            .add_evals([(b.clone(), evaluated(2, 1, second.clone()))], true)
            .unwrap();
        for source in [&first, &second] {
            let evals = [(c.clone(), evaluated(3, 1, (*source).clone()))];
            assert_eq!(
                crate::tests::writer(&dir).add_evals(evals, false).unwrap(),
                1,
                "{source:?}"
            );
        }
        let evals = [(c.clone(), evaluated(4, 1, third.clone()))];
        assert!(matches!(
            crate::tests::writer(&dir).add_evals(evals, false),
            Err(IndexError::Eval { .. })
        ));
        assert_eq!(eval_at(&dir, &c).map(|e| e.source), Some(second));
    }
}

#[test]
fn two_sources_in_the_first_add_are_refused() {
    let (_tmp, dir) = indexed();
    let (a, b) = (
        start(518, CastlingNotation::Shredder),
        start(105, CastlingNotation::Shredder),
    );
    let other = EvalSource::new("Stockfish 17", "nodes=1000000", 2);
    let evals = [
        (a.clone(), evaluated(1, 1, stockfish())),
        (b.clone(), evaluated(2, 1, other.clone())),
    ];
    match crate::tests::writer(&dir).add_evals(evals.clone(), false) {
        Err(IndexError::Eval { fen, .. }) => assert_eq!(fen, b),
        other => panic!("{other:?}"),
    }
    assert_eq!(eval_at(&dir, &a), None);
    assert_eq!(
        crate::tests::writer(&dir).add_evals(evals, true).unwrap(),
        2
    );
    assert_eq!(eval_at(&dir, &b).map(|e| e.source), Some(other));
}

#[test]
fn a_fen_that_is_no_position_is_refused_with_nothing_added() {
    let (_tmp, dir) = indexed();
    let good = start(518, CastlingNotation::Shredder);
    for bad in [
        "not a fen",
        "",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x HAha - 0 1",
    ] {
        let evals = [
            (good.clone(), evaluated(5, 1, stockfish())),
            (bad.to_owned(), evaluated(5, 1, stockfish())),
        ];
        match crate::tests::writer(&dir).add_evals(evals, false) {
            Err(IndexError::Eval { fen, why }) => {
                assert_eq!(fen, bad, "{why}");
                assert!(!why.is_empty());
            }
            other => panic!("{bad:?}: {other:?}"),
        }
        assert_eq!(eval_at(&dir, &good), None, "{bad:?}");
    }
}

#[test]
fn no_index_is_not_an_index() {
    let tmp = tempfile::tempdir().unwrap();
    let eval = (
        start(518, CastlingNotation::Shredder),
        evaluated(1, 1, stockfish()),
    );
    for dir in [tmp.path().to_owned(), tmp.path().join("none")] {
        match crate::tests::writer(&dir).add_evals([eval.clone()], false) {
            Err(IndexError::NotAnIndex { dir: said }) => assert_eq!(said, dir),
            other => panic!("{other:?}"),
        }
        assert!(!dir.join("MANIFEST").exists());
        // Nothing to add: still no index.
        assert!(matches!(
            crate::tests::writer(&dir).add_evals(Vec::new(), true),
            Err(IndexError::NotAnIndex { .. })
        ));
    }
    assert!(!tmp.path().join("none").exists());
}

//! The tree as an [`Explorer`]: from a start's FEN (or the standard start) and moves, the
//! node's answer; what it cannot answer, named.

use chess960::StartingPosition;
use chess960_pgn::tree::{Plan, Tree};
use chess960_pgn::{Input, Options, Speed, Speeds};

use crate::answer::Answer;
use crate::answer::explorer::Explorer;
use crate::answer::query::{Query, uci_moves};
use crate::error::QueryError;

const PGN: &str = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. g3 g6 2. Nf3 1-0\n\n\
                   [Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. g3 b6 0-1\n\n\
                   [Variant \"Chess960\"]\n\n1. e4 e5 1/2-1/2\n";

fn tree() -> Tree {
    let starts = [105, 518].map(|id| StartingPosition::from_id(id).unwrap().into());
    let plan = Plan::starts(starts.to_vec()).top_games(15).recent_games(8);
    Tree::read(
        &mut Input::from_reader(PGN.as_bytes()),
        &Options::default(),
        &plan,
    )
    .unwrap()
}

#[test]
fn a_tree_answers_from_a_start_and_moves_as_its_node() {
    let tree = tree();
    let start = StartingPosition::from_id(105).unwrap();
    let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
    let asked = Query {
        fen: Some(fen.to_owned()),
        play: uci_moves(&["g2g3"]),
        ..Query::default()
    };
    let answer = Explorer::explore(&tree, &asked).unwrap();
    assert_eq!(
        answer,
        Answer::from(tree.node(start.into(), &["g2g3"]).unwrap())
    );
    assert_eq!((answer.white, answer.black, answer.moves.len()), (1, 1, 2));
    // No FEN: the standard start, as lichess's.
    let standard = Explorer::explore(&tree, &Query::default()).unwrap();
    assert_eq!((standard.draws, standard.moves[0].san.as_str()), (1, "e4"));
    // `moves` and the games asked for cut the answer.
    let one = Query {
        moves: Some(1),
        top_games: 0,
        ..asked
    };
    let cut = Explorer::explore(&tree, &one).unwrap();
    assert_eq!((cut.moves.len(), cut.top_games.len()), (1, 0));
    assert_eq!(cut.recent_games, answer.recent_games);
}

#[test]
fn what_a_tree_cannot_answer_is_named() {
    let tree = tree();
    let refused = |query: Query| match Explorer::explore(&tree, &query) {
        Err(err @ QueryError::Unsupported { .. }) => err.parameter(),
        other => panic!("{other:?}"),
    };
    let speeds = Query {
        speeds: Some(Speeds::EMPTY.with(Speed::Blitz)),
        ..Query::default()
    };
    assert_eq!(refused(speeds), Some("speeds"));
    let history = Query {
        history: true,
        ..Query::default()
    };
    assert_eq!(refused(history), Some("history"));
    // A position after moves is no start: the tree is asked from its start.
    let later = Query {
        fen: Some("qnrbbnkr/pppppppp/8/8/8/6P1/PPPPPP1P/QNRBBNKR b HChc - 0 1".to_owned()),
        ..Query::default()
    };
    assert_eq!(refused(later), Some("fen"));
    // A FEN that is none is the FEN's error, as the index's, naming it.
    let nonsense = Query {
        fen: Some("nonsense".to_owned()),
        ..Query::default()
    };
    let err = Explorer::explore(&tree, &nonsense).unwrap_err();
    assert!(matches!(err, QueryError::Fen { .. }), "{err:?}");
    assert_eq!(err.to_string(), "nonsense: not a FEN");
    // An illegal move is the play's error, as the index's.
    let illegal = Query {
        play: uci_moves(&["e2e5"]),
        ..Query::default()
    };
    let err = Explorer::explore(&tree, &illegal).unwrap_err();
    assert_eq!(err.parameter(), Some("play"), "{err}");
}

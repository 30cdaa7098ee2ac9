//! The tree's counts on hand-made games: transpositions, repetitions, filters.

use chess960::{DoubleStartingPosition, StartingPosition};

use super::{Plan, Tree};
use crate::options::Options;
use crate::progress::Progress;

fn sp(id: u16) -> DoubleStartingPosition {
    StartingPosition::from_id(id).unwrap().into()
}

fn tree(pgn: &str, options: &Options, plan: &Plan) -> Tree {
    let dir = std::env::temp_dir().join(format!("tree-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A file per call: the tests run in parallel.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = dir.join(format!("{call}.pgn"));
    std::fs::write(&path, pgn).unwrap();
    let (tree, errors) = Tree::read_files(&[&path], options, plan, &Progress::default());
    assert!(errors.is_empty(), "{errors:?}");
    std::fs::remove_file(&path).unwrap();
    tree
}

#[test]
fn standard_games_count() {
    let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n\n[Variant \"Chess960\"]\n\n1. d4 d5 0-1\n";
    let t = tree(pgn, &Options::default(), &Plan::starts(vec![sp(518)]));
    assert_eq!(t.games(), 2);
    let root = t.node(sp(518), &[] as &[&str]).unwrap();
    assert_eq!((root.white, root.black), (1, 1));
}

/// Games of SP 105 whose lines share their first moves more or less often.
fn shared_lines() -> String {
    let fen = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
    let lines = [
        "1. g3 g6 2. b3 b6",
        "1. g3 g6 2. b3 Nc6",
        "1. b3 g6 2. g3 b6",
        "1. g3 b6 2. b3 g6",
        "1. d4 d5 2. c4 c6",
        "1. d4 d5 2. c4 e6",
        "1. d4 Nf6",
        "1. e4 e5",
    ];
    let results = ["1-0", "0-1", "1/2-1/2"];
    let mut pgn = String::new();
    for i in 0..40 {
        let line = lines[(i * i + i / 3) % lines.len()];
        let result = results[i % 3];
        pgn += &format!(
            "[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n[Result \"{result}\"]\n\n{line} {result}\n\n"
        );
    }
    pgn
}

#[test]
fn two_passes_keep_what_one_pass_and_pruning_keep() {
    let pgn = shared_lines();
    for min_games in [1, 2, 3, 5, 8, 100] {
        let plan = Plan::all().plies(4).min_games(min_games);
        let two = tree(&pgn, &Options::default(), &plan);
        let mut input = crate::open::Input::from_reader(std::io::Cursor::new(pgn.clone()));
        let one = Tree::read(&mut input, &Options::default(), &plan).unwrap();
        let nodes = |t: &Tree| t.nodes(sp(105)).collect::<Vec<_>>();
        assert_eq!(nodes(&two), nodes(&one), "min_games {min_games}");
        assert!(
            nodes(&one)
                .iter()
                .all(|n| n.white + n.draws + n.black >= min_games)
        );
        assert_eq!(two.len(), one.len(), "min_games {min_games}");
    }
    let all = tree(&pgn, &Options::default(), &Plan::all().plies(4));
    assert_eq!(all.games(), 40);
    assert_eq!(all.starts(), [sp(105)]);
}

#[test]
fn one_node_only_counts_that_node() {
    let pgn = shared_lines();
    let everything = tree(&pgn, &Options::default(), &Plan::all().plies(4));
    let plan = Plan::starts(vec![sp(105)])
        .plies(4)
        .at(sp(105), &["g2g3", "g7g6", "b2b3"])
        .unwrap();
    let only = tree(&pgn, &Options::default(), &plan);
    assert_eq!(only.len(), 1);
    let at = |t: &Tree| t.node(sp(105), &["b2b3", "g7g6", "g2g3"]).unwrap();
    assert_eq!(at(&only), at(&everything));
    assert!(at(&only).white + at(&only).draws + at(&only).black > 0);
}

#[test]
fn a_node_reached_only_by_a_move_a_game_took_back_is_listed() {
    // The game leaves the start by Nc3 and comes back (Nb1 Nb8): it counts at the root with
    // e4, its last move there, and at the node after 1. Nc3 with Nc6. No game counts Nc3 at
    // the root, so the node after it is reached through the move passed.
    let pgn = "[Variant \"Chess960\"]\n\n1. Nc3 Nc6 2. Nb1 Nb8 3. e4 e5 1-0\n";
    let t = tree(pgn, &Options::default(), &Plan::all());
    let root = t.node(sp(518), &[] as &[&str]).unwrap();
    let uci =
        |moves: &[super::NodeMove]| moves.iter().map(|m| m.uci.to_string()).collect::<Vec<_>>();
    assert_eq!(uci(&root.moves), ["e2e4"]);
    assert_eq!(uci(&root.through), ["b1c3"]);
    let after_nc3 = t.node(sp(518), &["b1c3"]).unwrap();
    assert_eq!(
        (after_nc3.white, uci(&after_nc3.moves)),
        (1, vec!["b8c6".to_owned()])
    );
    let listed: Vec<String> = t.nodes(sp(518)).map(|n| n.fen).collect();
    assert!(listed.contains(&after_nc3.fen), "{listed:?}");
    // Every node counted is listed.
    assert_eq!(listed.len(), t.len());
    let children: Vec<String> = t.children(&root).map(|n| n.fen).collect();
    assert_eq!(children.len(), 2);
    assert!(children.contains(&after_nc3.fen));
}

#[test]
fn children_are_the_nodes_their_moves_reach_castling_too() {
    // 105 is QNRBBNKR: after 1. Ng3 Ng6 White's king on g1 may castle short (g1h1).
    let pgn = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. Ng3 Ng6 2. O-O O-O 1-0\n\n\
               [Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. Ng3 Ng6 2. Nc3 O-O 0-1\n";
    let t = tree(pgn, &Options::default(), &Plan::all());
    let after_ng6 = t.node(sp(105), &["f1g3", "f8g6"]).unwrap();
    let children: Vec<_> = t.children(&after_ng6).collect();
    assert_eq!(children.len(), after_ng6.moves.len());
    for (mv, child) in after_ng6.moves.iter().zip(&children) {
        let played = t
            .node(sp(105), &["f1g3", "f8g6", &mv.uci.to_string()])
            .unwrap();
        assert_eq!(
            (&child.fen, child.white, child.black),
            (&played.fen, played.white, played.black)
        );
        assert_ne!(child.fen, after_ng6.fen, "{}", mv.uci);
    }
    assert!(
        after_ng6
            .moves
            .iter()
            .any(|mv| mv.uci.to_string() == "g1h1")
    );
}

#[test]
fn games_from_the_start_without_castling_rights_are_a_root_of_their_own() {
    let no_castling = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w - - 0 1\"]\n\n1. g3 g6 1-0\n\n";
    let castling = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. g3 g6 0-1\n\n";
    let pgn = format!("{no_castling}{no_castling}{castling}");
    for plan in [Plan::all(), Plan::starts(vec![sp(105)]).roots()] {
        let t = tree(&pgn, &Options::default(), &plan);
        let roots: Vec<_> = t
            .roots(sp(105))
            .map(|n| (n.fen, n.white, n.black))
            .collect();
        assert_eq!(
            roots,
            [
                (
                    "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -".to_owned(),
                    0,
                    1
                ),
                (
                    "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w - -".to_owned(),
                    2,
                    0
                ),
            ]
        );
        assert_eq!((t.summary().counted, t.summary().fewer_castling), (3, 2));
    }
    let t = tree(&pgn, &Options::default(), &Plan::all());
    assert_eq!(t.nodes(sp(105)).count(), 4);
}

#[test]
fn the_summary_names_every_game_passed_over() {
    let fen = |rank: &str| {
        format!(
            "[Variant \"Chess960\"]\n[FEN \"{}/pppppppp/8/8/8/8/PPPPPPPP/{} w KQkq - 0 1\"]\n",
            rank.to_lowercase(),
            rank
        )
    };
    let pgn = format!(
        "{}[WhiteElo \"2000\"]\n[BlackElo \"2000\"]\n\n1. g3 g6 1-0\n\n{}\n1. g3 *\n\n{}\n1. e4 1-0\n\n\
         [Event \"standard\"]\n\n1. e4 1-0\n\n[Variant \"Atomic\"]\n\n1. e4 1-0\n\n{}\n1. g3 g6 2. Qxh7 1-0\n\n{}\n1. b3 0-1\n",
        fen("QNRBBNKR"),
        fen("QNRBBNKR"),
        fen("RNBQKBNR"),
        fen("QNRBBNKR"),
        fen("QNRBBNKR"),
    );
    let options = Options::default().min_elo(1000);
    let t = tree(&pgn, &Options::default(), &Plan::starts(vec![sp(105)]));
    let s = t.summary();
    assert_eq!(
        (s.read, s.counted, s.unfinished, s.other_start, s.illegal),
        (7, 3, 1, 1, 1)
    );
    assert_eq!(
        (s.passed_over.standard, s.passed_over.other_variant),
        (1, 1)
    );
    assert_eq!(
        s.first_illegal.map(|(file, e)| (file, e.game, e.ply)),
        Some((0, 5, 3))
    );
    assert_eq!(
        s.to_string(),
        "7 games read, 3 counted (1 up to a move that cannot be played); passed over: 1 another \
         start, 1 unfinished, 1 standard chess, 1 another variant"
    );
    let filtered = tree(&pgn, &options, &Plan::starts(vec![sp(105)]));
    let s = filtered.summary();
    assert_eq!((s.read, s.counted, s.left_out), (7, 1, 6));
}

#[test]
fn games_kept_with_a_node() {
    let game = |white: &str, elo: u32, date: &str, site: &str, line: &str, result: &str| {
        format!(
            "[Event \"Rated Chess960 game\"]\n[Site \"{site}\"]\n[UTCDate \"{date}\"]\n[White \"{white}\"]\n[Black \"b\"]\n\
             [Result \"{result}\"]\n[WhiteElo \"{elo}\"]\n[BlackElo \"{elo}\"]\n[TimeControl \"180+2\"]\n[Variant \"Chess960\"]\n\n{line} {result}\n\n"
        )
    };
    let pgn = [
        game(
            "old",
            2500,
            "2020.01.01",
            "https://lichess.org/aaaaaaaa",
            "1. e4 e5",
            "1-0",
        ),
        game(
            "new",
            1500,
            "2024.05.01",
            "https://lichess.org/bbbbbbbb",
            "1. e4 c5",
            "0-1",
        ),
        game("mid", 2000, "2022.01.01", "Wijk", "1. d4 d5", "1/2-1/2"),
    ]
    .concat();
    let plan = Plan::starts(vec![sp(518)])
        .top_games(2)
        .recent_games(2)
        .roots();
    let t = tree(&pgn, &Options::default(), &plan);
    let root = t.node(sp(518), &[] as &[&str]).unwrap();
    let names = |games: &[super::NodeGame]| {
        games
            .iter()
            .map(|g| g.players[0].clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&root.top_games), ["old", "mid"]);
    assert_eq!(names(&root.recent_games), ["new", "mid"]);
    let d4 = root.moves.iter().find(|m| m.san.as_str() == "d4").unwrap();
    let only = d4.game.as_ref().unwrap();
    assert_eq!(
        (only.players[0].as_str(), only.lichess_id.as_deref()),
        ("mid", None)
    );
    assert_eq!(only.mode, Some(crate::details::Mode::Rated));
    assert_eq!(only.speed, Some(crate::filter::Speed::Blitz));
    let e4 = root.moves.iter().find(|m| m.san.as_str() == "e4").unwrap();
    assert_eq!(e4.counts.games(), 2);
    assert!(e4.game.is_none());
}

#[test]
fn rating_groups_filter_by_the_average() {
    let game = |w: u32, b: u32| {
        format!("[Variant \"Chess960\"]\n[WhiteElo \"{w}\"]\n[BlackElo \"{b}\"]\n\n1. e4 1-0\n\n")
    };
    let pgn = [
        game(1500, 1700),
        game(1590, 1590),
        game(1800, 1799),
        game(2600, 2400),
    ]
    .concat();
    let groups = [crate::filter::RatingGroup::From1600].into_iter().collect();
    let t = tree(&pgn, &Options::default().ratings(groups), &Plan::all());
    // Averages 1600, 1590, 1799 (rounded down) and 2500: the first and the third.
    assert_eq!((t.games(), t.summary().left_out), (2, 2));
}

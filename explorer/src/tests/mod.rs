//! The index against the tree (`chess960 tree`'s counts, already checked against
//! python-chess), both asked through the one trait (`Explorer`): the same answer at every
//! node of every start, with every filter.

use std::path::PathBuf;

use crate::answer::Answer;
use crate::answer::explorer::Explorer;
use crate::answer::query::{Query, uci_moves};
use crate::build::segment::Thresholds;
use crate::index::Index;
use crate::store::entry::KEPT;
use crate::writer::IndexWriter;
use chess960_pgn::Options;
use chess960_pgn::Progress;
use chess960_pgn::tree::{Plan, Tree};
use chess960_pgn::{Month, RatingGroup, Speed};

/// The writer of the index in `dir`, at the tests' thresholds ([`Thresholds::TESTS`]:
/// lower than production's, so that their few games make rows of every form).
pub(crate) fn writer(dir: impl Into<std::path::PathBuf>) -> IndexWriter {
    IndexWriter::new(dir).with_thresholds(Thresholds::TESTS)
}

/// `games` lichess-like games from a few starts (a DFRC pair among them), their moves drawn
/// so that lines repeat and transpose, with every kind of tag: speeds and none, Elos and
/// none, months and none, results and unfinished games, lichess ids and none, no castling.
pub(super) fn corpus(seed: u64, games: usize) -> String {
    crate::drawn::drawn(seed, games).concat()
}

/// [`corpus`]'s games, each alone (its PGN).
pub(super) use crate::drawn::drawn;

/// Every filter combination the test asks about, as the tree's options and the index's query.
fn filters() -> Vec<(Options, Query)> {
    let month = |m: u8| Month {
        year: 2024,
        month: m,
    };
    let speeds = [
        None,
        Some(vec![Speed::Blitz]),
        Some(vec![Speed::Bullet, Speed::Classical, Speed::Correspondence]),
    ];
    let ratings = [
        None,
        Some(vec![RatingGroup::From1600, RatingGroup::From2000]),
        Some(vec![RatingGroup::From0]),
    ];
    let months = [
        (None, None),
        (Some(month(3)), None),
        (None, Some(month(6))),
        (Some(month(2)), Some(month(2))),
    ];
    let mut all = Vec::new();
    for speeds in &speeds {
        for ratings in &ratings {
            for &(since, until) in &months {
                let mut options = Options::default();
                let mut query = Query::default();
                if let Some(speeds) = speeds {
                    options = options.speeds(speeds.iter().copied().collect());
                    query.speeds = Some(speeds.iter().copied().collect());
                }
                if let Some(ratings) = ratings {
                    options = options.ratings(ratings.iter().copied().collect());
                    query.ratings = Some(ratings.iter().copied().collect());
                }
                if let Some(since) = since {
                    options = options.since(since);
                    query.since = Some(since);
                }
                if let Some(until) = until {
                    options = options.until(until);
                    query.until = Some(until);
                }
                all.push((options, query));
            }
        }
    }
    all
}

/// `answer` as the other explorer would give it: its games' files counted from 0 (the index
/// numbers its files from 1, the tree its inputs from 0: `first`), no index's ids, no moves
/// passed through (the tree lists them, the index keeps none).
fn comparable(mut answer: Answer, first: usize) -> Answer {
    let one_games = answer.moves.iter_mut().filter_map(|mv| mv.game.as_mut());
    for game in one_games
        .chain(&mut answer.top_games)
        .chain(&mut answer.recent_games)
    {
        game.file -= first;
        // An index's id of a game not lichess's; a tree has none.
        game.id = None;
    }
    answer.through.clear();
    answer
}

/// The index's answer and the tree's are the same answer: counts, moves (UCI, SAN, the
/// position after, counts, a move's one game) and games (who, when, where in the input),
/// field for field.
pub(super) fn agree(index: Answer, tree: Answer, what: &str) {
    assert_eq!(comparable(index, 1), comparable(tree, 0), "{what}");
}

/// The filters (by their place among the 36 [`filters`] makes: speeds × 12 + ratings × 4 +
/// months) the default test of one add asks: one in nine, among them every speeds, ratings
/// and months setting, and none without games (8 of the 36 keep none of the corpus). The
/// ignored test (.ci/run's) asks the other 32: every filter is asked.
pub(super) const SAMPLE_FILTERS: [usize; 4] = [0, 13, 10, 31];

/// The filters of `0..36` not in `sample`: the ignored tests'.
pub(super) fn other_filters(sample: &[usize]) -> impl Iterator<Item = usize> + '_ {
    (0..36).filter(|n| !sample.contains(n))
}

#[test]
fn the_index_answers_as_the_tree_counts_with_a_sample_of_the_filters() {
    one_add_answers_as_the_tree(SAMPLE_FILTERS.into_iter());
}

#[test]
#[ignore = "exhaustive (the other filters): .ci/run runs it with --ignored; the default asks SAMPLE_FILTERS"]
fn the_index_answers_as_the_tree_counts_with_every_other_filter() {
    one_add_answers_as_the_tree(other_filters(&SAMPLE_FILTERS));
}

/// One add of the corpus answers as the tree counts, with each filter of `asked`.
fn one_add_answers_as_the_tree(asked: impl Iterator<Item = usize>) {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, corpus(7, 600)).unwrap();
    let added = writer(dir.path().join("index"))
        .add(std::slice::from_ref(&pgn), &Progress::default())
        .unwrap();
    assert!(added.counted > 375 && added.runs == 0, "{added:?}");
    let index = Index::open(dir.path().join("index")).unwrap();
    answers_as_the_tree(&index, &[pgn], asked);
}

/// `index`, made of the games of `pgns` (added in their order), answers every node of every
/// start as the tree of `pgns` counts it, with each filter of `asked` (by its place among
/// the 36 `filters` makes): by its moves from the start (every line with the first filter
/// asked and one in eighteen), and by its FEN alone (a node one game reached too: every
/// position is found by its key).
pub(super) fn answers_as_the_tree(
    index: &Index,
    pgns: &[PathBuf],
    asked: impl Iterator<Item = usize>,
) {
    let asked: Vec<usize> = asked.collect();
    let share = |all: usize| all * asked.len() / 36;
    let plan = Plan::all().top_games(15).recent_games(8);
    let (every, _) = Tree::read_files(pgns, &Options::default(), &plan, &Progress::default());
    // Each node's games, every game counted.
    let mut games_at = std::collections::HashMap::new();
    for start in every.starts() {
        for root in every.roots(start).collect::<Vec<_>>() {
            for node in every.nodes_from(&root) {
                games_at.insert(node.fen.clone(), node.games());
            }
        }
    }
    let (mut by_line, mut by_fen, mut alone, mut alone_by_fen) = (0, 0, 0, 0);
    let filters = filters().into_iter().enumerate();
    for (n, (options, query)) in filters.filter(|(n, _)| asked.contains(n)) {
        let walked = n % 18 == 0 || asked.first() == Some(&n);
        let (tree, errors) = Tree::read_files(pgns, &options, &plan, &Progress::default());
        assert!(errors.is_empty());
        for start in tree.starts() {
            let roots: Vec<_> = tree.roots(start).collect();
            // Every node down the lines from the start, reached by its moves: a position one
            // game reached is answered by following that game (with few filters: every line
            // is long to walk).
            let root_fen = roots[0].fen.clone();
            let mut lines: Vec<Vec<String>> = match walked {
                true => vec![Vec::new()],
                false => Vec::new(),
            };
            while let Some(line) = lines.pop() {
                // The same question to both, through the one trait: the tree was read with
                // the filter, the index is asked for it.
                let plain = Query {
                    fen: Some(root_fen.clone()),
                    play: uci_moves(&line),
                    ..Query::default()
                };
                let node = Explorer::explore(&tree, &plain).unwrap();
                let asked = Query {
                    speeds: query.speeds,
                    ratings: query.ratings,
                    since: query.since,
                    until: query.until,
                    ..plain
                };
                let answer = Explorer::explore(index, &asked).unwrap();
                let what = format!("{root_fen} {line:?} with {options:?}");
                if line.len() < 50 {
                    for mv in &node.moves {
                        lines.push([&line[..], &[mv.uci.to_string()]].concat());
                    }
                }
                agree(answer, node, &what);
                by_line += 1;
                let unfiltered = every.node(start, &line).unwrap();
                if unfiltered.games() == 1 {
                    alone += 1;
                }
            }
            // Every node, by its FEN alone (roots of games that began without some castling
            // rights too).
            for root in &roots {
                for node in tree.nodes_from(root) {
                    let fen = node.fen.clone();
                    if games_at.get(&fen).is_some_and(|&games| games < 2) {
                        alone_by_fen += 1;
                    }
                    let asked = Query {
                        fen: Some(fen.clone()),
                        ..query.clone()
                    };
                    let answer = Explorer::explore(index, &asked).unwrap();
                    // The node's games cut as an answer to the query is (the tree keeps
                    // more than an answer lists).
                    let mut node = Answer::from(node);
                    node.limit(&asked);
                    agree(answer, node, &format!("{fen} with {options:?}"));
                    by_fen += 1;
                }
            }
        }
    }
    // Enough compared to mean something: by FEN, every node of each filter (in proportion to
    // the filters asked); by line, the lines of the first filter asked (every sample puts a
    // filter of at least 1,200 nodes first).
    assert!(
        by_line > 1_000 && by_fen > share(15_000) && alone > 500 && alone_by_fen > share(10_000),
        "{by_line} lines, {by_fen} FENs, {alone} of one game by line, {alone_by_fen} by FEN"
    );
}

#[cfg(test)]
mod adds;
#[cfg(test)]
mod errors;
#[cfg(test)]
mod evals;
#[cfg(test)]
mod format;
#[cfg(test)]
mod player;
#[cfg(test)]
mod remove;
#[cfg(test)]
mod same_game;
#[cfg(test)]
mod tree;
#[cfg(test)]
mod verify;
#[cfg(test)]
mod verify_rules;
#[cfg(test)]
mod whole_games;

/// `/masters`' 15 top games (no filter), by every node's FEN: the index's, from its
/// buckets' top games and its best of all, are the tree's 15 highest-rated (more than a
/// bucket keeps, [`KEPT`]).
#[test]
fn the_index_lists_fifteen_top_games_as_the_tree_does() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    std::fs::write(&pgn, corpus(7, 600)).unwrap();
    writer(dir.path().join("index"))
        .add(std::slice::from_ref(&pgn), &Progress::default())
        .unwrap();
    let index = Index::open(dir.path().join("index")).unwrap();
    let plan = Plan::all().top_games(15).recent_games(8);
    let (tree, _) = Tree::read_files(&[pgn], &Options::default(), &plan, &Progress::default());
    let (mut fifteen, mut full) = (0, 0);
    for start in tree.starts() {
        for root in tree.roots(start).collect::<Vec<_>>() {
            for node in tree.nodes_from(&root) {
                let mut query = Query::at(&node.fen, &[]);
                (query.top_games, query.max_top_games, query.recent_games) = (15, 15, 0);
                let answer = Explorer::explore(&index, &query).unwrap();
                let mut node = Answer::from(node);
                node.limit(&query);
                fifteen += usize::from(node.top_games.len() > KEPT.top);
                full += usize::from(node.top_games.len() == 15);
                agree(answer, node, &query.fen.clone().unwrap_or_default());
            }
        }
    }
    assert!(
        fifteen > 20 && full > 5,
        "{fifteen} nodes of more top games than a bucket keeps, {full} of 15"
    );
}

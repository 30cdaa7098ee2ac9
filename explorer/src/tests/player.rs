//! The player's explorer against every game counted by hand: for players who played both
//! colours (their names in any case), each position their games reached in the first 50
//! plies, with and without filters of mode, speed and month, `Index::player` counts the
//! games and each move's results, opponents' Elos and latest games as the source's games,
//! replayed, say, in two segments, once they are merged, and once a file is taken out (as an
//! index of the other alone); a busy player's games kept by start, and verified so.

use std::collections::HashMap;

use chess960_pgn::moves::{UciCastling, uci};
use chess960_pgn::{Mode, Month, Options, Outcome, Progress, Speed, read_games};
use cozy_chess::Color;

use crate::answer::player::PlayerQuery;
use crate::answer::query::Query;
use crate::index::Index;
use crate::store::key::Position;
use crate::store::line::Line;
use crate::store::players::GROUPED_FROM;
use crate::store::visit::{Step, visits};
use crate::tests::{drawn, writer};

/// A game as the test counts it: its players, result, speed, mode, month, Elos, and each
/// position of its first 50 plies with the move it played there last (UCI), in its line.
struct Counted {
    players: [String; 2],
    outcome: Outcome,
    speed: Option<Speed>,
    mode: Option<Mode>,
    month: Option<Month>,
    elo: [Option<u32>; 2],
    at: Vec<(Position, String)>,
    fens: Vec<(String, Vec<String>)>,
}

/// The games of `pgn` an index counts (finished, from a start), each counted by hand.
fn counted(pgn: &str) -> Vec<Counted> {
    let mut games = Vec::new();
    let options = Options::default().moves(true).details(true).max_plies(50);
    read_games(std::io::Cursor::new(pgn.to_owned()), &options, |game| {
        let (Ok(_), Some(outcome), Some(replay)) =
            (game.start, Outcome::of(&game.result), game.moves)
        else {
            return;
        };
        let mut moves = Vec::new();
        replay.walk(|_, mv| {
            moves.push(mv);
            true
        });
        let line = Line {
            start: replay.start_board().clone(),
            moves: moves.clone(),
        };
        let at = visits(&line)
            .into_iter()
            .filter_map(|visit| match visit.step {
                Step::Played(code) => {
                    let mv = crate::store::code::decode(code)?;
                    Some((
                        visit.position,
                        uci(mv, false, UciCastling::KingTakesRook).to_string(),
                    ))
                }
                Step::Arrived => None,
            })
            .collect();
        // Lines from the start to each position, to ask by (the start's FEN, the moves).
        let fen = format!("{:#}", replay.start_board());
        let played: Vec<String> = moves
            .iter()
            .map(|&mv| uci(mv, false, UciCastling::KingTakesRook).to_string())
            .collect();
        let fens = (0..played.len().min(6))
            .map(|n| (fen.clone(), played[..n].to_vec()))
            .collect();
        games.push(Counted {
            players: game.players.clone().map(|name| name.into_owned()),
            outcome,
            speed: game.speed,
            mode: game.mode(),
            month: game.month,
            elo: game.elo,
            at,
            fens,
        });
    })
    .unwrap();
    games
}

/// The corpus with players who play both colours, their names in two cases, and two busy
/// players whose games `players.tbl` keeps with their starts (`GROUPED_FROM`): "Heavy" as
/// White in a third of the games (with their starts in the first add, not in the second),
/// "Mid" as Black in a sixth (numbers alone in each add, with their starts once merged).
fn games() -> String {
    drawn(11, 2100)
        .into_iter()
        .enumerate()
        .map(|(n, game)| match n % 3 {
            0 => game.replace("[Black \"b", "[Black \"w"),
            1 => game.replace("[White \"w", "[White \"W"),
            _ => game.replace("[White \"w", "[White \"Heavy\"]\n[X \""),
        })
        .enumerate()
        .map(|(n, game)| match n % 6 {
            1 => game.replacen("[Black \"", "[Black \"Mid\"]\n[Y \"", 1),
            _ => game,
        })
        .collect()
}

/// How many of `player`'s games with `color` each segment of `index` keeps by start.
fn kept_by_start(index: &Index, player: &str, color: Color) -> Vec<usize> {
    let key = crate::store::players::player_key(player, color).unwrap();
    let state = index.state().unwrap();
    (state.segments.iter())
        .map(|segment| {
            let games = segment.player_games(&key).unwrap();
            games.iter().filter(|(_, start)| start.is_some()).count()
        })
        .collect()
}

/// What the test expects at `here` of `player`'s games with `color` the filter admits: the
/// totals, each move's (white, draws, black, opponents' Elo sum, those known), sorted.
type Expected = ((u64, u64, u64), Vec<(String, [u64; 5])>);

fn expected(
    games: &[Counted],
    player: &str,
    color: Color,
    here: &Position,
    admits: &dyn Fn(&Counted) -> bool,
) -> Expected {
    let side = usize::from(color == Color::Black);
    let mut moves: HashMap<String, [u64; 5]> = HashMap::new();
    let mut total = (0, 0, 0);
    for game in games {
        if !game.players[side].eq_ignore_ascii_case(player) || !admits(game) {
            continue;
        }
        let Some((_, mv)) = game.at.iter().find(|(at, _)| at == here) else {
            continue;
        };
        let result = [
            u64::from(game.outcome == Outcome::White),
            u64::from(game.outcome == Outcome::Draw),
            u64::from(game.outcome == Outcome::Black),
        ];
        let opponent = game.elo[1 - side];
        let counts = moves.entry(mv.clone()).or_default();
        for (to, add) in counts.iter_mut().zip(result) {
            *to += add;
        }
        counts[3] += opponent.map_or(0, u64::from);
        counts[4] += u64::from(opponent.is_some());
        total = (
            total.0 + result[0],
            total.1 + result[1],
            total.2 + result[2],
        );
    }
    let mut moves: Vec<(String, [u64; 5])> = moves.into_iter().collect();
    moves.sort();
    (total, moves)
}

/// `index`'s answer to `asked`, as [`Expected`] is.
fn answered(index: &Index, asked: &PlayerQuery) -> (Expected, usize) {
    let answer = index.player(asked).unwrap();
    let mut moves: Vec<(String, [u64; 5])> = answer
        .moves
        .iter()
        .map(|mv| {
            let c = mv.counts;
            (
                mv.uci.to_string(),
                [c.white, c.draws, c.black, c.rating_sum, c.rated],
            )
        })
        .collect();
    moves.sort();
    (
        ((answer.white, answer.draws, answer.black), moves),
        answer.recent_games.len(),
    )
}

#[test]
fn a_players_games_are_counted_as_by_hand_whatever_the_filter() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = games();
    // Two thirds, then a third: the second add is not merged into the first.
    let (first, _) = pgn.split_at(pgn.len() * 2 / 3);
    let first = &first[..first.rfind("[Event").unwrap()];
    let second = &pgn[first.len()..];
    let mut files = Vec::new();
    for (n, part) in [first, second].iter().enumerate() {
        let file = dir.path().join(format!("part-{n}.pgn"));
        std::fs::write(&file, part).unwrap();
        files.push(file);
    }
    let index_dir = dir.path().join("index");
    for file in &files {
        writer(&index_dir)
            .add(std::slice::from_ref(file), &Progress::default())
            .unwrap();
    }
    let games = counted(&pgn);
    let index = Index::open(&index_dir).unwrap();
    let march = Month {
        year: 2024,
        month: 3,
    };
    type Filter = (Option<Vec<Mode>>, Option<Vec<Speed>>, Option<Month>);
    let filters: [Filter; 4] = [
        (None, None, None),
        (Some(vec![Mode::Rated]), None, None),
        (None, Some(vec![Speed::Blitz, Speed::Bullet]), None),
        (Some(vec![Mode::Casual]), None, Some(march)),
    ];
    let (mut asked, mut with_games, mut one_game) = (0, 0, 0);
    let mut questions = Vec::new();
    // The first add keeps Heavy's games with their starts, the second not (fewer than
    // GROUPED_FROM); neither keeps Mid's.
    let heavy = kept_by_start(&index, "heavy", Color::White);
    assert!(
        heavy.len() == 2 && heavy[0] >= GROUPED_FROM && heavy[1] == 0,
        "{heavy:?}"
    );
    assert_eq!(kept_by_start(&index, "MID", Color::Black), [0, 0]);
    index.verify(&Progress::default()).unwrap();
    for player in ["w3", "W7", "b2", "w0", "HEAVY", "mid"] {
        for color in [Color::White, Color::Black] {
            let side = usize::from(color == Color::Black);
            let theirs = games
                .iter()
                .filter(|g| g.players[side].eq_ignore_ascii_case(player));
            let mut lines: Vec<(String, Vec<String>)> =
                theirs.flat_map(|g| g.fens.clone()).collect();
            lines.sort();
            lines.dedup();
            for (fen, play) in lines.iter().step_by(3).take(30) {
                let board = crate::answer::query::Query::at(
                    fen,
                    &play.iter().map(String::as_str).collect::<Vec<_>>(),
                )
                .board()
                .unwrap();
                let here = crate::store::key::position(&board);
                for (modes, speeds, since) in &filters {
                    let mut query =
                        Query::at(fen, &play.iter().map(String::as_str).collect::<Vec<_>>());
                    query.speeds = speeds.as_ref().map(|s| s.iter().copied().collect());
                    query.since = *since;
                    let mut question = PlayerQuery::new(player, color, query);
                    question.modes = modes.clone();
                    let admits = |game: &Counted| {
                        modes
                            .as_ref()
                            .is_none_or(|m| game.mode.is_some_and(|g| m.contains(&g)))
                            && speeds
                                .as_ref()
                                .is_none_or(|s| game.speed.is_some_and(|g| s.contains(&g)))
                            && since.is_none_or(|since| game.month.is_some_and(|m| m >= since))
                    };
                    let want = expected(&games, player, color, &here, &admits);
                    let (got, recent) = answered(&index, &question);
                    questions.push((question.clone(), got.clone()));
                    assert_eq!(
                        got, want,
                        "{player} {color:?} {fen} {play:?} {modes:?} {speeds:?} {since:?}"
                    );
                    let games_here = want.0.0 + want.0.1 + want.0.2;
                    assert_eq!(recent as u64, games_here.min(8));
                    asked += 1;
                    with_games += usize::from(games_here > 0);
                    one_game += usize::from(games_here == 1);
                }
            }
        }
    }
    assert!(
        asked > 1000 && with_games > 500 && one_game > 400,
        "{asked} asked, {with_games} with games, {one_game} of one"
    );
    // Merged into one segment, the same answers.
    assert!(index.segments().unwrap().len() > 1);
    writer(&index_dir).compact(&Progress::default()).unwrap();
    assert_eq!(index.segments().unwrap().len(), 1);
    let [mid] = kept_by_start(&index, "Mid", Color::Black)[..] else {
        panic!("one segment");
    };
    assert!(
        mid >= GROUPED_FROM,
        "Mid's games by start once merged: {mid}"
    );
    index.verify(&Progress::default()).unwrap();
    for (question, before) in &questions {
        assert_eq!(&answered(&index, question).0, before);
    }
    // The second file taken out (the segment written again): as an index of the first alone.
    writer(&index_dir)
        .remove(
            &crate::store::files::FileRef::Name(files[1].display().to_string()),
            &Progress::default(),
        )
        .unwrap();
    index.verify(&Progress::default()).unwrap();
    let first_alone = dir.path().join("first-alone");
    writer(&first_alone)
        .add(&files[..1], &Progress::default())
        .unwrap();
    let first_alone = Index::open(&first_alone).unwrap();
    assert!(kept_by_start(&index, "Heavy", Color::White)[0] >= GROUPED_FROM);
    for (question, _) in &questions {
        assert_eq!(
            answered(&index, question).0,
            answered(&first_alone, question).0
        );
    }
    // No such player, or no name: nothing.
    let nobody = index
        .player(&PlayerQuery::new("nobody", Color::White, Query::default()))
        .unwrap();
    assert_eq!(
        (nobody.white, nobody.draws, nobody.black, nobody.moves.len()),
        (0, 0, 0, 0)
    );
}

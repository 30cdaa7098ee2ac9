//! The driver against the real thing: Debian's Stockfish (`/usr/games/stockfish`), and
//! python-chess's `chess.engine` as the peer (`CHESS960_PYTHON`, chess==1.11.2;
//! `scripts/python-chess-eval.py`). With one thread and a node limit a search is
//! deterministic, so both must report the same score, win/draw/loss, depth, seldepth, nodes
//! and best move for every start and a spread of Double Fischer Random pairs; and with three
//! lines (MultiPV), the same lines, scores and moves for positions of games (`Engine::analyse`
//! against `scripts/python-chess-analyse.py`). `.ci/run`
//! installs both; without them these tests fail (they are `#[ignore]`d in `cargo test`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use chess960::book::{Book, BookEntry};
use chess960::fen::{CastlingNotation, Fen};
use chess960_engine::{Limit, Positions, Record, RecordFormat, RunOptions, Settings, evaluate_all};

const STOCKFISH: &str = "/usr/games/stockfish";

/// A real tool's path, or a failure that says how to get it.
fn tool(name: &str, path: Option<PathBuf>) -> PathBuf {
    match path.filter(|p| p.exists()) {
        Some(path) => path,
        None => panic!("{name} is not installed; .ci/run installs it"),
    }
}

/// What the python-chess script `name` (in scripts/) prints with `args` for the lines `stdin`.
fn peer(python: &Path, name: &str, args: &[String], stdin: &str) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scripts")
        .join(name);
    let mut child = Command::new(python)
        .arg(script)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{name}");
    String::from_utf8(out.stdout).unwrap()
}

/// Every start, and every 9973rd pair.
fn positions() -> Vec<BookEntry> {
    let pairs = Book::DFRC.entries().step_by(9973);
    Book::CHESS960.entries().chain(pairs).collect()
}

#[test]
#[ignore = "needs Stockfish and python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn the_driver_and_python_chess_agree_on_every_search() {
    let stockfish = tool("Stockfish", Some(PathBuf::from(STOCKFISH)));
    let python = tool(
        "python-chess",
        std::env::var_os("CHESS960_PYTHON").map(PathBuf::from),
    );
    let nodes = 10_000;
    let positions = positions();
    let settings = Settings::new(&stockfish, Limit::Nodes(nodes));
    let mut ours = Vec::new();
    let options = RunOptions::default().jobs(2).retries(0);
    evaluate_all(&settings, options, None, &positions, |position, outcome| {
        let found = outcome.unwrap_or_else(|failure| panic!("{position}: {failure}"));
        let record = Record::new(position, "", settings.limit, Ok(found));
        let mut csv = Vec::new();
        record
            .write(&mut csv, RecordFormat::Csv, Positions::Pairs)
            .unwrap();
        let csv = String::from_utf8(csv).unwrap();
        // cp, mate, win, draw, loss, depth, seldepth, nodes (not the time), best move as king takes rook.
        let fields: Vec<&str> = csv.trim_end().split(',').collect();
        let mut kept: Vec<&str> = fields[4..12].to_vec();
        kept.push(fields[14]);
        ours.push(kept.join("\t"));
        Ok::<(), ()>(())
    })
    .unwrap();
    let fens: String = positions
        .iter()
        .map(|p| format!("{}\n", Fen::new(p.pair(), CastlingNotation::XFen)))
        .collect();
    let theirs = peer(
        &python,
        "python-chess-eval.py",
        &[stockfish.display().to_string(), nodes.to_string()],
        &fens,
    );
    let theirs: Vec<&str> = theirs.lines().collect();
    assert_eq!(theirs.len(), positions.len());
    for ((position, ours), theirs) in positions.iter().zip(&ours).zip(&theirs) {
        assert_eq!(ours, theirs, "{position}");
    }
}

/// Positions of games: starts and Double Fischer Random pairs, a few plies in, and
/// positions where a castling is legal (either side to move), played from each by a seeded
/// walk over the legal moves.
fn game_positions() -> (Vec<chess960_engine::Position>, usize) {
    use cozy_chess::Board;
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut below = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let starts = Book::CHESS960.entries().step_by(97);
    let pairs = Book::DFRC.entries().step_by(99_991);
    let mut fens = Vec::new();
    let mut castlings = 0;
    for start in starts.chain(pairs) {
        let fen = Fen::new(start.pair(), CastlingNotation::Shredder).to_string();
        let mut board = Board::from_fen(&fen, true).unwrap();
        fens.push(format!("{board:#}"));
        let mut castled = false;
        for ply in 1..=40 {
            let mut legal = Vec::new();
            board.generate_moves(|moves| {
                legal.extend(moves);
                false
            });
            if legal.is_empty() {
                break;
            }
            let castling = legal.iter().any(|mv| {
                board.colors(board.side_to_move()).has(mv.to)
                    && board.king(board.side_to_move()) == mv.from
            });
            if ply == 4 || (castling && !castled) {
                fens.push(format!("{board:#}"));
                castlings += usize::from(castling);
                castled |= castling;
            }
            if castled && ply > 4 {
                break;
            }
            board.play_unchecked(legal[below(legal.len())]);
        }
    }
    (
        fens.iter().map(|fen| fen.parse().unwrap()).collect(),
        castlings,
    )
}

#[test]
#[ignore = "needs Stockfish and python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn analyses_of_game_positions_equal_python_chess_s_with_three_lines() {
    use chess960_engine::{AnalysisRecord, analyse_all};
    let stockfish = tool("Stockfish", Some(PathBuf::from(STOCKFISH)));
    let python = tool(
        "python-chess",
        std::env::var_os("CHESS960_PYTHON").map(PathBuf::from),
    );
    let nodes = 20_000;
    let (positions, castlings) = game_positions();
    assert!(
        positions.len() > 30 && castlings > 10,
        "{} positions, {castlings} with a castling",
        positions.len()
    );
    let settings = Settings::new(&stockfish, Limit::Nodes(nodes));
    let mut ours = String::new();
    let options = RunOptions::default().jobs(2).retries(0);
    analyse_all(
        &settings,
        options,
        None,
        &positions,
        3,
        |position, outcome| {
            let found = outcome.unwrap_or_else(|failure| panic!("{position}: {failure}"));
            let record = AnalysisRecord::new(position.clone(), "", settings.limit, 1, Ok(found));
            for row in record.rows() {
                // fen, multipv, cp, mate, win, draw, loss, depth, seldepth, nodes (not the time), pv.
                let mut kept: Vec<&str> = row[..10].iter().map(String::as_str).collect();
                kept.push(&row[11]);
                ours.push_str(&kept.join("\t"));
                ours.push('\n');
            }
            Ok::<(), ()>(())
        },
    )
    .unwrap();
    let fens: String = positions.iter().map(|p| format!("{p}\n")).collect();
    let theirs = peer(
        &python,
        "python-chess-analyse.py",
        &[
            stockfish.display().to_string(),
            nodes.to_string(),
            "3".to_owned(),
        ],
        &fens,
    );
    let (ours, theirs): (Vec<&str>, Vec<&str>) = (ours.lines().collect(), theirs.lines().collect());
    assert!(
        ours.len() >= 3 * positions.len() - 3,
        "{} lines",
        ours.len()
    );
    assert_eq!(ours.len(), theirs.len());
    for (ours, theirs) in ours.iter().zip(&theirs) {
        assert_eq!(ours, theirs);
    }
}

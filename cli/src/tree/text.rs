//! A node for the terminal: the start and the moves that reach it, its FEN and results, then
//! each move with its games, its share, White's wins, draws and Black's wins as per cent and
//! as a bar, and the mover's average Elo; with `--evals`, the engine's score of the position
//! and of each move (the position it reaches), from the side to move.

use std::io::{self, Write};

use chess960::DoubleStartingPosition;
use chess960::numbering::Numbering;
use chess960_explorer::Answer;
use chess960_pgn::tree::{GameCount, MoveCounts};

use chess960_engine::Score as EngineScore;

use chess960_explorer::api::Score;

use super::evals::Evals;

/// Characters of the bar: White's wins, draws, Black's wins.
const BAR: usize = 24;

/// Writes `node`, reached by `play` from its start, with at most `max_moves` moves.
pub fn write(
    out: &mut impl Write,
    (start, node): (DoubleStartingPosition, &Answer),
    play: &[String],
    numbering: Numbering,
    shown: (Option<usize>, &Evals),
) -> io::Result<()> {
    let after = match play {
        [] => String::from("the start"),
        moves => format!("after {}", moves.join(" ")),
    };
    write_node(out, (start, node), &after, numbering, shown)
}

/// Writes a root of the start's games other than the start itself: where games began at the
/// start with fewer castling rights.
pub fn write_root(
    out: &mut impl Write,
    (start, node): (DoubleStartingPosition, &Answer),
    numbering: Numbering,
    shown: (Option<usize>, &Evals),
) -> io::Result<()> {
    let rights = node.fen.split(' ').nth(2).unwrap_or("-");
    let what = format!("the start with castling rights {rights} (games that began so)");
    write_node(out, (start, node), &what, numbering, shown)
}

fn write_node(
    out: &mut impl Write,
    (start, node): (DoubleStartingPosition, &Answer),
    what: &str,
    numbering: Numbering,
    (max_moves, evals): (Option<usize>, &Evals),
) -> io::Result<()> {
    let white = node.fen.split(' ').nth(1) != Some("b");
    let name = name(start, numbering);
    writeln!(out, "{name}, {what}\n{}", node.fen)?;
    let games = node.white + node.draws + node.black;
    let total = MoveCounts {
        white: node.white,
        draws: node.draws,
        black: node.black,
        ..MoveCounts::default()
    };
    writeln!(out, "{}  {}", GameCount(games), percents(&total))?;
    if let Some(eval) = evals.of(&node.fen) {
        let threads = match eval.threads {
            1 => "1 thread".to_owned(),
            n => format!("{n} threads"),
        };
        let date = eval
            .date
            .as_ref()
            .map_or(String::new(), |d| format!(", {d}"));
        writeln!(
            out,
            "engine {}  {}  ({}, {}, {threads}, depth {}{date})",
            shown_score(eval.score, white),
            eval.pv,
            eval.engine,
            eval.limit,
            eval.depth
        )?;
    }
    if node.moves.is_empty() {
        return writeln!(out);
    }
    writeln!(
        out,
        "\n{:<8} {:<6} {:>8} {:>6}  {:>6} {:>6} {:>6}  {:<BAR$}  {:>5}{}",
        "move",
        "uci",
        "games",
        "share",
        "white",
        "draws",
        "black",
        "bar",
        "Elo",
        if evals.is_empty() { "" } else { "  engine" }
    )?;
    for mv in node.moves.iter().take(max_moves.unwrap_or(usize::MAX)) {
        let c = &mv.counts;
        let share = 100.0 * c.games() as f64 / games.max(1) as f64;
        let elo = c
            .average_rating()
            .map(|e| e.to_string())
            .unwrap_or_default();
        let engine = match evals.score(&mv.fen_after) {
            Some(score) => format!("  {:>6}", shown_score(score, white)),
            None => String::new(),
        };
        let line = format!(
            "{:<8} {:<6} {:>8} {share:>5.1}%  {}  {}  {elo:>5}{engine}",
            mv.san.to_string(),
            mv.uci.to_string(),
            c.games(),
            columns(c),
            bar(c)
        );
        writeln!(out, "{}", line.trim_end())?;
    }
    writeln!(out)
}

/// The start in `numbering`: `SP 105 QNRBBNKR`, a pair `SP 105 QNRBBNKR / 451 BRNNKQRB`.
pub fn name(start: DoubleStartingPosition, numbering: Numbering) -> String {
    match start.single() {
        Some(sp) => format!("SP {} {sp}", numbering.number(sp)),
        None => format!(
            "SP {} {} / {} {}",
            numbering.number(start.white()),
            start.white(),
            numbering.number(start.black()),
            start.black()
        ),
    }
}

/// `White 40.0%  draws 20.0%  Black 40.0%`.
fn percents(c: &MoveCounts) -> String {
    let [w, d, b] = shares(c);
    format!("White {w:.1}%  draws {d:.1}%  Black {b:.1}%")
}

/// The three shares as aligned columns.
fn columns(c: &MoveCounts) -> String {
    let [w, d, b] = shares(c);
    format!("{w:>5.1}% {d:>5.1}% {b:>5.1}%")
}

/// White's wins, draws and Black's wins in per cent of the games.
fn shares(c: &MoveCounts) -> [f64; 3] {
    let games = c.games().max(1) as f64;
    [c.white, c.draws, c.black].map(|n| 100.0 * n as f64 / games)
}

/// The bar: `█` White's wins, `▒` draws, `░` Black's wins, in proportion.
fn bar(c: &MoveCounts) -> String {
    let games = c.games().max(1) as f64;
    let white = (BAR as f64 * c.white as f64 / games).round() as usize;
    let draws = (BAR as f64 * (c.white + c.draws) as f64 / games).round() as usize - white;
    let black = BAR.saturating_sub(white + draws);
    format!(
        "{}{}{}",
        "█".repeat(white),
        "▒".repeat(draws),
        "░".repeat(black)
    )
}

/// `score` (White's view) from the side to move's: pawns with a sign, `#N` for a mate.
fn shown_score(score: Score, white: bool) -> String {
    let turn = |n: i32| if white { n } else { n.saturating_neg() };
    match (score.cp, score.mate) {
        (_, Some(mate)) => EngineScore::Mate(turn(mate)).to_string(),
        (Some(cp), None) => EngineScore::Centipawns(turn(cp)).to_string(),
        (None, None) => String::new(),
    }
}

//! `chess960 index player`: a player's explorer from an index, as lichess's `/player` answers
//! it (`chess960_explorer::Index::player`): a table of the moves (text) or `/player`'s line
//! (json), for each name given or each line of standard input.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use chess960::fen::{CastlingNotation, Fen};
use chess960::numbering::Numbering;
use chess960_explorer::api::{Games, PlayerAnswer};
use chess960_explorer::{Answer, Index, PlayerQuery, Query, performance};
use chess960_pgn::Speeds;
use chess960_pgn::tree::NodeGame;
use cozy_chess::Color;

use crate::args::{PlayerArgs, PlayerFormat};
use crate::games::starts;

/// Writes to `out` the explorer of each player `args` names (standard input's lines when
/// none), in `args.format`.
pub(crate) fn write(
    out: &mut impl Write,
    args: &PlayerArgs,
    numbering: Numbering,
) -> io::Result<ExitCode> {
    let Some(query) = query(args, numbering) else {
        return Ok(ExitCode::FAILURE);
    };
    let index = match Index::open(&args.index) {
        Ok(index) => index,
        Err(err) => {
            eprintln!("chess960: {err}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let from_stdin;
    let names: Box<dyn Iterator<Item = io::Result<String>>> = match args.players.is_empty() {
        true => {
            from_stdin = io::stdin().lock();
            Box::new(from_stdin.lines())
        }
        false => Box::new(args.players.iter().cloned().map(Ok)),
    };
    let color = Color::from(args.color);
    let mut code = ExitCode::SUCCESS;
    for name in names {
        let name = name?;
        let name = name.trim();
        if name.is_empty() {
            continue;
        }
        let mut asked = PlayerQuery::new(name, color, query.clone());
        asked.modes =
            (!args.mode.is_empty()).then(|| args.mode.iter().map(|&m| m.into()).collect());
        let answer = match index.player(&asked) {
            Ok(answer) => answer,
            Err(err) => {
                eprintln!("chess960: index player: {err}");
                return Ok(ExitCode::FAILURE);
            }
        };
        match args.format {
            PlayerFormat::Json => {
                let games = Games {
                    files: &[],
                    locations: false,
                };
                serde_json::to_writer(&mut *out, &PlayerAnswer::new(&answer, color, &games))?;
                writeln!(out)?;
            }
            PlayerFormat::Text => write_text(out, name, color, &answer)?,
        }
        if answer.games() == 0 {
            eprintln!(
                "chess960: index player: no game of {name:?} as {} at {} in {}",
                side(color),
                answer.fen,
                args.index.display()
            );
            code = ExitCode::FAILURE;
        }
    }
    out.flush()?;
    Ok(code)
}

/// The position and filters `args` ask, or `None` after saying why not.
fn query(args: &PlayerArgs, numbering: Numbering) -> Option<Query> {
    let mut query = Query::default();
    query.fen = match (&args.sp, &args.fen) {
        (Some(sp), _) => {
            let start = *starts(std::slice::from_ref(sp), numbering)?.first()?;
            Some(Fen::new(start, CastlingNotation::Shredder).to_string())
        }
        (None, fen) => fen.clone(),
    };
    query.play = args.play.clone();
    query.speeds = (!args.speed.is_empty()).then(|| args.speed.iter().copied().collect::<Speeds>());
    query.since = args.since;
    query.until = args.until;
    query.moves = args.max_moves;
    query.top_games = 0;
    query.recent_games = args.recent_games;
    Some(query)
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The answer as a table: each move's games, the player's score, wins, draws and losses,
/// the opponents' average Elo and the performance; then the latest games.
fn write_text(out: &mut impl Write, name: &str, color: Color, answer: &Answer) -> io::Result<()> {
    let (won, lost) = match color {
        Color::White => (answer.white, answer.black),
        Color::Black => (answer.black, answer.white),
    };
    writeln!(out, "{name} as {}, {}", side(color), answer.fen)?;
    writeln!(
        out,
        "{} games: {won} won, {} drawn, {lost} lost",
        answer.games(),
        answer.draws
    )?;
    if !answer.moves.is_empty() {
        writeln!(
            out,
            "move     games  score   won  drawn  lost  opponents  performance"
        )?;
    }
    let shown = |n: Option<i64>| n.map_or_else(|| "-".to_owned(), |n| n.to_string());
    for mv in &answer.moves {
        let c = &mv.counts;
        let (won, lost) = match color {
            Color::White => (c.white, c.black),
            Color::Black => (c.black, c.white),
        };
        let score = (200 * won + 100 * c.draws) as f64 / (2 * c.games().max(1)) as f64;
        writeln!(
            out,
            "{:<8} {:>5} {:>5.0}% {:>5} {:>6} {:>5} {:>10} {:>12}",
            mv.san.to_string(),
            c.games(),
            score,
            won,
            c.draws,
            lost,
            shown(c.average_rating().map(|r| r as i64)),
            shown(performance(c, color).map(i64::from)),
        )?;
    }
    if !answer.recent_games.is_empty() {
        writeln!(out, "recent games:")?;
    }
    for game in &answer.recent_games {
        writeln!(out, "  {}", game_line(game))?;
    }
    writeln!(out)
}

/// A game in a line: its id, month, speed, players with their Elos, result and the move.
fn game_line(game: &NodeGame) -> String {
    let player = |name: &String, elo: Option<u32>| match elo {
        Some(elo) => format!("{name} ({elo})"),
        None => name.clone(),
    };
    let ([white, black], [white_elo, black_elo]) = (&game.players, game.elo);
    let id = game
        .lichess_id
        .as_deref()
        .or(game.id.as_deref())
        .unwrap_or("-");
    let month = game.month.map_or_else(|| "-".to_owned(), |m| m.to_string());
    let speed = game.speed.map_or_else(|| "-".to_owned(), |s| s.to_string());
    format!(
        "{id}  {month}  {speed}  {} - {}  {}  {}",
        player(white, white_elo),
        player(black, black_elo),
        game.outcome,
        game.uci
    )
}

//! `book --tree`: a book of the lines games play. From each start's tree, every line of
//! `--plies` moves, each played by at least `--min-games` games, most played first; the
//! position each reaches written once (a transposition is one position), as a FEN line, an EPD
//! line with the line in SAN (`c0`) and the games that played its last move there (`c1`), or
//! a PGN game of the line.

use std::collections::HashSet;
use std::io::{self, Write};
use std::process::ExitCode;

use chess960::DoubleStartingPosition;
use chess960::book::BookEntry;
use chess960::fen::CastlingNotation;
use chess960::numbering::Numbering;
use chess960_pgn::tree::{Plan, Tree, fen_after};

use super::read;
use crate::args::{BookTree, Format};
use crate::games::{files, starts};
use crate::report::usage;

/// A line of the book: its moves in UCI and SAN, the games that played its last move there,
/// and the FEN it reaches.
struct Line {
    uci: Vec<String>,
    san: Vec<String>,
    games: u64,
    fen: String,
}

/// Writes the book of `args`' trees in `format`.
pub fn run(
    out: &mut impl Write,
    args: &BookTree,
    format: Format,
    numbering: Numbering,
) -> io::Result<ExitCode> {
    if !matches!(format, Format::Fen | Format::Epd | Format::Pgn) {
        return Ok(usage(
            "book --tree: lines are written as --format fen, epd or pgn",
        ));
    }
    let Some(chosen) = starts(&args.sp, numbering) else {
        return Ok(ExitCode::FAILURE);
    };
    let plan = match chosen.is_empty() {
        true => Plan::all(),
        false => Plan::starts(chosen.clone()),
    };
    let plan = plan.plies(args.plies).min_games(args.min_games);
    let (tree, all_read) = read(&files(&args.tree), &args.filters, &plan);
    let shown = match chosen.is_empty() {
        true => tree.starts(),
        false => chosen,
    };
    for start in shown {
        let mut lines = Vec::new();
        collect(
            &tree,
            start,
            args,
            &mut Vec::new(),
            &mut Vec::new(),
            tree.games(),
            &mut lines,
        )?;
        lines.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.uci.cmp(&b.uci)));
        let mut written = HashSet::new();
        for line in lines.iter().filter(|line| written.insert(line.fen.clone())) {
            write(out, start, line, format)?;
        }
    }
    Ok(if all_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Adds to `lines` every line from the node `uci` reaches (by a move `games` games played
/// there) that goes on to `--plies` moves, each move played by at least `--min-games` games.
fn collect(
    tree: &Tree,
    start: DoubleStartingPosition,
    args: &BookTree,
    uci: &mut Vec<String>,
    san: &mut Vec<String>,
    games: u64,
    lines: &mut Vec<Line>,
) -> io::Result<()> {
    if uci.len() >= args.plies as usize {
        let fen = fen_after(start, uci).map_err(io::Error::other)?;
        let (uci, san) = (uci.clone(), san.clone());
        lines.push(Line {
            uci,
            san,
            games,
            fen,
        });
        return Ok(());
    }
    let node = tree.node(start, uci).map_err(io::Error::other)?;
    for mv in &node.moves {
        let played = mv.counts.games();
        if played < args.min_games {
            continue;
        }
        uci.push(mv.uci.to_string());
        san.push(mv.san.to_string());
        collect(tree, start, args, uci, san, played, lines)?;
        uci.pop();
        san.pop();
    }
    Ok(())
}

/// The line's SAN with move numbers: `1. g3 g6 2. b3`.
fn movetext(san: &[String]) -> String {
    let words: Vec<String> = san
        .iter()
        .enumerate()
        .map(|(i, san)| match i % 2 {
            0 => format!("{}. {san}", i / 2 + 1),
            _ => san.clone(),
        })
        .collect();
    words.join(" ")
}

/// The start as a book names it: `chess960 105`, `dfrc 105 451`.
fn entry(start: DoubleStartingPosition) -> BookEntry {
    match start.single() {
        Some(sp) => BookEntry::Chess960(sp),
        None => BookEntry::Dfrc(start),
    }
}

fn write(
    out: &mut impl Write,
    start: DoubleStartingPosition,
    line: &Line,
    format: Format,
) -> io::Result<()> {
    let moves = movetext(&line.san);
    match format {
        Format::Epd => {
            let fields: Vec<&str> = line.fen.split(' ').collect();
            let [pieces, side, castling, ep, halfmove, fullmove] = fields[..] else {
                return Err(io::Error::other(format!("not a FEN: {}", line.fen)));
            };
            writeln!(
                out,
                "{pieces} {side} {castling} {ep} hmvc {halfmove}; fmvn {fullmove}; id \"{}\"; c0 \"{moves}\"; c1 \"{} games\";",
                entry(start),
                line.games
            )
        }
        Format::Pgn => {
            // The book's game of the start, its empty movetext (`*`) given the line's moves.
            let game = entry(start).pgn(CastlingNotation::Shredder);
            let tags = game.as_str().strip_suffix('*').unwrap_or(game.as_str());
            writeln!(out, "{tags}{moves} *\n")
        }
        _ => writeln!(out, "{}", line.fen),
    }
}

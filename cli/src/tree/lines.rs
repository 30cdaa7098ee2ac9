//! `book --tree`: a book of the lines games play. From each start's tree (less `--exclude`),
//! every line of `--plies` moves, each played by at least `--min-games` games; the position
//! each reaches written once (its FEN's first four fields: a transposition is one position),
//! with the games of every line that reaches it added up, the most played first: a FEN line
//! (castling per `--castling`), an EPD line with the most played line in SAN (`c0`) and the
//! games (`c1`), or a PGN game of that line.

use std::collections::HashMap;
use std::io::{self, Write};
use std::process::ExitCode;

use chess960::DoubleStartingPosition;
use chess960::book::BookEntry;
use chess960::fen::CastlingNotation;
use chess960::numbering::Numbering;
use chess960_pgn::tree::{GameCount, Plan, Tree, fen_after};

use super::read;
use crate::args::{BookArgs, BookTree, Format};
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
pub fn run(out: &mut impl Write, book: &BookArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let (args, format) = (&book.tree, book.format);
    if !matches!(format, Format::Fen | Format::Epd | Format::Pgn) {
        return Ok(usage(
            "book --tree: lines are written as --format fen, epd or pgn",
        ));
    }
    let options = match args.filters.options() {
        Ok(options) => options.threads(args.threads.count),
        Err(message) => return Ok(usage(&message)),
    };
    if args.plies == 0 {
        return Ok(usage("book --tree: --plies 0 is no line: give 1 or more"));
    }
    let Some(chosen) = starts(&args.sp, numbering) else {
        return Ok(ExitCode::FAILURE);
    };
    let Some(kept) = book.list.book(false, numbering)? else {
        return Ok(ExitCode::FAILURE);
    };
    let kept = kept.positions();
    let plan = match chosen.is_empty() {
        true => Plan::all(),
        false => Plan::starts(chosen.clone()),
    };
    let plan = plan.plies(args.plies).min_games(args.min_games);
    let (tree, all_read) = read(&files(&args.tree), &options, &plan);
    let shown = match chosen.is_empty() {
        true => tree.starts(),
        false => chosen,
    };
    let castling = book.list.castling.notation();
    for start in shown {
        if !kept.contains(start.white()) || !kept.contains(start.black()) {
            continue;
        }
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
        for line in positions(lines) {
            write(out, start, &line, format, castling)?;
        }
    }
    Ok(super::ended(&tree, all_read))
}

/// One line per position (the FEN's first four fields), its games those of every line that
/// reaches it, shown by its most played line; the most played positions first.
fn positions(lines: Vec<Line>) -> Vec<Line> {
    let mut by_position: HashMap<String, Line> = HashMap::new();
    for line in lines {
        let key: String = line.fen.split(' ').take(4).collect::<Vec<_>>().join(" ");
        match by_position.get_mut(&key) {
            None => {
                by_position.insert(key, line);
            }
            Some(kept) => {
                let games = kept.games + line.games;
                if (line.games, std::cmp::Reverse(&line.uci))
                    > (kept.games, std::cmp::Reverse(&kept.uci))
                {
                    *kept = line;
                }
                kept.games = games;
            }
        }
    }
    let mut positions: Vec<Line> = by_position.into_values().collect();
    positions.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.uci.cmp(&b.uci)));
    positions
}

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
    castling: CastlingNotation,
) -> io::Result<()> {
    let moves = movetext(&line.san);
    let fen = match castling {
        CastlingNotation::Shredder => line.fen.clone(),
        _ => x_fen(&line.fen),
    };
    match format {
        Format::Epd => {
            let fields: Vec<&str> = fen.split(' ').collect();
            let [pieces, side, castling, ep, halfmove, fullmove] = fields[..] else {
                return Err(io::Error::other(format!("not a FEN: {fen}")));
            };
            let games = GameCount(line.games);
            writeln!(
                out,
                "{pieces} {side} {castling} {ep} hmvc {halfmove}; fmvn {fullmove}; id \"{}\"; c0 \"{moves}\"; c1 \"{games}\";",
                entry(start),
            )
        }
        Format::Pgn => {
            // The book's game of the start, its empty movetext (`*`) given the line's moves.
            let game = entry(start).pgn(castling);
            let tags = game.as_str().strip_suffix('*').unwrap_or(game.as_str());
            writeln!(out, "{tags}{moves} *\n")
        }
        _ => writeln!(out, "{fen}"),
    }
}

/// A Shredder-FEN's castling field in X-FEN: `K`/`Q` (`k`/`q`) for a right whose rook is
/// the outermost of its colour on its side of the king, its file's letter otherwise.
fn x_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let (Some(pieces), Some(castling)) = (fields.first(), fields.get(2)) else {
        return fen.to_owned();
    };
    let ranks: Vec<&str> = pieces.split('/').collect();
    let squares = |rank: &str| -> Vec<char> {
        rank.chars()
            .flat_map(|c| match c.to_digit(10) {
                Some(n) => vec!['.'; n as usize],
                None => vec![c],
            })
            .collect()
    };
    let letters: String = castling
        .chars()
        .map(|right| {
            let white = right.is_ascii_uppercase();
            let rank = squares(
                if white { ranks.last() } else { ranks.first() }
                    .copied()
                    .unwrap_or(""),
            );
            let (king, rook) = if white { ('K', 'R') } else { ('k', 'r') };
            let file =
                usize::from(right.to_ascii_lowercase() as u8).wrapping_sub(usize::from(b'a'));
            let Some(king_file) = rank.iter().position(|&c| c == king) else {
                return right;
            };
            let outward: Vec<usize> = match file > king_file {
                true => (file + 1..rank.len()).collect(),
                false => (0..file).collect(),
            };
            if outward.iter().any(|&f| rank.get(f) == Some(&rook)) {
                return right;
            }
            let side = if file > king_file { 'k' } else { 'q' };
            if white {
                side.to_ascii_uppercase()
            } else {
                side
            }
        })
        .collect();
    let mut out: Vec<String> = fields.iter().map(|f| (*f).to_owned()).collect();
    if let Some(field) = out.get_mut(2) {
        *field = letters;
    }
    out.join(" ")
}

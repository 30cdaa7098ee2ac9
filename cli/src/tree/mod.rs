//! `chess960 tree`: the opening explorer of a start, a thin client of `chess960_pgn::tree`,
//! which replays and counts. Here: the arguments, the progress bar, the summary on stderr,
//! and the output: `text.rs` (a node for the terminal), `json.rs` (lichess's explorer
//! shape), `page.rs` (the page to click through), `lines.rs` (`book --tree`: the positions
//! its lines reach), `games.rs` (`--games`: the games behind a node, as PGN), `evals.rs`
//! (`--evals`: an engine's analyses beside the games).

pub(crate) mod evals;
mod games;
pub(crate) mod json;
pub(crate) mod lines;
mod page;
mod text;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use chess960::DoubleStartingPosition;
use chess960::numbering::Numbering;
use chess960_explorer::{Answer, MAX_TOP_GAMES, Query};
use chess960_pgn::tree::{Plan, Tree};
use chess960_pgn::{Options, Progress};

use crate::args::{TreeArgs, TreeFormat};
use crate::games::{files, say, starts};
use crate::progress::{ByteProgress, total_bytes};
use crate::report::usage;

/// Runs `chess960 tree`.
pub fn run(out: &mut impl Write, args: &TreeArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let Some(starts) = starts(&args.sp, numbering) else {
        return Ok(ExitCode::FAILURE);
    };
    if let Some(message) = contradiction(args, &starts) {
        return Ok(usage(&message));
    }
    let files = files(&args.files);
    let (plan, options) = match (plan(args, &starts), args.filters.options()) {
        (Ok(plan), Ok(options)) => (plan, options.threads(args.threads.count)),
        (Err(message), _) | (_, Err(message)) => return Ok(usage(&message)),
    };
    if args.games {
        return games::run(out, &files, &options, &plan);
    }
    let evals = match &args.evals {
        Some(path) => match evals::Evals::read(path) {
            Ok(evals) => evals,
            Err(message) => return Ok(usage(&message)),
        },
        None => evals::Evals::default(),
    };
    let (tree, all_read) = read(&files, &options, &plan);
    let shown = match args.all {
        true => tree.starts(),
        false => starts,
    };
    // The games listed as lichess lists them: the recent games fill what the top games
    // found leave of 8.
    let mut listed = Query::default();
    listed.top_games = args.top_games;
    listed.recent_games = args.recent_games;
    let node = |start| match tree.node(start, &args.play) {
        Ok(node) => {
            let mut answer = Answer::from(node);
            answer.limit(&listed);
            Ok((start, answer))
        }
        Err(err) => Err(io::Error::other(err)),
    };
    let play = (!args.play.is_empty()).then_some(&args.play[..]);
    let games = chess960_explorer::api::Games {
        files: &files,
        locations: true,
    };
    match args.format {
        TreeFormat::Text => {
            for &start in &shown {
                let shown = (args.max_moves, &evals);
                let (start, node) = node(start)?;
                text::write(out, (start, &node), &args.play, numbering, shown)?;
                if play.is_none() {
                    for other in tree.roots(start).skip(1) {
                        let other = (start, &Answer::from(other));
                        text::write_root(out, other, numbering, (args.max_moves, &evals))?;
                    }
                }
            }
        }
        TreeFormat::Json if args.nodes => {
            for &start in &shown {
                for node in tree.nodes(start) {
                    let shown = (args.max_moves, &evals);
                    let node = (start, &Answer::from(node));
                    json::write(out, node, None, numbering, &games, shown)?;
                }
            }
        }
        TreeFormat::Json => {
            for &start in &shown {
                let (start, node) = node(start)?;
                json::write(
                    out,
                    (start, &node),
                    Some(&args.play),
                    numbering,
                    &games,
                    (args.max_moves, &evals),
                )?;
            }
        }
        TreeFormat::Html => {
            let limit = page::Limit {
                min_games: plan.min_games,
                plies: plan.plies,
                bytes: args.min_games.is_none().then_some(page::DATA_BYTES),
            };
            page::write(out, &tree, &shown, numbering, &limit)?;
        }
    }
    Ok(ended(&tree, all_read))
}

/// What the arguments ask that cannot be done together, if anything.
fn contradiction(args: &TreeArgs, starts: &[DoubleStartingPosition]) -> Option<String> {
    if !args.play.is_empty() && starts.len() != 1 {
        return Some("tree: --play is the moves from one start: give one --sp".into());
    }
    if args.format == TreeFormat::Html && !args.play.is_empty() {
        return Some("tree: the page starts at each start's root: leave out --play".into());
    }
    if args.evals.is_some() && args.format == TreeFormat::Html {
        return Some(
            "tree: --evals shows in text and JSON; the page (--format html) shows no evaluations \
             (`chess960 serve` of an index with them does)"
                .into(),
        );
    }
    if args.nodes && args.format != TreeFormat::Json {
        return Some("tree: --nodes is a JSON line per node: add --format json".into());
    }
    if args.plies == 0 {
        return Some(
            "tree: --plies 0 counts no move: give 1 or more (lichess's 50 by default)".into(),
        );
    }
    None
}

/// The plan of the arguments: a whole tree (every node), or one node a start, which alone is
/// counted, in little memory, with its games. An illegal --play move is its error.
fn plan(args: &TreeArgs, starts: &[DoubleStartingPosition]) -> Result<Plan, String> {
    let mut plan = match args.all {
        true => Plan::all(),
        false => Plan::starts(starts.to_vec()),
    };
    let page = args.format == TreeFormat::Html;
    let whole = args.nodes || page;
    // The page is pruned by default: its nodes' top games cost memory only for the nodes kept.
    let min_games = args.min_games.unwrap_or(match page {
        true => page::MIN_GAMES,
        false => 1,
    });
    let (top, recent) = match whole || args.games {
        true if page && min_games > 1 => (args.top_games, 0),
        true => (0, 0),
        // Top games found up to lichess's 4 whatever is listed: they leave the recent games
        // their place.
        false => (args.top_games.max(MAX_TOP_GAMES), args.recent_games),
    };
    plan = plan
        .plies(args.plies)
        .min_games(min_games)
        .top_games(top)
        .recent_games(recent);
    match starts {
        [start] if !args.play.is_empty() => plan
            .at(*start, &args.play)
            .map_err(|err| format!("tree: --play: {err}")),
        _ if !whole => Ok(plan.roots()),
        _ => Ok(plan),
    }
}

/// The exit code: 1 when a file could not be read to its end (each said already) or no game
/// was counted (said here).
pub(crate) fn ended(tree: &Tree, all_read: bool) -> ExitCode {
    if tree.games() == 0 {
        eprintln!("chess960: no game counted");
        return ExitCode::FAILURE;
    }
    match all_read {
        true => ExitCode::SUCCESS,
        false => ExitCode::FAILURE,
    }
}

/// The tree of `plan` over `files`, with a bar, and its summary on stderr; and whether every
/// file was read to its end (each one that was not is said).
pub(crate) fn read(files: &[PathBuf], options: &Options, plan: &Plan) -> (Tree, bool) {
    let progress = Progress::default();
    // Pruning reads the files twice: the bar counts both passes.
    let passes = if Tree::two_passes(files, plan) { 2 } else { 1 };
    let total = total_bytes(files).map(|bytes| bytes * passes);
    let bar = ByteProgress::new(total, progress.clone());
    let (tree, errors) = Tree::read_files(files, options, plan, &progress);
    drop(bar);
    summarize(&tree, files);
    errors.iter().for_each(say);
    (tree, errors.is_empty())
}

/// The summary of what was done with each game, on stderr.
fn summarize(tree: &Tree, files: &[PathBuf]) {
    let summary = tree.summary();
    eprintln!("chess960: {summary}");
    if let Some((file, error)) = &summary.first_illegal {
        let name = files
            .get(*file)
            .map_or_else(String::new, |f| format!("{}: ", f.display()));
        eprintln!("chess960: the first move that cannot be played: {name}{error}");
    }
    if summary.fewer_castling > 0 {
        eprintln!(
            "chess960: games that began at their start with fewer castling rights are counted from \
             a root of their own (shown after the start's; with --play, not reached)"
        );
    }
}

//! `chess960 tree`: the opening explorer of a start, a thin client of `chess960_pgn::tree`,
//! which replays and counts. Here: the arguments, the progress bar, and the output:
//! `text.rs` (a node for the terminal), `json.rs` (lichess's explorer shape), `page.rs` (the
//! page to click through), `lines.rs` (`book --tree`: the positions its lines reach).

mod json;
pub(crate) mod lines;
mod page;
mod text;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use chess960::numbering::Numbering;
use chess960_pgn::tree::{Plan, Tree};
use chess960_pgn::{Options, Progress, Speeds};

use crate::args::{GameFilters, TreeArgs, TreeFormat};
use crate::games::{files, say, starts};
use crate::progress::{ByteProgress, total_bytes};
use crate::report::{report, usage};

/// Runs `chess960 tree`.
pub fn run(out: &mut impl Write, args: &TreeArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let Some(starts) = starts(&args.sp, numbering) else {
        return Ok(ExitCode::FAILURE);
    };
    if !args.play.is_empty() && starts.len() != 1 {
        return Ok(usage(
            "tree: --play is the moves from one start: give one --sp",
        ));
    }
    if args.format == TreeFormat::Html && !args.play.is_empty() {
        return Ok(usage(
            "tree: the page starts at each start's root: leave out --play",
        ));
    }
    if args.nodes && args.format != TreeFormat::Json {
        return Ok(usage(
            "tree: --nodes is a JSON line per node: add --format json",
        ));
    }
    let mut plan = match args.all {
        true => Plan::all(),
        false => Plan::starts(starts.clone()),
    };
    // A whole tree (every node), or one node a start, which alone is counted, in little
    // memory, with its top games (a whole tree's are not written).
    let whole = args.nodes || args.format == TreeFormat::Html;
    let top_games = if whole { 0 } else { args.top_games };
    plan = plan
        .plies(args.plies)
        .min_games(args.min_games)
        .top_games(top_games);
    match starts[..] {
        [start] if !args.play.is_empty() => {
            plan = match plan.at(start, &args.play) {
                Ok(plan) => plan,
                Err(err) => {
                    report(&format!("--play: {err}"));
                    return Ok(ExitCode::FAILURE);
                }
            };
        }
        _ if !whole => plan = plan.roots(),
        _ => {}
    }
    let files = files(&args.files);
    let (tree, all_read) = read(&files, &args.filters, &plan);
    let shown = match args.all {
        true => tree.starts(),
        false => starts,
    };
    let node = |start| tree.node(start, &args.play).map_err(io::Error::other);
    match args.format {
        TreeFormat::Text => {
            for &start in &shown {
                text::write(out, &node(start)?, &args.play, numbering)?;
            }
        }
        TreeFormat::Json if args.nodes => {
            for &start in &shown {
                for node in tree.nodes(start) {
                    json::write_node(out, &node)?;
                }
            }
        }
        TreeFormat::Json => {
            for &start in &shown {
                json::write_explorer(out, &node(start)?, &args.play)?;
            }
        }
        TreeFormat::Html => page::write(out, &tree, &shown, numbering)?,
    }
    Ok(if all_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The games' options of the filters.
pub(crate) fn options(filters: &GameFilters) -> Options {
    let mut options = Options::default().assume_chess960(filters.assume_chess960);
    if let Some(elo) = filters.min_elo {
        options = options.min_elo(elo);
    }
    if !filters.speed.is_empty() {
        options = options.speeds(filters.speed.iter().copied().collect::<Speeds>());
    }
    if let Some(month) = filters.since {
        options = options.since(month);
    }
    if let Some(month) = filters.until {
        options = options.until(month);
    }
    options
}

/// The tree of `plan` over `files`, with a bar; and whether every file was read to its end
/// (each one that was not is said).
pub(crate) fn read(files: &[PathBuf], filters: &GameFilters, plan: &Plan) -> (Tree, bool) {
    let progress = Progress::default();
    // Pruning reads the files twice: the bar counts both passes.
    let passes = if Tree::two_passes(files, plan) { 2 } else { 1 };
    let total = total_bytes(files).map(|bytes| bytes * passes);
    let bar = ByteProgress::new(total, progress.clone());
    let (tree, errors) = Tree::read_files(files, &options(filters), plan, &progress);
    drop(bar);
    errors.iter().for_each(say);
    (tree, errors.is_empty())
}

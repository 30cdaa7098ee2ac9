//! `chess960 index`: PGN files added to an explorer on disk (`chess960_explorer`), with a
//! bar and a summary on stderr (`add.rs`); its segments merged (`compact.rs`); a file's games
//! taken out (`remove.rs`); the files an index holds (`files.rs`); evaluations added
//! (`evals.rs`); every file checked (`verify.rs`); games written whole by their ids
//! (`pgn.rs`); a player's explorer (`player.rs`). What a writer at work heeds and shows,
//! Ctrl-C and cron's lines: `writing.rs`.

mod add;
mod compact;
mod evals;
mod files;
mod pgn;
mod player;
mod remove;
mod verify;
mod writing;

use std::io::{self, Write};
use std::process::ExitCode;

use chess960::numbering::Numbering;
use chess960_explorer::{AddOptions, FileRef, Index};

use crate::args::{IndexArgs, IndexCommand};

/// Runs `index add`, `compact`, `remove`, `files`, `evals`, `verify`, `pgn` or `player`.
pub fn run(out: &mut impl Write, args: &IndexArgs, numbering: Numbering) -> io::Result<ExitCode> {
    match &args.command {
        IndexCommand::Add {
            index,
            files,
            threads,
            memory,
            allow_empty,
            replace,
        } => {
            let mut options = AddOptions::default()
                .threads(threads.count)
                .memory(memory.saturating_mul(1 << 20))
                .allow_empty(*allow_empty);
            if let Some(replace) = replace {
                let Ok(file) = replace.parse::<FileRef>();
                let found = Index::open(index).and_then(|opened| opened.find_file(&file));
                match found {
                    Ok(found) => options = options.replace(found.number),
                    Err(err) => {
                        eprintln!("chess960: --replace: {err}");
                        return Ok(ExitCode::FAILURE);
                    }
                }
            }
            Ok(add::add(index, files, options))
        }
        IndexCommand::Compact { index } => Ok(compact::compact(index)),
        IndexCommand::Remove { index, file } => Ok(remove::remove(index, file)),
        IndexCommand::Files { index, format } => files::list(out, index, *format),
        IndexCommand::Evals { index, files, mix } => Ok(evals::add(index, files, *mix)),
        IndexCommand::Verify { index } => Ok(verify::verify(index)),
        IndexCommand::Pgn { index, ids } => pgn::write(out, index, ids),
        IndexCommand::Player(args) => player::write(out, args, numbering),
    }
}

//! `chess960 index pgn`: the games of the ids given (or of standard input's lines), each
//! whole, as PGN as lichess's explorer writes a game (`chess960_explorer::api::pgn`).

use std::io::{self, BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

use chess960_explorer::Index;
use chess960_explorer::api::pgn;

/// Writes to `out` the PGN of each game of `ids` (standard input's lines when none) the index
/// in `dir` holds, a blank line between two; each id it holds no game of named on stderr.
pub(crate) fn write(out: &mut impl Write, dir: &Path, ids: &[String]) -> io::Result<ExitCode> {
    let index = match Index::open(dir) {
        Ok(index) => index,
        Err(err) => {
            eprintln!("chess960: {err}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let from_stdin;
    let ids: Box<dyn Iterator<Item = io::Result<String>>> = match ids.is_empty() {
        true => {
            from_stdin = io::stdin().lock();
            Box::new(from_stdin.lines())
        }
        false => Box::new(ids.iter().cloned().map(Ok)),
    };
    let (mut written, mut missing) = (0u64, 0u64);
    for id in ids {
        let id = id?;
        let id = id.trim();
        if id.is_empty() {
            continue;
        }
        match index.game(id) {
            Ok(Some(game)) => {
                if written > 0 {
                    writeln!(out)?;
                }
                out.write_all(pgn(&game).as_bytes())?;
                written += 1;
            }
            Ok(None) => {
                eprintln!(
                    "chess960: index pgn: no game of id {id:?} in {}",
                    dir.display()
                );
                missing += 1;
            }
            Err(err) => {
                eprintln!("chess960: {err}");
                return Ok(ExitCode::FAILURE);
            }
        }
    }
    out.flush()?;
    Ok(match missing {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    })
}

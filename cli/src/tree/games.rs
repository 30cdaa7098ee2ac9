//! `tree --games`: the games behind a node as PGN, whole and byte for byte as read. Each
//! file is read twice: first the numbers of the games that reach the node
//! (`chess960_pgn::tree::Reaching`), then those games copied.

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use chess960_pgn::tree::{Plan, Reaching, Tree};
use chess960_pgn::{Game, Input, Options, Sink, read};

/// Copies the games whose numbers it is given.
struct Copy<'a, W: Write> {
    out: &'a mut W,
    numbers: HashSet<u64>,
    copying: bool,
}

impl<W: Write> Sink for Copy<'_, W> {
    const COPIES: bool = true;

    fn game(&mut self, game: &Game) -> io::Result<()> {
        self.copying = self.numbers.contains(&game.number);
        Ok(())
    }

    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self.copying {
            true => self.out.write_all(bytes),
            false => Ok(()),
        }
    }
}

/// Writes the games of `files` that reach `plan`'s node; each file that could not be read is
/// said, and exits 1, as does finding no game.
pub fn run(
    out: &mut impl Write,
    files: &[PathBuf],
    plain: &Options,
    plan: &Plan,
) -> io::Result<ExitCode> {
    if let Some(file) = files.iter().find(|file| Input::read_once(file)) {
        return Ok(crate::report::usage(&format!(
            "tree --games reads each file twice: give files, not stdin or a pipe ({})",
            file.display()
        )));
    }
    let replaying = Tree::options(plain, plan);
    let (mut found, mut failed) = (0, false);
    for file in files {
        let mut reaching = Reaching::new(plan);
        let first = Input::open(file).and_then(|mut input| {
            read(&mut input, &mut reaching, &replaying).map_err(io::Error::from)
        });
        let numbers: HashSet<u64> = reaching.numbers().iter().copied().collect();
        if let Err(err) = first {
            crate::report::report(&format!("{}: {err}", file.display()));
            failed = true;
        }
        if numbers.is_empty() {
            continue;
        }
        found += numbers.len();
        let mut copy = Copy {
            out: &mut *out,
            numbers,
            copying: false,
        };
        let copied = Input::open(file)
            .and_then(|mut input| read(&mut input, &mut copy, plain).map_err(io::Error::from));
        if let Err(err) = copied {
            crate::report::report(&format!("{}: {err}", file.display()));
            failed = true;
        }
    }
    match found {
        1 => eprintln!("chess960: 1 game reaches the node"),
        n => eprintln!("chess960: {n} games reach the node"),
    }
    Ok(match failed || found == 0 {
        true => ExitCode::FAILURE,
        false => ExitCode::SUCCESS,
    })
}

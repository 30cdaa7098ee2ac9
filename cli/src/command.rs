//! The whole command: the arguments parsed (`args/`), each subcommand dispatched to its
//! module, and the exit code.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use chess960::fen::CastlingNotation;
use chess960::{DoubleStartingPosition, StartingPosition};
use clap::Parser;

use crate::args::{CastlingFormat, Cli, Command};
use crate::escape::escaped;
use crate::output::Output;
use crate::pos::{self, PosError};
use crate::report::report;
use crate::{
    answer, book, castling, draw, eval, games, index, list, output, pipe, random, serve, tree,
};

/// Runs the `chess960` command on `args` (the program's name first, as
/// [`std::env::args_os`] gives them) and gives its exit code: what the binary's `main` does,
/// and what the Python package's `chess960` command calls. Usage errors and `--help` exit
/// the process, as clap does.
pub fn main_with_args<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = Cli::parse_from(args);
    match run(cli) {
        Ok(code) => code,
        // The reader went away (`chess960 list | head -1`): nobody is left to tell.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        // Reading errors are reported where they happen; what is left is writing.
        Err(err) => {
            report(&format!("writing output: {err}"));
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> io::Result<ExitCode> {
    let numbering = cli.numbering;
    let stdout = io::stdout().lock();
    pipe::enlarge(&stdout);
    let mut out = BufWriter::with_capacity(1 << 16, stdout);
    let (answer, mut positions) = match cli.command {
        None => (Answer::Each(Output::Summary), cli.positions.positions),
        Some(Command::Id(p)) => (Answer::Each(Output::Number), p.positions),
        Some(Command::Rank(p)) => (Answer::Each(Output::Rank), p.positions),
        Some(Command::Show(p)) => {
            let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            (Answer::Each(Output::Board { colour }), p.positions)
        }
        Some(Command::Fen {
            positions,
            castling,
            black,
        }) => {
            let black = match black.map(|text| pos::parse(&text, numbering).map_err(|e| (text, e)))
            {
                None => None,
                Some(Ok(sp)) => Some(sp),
                Some(Err((text, err))) => {
                    report(&format!("--black {}: {err}", escaped(text.as_bytes())));
                    return Ok(ExitCode::FAILURE);
                }
            };
            let notation = castling.notation();
            (Answer::Fen { notation, black }, positions.positions)
        }
        Some(Command::Castling { positions, format }) => {
            (Answer::Castling(format), positions.positions)
        }
        Some(Command::Random(args)) => {
            let code = random::run(&mut out, &args, cli.numbering);
            return finish(out, code);
        }
        Some(Command::Book(args)) => {
            let code = book::run(&mut out, &args, cli.numbering);
            return finish(out, code);
        }
        Some(Command::Draw(args)) => {
            let code = draw::run(&mut out, &args, cli.numbering);
            return finish(out, code);
        }
        Some(Command::Games(args)) => {
            let code = games::run(&mut out, &args, numbering);
            return finish(out, code);
        }
        Some(Command::Fix(args)) => {
            let code = games::run(&mut out, &args.into_games(false), numbering);
            return finish(out, code);
        }
        Some(Command::Check(args)) => {
            let code = games::run(&mut out, &args.into_games(), numbering);
            return finish(out, code);
        }
        Some(Command::Tree(args)) => {
            let code = tree::run(&mut out, &args, numbering);
            return finish(out, code);
        }
        Some(Command::Index(args)) => {
            let code = index::run(&mut out, &args, numbering);
            return finish(out, code);
        }
        Some(Command::Serve(args)) => {
            let code = serve::serve(&args);
            return finish(out, code);
        }
        Some(Command::Eval(args)) => {
            let code = eval::run(&mut out, &args, numbering);
            return finish(out, code);
        }
        Some(Command::List(args)) => {
            let code = list::run(&mut out, &args, cli.numbering);
            return finish(out, code);
        }
    };
    if positions.is_empty() {
        positions.push("-".into());
    }
    let all_good = answer::all(&mut out, &positions, numbering, |out, pair| match answer {
        Answer::Each(output) => output::write(out, output, numbering, pair).map(Ok),
        Answer::Fen { notation, black } => match (black, pair.single()) {
            (None, _) => output::write(out, Output::Fen { notation }, numbering, pair).map(Ok),
            (Some(black), Some(white)) => {
                let pair = DoubleStartingPosition::new(white, black);
                output::write(out, Output::Fen { notation }, numbering, pair).map(Ok)
            }
            (Some(_), None) => Ok(Err(PosError::BlackTwice)),
        },
        Answer::Castling(format) => castling::write(out, pair, format, numbering).map(Ok),
    })?;
    finish(
        out,
        Ok(if all_good {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }),
    )
}

/// Flushes `out` once the work has given its exit code.
fn finish(mut out: impl Write, code: io::Result<ExitCode>) -> io::Result<ExitCode> {
    let code = code?;
    out.flush()?;
    Ok(code)
}

/// What is printed for each POS.
#[derive(Clone, Copy)]
enum Answer {
    /// One of the outputs of `output.rs`.
    Each(Output),
    /// The start FEN: of the POS, or of the POS for White and `black` for Black.
    Fen {
        notation: CastlingNotation,
        black: Option<StartingPosition>,
    },
    /// The castlings.
    Castling(CastlingFormat),
}

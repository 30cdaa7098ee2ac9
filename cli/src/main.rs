//! `chess960`: Chess960 starting positions by number, back rank or FEN, both ways.
//!
//! `main` parses the command line (`args.rs`) and dispatches; ARCHITECTURE.md in the
//! repository maps the other files.

mod answer;
mod args;
mod board;
mod book;
mod c_header;
mod castling;
mod draw;
mod exclude;
mod html;
mod list;
mod order;
mod output;
mod random;
mod report;

use std::io::{self, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use chess960::book::Book;
use clap::Parser;

use chess960_cli::pos;

use crate::args::{CastlingFormat, Cli, Command};
use crate::output::Output;
use crate::report::report;

fn main() -> ExitCode {
    let cli = Cli::parse();
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
    let numbering = cli.numbering.numbering();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
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
            shredder,
            black,
        }) => {
            let black = match black.map(|text| pos::parse(&text, numbering).map_err(|e| (text, e)))
            {
                None => None,
                Some(Ok(sp)) => Some(sp),
                Some(Err((text, err))) => {
                    report(&format!("--black {text}: {err}"));
                    return Ok(ExitCode::FAILURE);
                }
            };
            (
                Answer::Each(Output::Fen { shredder, black }),
                positions.positions,
            )
        }
        Some(Command::Random { seed, count }) => {
            random::write(&mut out, seed, count, numbering)?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        Some(Command::Book(args)) => {
            let Some(excluded) = exclude::excluded(&args.exclude, numbering) else {
                return Ok(ExitCode::FAILURE);
            };
            let book = if args.dfrc {
                Book::DFRC
            } else {
                Book::CHESS960
            };
            let book = book.excluding(excluded);
            book::write(&mut out, book, args.format, args.shredder)?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        Some(Command::Draw(args)) => {
            let code = draw::run(&mut out, &args, cli.numbering)?;
            out.flush()?;
            return Ok(code);
        }
        Some(Command::Castling { positions, format }) => {
            (Answer::Castling(format), positions.positions)
        }
        Some(Command::List { format }) => {
            list::write(&mut out, format, cli.numbering)?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    if positions.is_empty() {
        positions.push("-".to_owned());
    }
    let all_good = answer::all(&mut out, &positions, |out, text| match answer {
        Answer::Each(output) => match pos::parse(text, numbering) {
            Ok(sp) => output::write(out, output, numbering, sp).map(Ok),
            Err(err) => Ok(Err(err)),
        },
        // A Double Fischer Random FEN gives Black's castlings from Black's position.
        Answer::Castling(format) => match pos::parse_pair(text, numbering) {
            Ok(pair) => castling::write(out, pair, format, numbering).map(Ok),
            Err(err) => Ok(Err(err)),
        },
    })?;
    out.flush()?;
    Ok(if all_good {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// What is printed for each POS.
#[derive(Clone, Copy)]
enum Answer {
    /// One of the outputs of `output.rs`.
    Each(Output),
    /// The castlings.
    Castling(CastlingFormat),
}

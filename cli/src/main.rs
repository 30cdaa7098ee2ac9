//! `chess960`: Scharnagl's Chess960 starting-position ids and back ranks, both ways.

mod input;
mod pos;

use std::io::{self, BufReader, BufWriter, Write};
use std::process::ExitCode;

use chess960::{File, Piece, StartingPosition};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::input::{Line, Lines};

/// Chess960 (Fischer Random) starting positions by Scharnagl's numbering: 0..=959 <-> back rank.
///
/// POS is an id (0..=959) or a back rank: letters (RNBQKBNR, either case) or Unicode symbols
/// (♖♘♗♕♔♗♘♖ or ♜♞♝♛♚♝♞♜). `-` reads POS from stdin, one per line.
#[derive(Parser)]
#[command(
    name = "chess960",
    version,
    args_conflicts_with_subcommands = true,
    arg_required_else_help = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    positions: Positions,
}

#[derive(Subcommand)]
enum Command {
    /// Print the id of each POS, one per line.
    Id(Positions),
    /// Print the back rank of each POS, uppercase letters, one per line.
    Rank(Positions),
    /// Print all 960 starting positions in id order.
    List {
        /// Output format: text lines `ID RANK`, CSV with a header, or a JSON array.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(Args)]
struct Positions {
    /// Ids or back ranks; `-` (or none, for `id` and `rank`) reads stdin.
    #[arg(value_name = "POS", allow_negative_numbers = true)]
    positions: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Csv,
    Json,
}

/// What to print for each POS.
#[derive(Clone, Copy)]
enum Show {
    Id,
    Rank,
    Summary,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(code) => code,
        // The reader went away (`chess960 list | head -1`): nobody is left to tell.
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(io::stderr(), "error: {err}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> io::Result<ExitCode> {
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (show, mut positions) = match cli.command {
        None => (Show::Summary, cli.positions.positions),
        Some(Command::Id(p)) => (Show::Id, p.positions),
        Some(Command::Rank(p)) => (Show::Rank, p.positions),
        Some(Command::List { format }) => {
            list(&mut out, format)?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    if positions.is_empty() {
        positions.push("-".to_owned());
    }

    let mut all_good = true;
    for arg in &positions {
        if arg == "-" {
            all_good &= each_stdin_line(show, &mut out)?;
        } else {
            match pos::parse(arg) {
                Ok(sp) => write_position(&mut out, show, sp)?,
                Err(err) => {
                    out.flush()?;
                    let shown = if arg.is_empty() { "\"\"" } else { arg };
                    report(&format!("{shown}: {err}"));
                    all_good = false;
                }
            }
        }
    }
    out.flush()?;
    Ok(if all_good {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Shows every non-blank stdin line; reports the bad ones with their line numbers.
/// Output is flushed whenever the input runs dry, so interactive use answers line by line.
fn each_stdin_line(show: Show, out: &mut impl Write) -> io::Result<bool> {
    let mut lines = Lines::new(BufReader::with_capacity(1 << 16, io::stdin().lock()));
    let mut all_good = true;
    let mut number = 0u64;
    loop {
        if !lines.has_buffered_input() {
            out.flush()?;
        }
        let Some(line) = lines.next_line()? else {
            return Ok(all_good);
        };
        number += 1;
        let problem = match line {
            Line::TooLong(len) => format!("line is {len} bytes long, more than any POS"),
            Line::Text(bytes) => match std::str::from_utf8(bytes) {
                Err(_) => format!("{}: not UTF-8", String::from_utf8_lossy(bytes)),
                Ok(text) if text.trim().is_empty() => continue,
                Ok(text) => match pos::parse(text) {
                    Ok(sp) => {
                        write_position(out, show, sp)?;
                        continue;
                    }
                    Err(err) => format!("{}: {err}", text.trim()),
                },
            },
        };
        out.flush()?;
        report(&format!("line {number}: {problem}"));
        all_good = false;
    }
}

fn report(message: &str) {
    let _ = writeln!(io::stderr().lock(), "error: {message}");
}

fn write_position(out: &mut impl Write, show: Show, sp: StartingPosition) -> io::Result<()> {
    match show {
        Show::Id => writeln!(out, "{}", sp.id()),
        Show::Rank => {
            let mut line = [b'\n'; 9];
            line[..8].copy_from_slice(&sp.to_ascii());
            out.write_all(&line)
        }
        Show::Summary => writeln!(out, "{}", summary(sp)),
    }
}

/// `518 RNBQKBNR ♖♘♗♕♔♗♘♖ king e1, rooks a1 h1, bishops c1 f1 (standard chess)`
fn summary(sp: StartingPosition) -> String {
    let pieces = sp.pieces();
    let squares = |piece: Piece| -> Vec<String> {
        File::ALL
            .iter()
            .zip(pieces)
            .filter(|&(_, p)| p == piece)
            .map(|(file, _)| format!("{}1", file.to_char()))
            .collect()
    };
    let symbols: String = pieces.iter().map(|p| p.white_symbol()).collect();
    let standard = if sp == StartingPosition::STANDARD {
        " (standard chess)"
    } else {
        ""
    };
    format!(
        "{} {sp} {symbols} king {}, rooks {}, bishops {}{standard}",
        sp.id(),
        squares(Piece::King).join(" "),
        squares(Piece::Rook).join(" "),
        squares(Piece::Bishop).join(" "),
    )
}

fn list(out: &mut impl Write, format: Format) -> io::Result<()> {
    match format {
        Format::Text => {
            for sp in StartingPosition::all() {
                writeln!(out, "{} {sp}", sp.id())?;
            }
        }
        Format::Csv => {
            writeln!(out, "id,rank")?;
            for sp in StartingPosition::all() {
                writeln!(out, "{},{sp}", sp.id())?;
            }
        }
        Format::Json => {
            writeln!(out, "[")?;
            for sp in StartingPosition::all() {
                let comma = if sp.id() + 1 < StartingPosition::COUNT {
                    ","
                } else {
                    ""
                };
                writeln!(out, "  {{\"id\": {}, \"rank\": \"{sp}\"}}{comma}", sp.id())?;
            }
            writeln!(out, "]")?;
        }
    }
    Ok(())
}

//! `chess960`: Chess960 starting positions by number, back rank or FEN, both ways.

mod board;
mod html;

use std::io::{self, BufReader, BufWriter, IsTerminal, Write};
use std::process::ExitCode;

use chess960::{DoubleStartingPosition, Numbering, StartingPosition};
use clap::{Args, Parser, Subcommand, ValueEnum};

use chess960_cli::input::{Line, Lines};
use chess960_cli::pos::{self, PosError};

/// Chess960 (Fischer Random) starting positions by Scharnagl's numbering: 0..=959 <-> back rank.
///
/// POS is a number (0..=959, or per --numbering), a back rank in letters (RNBQKBNR, either
/// case) or Unicode symbols (♖♘♗♕♔♗♘♖ or ♜♞♝♛♚♝♞♜), or a start FEN. `-` reads POS from
/// stdin, one per line.
#[derive(Parser)]
#[command(name = "chess960", version, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    positions: Positions,

    /// How every number is read and printed: Scharnagl's 0..=959, the same counted 1..=960
    /// (960 is SP 0), or Fritz 9's 1..=960.
    #[arg(long, global = true, value_enum, default_value_t = NumberingArg::Scharnagl)]
    numbering: NumberingArg,
}

#[derive(Subcommand)]
enum Command {
    /// Print the number of each POS, one per line.
    Id(Positions),
    /// Print the back rank of each POS, uppercase letters, one per line.
    Rank(Positions),
    /// Print the start FEN of each POS (with --black, a Double Fischer Random FEN).
    Fen {
        #[command(flatten)]
        positions: Positions,
        /// Castling as rook files (Shredder-FEN, e.g. HAha) instead of KQkq (X-FEN).
        #[arg(long)]
        shredder: bool,
        /// Black's back rank, if not the same as White's (Double Fischer Random).
        #[arg(long, value_name = "POS", allow_negative_numbers = true)]
        black: Option<String>,
    },
    /// Draw each POS on a board of light and dark squares.
    Show(Positions),
    /// Print uniformly random starting positions, `NUMBER RANK` per line.
    Random {
        /// Seed for a reproducible sequence (otherwise seeded from the system).
        #[arg(long)]
        seed: Option<u64>,
        /// How many to print.
        #[arg(long, default_value_t = 1)]
        count: u64,
    },
    /// Print all 960 starting positions in the order of --numbering.
    List {
        /// Text lines `NUMBER RANK`, CSV with a header, a JSON array, or an HTML page of boards.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(Args)]
struct Positions {
    /// Numbers, back ranks or FENs; `-` (or none, for subcommands) reads stdin.
    #[arg(value_name = "POS", allow_negative_numbers = true)]
    positions: Vec<String>,
}

#[derive(Clone, Copy, ValueEnum)]
enum NumberingArg {
    Scharnagl,
    OneBased,
    Fritz,
}

impl From<NumberingArg> for Numbering {
    fn from(arg: NumberingArg) -> Numbering {
        match arg {
            NumberingArg::Scharnagl => Numbering::Scharnagl,
            NumberingArg::OneBased => Numbering::OneBased,
            NumberingArg::Fritz => Numbering::Fritz9,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Csv,
    Json,
    Html,
}

/// What to print for each POS.
#[derive(Clone, Copy)]
enum Output {
    Number,
    Rank,
    Summary,
    Fen {
        shredder: bool,
        black: Option<StartingPosition>,
    },
    Board {
        colour: bool,
    },
}

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
    let numbering = Numbering::from(cli.numbering);
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let (output, mut positions) = match cli.command {
        None => (Output::Summary, cli.positions.positions),
        Some(Command::Id(p)) => (Output::Number, p.positions),
        Some(Command::Rank(p)) => (Output::Rank, p.positions),
        Some(Command::Show(p)) => {
            let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
            (Output::Board { colour }, p.positions)
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
            (Output::Fen { shredder, black }, positions.positions)
        }
        Some(Command::Random { seed, count }) => {
            random(&mut out, seed, count, numbering)?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        Some(Command::List { format }) => {
            list(&mut out, format, numbering)?;
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
            all_good &= each_stdin_line(&mut out, output, numbering)?;
        } else {
            match pos::parse(arg, numbering) {
                Ok(sp) => write_position(&mut out, output, numbering, sp)?,
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

/// Answers every stdin line with one line: its result on stdout, or an error naming its line
/// number on stderr (a blank line too), in input order. Output is flushed before each error
/// and whenever the input runs dry, so interactive use answers line by line.
fn each_stdin_line(out: &mut impl Write, output: Output, numbering: Numbering) -> io::Result<bool> {
    let mut lines = Lines::new(BufReader::with_capacity(1 << 16, io::stdin().lock()));
    let mut all_good = true;
    let mut number = 0u64;
    loop {
        if !lines.has_buffered_input() {
            out.flush()?;
        }
        let line = match lines.next_line() {
            Ok(Some(line)) => line,
            Ok(None) => return Ok(all_good),
            Err(err) => {
                out.flush()?;
                report(&format!("reading stdin (after {number} lines): {err}"));
                return Ok(false);
            }
        };
        number += 1;
        let problem = match line {
            Line::TooLong(len) => format!("line is {len} bytes long, more than any POS"),
            Line::Text(bytes) => match std::str::from_utf8(bytes) {
                Err(_) => format!("{}: not UTF-8", String::from_utf8_lossy(bytes)),
                Ok(text) => match pos::parse(text, numbering) {
                    Ok(sp) => {
                        write_position(out, output, numbering, sp)?;
                        continue;
                    }
                    Err(err @ PosError::Empty) => err.to_string(),
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

fn write_position(
    out: &mut impl Write,
    output: Output,
    numbering: Numbering,
    sp: StartingPosition,
) -> io::Result<()> {
    match output {
        Output::Number => writeln!(out, "{}", sp.number(numbering)),
        Output::Rank => {
            let mut line = [b'\n'; 9];
            line[..8].copy_from_slice(&sp.to_ascii());
            out.write_all(&line)
        }
        Output::Summary => writeln!(out, "{}", summary(sp, numbering)),
        Output::Fen { shredder, black } => {
            let pair = DoubleStartingPosition::new(sp, black.unwrap_or(sp));
            let fen = if shredder {
                pair.shredder_fen()
            } else {
                pair.fen()
            };
            writeln!(out, "{fen}")
        }
        Output::Board { colour } => {
            writeln!(out, "{}", summary(sp, numbering))?;
            board::draw(out, sp, colour)
        }
    }
}

/// `518 RNBQKBNR ♖♘♗♕♔♗♘♖ king e1, rooks a1 h1, bishops c1 f1 (standard chess)`
fn summary(sp: StartingPosition, numbering: Numbering) -> String {
    let pieces = sp.pieces();
    let mut bishops = sp.bishop_files();
    bishops.sort_unstable();
    let symbols: String = pieces.iter().map(|p| p.white_symbol()).collect();
    let mut notes = Vec::new();
    if numbering != Numbering::Scharnagl {
        notes.push(format!("SP {}", sp.id()));
    }
    if sp == StartingPosition::STANDARD {
        notes.push("standard chess".to_owned());
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join(", "))
    };
    format!(
        "{} {sp} {symbols} king {}1, rooks {}1 {}1, bishops {}1 {}1{notes}",
        sp.number(numbering),
        sp.king_file(),
        sp.queenside_rook_file(),
        sp.kingside_rook_file(),
        bishops[0],
        bishops[1],
    )
}

/// `count` positions from a splitmix64 sequence, seeded by `seed` or by the system.
fn random(
    out: &mut impl Write,
    seed: Option<u64>,
    count: u64,
    numbering: Numbering,
) -> io::Result<()> {
    let mut state = seed.unwrap_or_else(|| {
        use std::hash::{BuildHasher, RandomState};
        RandomState::new().hash_one(std::time::SystemTime::now())
    });
    for _ in 0..count {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let sp = StartingPosition::from_random_u64(z ^ (z >> 31));
        writeln!(out, "{} {sp}", sp.number(numbering))?;
    }
    Ok(())
}

fn list(out: &mut impl Write, format: Format, numbering: Numbering) -> io::Result<()> {
    let (low, high) = numbering.range();
    let all = || (low..=high).filter_map(|n| StartingPosition::from_number(n, numbering).ok());
    match format {
        Format::Text => {
            for sp in all() {
                writeln!(out, "{} {sp}", sp.number(numbering))?;
            }
        }
        Format::Csv => {
            writeln!(out, "id,rank")?;
            for sp in all() {
                writeln!(out, "{},{sp}", sp.number(numbering))?;
            }
        }
        Format::Json => {
            writeln!(out, "[")?;
            for sp in all() {
                let number = sp.number(numbering);
                let comma = if number < high { "," } else { "" };
                writeln!(out, "  {{\"id\": {number}, \"rank\": \"{sp}\"}}{comma}")?;
            }
            writeln!(out, "]")?;
        }
        Format::Html => html::write_page(out, numbering)?,
    }
    Ok(())
}

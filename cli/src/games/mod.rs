//! `chess960 games`: the start of every game in PGN databases, a thin client of the
//! `chess960-pgn` crate, which reads, classifies, counts, selects and repairs. Here: the
//! arguments, the progress bar, and the output: `list.rs` (a line per game), `stats.rs` (a
//! row per start), `html.rs` (the map), `fix.rs` (`--fix`, `--check`: the reports). Games
//! are listed on every core, each part of the input into a buffer of its own, the buffers
//! written in input order.

mod fix;
mod html;
mod list;
mod stats;

use std::ffi::OsString;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicU64;

use chess960::DoubleStartingPosition;
use chess960::game::Repair;
use chess960::numbering::Numbering;
use chess960_pgn::fix::{Counts, FixOptions};
use chess960_pgn::moves::UciCastling;
use chess960_pgn::tree::GameCount;
use chess960_pgn::{
    FileError, Input, Options, PartStart, Progress, ReadError, Select, Sink, Split, Stats,
    read_files,
};

use crate::args::{GamesArgs, GamesFormat};
use crate::escape::escaped;
use crate::progress::{ByteProgress, total_bytes};
use crate::report::{report, usage};
use crate::{pos, table};
use list::{ListFormat, Listing};

/// Runs `chess960 games`.
pub fn run(out: &mut impl Write, args: &GamesArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let format = match args.format {
        GamesFormat::Text => ListFormat::Text,
        GamesFormat::Csv => ListFormat::Csv,
        GamesFormat::Json => ListFormat::Json,
        GamesFormat::Html if args.stats => ListFormat::Text,
        GamesFormat::Html => {
            return Ok(usage(
                "games: --format html is the map of --stats; add --stats",
            ));
        }
    };
    let Some((starts, files)) = starts_and_files(args, numbering) else {
        return Ok(ExitCode::FAILURE);
    };
    let mut options = match args.filters.options() {
        Ok(options) => options.moves(args.moves).threads(args.threads.count),
        Err(message) => return Ok(usage(&message)),
    };
    if let Some(plies) = args.max_plies {
        options = options.max_plies(plies);
    }
    let reading = Reading::new(&files, options);
    let bar = ByteProgress::new(reading.total, reading.progress.clone());
    let moves = args.moves.then_some(args.uci_castling);
    let all_read = if args.check && args.moves {
        let (all_read, bad) = reading.list(out, ListFormat::MoveErrors, moves)?;
        out.flush()?;
        drop(bar);
        let games = reading.progress.games();
        eprintln!("chess960: the moves of {bad} of {games} games cannot all be played");
        // As --check: 0 every move played, 1 some could not be, 2 an input not read.
        return Ok(match (all_read, bad) {
            (false, _) => ExitCode::from(2),
            (true, 0) => ExitCode::SUCCESS,
            (true, _) => ExitCode::FAILURE,
        });
    } else if args.fix || args.check {
        let options = FixOptions {
            repair: Repair::DEFAULT
                .variant_tag(args.variant_tag)
                .castling(args.castling),
            sp_tag: args.add_sp_tag.clone(),
            roster: true,
        };
        let (all_read, counts) = match args.check {
            true => reading.fix(&mut io::sink(), &options, &bar)?,
            false => reading.fix(&mut *out, &options, &bar)?,
        };
        drop(bar);
        eprintln!("{}", fix::summary(counts, args.check));
        // --check exits as diff and cmp do: 0 nothing would change, 1 something would (or a
        // game cannot be repaired), 2 trouble (an input it could not read); --fix exits 1 when
        // a game cannot be repaired, as when an input cannot be read.
        let problems = match args.check {
            true => counts.changed + counts.refused > 0,
            false => counts.refused > 0,
        };
        return Ok(match (all_read, problems) {
            (true, false) => ExitCode::SUCCESS,
            (false, _) if args.check => ExitCode::from(2),
            _ => ExitCode::FAILURE,
        });
    } else if let Some(dir) = &args.split {
        let mut split = match Split::new(dir) {
            Ok(split) => split,
            Err(err) => {
                report(&format!("--split {}: {err}", dir.display()));
                return Ok(ExitCode::FAILURE);
            }
        };
        let all_read = reading.each_in_turn(&mut split)?;
        let games = reading.progress.games();
        let files = split.finish()?;
        eprintln!(
            "chess960: {games} games written to {files} files in {}",
            dir.display()
        );
        all_read
    } else if !starts.is_empty() {
        reading.each_in_turn(&mut Select::new(&mut *out, starts))?
    } else if args.stats {
        if args.evals.is_some() && args.format == GamesFormat::Html {
            return Ok(usage(
                "--evals adds columns to the text, CSV and JSON tables, not to the page",
            ));
        }
        let evals = match &args.evals {
            None => None,
            Some(path) => match table::evals(path.as_deref()) {
                Ok(evals) => Some(evals),
                Err(err) => {
                    report(&err);
                    return Ok(ExitCode::FAILURE);
                }
            },
        };
        let (table, errors) = Stats::read_files(&files, &options, &reading.progress);
        drop(bar);
        let passed = table.passed_over();
        if passed.total() > 0 {
            eprintln!(
                "chess960: passed over {} without a Chess960 start: {passed} (list them with \
                 `chess960 games`)",
                GameCount(passed.total())
            );
        }
        if table.left_out() > 0 {
            let left_out = GameCount(table.left_out());
            eprintln!("chess960: left out by the filters: {left_out}");
        }
        match args.format {
            GamesFormat::Html => html::write(out, &table)?,
            _ => stats::write(out, &table, format, evals.as_ref())?,
        }
        errors.iter().for_each(say);
        errors.is_empty()
    } else {
        if format == ListFormat::Csv {
            list::write_csv_header(out, args.moves)?;
        }
        reading.list(out, format, moves)?.0
    };
    Ok(if all_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The starts of `--sp` (one POS per `--sp`, or several separated by commas) and the files.
/// `None` after saying why, if a POS is wrong.
fn starts_and_files(
    args: &GamesArgs,
    numbering: Numbering,
) -> Option<(Vec<DoubleStartingPosition>, Vec<PathBuf>)> {
    Some((starts(&args.sp, numbering)?, files(&args.files)))
}

/// The starts of `--sp`, each once, in order; `None` after saying why, if a POS is wrong.
pub(crate) fn starts(sp: &[OsString], numbering: Numbering) -> Option<Vec<DoubleStartingPosition>> {
    let mut starts = Vec::new();
    for text in sp {
        match pos::parse_pair(&text.to_string_lossy(), numbering) {
            Ok(pair) if !starts.contains(&pair) => starts.push(pair),
            Ok(_) => {}
            Err(err) => {
                report(&format!("--sp {}: {err}", escaped(text.as_encoded_bytes())));
                return None;
            }
        }
    }
    Some(starts)
}

/// The input files: stdin (`-`) when none is given.
pub(crate) fn files(files: &[PathBuf]) -> Vec<PathBuf> {
    match files {
        [] => vec![PathBuf::from("-")],
        files => files.to_vec(),
    }
}

/// The inputs, and what is shared while reading them.
struct Reading<'a> {
    files: &'a [PathBuf],
    options: Options,
    /// Bytes and games read, for the bar.
    progress: Progress,
    /// The files' sizes, when all are regular files.
    total: Option<u64>,
}

/// A file's name as the listing shows it.
fn name(path: &Path) -> String {
    escaped(path.as_os_str().as_encoded_bytes())
}

/// Says why a file was not read to its end.
pub(crate) fn say(error: &FileError) {
    match error.games {
        Some(games) => report(&format!(
            "{}: reading stopped after {games} games: {}",
            name(&error.path),
            error.error
        )),
        None => report(&format!("{}: {}", name(&error.path), error.error)),
    }
}

impl<'a> Reading<'a> {
    fn new(files: &'a [PathBuf], options: Options) -> Self {
        Reading {
            files,
            options,
            progress: Progress::default(),
            total: total_bytes(files),
        }
    }

    /// Opens file `i` and reads it with `read`; false (after saying why) if it could not be
    /// opened or read to its end.
    fn with_file(
        &self,
        i: usize,
        read: impl FnOnce(&mut Input) -> Result<(), ReadError>,
    ) -> io::Result<bool> {
        let Some(path) = self.files.get(i) else {
            return Ok(true);
        };
        let error = match Input::open_with(path, &self.progress) {
            Ok(mut input) => match read(&mut input) {
                Ok(()) => None,
                Err(ReadError::Sink(err)) => return Err(err),
                Err(err) => Some(FileError::of(path, err)),
            },
            Err(error) => Some(FileError::unopened(path, error)),
        };
        error.iter().for_each(say);
        Ok(error.is_none())
    }

    /// Reads file `i` into `sink`.
    fn read_file<S: Sink>(&self, i: usize, sink: &mut S) -> io::Result<bool> {
        self.with_file(i, |input| {
            chess960_pgn::read(input, sink, &self.options).map(|_| ())
        })
    }

    /// `--fix` (or `--check`, into `out` that is no output): the files one after another,
    /// each report on stderr (above the bar, if there is one).
    fn fix(
        &self,
        out: &mut dyn Write,
        options: &FixOptions,
        bar: &ByteProgress,
    ) -> io::Result<(bool, Counts)> {
        let mut stderr = io::BufWriter::new(io::stderr());
        let mut say = |line: &str| {
            if !bar.println(line) {
                let _ = writeln!(stderr, "{line}");
            }
        };
        let (mut all, mut counts) = (true, Counts::default());
        for (i, path) in self.files.iter().enumerate() {
            let file = (name(path), self.files.len() > 1);
            all &= self.with_file(i, |input| {
                match fix::fix(input, &mut *out, options, (&file.0, file.1), &mut say) {
                    Ok(file) => {
                        counts.merge(file);
                        Ok(())
                    }
                    Err(stopped) => {
                        counts.merge(stopped.counts);
                        Err(stopped.error)
                    }
                }
            })?;
        }
        out.flush()?;
        stderr.flush()?;
        Ok((all, counts))
    }

    /// Reads the files one after another into `sink`.
    fn each_in_turn<S: Sink>(&self, sink: &mut S) -> io::Result<bool> {
        let mut all = true;
        for i in 0..self.files.len() {
            all &= self.read_file(i, sink)?;
        }
        Ok(all)
    }

    /// Lists every game (with its moves if `moves`), the files read on every core and
    /// written in order; whether all were read, and how many games' moves cannot be played.
    fn list(
        &self,
        out: &mut impl Write,
        format: ListFormat,
        moves: Option<UciCastling>,
    ) -> io::Result<(bool, u64)> {
        let bad = AtomicU64::new(0);
        let names: Vec<String> = self.files.iter().map(|f| name(f)).collect();
        let several = self.files.len() > 1;
        let new = |start: PartStart| {
            let file = names.get(start.file).map_or("-", String::as_str);
            Listing::new(Vec::new(), format, (file, several), moves, &bad).starting(start)
        };
        let write =
            |_: PartStart, listing: Listing<'_, Vec<u8>>| out.write_all(&listing.into_inner()?);
        // A write error is returned here, once the readers have stopped.
        let errors = read_files(self.files, &self.options, &self.progress, new, write)?;
        errors.iter().for_each(say);
        Ok((errors.is_empty(), bad.into_inner()))
    }
}

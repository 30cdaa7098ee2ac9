//! `chess960 games`: the start of every game in PGN databases. `open.rs` reads an input
//! (plain, gzip, zstd, bzip2) on its own thread; `read.rs` runs it through the scanner
//! (`chess960_cli::pgn`) and `game.rs` reads each game's tags; then a sink: `list.rs` (a line
//! per game), `stats.rs` (a row per start), `html.rs` (the map), `select.rs` (`--sp`,
//! `--split`), or `fix.rs` (`--fix`, `--check`: the tags repaired, games byte for byte
//! otherwise). Several files are listed or counted in parallel, and written in input order
//! (`blocks.rs`).

mod blocks;
mod fix;
mod game;
mod halves;
mod html;
mod list;
mod open;
mod read;
mod select;
mod stats;

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;
use std::thread;

use chess960::fen::CastlingNotation;
use chess960::game::{Repair, VariantTag};
use chess960::numbering::Numbering;
use chess960_cli::escape::escaped;
use chess960_cli::pgn::fix::{Counts, FixOptions};
use chess960_cli::pos;

use crate::args::{CastlingArg, GamesArgs, GamesFormat, VariantTagArg};
use crate::progress::ByteProgress;
use crate::report::report;
use blocks::{Blocks, write_blocks};
use list::{ListFormat, Listing};
use open::Input;
use read::{Ended, Filter, Sink};
use select::{Select, Split};
use stats::Table;

/// Runs `chess960 games`.
pub fn run(out: &mut impl Write, args: &GamesArgs, numbering: Numbering) -> io::Result<ExitCode> {
    let files: Vec<PathBuf> = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let filter = Filter {
        min_elo: args.min_elo,
    };
    let format = match args.format {
        GamesFormat::Text => ListFormat::Text,
        GamesFormat::Csv => ListFormat::Csv,
        GamesFormat::Json => ListFormat::Json,
        GamesFormat::Html if args.stats => ListFormat::Text,
        GamesFormat::Html => {
            report("games: --format html is the map of --stats; add --stats");
            return Ok(ExitCode::FAILURE);
        }
    };
    let mut starts = HashSet::new();
    for text in &args.sp {
        match pos::parse_pair(&text.to_string_lossy(), numbering) {
            Ok(pair) => {
                starts.insert(pair);
            }
            Err(err) => {
                let hint = if Path::new(text).is_file() {
                    " (a file: put the files before --sp, or end its POS list with --)"
                } else {
                    ""
                };
                report(&format!(
                    "--sp {}: {err}{hint}",
                    escaped(text.as_encoded_bytes())
                ));
                return Ok(ExitCode::FAILURE);
            }
        }
    }

    let reading = Reading::new(&files, filter);
    let bar = ByteProgress::new(reading.total, reading.read.clone(), reading.games.clone());
    let all_read = if args.fix || args.check {
        let options = FixOptions {
            repair: Repair::DEFAULT
                .variant_tag(match args.variant_tag {
                    VariantTagArg::Chess960 => VariantTag::Chess960,
                    VariantTagArg::Fischerandom => VariantTag::Fischerandom,
                })
                .castling(match args.castling {
                    CastlingArg::XFen => CastlingNotation::XFen,
                    CastlingArg::Shredder => CastlingNotation::Shredder,
                }),
            sp_tag: args.add_sp_tag.clone(),
        };
        let (all_read, counts) = match args.check {
            true => reading.fix(&mut io::sink(), &options, &bar)?,
            false => reading.fix(&mut *out, &options, &bar)?,
        };
        drop(bar);
        eprintln!("{}", fix::summary(counts, args.check));
        let problems = counts.changed + counts.refused > 0;
        return Ok(match all_read && !(args.check && problems) {
            true => ExitCode::SUCCESS,
            false => ExitCode::FAILURE,
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
        let games = reading.games.load(Ordering::Relaxed);
        let files = split.finish()?;
        eprintln!(
            "chess960: {games} games written to {files} files in {}",
            dir.display()
        );
        all_read
    } else if !starts.is_empty() {
        reading.each_in_turn(&mut Select::new(&mut *out, starts))?
    } else if args.stats {
        let (table, all_read) = reading.stats()?;
        if table.without_start > 0 {
            eprintln!(
                "chess960: {} games have no start position (list them with `chess960 games`)",
                table.without_start
            );
        }
        match args.format {
            GamesFormat::Html => html::write(out, &table)?,
            _ => stats::write(out, &table, format)?,
        }
        all_read
    } else {
        if format == ListFormat::Csv {
            list::write_csv_header(out, files.len() > 1)?;
        }
        reading.list(out, format)?
    };
    Ok(if all_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The inputs, and what is shared while reading them.
struct Reading<'a> {
    files: &'a [PathBuf],
    filter: Filter,
    /// Bytes read of each file, for the bar.
    read: Vec<Arc<AtomicU64>>,
    /// Games read, for the bar.
    games: Arc<AtomicU64>,
    /// The files' sizes, when all are regular files.
    total: Option<u64>,
}

/// A file's name as the listing shows it.
fn name(path: &Path) -> String {
    escaped(path.as_os_str().as_encoded_bytes())
}

impl<'a> Reading<'a> {
    fn new(files: &'a [PathBuf], filter: Filter) -> Self {
        let total = files
            .iter()
            .map(|f| {
                (f.as_os_str() != "-")
                    .then(|| std::fs::metadata(f).ok().filter(|m| m.is_file()))
                    .flatten()
                    .map(|m| m.len())
            })
            .sum();
        Reading {
            files,
            filter,
            read: files.iter().map(|_| Arc::default()).collect(),
            games: Arc::default(),
            total,
        }
    }

    /// Reads file `i` into `sink`; false (after saying why) if it could not be read to its end.
    fn read_file<S: Sink>(&self, i: usize, sink: &mut S) -> io::Result<bool> {
        self.with_file(i, |input| read::read(input, sink, self.filter, &self.games))
    }

    /// Opens file `i` and reads it with `read`; false (after saying why) if it could not be
    /// opened or read to its end.
    fn with_file(
        &self,
        i: usize,
        read: impl FnOnce(&mut Input) -> io::Result<Ended>,
    ) -> io::Result<bool> {
        let (Some(path), Some(counter)) = (self.files.get(i), self.read.get(i)) else {
            return Ok(true);
        };
        let mut input = match Input::open(path, Arc::clone(counter)) {
            Ok(input) => input,
            Err(err) => {
                report(&format!("{}: {err}", name(path)));
                return Ok(false);
            }
        };
        let ended = read(&mut input)?;
        Ok(self.ended(path, ended))
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
            let prefix = match self.files.len() {
                1 => String::new(),
                _ => format!("{}: ", name(path)),
            };
            all &= self.with_file(i, |input| {
                let (ended, file) = fix::fix(input, out, options, &prefix, &mut say, &self.games)?;
                counts.add(file);
                Ok(ended)
            })?;
        }
        out.flush()?;
        stderr.flush()?;
        Ok((all, counts))
    }

    /// Whether `path` was read to its end; if not, says why.
    fn ended(&self, path: &Path, ended: Ended) -> bool {
        match ended {
            Ended::Done => true,
            Ended::ReadError(games, err) => {
                report(&format!(
                    "{}: reading stopped after {games} games: {err}",
                    name(path)
                ));
                false
            }
        }
    }

    /// Reads the files one after another into `sink`.
    fn each_in_turn<S: Sink>(&self, sink: &mut S) -> io::Result<bool> {
        let mut all = true;
        for i in 0..self.files.len() {
            all &= self.read_file(i, sink)?;
        }
        Ok(all)
    }

    /// Lists every game, the files read in parallel and written in order.
    fn list(&self, out: &mut impl Write, format: ListFormat) -> io::Result<bool> {
        if let [_] = self.files {
            let mut listing = Listing::new(&mut *out, format, None);
            let all = self.read_file(0, &mut listing)?;
            listing.flush()?;
            return Ok(all);
        }
        let names: Vec<String> = self.files.iter().map(|f| name(f)).collect();
        let (senders, receivers): (Vec<_>, Vec<_>) = self
            .files
            .iter()
            .map(|_| {
                let (send, receive) = sync_channel(16);
                (std::sync::Mutex::new(Some(send)), receive)
            })
            .unzip();
        self.in_parallel(
            |i| {
                // The worker owns its file's sender: the writer's loop ends when it is dropped.
                let send = senders.get(i).and_then(|s| s.lock().ok()?.take());
                let Some(send) = send else {
                    return Ok(true);
                };
                let mut blocks = Blocks::new(send);
                let file = names.get(i).map(String::as_str);
                let mut listing = Listing::new(&mut blocks, format, file);
                let all = self.read_file(i, &mut listing);
                listing.flush()?;
                drop(listing);
                blocks.flush()?;
                all
            },
            // On a write error the receivers are dropped, so the readers stop too.
            move || {
                for receiver in receivers {
                    write_blocks(out, &receiver)?;
                }
                Ok(())
            },
        )
    }

    /// Counts the games per start, the files read in parallel (one large plain file in two
    /// parts).
    fn stats(&self) -> io::Result<(Table, bool)> {
        if let ([path], Some(size), Some(read)) = (self.files, self.total, self.read.first()) {
            if size >= halves::WORTH_TWO {
                if let Some((table, ended)) =
                    halves::stats(path, size, self.filter, read, &self.games)?
                {
                    return Ok((table, self.ended(path, ended)));
                }
                // Not in two parts after all: start again.
                read.store(0, Ordering::Relaxed);
                self.games.store(0, Ordering::Relaxed);
            }
        }
        let tables: Vec<std::sync::Mutex<Table>> =
            self.files.iter().map(|_| Default::default()).collect();
        let all = self.in_parallel(
            |i| {
                let mut table = Table::default();
                let all = self.read_file(i, &mut table);
                if let Some(slot) = tables.get(i) {
                    *slot
                        .lock()
                        .map_err(|_| io::Error::other("a reader failed"))? = table;
                }
                all
            },
            || Ok(()),
        )?;
        let mut total = Table::default();
        for table in tables {
            total.merge(
                table
                    .into_inner()
                    .map_err(|_| io::Error::other("a reader failed"))?,
            );
        }
        Ok((total, all))
    }

    /// Runs `each` on every file index, on as many threads as there are cores (files taken in
    /// order), while `meanwhile` runs here.
    fn in_parallel(
        &self,
        each: impl Fn(usize) -> io::Result<bool> + Sync,
        meanwhile: impl FnOnce() -> io::Result<()>,
    ) -> io::Result<bool> {
        let next = AtomicUsize::new(0);
        let workers = thread::available_parallelism()
            .map_or(1, usize::from)
            .min(self.files.len())
            .max(1);
        thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    scope.spawn(|| -> io::Result<bool> {
                        let mut all = true;
                        loop {
                            let i = next.fetch_add(1, Ordering::Relaxed);
                            if i >= self.files.len() {
                                return Ok(all);
                            }
                            all &= each(i)?;
                        }
                    })
                })
                .collect();
            let written = meanwhile();
            let mut all = true;
            for handle in handles {
                all &= handle
                    .join()
                    .map_err(|_| io::Error::other("a reader failed"))??;
            }
            written.map(|()| all)
        })
    }
}

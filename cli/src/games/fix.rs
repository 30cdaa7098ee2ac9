//! `games --fix` and `--check`: an input through the fixer (`chess960_cli::pgn::fix`), its
//! games to the output with their Chess960 tags repaired (nowhere, for --check), and each
//! change or refusal told as a line `game N: what, from → to`.

use std::cell::Cell;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use chess960_cli::pgn::fix::{Counts, FixOptions, Fixer, Report};

use super::open::Input;
use super::read::{self, Ended};

/// Fixes `input` into `out`, telling `say` each report, each prefixed with `prefix` (the
/// file's name, when there are several); `games` counts the games for the bar. A write error
/// is returned at once.
pub fn fix(
    input: &mut Input,
    out: &mut dyn Write,
    options: &FixOptions,
    prefix: &str,
    say: &mut dyn FnMut(&str),
    games: &AtomicU64,
) -> io::Result<(Ended, Counts)> {
    let mut fixer = Fixer::new(out, options.clone(), |report| {
        let line = match report {
            Report::Changed(n, what) => format!("{prefix}game {n}: {what}"),
            Report::Refused(n, why) => format!("{prefix}game {n}: left as it was: {why}"),
        };
        say(&line);
    });
    let counted = Cell::new(0);
    let (read_error, _) = read::scan(input, &mut fixer, |fixer| {
        let read = fixer.counts().games;
        games.fetch_add(read - counted.replace(read), Ordering::Relaxed);
        fixer.has_error()
    });
    if let Some(err) = fixer.take_error() {
        return Err(err);
    }
    let counts = fixer.counts();
    games.fetch_add(counts.games - counted.get(), Ordering::Relaxed);
    let ended = match read_error {
        None => Ended::Done,
        Some(err) => Ended::ReadError(counts.games, err),
    };
    Ok((ended, counts))
}

/// The closing line: how many games changed (or would), and how many were left as they were.
pub fn summary(counts: Counts, check: bool) -> String {
    let Counts {
        games,
        changed,
        refused,
    } = counts;
    let verb = if check { "would change" } else { "fixed" };
    let mut line = format!("chess960: {changed} of {games} games {verb}");
    if refused > 0 {
        line.push_str(&format!(
            ", {refused} Chess960 games left as they were (see above)"
        ));
    }
    line
}

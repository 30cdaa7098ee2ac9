//! `games --fix` and `--check`: each change or refusal the fixer (`chess960_pgn::fix`) tells,
//! as a line `game N: what, from → to`, and the closing summary.

use std::fmt::Write as _;
use std::io::Write;

use chess960_pgn::Input;
use chess960_pgn::fix::{Counts, FixOptions, Report, Stopped};

/// Fixes `input` into `out`, telling `say` each report, each prefixed with `prefix` (the
/// file's name, when there are several). A write error stops it at once.
pub fn fix(
    input: &mut Input,
    out: &mut dyn Write,
    options: &FixOptions,
    prefix: &str,
    say: &mut dyn FnMut(&str),
) -> Result<Counts, Stopped> {
    // One line buffer for every report: a database may have millions.
    let mut line = String::new();
    chess960_pgn::fix::fix(input, out, options, |report| {
        line.clear();
        let _ = match report {
            Report::Changed(n, what) => write!(line, "{prefix}game {n}: {what}"),
            Report::Refused(n, why) => {
                write!(
                    line,
                    "{prefix}game {n}: Chess960 tags left as they were: {why}"
                )
            }
        };
        say(&line);
    })
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
            ", the Chess960 tags of {refused} left as they were (see above)"
        ));
    }
    line
}

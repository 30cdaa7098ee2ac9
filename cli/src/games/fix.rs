//! `games --fix` and `--check`: each change or refusal the fixer (`chess960_pgn::fix`) tells,
//! as a line `game N: what, from → to` or `FILE: game N: left as it was: why`, and the closing
//! summary.

use std::fmt::Write as _;
use std::io::Write;

use chess960_pgn::Input;
use chess960_pgn::fix::{Counts, FixOptions, Report, Stopped};

/// Fixes `input` (the file named `file`) into `out`, telling `say` each report: a change
/// prefixed with the file's name when there are `several`, a game left as it was always (it
/// needs a person, who needs to find it). A write error stops it at once.
pub fn fix(
    input: &mut Input,
    out: &mut dyn Write,
    options: &FixOptions,
    (file, several): (&str, bool),
    say: &mut dyn FnMut(&str),
) -> Result<Counts, Stopped> {
    let prefix = if several { file } else { "" };
    let colon = if several { ": " } else { "" };
    // One line buffer for every report: a database may have millions.
    let mut line = String::new();
    chess960_pgn::fix::fix(input, out, options, |report| {
        line.clear();
        let _ = match report {
            Report::Changed(n, what) => write!(line, "{prefix}{colon}game {n}: {what}"),
            Report::Refused(n, why) => {
                write!(line, "{file}: game {n}: left as it was: {why}")
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
        let was = if refused == 1 { "it was" } else { "they were" };
        line.push_str(&format!(
            ", {refused} left as {was}: tags that cannot be repaired (see above)"
        ));
    }
    line
}

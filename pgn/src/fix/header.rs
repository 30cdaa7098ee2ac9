//! One game's tag section with its tags repaired (`chess960::game::Repair`): the Seven Tag
//! Roster first (completed: `?` for what is unknown, `Result` from the termination marker),
//! then the other lines in their order; one Variant, SetUp and FEN line (and the
//! SP tag, if asked for) where the first of each was, a missing one added (Variant after the
//! roster, SetUp before FEN, FEN after SetUp); each line's end as it was, new lines with the
//! game's first line's end.

use chess960::game::{NoStart, Repair, RepairError};

use super::arrange::{Item, ROSTER, SP, arrange, reordered, roster_value, which};
use super::lines::{Line, split_lines};
use crate::moves::Shown;

/// How tag sections are rewritten.
///
/// ```
/// let options = chess960_pgn::fix::FixOptions::default();
/// assert!(options.roster && options.sp_tag.is_none());
/// ```
#[derive(Clone, Debug)]
pub struct FixOptions {
    /// The Variant spelling and castling notation.
    pub repair: Repair,
    /// The name of a tag to hold the start's Scharnagl id (`105`, or `105-451` for a pair).
    pub sp_tag: Option<String>,
    /// Whether every game with tags gets the whole Seven Tag Roster, as the PGN standard's
    /// export format asks (`?` for an unknown value, `????.??.??` for the date, the Result
    /// from the termination marker, else `*`).
    pub roster: bool,
}

impl Default for FixOptions {
    /// `Variant "Chess960"`, X-FEN castling, no SP tag, the roster completed.
    fn default() -> Self {
        FixOptions {
            repair: Repair::DEFAULT,
            sp_tag: None,
            roster: true,
        }
    }
}

/// A tag section, fixed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The new tag section; `None` when it stays as it was.
    pub rewritten: Option<Vec<u8>>,
    /// What changed, each as `what, from → to`.
    pub changes: Vec<String>,
    /// Why the tag section is left whole as it was, roster and all (a FEN that is no FEN, a
    /// line that begins as a Variant, SetUp or FEN tag but is none, castling letters or FEN
    /// tags that do not read one way); `None` when it is not, or the game is not Chess960.
    pub refused: Option<String>,
    /// Whether a `Result` tag was added as `*` for want of the termination marker: fix the
    /// tag section again with the marker once the game is read.
    pub wants_marker: bool,
}

/// The tag section `header` (a game's first lines, as the scanner gives them) fixed; `marker`
/// is the game's termination marker, if known, for a Result tag it lacks.
///
/// ```
/// use chess960_pgn::fix::{FixOptions, fix_header};
///
/// let outcome = fix_header(b"[Event \"x\"]\n[White \"a\"]\n", &FixOptions::default(), Some("1-0"));
/// let fixed = String::from_utf8(outcome.rewritten.unwrap()).unwrap();
/// assert_eq!(fixed, "[Event \"x\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
///                    [White \"a\"]\n[Black \"?\"]\n[Result \"1-0\"]\n");
/// assert_eq!(outcome.changes, ["Seven Tag Roster completed, none → Site \"?\", Date \"????.??.??\", \
///                               Round \"?\", Black \"?\", Result \"1-0\""]);
/// ```
pub fn fix_header(header: &[u8], options: &FixOptions, marker: Option<&str>) -> Outcome {
    let (lines, tail) = split_lines(header);
    let plan = plan(&lines, options, marker);
    let rewritten = plan.rewrites().then(|| {
        let mut out = Vec::with_capacity(header.len() + 128);
        render(&lines, &plan, tail, &mut out);
        out
    });
    Outcome {
        rewritten,
        changes: plan.changes,
        refused: plan.refused,
        wants_marker: plan.wants_marker,
    }
}

/// What to do with a tag section, decided from its lines' tag names and the values of the
/// tags it repairs (the same for every tag section alike in those, so it can be kept and
/// used again: `cache.rs`).
#[derive(Clone, Debug, Default)]
pub(super) struct Plan {
    /// The output lines; empty when the section stays as it was.
    pub(super) items: Vec<Item>,
    /// The tags written: Variant, SetUp, FEN and the SP tag, name and value.
    pub(super) written: Vec<(Vec<u8>, String)>,
    /// An added Result tag's value.
    pub(super) result: String,
    pub(super) changes: Vec<String>,
    pub(super) refused: Option<String>,
    pub(super) wants_marker: bool,
}

impl Plan {
    /// The bytes it holds, roughly: its vectors' and texts' contents.
    pub(super) fn bytes(&self) -> usize {
        let texts = |texts: &[String]| texts.iter().map(String::len).sum::<usize>();
        self.items.len() * std::mem::size_of::<Item>()
            + self
                .written
                .iter()
                .map(|(name, value)| name.len() + value.len())
                .sum::<usize>()
            + self.result.len()
            + texts(&self.changes)
            + self.refused.as_ref().map_or(0, String::len)
    }

    /// Whether the section is rewritten.
    pub(super) fn rewrites(&self) -> bool {
        !self.changes.is_empty()
    }
}

/// The plan for a tag section's `lines`.
pub(super) fn plan(lines: &[Line], options: &FixOptions, marker: Option<&str>) -> Plan {
    let missing: Vec<usize> = match options.roster && lines.iter().any(|l| l.tag.is_some()) {
        true => (0..ROSTER.len())
            .filter(|&k| !lines.iter().any(|l| l.name() == ROSTER.get(k).copied()))
            .collect(),
        false => Vec::new(),
    };
    let result = marker.unwrap_or("*");
    let roster_change = (!missing.is_empty()).then(|| {
        let added: Vec<String> = missing
            .iter()
            .map(|&k| {
                let name = ROSTER.get(k).copied().unwrap_or_default();
                format!(
                    "{} \"{}\"",
                    String::from_utf8_lossy(name),
                    roster_value(k, result)
                )
            })
            .collect();
        format!("Seven Tag Roster completed, none → {}", added.join(", "))
    });
    let wants_marker = marker.is_none() && missing.contains(&(ROSTER.len() - 1));
    let roster_only = || match &roster_change {
        None => Plan::default(),
        Some(change) => {
            let (items, _) = arrange(lines, &[], &missing);
            let mut changes = vec![change.clone()];
            changes.extend(reordered(lines, &items));
            Plan {
                items,
                written: Vec::new(),
                result: result.to_owned(),
                changes,
                refused: None,
                wants_marker,
            }
        }
    };
    // A Chess960 game whose tags cannot be repaired is left whole as it was, for a person.
    let refuse = |why: String| Plan {
        refused: Some(why),
        ..Plan::default()
    };
    if let Some(line) = lines.iter().find(|line| line.broken.is_some()) {
        let name = line.broken.unwrap_or_default();
        let text = line.text.get(..96).unwrap_or(line.text);
        return refuse(format!(
            "a line begins as a {name} tag but is none (a tag is [{name} \"value\"]): {}",
            Shown(text, false)
        ));
    }
    let mut values = Vec::new();
    for (name, value) in lines.iter().filter_map(|line| line.tag.as_ref()) {
        let name = match &name[..] {
            b"Variant" => "Variant",
            b"SetUp" => "SetUp",
            b"FEN" => "FEN",
            _ => continue,
        };
        match std::str::from_utf8(value) {
            Ok(value) => values.push((name, value)),
            Err(_) => return refuse(format!("{name} tag is not UTF-8")),
        }
    }
    let repaired = match options.repair.repair(values.iter().copied()) {
        Ok(repaired) => repaired,
        Err(
            error @ (RepairError::NoStart(NoStart::BadFen(_))
            | RepairError::AmbiguousCastling { .. }
            | RepairError::FensDisagree { .. }),
        ) => return refuse(error.to_string()),
        Err(_) => return roster_only(),
    };
    let start = repaired.start();
    let sp_value = match start.single() {
        Some(sp) => sp.id().to_string(),
        None => format!("{}-{}", start.white().id(), start.black().id()),
    };
    let sp_name = options.sp_tag.as_deref().unwrap_or_default().as_bytes();
    let written: [(&[u8], &str); 4] = [
        (b"Variant", repaired.variant()),
        (b"SetUp", repaired.setup()),
        (b"FEN", repaired.fen().as_str()),
        (sp_name, &sp_value),
    ];
    let wanted = if options.sp_tag.is_some() { 4 } else { 3 };
    let written = written.get(..wanted).unwrap_or_default();
    let (items, counts) = arrange(lines, written, &missing);

    let mut changes: Vec<String> = roster_change.into_iter().collect();
    changes.extend(repaired.changes().map(|c| c.to_string()));
    if let (Some(name), Some(&count)) = (&options.sp_tag, counts.get(SP)) {
        let first = lines
            .iter()
            .find(|l| which(l, written) == Some(SP))
            .and_then(|l| l.tag.as_ref());
        let from = first.map(|(_, v)| String::from_utf8_lossy(v));
        match (from, count) {
            (None, _) => changes.push(format!("{name} added, none → \"{sp_value}\"")),
            (Some(from), 1) if from == sp_value => {}
            (Some(from), 1) => changes.push(format!("{name}, \"{from}\" → \"{sp_value}\"")),
            (Some(from), n) => changes.push(format!(
                "{n} {name} tags merged, \"{from}\" → \"{sp_value}\""
            )),
        }
    }
    changes.extend(reordered(lines, &items));
    if changes.is_empty() {
        return Plan::default();
    }
    Plan {
        items,
        written: written
            .iter()
            .map(|(name, value)| (name.to_vec(), (*value).to_owned()))
            .collect(),
        result: result.to_owned(),
        changes,
        refused: None,
        wants_marker,
    }
}

/// The tag section as `plan` has it, into `out`: the items' lines, each with its line end (a
/// new one with the game's first line's), then `tail`.
pub(super) fn render(lines: &[Line], plan: &Plan, tail: &[u8], out: &mut Vec<u8>) {
    let eol: &[u8] = match lines.first() {
        Some(line) if line.end == b"\r\n" => b"\r\n",
        _ => b"\n",
    };
    let (written, result) = (&plan.written, plan.result.as_str());
    for item in &plan.items {
        let end = match item {
            Item::Keep(i) => {
                let Some(line) = lines.get(*i) else { continue };
                out.extend_from_slice(line.text);
                line.end
            }
            Item::Write(k, replaced) => {
                let Some((name, value)) = written.get(*k) else {
                    continue;
                };
                out.push(b'[');
                out.extend_from_slice(name);
                out.extend_from_slice(b" \"");
                out.extend_from_slice(value.as_bytes());
                out.extend_from_slice(b"\"]");
                replaced
                    .and_then(|i| lines.get(i))
                    .map_or(&b""[..], |l| l.end)
            }
            Item::Roster(k) => {
                out.push(b'[');
                out.extend_from_slice(ROSTER.get(*k).copied().unwrap_or_default());
                out.extend_from_slice(b" \"");
                out.extend_from_slice(roster_value(*k, result).as_bytes());
                out.extend_from_slice(b"\"]");
                b""
            }
        };
        out.extend_from_slice(if end.is_empty() { eol } else { end });
    }
    out.extend_from_slice(tail);
}

//! One game's tag section with its tags repaired (`chess960::game::Repair`): the Seven Tag
//! Roster first (completed: `?` for what is unknown, `Result` from the termination marker),
//! then the other lines in their order; one Variant, SetUp and FEN line (and the
//! SP tag, if asked for) where the first of each was, a missing one added (Variant after the
//! roster, SetUp before FEN, FEN after SetUp); each line's end as it was, new lines with the
//! game's first line's end.

use std::borrow::Cow;

use chess960::game::{NoStart, Repair, RepairError};

use super::lines::{Line, split_lines};

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
    /// Why a Chess960 game's tags were left as they were (a FEN that is no FEN, castling
    /// letters or FEN tags that do not read one way); `None` when they were not, or the game is
    /// not Chess960.
    pub refused: Option<String>,
    /// Whether a `Result` tag was added as `*` for want of the termination marker: fix the
    /// tag section again with the marker once the game is read.
    pub wants_marker: bool,
}

/// The Seven Tag Roster, in its order.
pub const ROSTER: [&[u8]; 7] = [
    b"Event", b"Site", b"Date", b"Round", b"White", b"Black", b"Result",
];

/// The tags written: Variant, SetUp, FEN, and the SP tag.
const VARIANT: usize = 0;
const SETUP: usize = 1;
const FEN: usize = 2;
const SP: usize = 3;

/// An output line: line `i` kept, tag `k` of the four written, in place of the line it
/// replaces, if any, or roster tag `k` added.
enum Item {
    Keep(usize),
    Write(usize, Option<usize>),
    Roster(usize),
}

impl Item {
    /// The input line it comes from.
    fn origin(&self) -> Option<usize> {
        match *self {
            Item::Keep(i) => Some(i),
            Item::Write(_, replaced) => replaced,
            Item::Roster(_) => None,
        }
    }
}

/// The value of a roster tag added: `?`, the date's unknown form, the Result given.
fn roster_value(k: usize, result: &str) -> &str {
    match ROSTER.get(k).copied() {
        Some(b"Date") => "????.??.??",
        Some(b"Result") => result,
        _ => "?",
    }
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
    let roster_only = |refused: Option<String>| match &roster_change {
        None => Outcome {
            refused,
            ..Outcome::default()
        },
        Some(change) => {
            let (items, _) = arrange(&lines, &[], &missing);
            let mut changes = vec![change.clone()];
            changes.extend(reordered(&lines, &items));
            Outcome {
                rewritten: Some(write(&lines, &items, &[], result, tail)),
                changes,
                refused,
                wants_marker,
            }
        }
    };
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
            Err(_) => return roster_only(Some(format!("{name} tag is not UTF-8"))),
        }
    }
    let repaired = match options.repair.repair(values.iter().copied()) {
        Ok(repaired) => repaired,
        Err(
            error @ (RepairError::NoStart(NoStart::BadFen(_))
            | RepairError::AmbiguousCastling { .. }
            | RepairError::FensDisagree { .. }),
        ) => return roster_only(Some(error.to_string())),
        Err(_) => return roster_only(None),
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
    let (items, counts) = arrange(&lines, written, &missing);

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
    changes.extend(reordered(&lines, &items));
    if changes.is_empty() {
        return Outcome::default();
    }
    Outcome {
        rewritten: Some(write(&lines, &items, written, result, tail)),
        changes,
        refused: None,
        wants_marker,
    }
}

/// Which of the tags written a line is, if any.
fn which(line: &Line, written: &[(&[u8], &str)]) -> Option<usize> {
    let name = line.name()?;
    written.iter().position(|(n, _)| *n == name)
}

/// The output lines in order (roster tags `missing` added), and how many lines the input had
/// of each tag written.
fn arrange(
    lines: &[Line],
    written: &[(&[u8], &str)],
    missing: &[usize],
) -> (Vec<Item>, [usize; 4]) {
    let mut items: Vec<Item> = Vec::with_capacity(lines.len() + 11);
    for (k, name) in ROSTER.into_iter().enumerate() {
        if missing.contains(&k) {
            items.push(Item::Roster(k));
        }
        let roster = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.name() == Some(name));
        items.extend(roster.map(|(i, _)| Item::Keep(i)));
    }
    let roster_end = items.len();
    let mut counts = [0usize; 4];
    for (i, line) in lines.iter().enumerate() {
        if line.name().is_some_and(|name| ROSTER.contains(&name)) {
            continue;
        }
        let Some(k) = which(line, written) else {
            items.push(Item::Keep(i));
            continue;
        };
        let (Some(count), Some((_, value))) = (counts.get_mut(k), written.get(k)) else {
            continue;
        };
        *count += 1;
        if *count == 1 {
            let same = line
                .tag
                .as_ref()
                .is_some_and(|(_, v)| **v == *value.as_bytes());
            items.push(if same {
                Item::Keep(i)
            } else {
                Item::Write(k, Some(i))
            });
        }
    }
    let at = |items: &[Item], k: usize| {
        items.iter().position(|item| match item {
            Item::Keep(i) => lines.get(*i).and_then(|l| which(l, written)) == Some(k),
            Item::Write(n, _) => *n == k,
            Item::Roster(_) => false,
        })
    };
    let [variants, setups, fens, sps] = counts;
    if variants == 0 {
        items.insert(roster_end, Item::Write(VARIANT, None));
    }
    if fens == 0 {
        match at(&items, SETUP) {
            Some(setup) => items.insert(setup + 1, Item::Write(FEN, None)),
            None => items.push(Item::Write(FEN, None)),
        }
    }
    if setups == 0 {
        let fen = at(&items, FEN).unwrap_or(items.len());
        items.insert(fen, Item::Write(SETUP, None));
    }
    if written.len() > SP && sps == 0 {
        let fen = at(&items, FEN).map_or(items.len(), |fen| fen + 1);
        items.insert(fen, Item::Write(SP, None));
    }
    (items, counts)
}

/// `tags reordered, from → to` (the input's tag names in both orders), if tags moved.
fn reordered(lines: &[Line], items: &[Item]) -> Option<String> {
    let kept: Vec<usize> = items
        .iter()
        .filter_map(Item::origin)
        .filter(|i| lines.get(*i).is_some_and(|l| l.tag.is_some()))
        .collect();
    if kept.is_sorted() {
        return None;
    }
    let names = |order: &[usize]| {
        let names: Vec<Cow<str>> = order
            .iter()
            .filter_map(|&i| lines.get(i)?.name())
            .map(String::from_utf8_lossy)
            .collect();
        names.join(" ")
    };
    let mut before = kept.clone();
    before.sort_unstable();
    Some(format!(
        "tags reordered, {} → {}",
        names(&before),
        names(&kept)
    ))
}

/// The tag section: the items' lines, each with its line end (a new one with the game's
/// first line's), then `tail`; `result` is an added Result tag's value.
fn write(
    lines: &[Line],
    items: &[Item],
    written: &[(&[u8], &str)],
    result: &str,
    tail: &[u8],
) -> Vec<u8> {
    let eol: &[u8] = match lines.first() {
        Some(line) if line.end == b"\r\n" => b"\r\n",
        _ => b"\n",
    };
    let mut out = Vec::with_capacity(lines.iter().map(|l| l.text.len() + 2).sum::<usize>() + 128);
    for item in items {
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
    out
}

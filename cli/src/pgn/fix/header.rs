//! One game's tag section with its tags repaired (`chess960::game::Repair`): the Seven Tag
//! Roster first, then the other lines in their order; one Variant, SetUp and FEN line (and the
//! SP tag, if asked for) where the first of each was, a missing one added (Variant after the
//! roster, SetUp before FEN, FEN after SetUp); each line's end as it was, new lines with the
//! game's first line's end.

use std::borrow::Cow;

use chess960::game::{NoStart, Repair, RepairError};
use memchr::memchr;

use crate::pgn::read_tag;

/// How tag sections are rewritten.
#[derive(Clone, Debug, Default)]
pub struct FixOptions {
    /// The Variant spelling and castling notation.
    pub repair: Repair,
    /// The name of a tag to hold the start's Scharnagl id (`105`, or `105-451` for a pair).
    pub sp_tag: Option<String>,
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

/// One line of a tag section.
struct Line<'a> {
    /// Its bytes, without its line end.
    text: &'a [u8],
    /// `\n`, `\r\n`, or nothing (the input's last line).
    end: &'a [u8],
    /// Its tag, if it is one.
    tag: Option<(&'a [u8], Cow<'a, [u8]>)>,
}

impl<'a> Line<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        let text_len = match bytes {
            [.., b'\r', b'\n'] => bytes.len() - 2,
            [.., b'\n'] => bytes.len() - 1,
            _ => bytes.len(),
        };
        let (text, end) = bytes.split_at(text_len);
        Line {
            text,
            end,
            tag: read_tag(text, |_| true),
        }
    }

    fn name(&self) -> Option<&'a [u8]> {
        self.tag.as_ref().map(|(name, _)| *name)
    }
}

/// An output line: line `i` kept, or tag `k` of the four written, in place of the line it
/// replaces, if any.
enum Item {
    Keep(usize),
    Write(usize, Option<usize>),
}

impl Item {
    /// The input line it comes from.
    fn origin(&self) -> Option<usize> {
        match *self {
            Item::Keep(i) => Some(i),
            Item::Write(_, replaced) => replaced,
        }
    }
}

/// The tag section `header` (a game's first lines, as the scanner gives them) fixed.
pub fn fix_header(header: &[u8], options: &FixOptions) -> Outcome {
    let (lines, tail) = split_lines(header);
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
            Err(_) => return refused(format!("{name} tag is not UTF-8")),
        }
    }
    let repaired = match options.repair.repair(values.iter().copied()) {
        Ok(repaired) => repaired,
        Err(
            error @ (RepairError::NoStart(NoStart::BadFen(_))
            | RepairError::AmbiguousCastling { .. }
            | RepairError::FensDisagree { .. }),
        ) => return refused(error.to_string()),
        Err(_) => return Outcome::default(),
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
    let (items, counts) = arrange(&lines, written);

    let mut changes: Vec<String> = repaired.changes().map(|c| c.to_string()).collect();
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
        rewritten: Some(write(&lines, &items, written, tail)),
        changes,
        refused: None,
    }
}

/// Which of the tags written a line is, if any.
fn which(line: &Line, written: &[(&[u8], &str)]) -> Option<usize> {
    let name = line.name()?;
    written.iter().position(|(n, _)| *n == name)
}

/// The output lines in order, and how many lines the input had of each tag written.
fn arrange(lines: &[Line], written: &[(&[u8], &str)]) -> (Vec<Item>, [usize; 4]) {
    let mut items: Vec<Item> = Vec::with_capacity(lines.len() + 4);
    for name in ROSTER {
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
/// first line's), then `tail`.
fn write(lines: &[Line], items: &[Item], written: &[(&[u8], &str)], tail: &[u8]) -> Vec<u8> {
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
        };
        out.extend_from_slice(if end.is_empty() { eol } else { end });
    }
    out.extend_from_slice(tail);
    out
}

fn refused(why: String) -> Outcome {
    Outcome {
        refused: Some(why),
        ..Outcome::default()
    }
}

/// The lines of a tag section, and the white space after its last line end (which belongs to
/// the line after it); a last line without a line end is a line.
fn split_lines(header: &[u8]) -> (Vec<Line<'_>>, &[u8]) {
    let mut lines = Vec::new();
    let mut rest = header;
    while let Some(n) = memchr(b'\n', rest) {
        let (line, after) = rest.split_at(n + 1);
        lines.push(Line::new(line));
        rest = after;
    }
    if rest.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
        return (lines, rest);
    }
    lines.push(Line::new(rest));
    (lines, b"")
}

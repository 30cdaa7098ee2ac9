//! A tag section's lines put in order: the Seven Tag Roster first (completed), then the other
//! lines in their order, with the repaired tags where the first of each stood ([`arrange`]),
//! and what moved ([`reordered`]).

use std::borrow::Cow;

use super::lines::Line;

/// The Seven Tag Roster, in its order.
///
/// ```
/// assert_eq!(chess960_pgn::fix::ROSTER[6], b"Result");
/// ```
pub const ROSTER: [&[u8]; 7] = [
    b"Event", b"Site", b"Date", b"Round", b"White", b"Black", b"Result",
];

/// The tags written: Variant, SetUp, FEN, and the SP tag.
pub(super) const VARIANT: usize = 0;
pub(super) const SETUP: usize = 1;
pub(super) const FEN: usize = 2;
pub(super) const SP: usize = 3;

/// An output line: line `i` kept, tag `k` of the four written, in place of the line it
/// replaces, if any, or roster tag `k` added.
#[derive(Clone, Copy, Debug)]
pub(super) enum Item {
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
pub(super) fn roster_value(k: usize, result: &str) -> &str {
    match ROSTER.get(k).copied() {
        Some(b"Date") => "????.??.??",
        Some(b"Result") => result,
        _ => "?",
    }
}

/// Which of the tags written a line is, if any.
pub(super) fn which(line: &Line, written: &[(&[u8], &str)]) -> Option<usize> {
    let name = line.name()?;
    written.iter().position(|(n, _)| *n == name)
}

/// The output lines in order (roster tags `missing` added), and how many lines the input had
/// of each tag written.
pub(super) fn arrange(
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
pub(super) fn reordered(lines: &[Line], items: &[Item]) -> Option<String> {
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

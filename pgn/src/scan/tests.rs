//! The scanner on each convention of real files, and the same story whatever the chunks.

use super::{Event, HEADER_CAP, HeaderEnd, Recorder};

fn tag(name: &str, value: &str) -> Event {
    Event::Tag(name.into(), value.into())
}

fn bytes(text: &str) -> Event {
    Event::Bytes(text.into())
}

const READ: Event = Event::EndHeader(HeaderEnd::Read);

/// Every way of cutting `input` in two, and in one-byte chunks, tells what one chunk tells;
/// the preamble and the games are the input, and each tag section read is its game's first
/// lines, those that begin with `[`, `%` or `;`. The story, less the preamble and tag
/// sections.
fn scan(input: impl AsRef<[u8]>) -> Vec<Event> {
    let input = input.as_ref();
    let whole = Recorder::scan(input, &[]);
    for cut in 0..=input.len() {
        assert_eq!(Recorder::scan(input, &[cut]), whole, "cut at {cut}");
    }
    let every: Vec<usize> = (1..input.len()).collect();
    assert_eq!(Recorder::scan(input, &every), whole, "one-byte chunks");
    let mut all = Vec::new();
    let mut header: Option<&[u8]> = None;
    for event in &whole {
        match event {
            Event::Preamble(b) => all.extend_from_slice(b),
            Event::Header(h) => header = Some(h),
            Event::Bytes(game) => {
                if let Some(header) = header.take() {
                    assert!(game.starts_with(header));
                    assert!(header.split_inclusive(|&b| b == b'\n').all(|line| {
                        let line = line.trim_ascii_start();
                        matches!(line.first(), Some(b'[' | b'%' | b';'))
                    }));
                    let after = game[header.len()..].trim_ascii_start();
                    let rest_starts = game[header.len()..]
                        .iter()
                        .find(|b| !matches!(b, b' ' | b'\t' | b'\r'));
                    assert!(
                        after.is_empty() || !matches!(rest_starts, Some(b'[' | b'%' | b';')),
                        "the tag section ends where a line does not go on with it"
                    );
                }
                all.extend_from_slice(game);
            }
            _ => {}
        }
    }
    assert_eq!(all, input, "the preamble and the games are the input");
    whole
        .into_iter()
        .filter(|e| !matches!(e, Event::Preamble(_) | Event::Header(_)))
        .collect()
}

#[test]
fn games_with_moves_and_without() {
    let one = "[Event \"a\"]\n[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n\n";
    let two = "[Event \"b\"]\n\n*\n\n";
    let three = "[Event \"c\"]\n[Result \"*\"]\n\n[Event \"d\"]\n";
    let input = format!("{one}{two}{three}");
    let at = |s: &str| Event::Begin(input.find(s).unwrap() as u64);
    assert_eq!(
        scan(&input),
        [
            at("[Event \"a"),
            tag("Event", "a"),
            tag("Variant", "Chess960"),
            READ,
            bytes(one),
            Event::End,
            at("[Event \"b"),
            tag("Event", "b"),
            READ,
            bytes(two),
            Event::End,
            at("[Event \"c"),
            tag("Event", "c"),
            tag("Result", "*"),
            READ,
            bytes("[Event \"c\"]\n[Result \"*\"]\n\n"),
            Event::End,
            at("[Event \"d"),
            tag("Event", "d"),
            READ,
            bytes("[Event \"d\"]\n"),
            Event::End,
        ]
    );
}

#[test]
fn crlf_comments_escapes_and_a_bom() {
    let input = "\u{feff}\r\n% written by hand\r\n[Event \"a\"]\r\n; a comment line\r\n[FEN \"8/8\"]\r\n\r\n{ a comment\r\n[Event \"not a game\"] }\r\n1. e4 ; [Event \"nor this\"] {\r\n% escape\r\n[Event \"b\"]";
    let start = input.find("[Event \"a").unwrap();
    assert_eq!(
        scan(input),
        [
            Event::Begin(start as u64),
            tag("Event", "a"),
            tag("FEN", "8/8"),
            READ,
            bytes(&input[start..input.find("[Event \"b").unwrap()]),
            Event::End,
            Event::Begin(input.find("[Event \"b").unwrap() as u64),
            tag("Event", "b"),
            READ,
            bytes("[Event \"b\"]"),
            Event::End,
        ]
    );
}

#[test]
fn movetext_without_tags_is_a_game() {
    let input = "\n1. e4 e5 *\n[Event \"a\"]\n1. d4 *\n";
    assert_eq!(
        scan(input),
        [
            Event::Begin(1),
            READ,
            bytes("1. e4 e5 *\n"),
            Event::End,
            Event::Begin(12),
            tag("Event", "a"),
            READ,
            bytes("[Event \"a\"]\n1. d4 *\n"),
            Event::End,
        ]
    );
}

#[test]
fn nothing_but_blank_lines_is_no_game() {
    assert_eq!(scan(""), []);
    assert_eq!(scan("\n\r\n  \n% only an escape\n"), []);
}

#[test]
fn a_header_past_the_cap_stops_being_read() {
    let long = "x".repeat(HEADER_CAP);
    let input = format!(
        "[Event \"a\"]\n[Annotator \"{long}\"]\n[FEN \"late\"]\n\n1. e4 *\n[Event \"b\"]\n"
    );
    let events = Recorder::scan(input.as_bytes(), &[1000, 70_000, 700_000]);
    assert_eq!(
        events[..3],
        [
            Event::Begin(0),
            tag("Event", "a"),
            Event::EndHeader(HeaderEnd::TooLong)
        ]
    );
    assert_eq!(
        events[3],
        Event::Bytes(input[..input.find("[Event \"b").unwrap()].into())
    );
    assert_eq!(
        events[5..7],
        [
            Event::Begin(input.find("[Event \"b").unwrap() as u64),
            tag("Event", "b")
        ]
    );
    let whole = Recorder::scan(input.as_bytes(), &[]);
    assert_eq!(events, whole);
}

#[test]
fn a_byte_order_mark_is_skipped_only_at_the_start() {
    assert_eq!(
        scan("\u{feff}1. e4 *"),
        [Event::Begin(3), READ, bytes("1. e4 *"), Event::End]
    );
    assert_eq!(
        scan("\n\u{feff}"),
        [Event::Begin(1), READ, bytes("\u{feff}"), Event::End]
    );
}

#[test]
fn a_byte_order_mark_is_only_on_the_first_line() {
    // Found by the fuzzer: 0xBF at offset 2, after a line end, is movetext, not a mark.
    let input = b"\xbf\n\xbf[x\n\n0";
    assert_eq!(
        scan(input),
        [
            Event::Begin(0),
            READ,
            Event::Bytes(input.to_vec()),
            Event::End
        ]
    );
}

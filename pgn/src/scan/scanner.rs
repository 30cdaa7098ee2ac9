//! The [`Scanner`]: a PGN stream fed in chunks, each game's tags, bytes and ends told to a
//! [`Visitor`] as it goes, a tag section read up to [`HEADER_CAP`].

use memchr::memchr;

use super::movetext::{self, Stop};
use super::tag::read_tag;
use super::visitor::{HeaderEnd, Visitor};

/// The most bytes a game's tag section may have: a tag line that ends later is not read, and
/// the section ends there ([`HeaderEnd::TooLong`]). A visitor that holds a header back holds at
/// most this and one chunk.
pub const HEADER_CAP: usize = 1 << 20;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Section {
    /// Before the first game.
    Preamble,
    /// A game's tag section.
    Header,
    /// A game's movetext, or the blank line that ended its tag section.
    Moves,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum At {
    /// The start of a line, or its leading white space.
    LineStart,
    /// A tag line.
    Tag,
    /// The rest of a line that is skipped (`%`, `;`, a tag line past the cap).
    SkipLine,
    /// Movetext, outside comments.
    Moves,
    /// Inside a `{ }` comment.
    Brace,
}

/// A PGN stream's game boundaries, fed chunk by chunk ([`Scanner::feed`], then
/// [`Scanner::finish`]), told to a [`Visitor`].
///
/// ```
/// use chess960_pgn::scan::{Scanner, Visitor};
///
/// /// The offset of each game and its Event tag.
/// #[derive(Default)]
/// struct Events(Vec<(u64, String)>);
///
/// impl Visitor for Events {
///     fn begin_game(&mut self, offset: u64) {
///         self.0.push((offset, String::new()));
///     }
///     fn wants_tag(&self, name: &[u8]) -> bool {
///         name == b"Event"
///     }
///     fn tag(&mut self, _name: &[u8], value: &[u8]) {
///         if let Some((_, event)) = self.0.last_mut() {
///             *event = String::from_utf8_lossy(value).into_owned();
///         }
///     }
/// }
///
/// let pgn = b"[Event \"one\"]\n\n1. e4 { [Event \"no game\"] } 1-0\n\n[Event \"two\"]\n\n*\n";
/// let (mut scanner, mut events) = (Scanner::new(), Events::default());
/// for chunk in pgn.chunks(7) {
///     scanner.feed(chunk, &mut events);
/// }
/// scanner.finish(&mut events);
/// assert_eq!(events.0, [(0, "one".to_owned()), (48, "two".to_owned())]);
/// ```
pub struct Scanner {
    /// The input offset of the next chunk's first byte.
    offset: u64,
    section: Section,
    at: At,
    in_game: bool,
    header_open: bool,
    /// Where the current game began.
    game_start: u64,
    /// The first part of a tag line that runs past a chunk.
    tag_line: Vec<u8>,
    /// Whether no line has ended yet: a byte-order mark may begin the input.
    first_line: bool,
}

impl std::fmt::Debug for Scanner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scanner")
            .field("offset", &self.offset)
            .finish_non_exhaustive()
    }
}

impl Default for Scanner {
    fn default() -> Self {
        Scanner::new()
    }
}

impl Scanner {
    /// A scanner at the start of an input.
    pub const fn new() -> Self {
        Scanner {
            offset: 0,
            section: Section::Preamble,
            at: At::LineStart,
            in_game: false,
            header_open: false,
            game_start: 0,
            tag_line: Vec::new(),
            first_line: true,
        }
    }

    /// Whether a line beginning with `[` fed now would begin a new game (and not go on with a
    /// tag section, a comment or a skipped line): how a reader that split its input checks
    /// that the second part began where a game does.
    pub fn tag_now_begins_game(&self) -> bool {
        self.at == At::LineStart && self.section != Section::Header
    }

    /// Reads the next chunk of the input.
    pub fn feed<V: Visitor>(&mut self, chunk: &[u8], visitor: &mut V) {
        self.feed_until_game(chunk, visitor, false);
    }

    /// [`Scanner::feed`], stopping before a line beginning with `[` that begins a new game
    /// if `stop_at_game`: where it stopped (the bytes from there are not read), if it did.
    /// A scanner made new and fed the rest reads the games after it as this one would.
    pub(crate) fn feed_until_game<V: Visitor>(
        &mut self,
        chunk: &[u8],
        visitor: &mut V,
        stop_at_game: bool,
    ) -> Option<usize> {
        let mut stopped = None;
        let mut i = 0;
        // Bytes before `emitted` have gone to the visitor (or were preamble).
        let mut emitted = 0;
        // Where the tag line being read begins in this chunk.
        let mut tag_from = 0;
        while let Some(rest) = chunk.get(i..).filter(|rest| !rest.is_empty()) {
            match self.at {
                At::LineStart => {
                    let line_start = i;
                    let skip = rest
                        .iter()
                        .enumerate()
                        .position(|(k, &b)| !self.is_leading_space(b, i + k))
                        .unwrap_or(rest.len());
                    i += skip;
                    let Some(&first) = rest.get(skip) else { break };
                    self.check_cap(self.offset + i as u64, visitor);
                    match (first, self.section) {
                        (b'\n', _) => {
                            if self.section == Section::Header {
                                self.end_header_at(chunk, &mut emitted, line_start, visitor);
                                self.section = Section::Moves;
                            }
                            self.first_line = false;
                            i += 1;
                        }
                        (b'%', _) | (b';', Section::Preamble | Section::Header) => {
                            self.at = At::SkipLine;
                        }
                        (b'[', _) => {
                            if self.section != Section::Header {
                                if stop_at_game {
                                    stopped = Some(i);
                                    break;
                                }
                                self.begin_game(chunk, &mut emitted, i, visitor);
                            }
                            self.at = if self.header_open {
                                At::Tag
                            } else {
                                At::SkipLine
                            };
                            tag_from = i;
                        }
                        (_, Section::Moves) => self.at = At::Moves,
                        (_, Section::Preamble | Section::Header) => {
                            if self.section == Section::Preamble {
                                self.begin_game(chunk, &mut emitted, i, visitor);
                            }
                            self.end_header_at(chunk, &mut emitted, line_start, visitor);
                            self.section = Section::Moves;
                            self.at = At::Moves;
                        }
                    }
                }
                At::Tag => match memchr(b'\n', rest) {
                    Some(k) => {
                        let end = i + k;
                        let part = chunk.get(tag_from..end).unwrap_or_default();
                        if self.past_cap(end) {
                            self.tag_line = Vec::new();
                            self.close_header(HeaderEnd::TooLong, visitor);
                        } else if self.tag_line.is_empty() {
                            read_tag_line(part, visitor);
                        } else {
                            self.tag_line.extend_from_slice(part);
                            read_tag_line(&self.tag_line, visitor);
                            self.tag_line.clear();
                        }
                        i = end + 1;
                        self.at = At::LineStart;
                        self.first_line = false;
                    }
                    None => {
                        let part = chunk.get(tag_from..).unwrap_or_default();
                        if self.past_cap(chunk.len()) {
                            self.tag_line = Vec::new();
                            self.close_header(HeaderEnd::TooLong, visitor);
                            self.at = At::SkipLine;
                        } else {
                            self.tag_line.extend_from_slice(part);
                        }
                        i = chunk.len();
                    }
                },
                At::SkipLine => match memchr(b'\n', rest) {
                    Some(k) => {
                        i += k + 1;
                        self.at = At::LineStart;
                        self.first_line = false;
                    }
                    None => i = chunk.len(),
                },
                At::Moves | At::Brace => match movetext::skip(rest, self.at == At::Brace) {
                    Stop::End { in_brace } => {
                        self.at = if in_brace { At::Brace } else { At::Moves };
                        i = chunk.len();
                    }
                    Stop::Semicolon(k) => {
                        self.at = At::SkipLine;
                        i += k;
                    }
                    Stop::LineStart(k) => {
                        self.at = At::LineStart;
                        self.first_line = false;
                        i += k;
                    }
                },
            }
        }
        let end = stopped.unwrap_or(chunk.len());
        let rest = chunk.get(emitted..end).unwrap_or_default();
        if self.in_game {
            visitor.game_bytes(rest);
        } else {
            visitor.preamble(rest);
        }
        self.offset += end as u64;
        self.check_cap(self.offset, visitor);
        stopped
    }

    /// Ends the input: the last game's last tag line (if it has no line end) and the game.
    pub fn finish<V: Visitor>(&mut self, visitor: &mut V) {
        if self.at == At::Tag && !self.tag_line.is_empty() {
            read_tag_line(&self.tag_line, visitor);
        }
        self.tag_line = Vec::new();
        if self.in_game {
            self.close_header(HeaderEnd::Read, visitor);
            visitor.end_game();
        }
        *self = Scanner {
            offset: self.offset,
            ..Scanner::new()
        };
    }

    /// Space, tab and `\r` before a line's first character, and a byte-order mark on the
    /// input's first line.
    fn is_leading_space(&self, b: u8, i: usize) -> bool {
        matches!(b, b' ' | b'\t' | b'\r')
            || (self.first_line
                && matches!(
                    (self.offset + i as u64, b),
                    (0, 0xEF) | (1, 0xBB) | (2, 0xBF)
                ))
    }

    /// Ends an open tag section at byte `at` of the chunk (a line's start, or the chunk's if
    /// the line began before it): the game's bytes before it go to the visitor first.
    fn end_header_at<V: Visitor>(
        &mut self,
        chunk: &[u8],
        emitted: &mut usize,
        at: usize,
        visitor: &mut V,
    ) {
        if self.header_open {
            let at = at.max(*emitted);
            visitor.game_bytes(chunk.get(*emitted..at).unwrap_or_default());
            *emitted = at;
            self.close_header(HeaderEnd::Read, visitor);
        }
    }

    fn close_header<V: Visitor>(&mut self, end: HeaderEnd, visitor: &mut V) {
        if self.header_open {
            self.header_open = false;
            visitor.end_header(end);
        }
    }

    /// Whether byte `i` of the chunk is past the current game's first [`HEADER_CAP`] bytes:
    /// a tag line that ends there is not read.
    fn past_cap(&self, i: usize) -> bool {
        self.offset + i as u64 - self.game_start > HEADER_CAP as u64
    }

    /// Stops reading a tag section that has passed the cap at `offset`.
    fn check_cap<V: Visitor>(&mut self, offset: u64, visitor: &mut V) {
        if self.header_open && offset - self.game_start > HEADER_CAP as u64 {
            self.tag_line = Vec::new();
            if self.at == At::Tag {
                self.at = At::SkipLine;
            }
            self.close_header(HeaderEnd::TooLong, visitor);
        }
    }

    /// Ends the current game (if any) before `at` in `chunk`, and begins the next there.
    fn begin_game<V: Visitor>(
        &mut self,
        chunk: &[u8],
        emitted: &mut usize,
        at: usize,
        visitor: &mut V,
    ) {
        let before = chunk.get(*emitted..at).unwrap_or_default();
        if self.in_game {
            visitor.game_bytes(before);
            self.close_header(HeaderEnd::Read, visitor);
            visitor.end_game();
        } else {
            visitor.preamble(before);
        }
        *emitted = at;
        self.in_game = true;
        self.header_open = true;
        self.section = Section::Header;
        self.game_start = self.offset + at as u64;
        visitor.begin_game(self.game_start);
    }
}

fn read_tag_line<V: Visitor>(line: &[u8], visitor: &mut V) {
    if let Some((name, value)) = read_tag(line, |name| visitor.wants_tag(name)) {
        visitor.tag(name, &value);
    }
}

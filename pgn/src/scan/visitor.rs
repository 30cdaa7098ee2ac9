//! What the [`Scanner`](super::Scanner) tells of each game ([`Visitor`]), and how a tag
//! section ended ([`HeaderEnd`]).

/// How a game's tag section ended: [`Read`](HeaderEnd::Read) for every tag section under
/// [`HEADER_CAP`](super::HEADER_CAP).
///
/// ```
/// use chess960_pgn::scan::{HeaderEnd, Scanner, Visitor};
///
/// struct Ends(Vec<HeaderEnd>);
/// impl Visitor for Ends {
///     fn end_header(&mut self, end: HeaderEnd) { self.0.push(end) }
/// }
/// let (mut ends, mut scanner) = (Ends(Vec::new()), Scanner::new());
/// (scanner.feed(b"[Event \"x\"]\n\n*\n", &mut ends), scanner.finish(&mut ends));
/// assert_eq!(ends.0, [HeaderEnd::Read]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HeaderEnd {
    /// At a blank line, movetext, the next game or the end of the input: all tags were read.
    Read,
    /// After [`HEADER_CAP`](super::HEADER_CAP) bytes: the tags after that are not read.
    TooLong,
}

/// What the [`Scanner`](super::Scanner) tells about each game, in input order: `begin_game`,
/// its tags, `end_header`, its bytes (in one or more calls, some before `end_header`), and
/// `end_game`. When a tag
/// section ends at a blank line or movetext, the bytes given before `end_header` are the tag
/// section's lines (and, when a chunk ended inside the next line's leading white space, that
/// white space).
pub trait Visitor {
    /// A game begins at this byte offset of the input.
    fn begin_game(&mut self, _offset: u64) {}
    /// Whether [`Visitor::tag`] should be told of tags of this name (the scanner reads the
    /// values of only these).
    fn wants_tag(&self, _name: &[u8]) -> bool {
        true
    }
    /// A tag of the game's tag section, its value unescaped.
    fn tag(&mut self, _name: &[u8], _value: &[u8]) {}
    /// The tag section is over: no more `tag` calls for this game.
    fn end_header(&mut self, _end: HeaderEnd) {}
    /// The next bytes of the game, exactly as in the input.
    fn game_bytes(&mut self, _bytes: &[u8]) {}
    /// The game is over.
    fn end_game(&mut self) {}
    /// The next bytes before the first game (blank lines, `%` lines, a byte-order mark),
    /// exactly as in the input.
    fn preamble(&mut self, _bytes: &[u8]) {}
}

//! What a game's tags say: [`Header`] collects the tags that matter as the scanner reads them
//! and the movetext's last token, and makes the [`Game`]: its start by the one rule of
//! `chess960::game::StartReader` (or why it has none), its result, Variant and players' Elo.

use std::borrow::Cow;

use chess960::DoubleStartingPosition;
use chess960::game::{NoStart, StartReader, Tag, Variant};

use crate::fen_cache::FenCache;
use crate::filter::{Month, Speed};
use crate::marker::Tail;
use crate::moves::{Replay, Setup, Why};
use crate::scan::{HEADER_CAP, HeaderEnd};
use crate::tag_value::{elo, month};

/// The most bytes of a tag's value that are read: no variant's name, FEN, player, event,
/// site or date is this long. A longer value is not read: a Variant or FEN tag that long
/// gives its game no start ([`NoStart::TagTooLong`]: passed over, and counted with the tags
/// not read); a longer Result, Elo, time control, date, player, site, event or round is
/// passed over, as if that line were not there (the only one of its name, it is missing).
/// So a game keeps a few kilobytes of its tags at most.
///
/// ```
/// use chess960_pgn::{TAG_VALUE_CAP, read_games};
///
/// let fen = "8/".repeat(TAG_VALUE_CAP);
/// let pgn = format!("[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n\n1. e4 *\n");
/// read_games(std::io::Cursor::new(pgn), &Default::default(), |game| {
///     let why = game.start.unwrap_err();
///     assert_eq!(why.to_string(), "FEN tag over 1024 bytes: not read");
/// })?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub const TAG_VALUE_CAP: usize = 1 << 10;

/// One game of a PGN input, as a [`Sink`](crate::Sink) is given it.
///
/// ```
/// use chess960_pgn::read_games;
///
/// let pgn = "[WhiteElo \"2100\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc -\"]\n\n1. g3 1/2-1/2\n";
/// read_games(pgn.as_bytes(), &Default::default(), |game| {
///     assert_eq!((game.number, game.offset, game.elo), (0, 0, [Some(2100), None]));
///     assert_eq!(game.start.map(|start| start.white().id()), Ok(105));
///     assert_eq!((&*game.result, &*game.variant), ("1/2-1/2", ""));
/// })?;
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Game<'a> {
    /// Its number in its input, from 0.
    pub number: u64,
    /// The byte offset of its first line in the (decompressed) input.
    pub offset: u64,
    /// Its start (a Chess960 start when [`single`](DoubleStartingPosition::single), else a
    /// Double Fischer Random pair), or why it has none: what its tags say (standard chess,
    /// another variant, a setup, a FEN that is no FEN), a Variant or FEN tag that is not
    /// UTF-8 or longer than [`TAG_VALUE_CAP`], or a tag section over [`HEADER_CAP`] that was
    /// not read.
    pub start: Result<DoubleStartingPosition, NoStart>,
    /// Its result as python-chess's `read_game` reads it: the Result tag, or the movetext's
    /// termination marker (`1-0`, `0-1`, `1/2-1/2`, `*`) when the tag is missing or `*`;
    /// empty when neither is there.
    pub result: Cow<'a, str>,
    /// The Variant tag's value, or empty.
    pub variant: Cow<'a, str>,
    /// White's and Black's Elo tags, where they are numbers.
    pub elo: [Option<u32>; 2],
    /// Its speed, from its `TimeControl` tag; read only when
    /// [`Options::speeds`](crate::Options::speeds) asks for it.
    pub speed: Option<Speed>,
    /// When it was played, from its `UTCDate` tag, else its `Date` tag; read only when
    /// [`Options::since`](crate::Options::since) or `until` asks for it.
    pub month: Option<Month>,
    /// Its mainline replayed from its start, when [`Options::moves`](crate::Options::moves)
    /// asks for it.
    pub moves: Option<&'a Replay>,
    /// White's and Black's names (the `White` and `Black` tags), or empty; read only when
    /// [`Options::details`](crate::Options::details) asks for them. These tags are read as
    /// UTF-8, or as ISO 8859-1 (PGN's own encoding) where they are not UTF-8, so that a name
    /// reads the same from both.
    ///
    /// ```
    /// use chess960_pgn::{Options, read_games};
    ///
    /// let utf8 = "[White \"Müller\"]\n[Date \"2024.01.05\"]\n[Round \"3.1\"]\n\n1. e4 *\n";
    /// let latin1: Vec<u8> = utf8.chars().map(|c| c as u8).collect();
    /// for pgn in [utf8.as_bytes().to_vec(), latin1] {
    ///     read_games(std::io::Cursor::new(pgn), &Options::default().details(true), |game| {
    ///         assert_eq!((&*game.players[0], &*game.date, &*game.round), ("Müller", "2024.01.05", "3.1"));
    ///     })?;
    /// }
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub players: [Cow<'a, str>; 2],
    /// The `Site` tag, or empty; read with the players.
    pub site: Cow<'a, str>,
    /// The `Event` tag, or empty; read with the players.
    pub event: Cow<'a, str>,
    /// The `Date` tag as written, or empty; read with the players.
    pub date: Cow<'a, str>,
    /// The `Round` tag, or empty; read with the players.
    pub round: Cow<'a, str>,
}

/// The tags of the game being read, in buffers kept from game to game.
#[derive(Default)]
pub(crate) struct Header {
    reader: StartReader,
    number: u64,
    offset: u64,
    variant: Vec<u8>,
    /// What the last Variant tag read (`variant`) says.
    last_variant: Option<Result<Variant, NoStart>>,
    /// What the Variant tags say (several combined by `Variant::then`); `None` without one.
    variant_read: Option<Result<Variant, NoStart>>,
    /// The last FEN tag: python-chess and lichess read the last of two.
    fen: Vec<u8>,
    fen_seen: bool,
    result: Vec<u8>,
    result_seen: bool,
    /// Whether the Result tag gives the result (it is there, and not `*`): known at the end
    /// of the tag section.
    result_known: bool,
    elo: [Option<u32>; 2],
    speed: Option<Speed>,
    /// The `UTCDate` tag's month (`Some(None)`: the tag is there, its month unknown).
    utc_month: Option<Option<Month>>,
    date_month: Option<Month>,
    /// White, Black, Site, Event, Date and Round, when details are read.
    details: [Vec<u8>; 6],
    end: Option<HeaderEnd>,
    /// The first Variant or FEN tag longer than [`TAG_VALUE_CAP`], not read.
    too_long: Option<Tag>,
    /// The start its tags decide, once they are all read: asked for by the replay, the sink's
    /// choice and the game itself.
    decided: Option<Result<DoubleStartingPosition, NoStart>>,
    /// The last bytes of the game, for its termination marker.
    tail: Tail,
    /// What the FEN tags seen say (their starts, and the boards the replay starts from), each
    /// distinct FEN read once.
    fens: FenCache,
}

impl Header {
    /// Reads starts by `reader`'s rules.
    pub(crate) fn new(reader: StartReader) -> Header {
        Header {
            reader,
            ..Header::default()
        }
    }

    /// Swaps the FENs remembered with `fens` (a reader's memory kept from one part to the
    /// next).
    pub(crate) fn swap_fens(&mut self, fens: &mut FenCache) {
        std::mem::swap(&mut self.fens, fens);
    }

    /// A new game begins: game `number`, at `offset`.
    pub(crate) fn begin(&mut self, number: u64, offset: u64) {
        self.number = number;
        self.offset = offset;
        self.variant_read = None;
        self.fen_seen = false;
        self.result_seen = false;
        self.result_known = false;
        self.elo = [None; 2];
        self.speed = None;
        self.utc_month = None;
        self.date_month = None;
        self.details.iter_mut().for_each(Vec::clear);
        self.end = None;
        self.too_long = None;
        self.decided = None;
        self.tail = Tail::default();
    }

    /// Whether a tag of this name is read: Variant, FEN, Result, WhiteElo, BlackElo.
    pub(crate) fn wants(name: &[u8]) -> bool {
        matches!(
            name,
            b"Variant" | b"FEN" | b"Result" | b"WhiteElo" | b"BlackElo"
        )
    }

    /// Whether a tag of this name is read when speeds or months are asked about:
    /// TimeControl, UTCDate, Date.
    pub(crate) fn wants_time(name: &[u8]) -> bool {
        matches!(name, b"TimeControl" | b"UTCDate" | b"Date")
    }

    /// Whether a tag of this name is read when details are asked for: White, Black, Site,
    /// Event, Date, Round.
    pub(crate) fn wants_details(name: &[u8]) -> bool {
        matches!(
            name,
            b"White" | b"Black" | b"Site" | b"Event" | b"Date" | b"Round"
        )
    }

    /// A tag of the game.
    pub(crate) fn tag(&mut self, name: &[u8], value: &[u8]) {
        if value.len() > TAG_VALUE_CAP {
            let tag = match name {
                b"Variant" => Tag::Variant,
                b"FEN" => Tag::Fen,
                _ => return,
            };
            self.too_long.get_or_insert(tag);
            return;
        }
        let set = |buffer: &mut Vec<u8>| {
            buffer.clear();
            buffer.extend_from_slice(value);
        };
        match name {
            b"Variant" => {
                // A database spells its Variant one way: read it again only when it changes.
                if self.variant != value {
                    set(&mut self.variant);
                    self.last_variant = None;
                }
                let read = *self.last_variant.get_or_insert_with(|| {
                    std::str::from_utf8(value)
                        .map(Variant::from_tag)
                        .map_err(|_| NoStart::NotUtf8(Tag::Variant))
                });
                self.variant_read = Some(match (self.variant_read, read) {
                    (Some(Ok(before)), Ok(read)) => Ok(before.then(read)),
                    (Some(Err(why)), _) | (_, Err(why)) => Err(why),
                    (None, Ok(read)) => Ok(read),
                });
            }
            b"FEN" => {
                set(&mut self.fen);
                self.fen_seen = true;
            }
            b"Result" => {
                set(&mut self.result);
                self.result_seen = true;
            }
            b"WhiteElo" => self.elo[0] = elo(value),
            b"BlackElo" => self.elo[1] = elo(value),
            b"TimeControl" => {
                self.speed = std::str::from_utf8(value)
                    .ok()
                    .and_then(Speed::from_time_control);
            }
            b"UTCDate" => self.utc_month = Some(month(value)),
            b"Date" => {
                self.date_month = month(value);
                set(&mut self.details[4]);
            }
            b"Round" => set(&mut self.details[5]),
            b"White" => set(&mut self.details[0]),
            b"Black" => set(&mut self.details[1]),
            b"Site" => set(&mut self.details[2]),
            b"Event" => set(&mut self.details[3]),
            _ => {}
        }
    }

    /// The tag section ended so.
    pub(crate) fn end_header(&mut self, end: HeaderEnd) {
        self.end = Some(end);
        self.result_known = self.result_seen && self.result.trim_ascii() != b"*";
    }

    /// Whether the tag section has ended.
    pub(crate) fn ended(&self) -> bool {
        self.end.is_some()
    }

    /// More of the game's bytes.
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        self.tail.push(bytes);
    }

    /// Whether the result is known before the movetext is read: the Result tag is there and
    /// is not `*`.
    pub(crate) fn result_is_known(&self) -> bool {
        self.result_known
    }

    /// The game: once its tag section has ended, and with its result from the movetext once
    /// the game has ended.
    pub(crate) fn game<'a>(&'a mut self, moves: Option<&'a Replay>) -> Game<'a> {
        let start = self.start();
        let variant = match self.variant_read {
            Some(_) => String::from_utf8_lossy(&self.variant),
            None => Cow::Borrowed(""),
        };
        let result = match (self.result_is_known(), self.tail.marker()) {
            (false, Some(marker)) => Cow::Borrowed(marker),
            (false, None) if !self.result_seen => Cow::Borrowed(""),
            _ => String::from_utf8_lossy(&self.result),
        };
        let [white, black, site, event, date, round] = &self.details;
        Game {
            players: [tag_text(white), tag_text(black)],
            site: tag_text(site),
            event: tag_text(event),
            date: tag_text(date),
            round: tag_text(round),
            number: self.number,
            offset: self.offset,
            start,
            result,
            variant,
            elo: self.elo,
            speed: self.speed,
            month: self.utc_month.unwrap_or(self.date_month),
            moves,
        }
    }

    /// Begins replaying the game's moves, its tag section read: from its FEN tag under its
    /// Variant tag, unless it is of another variant or its tags could not be read.
    pub(crate) fn begin_replay(&mut self, replay: &mut Replay) {
        let start = self.start();
        let variant = match self.variant_read {
            Some(_) => self.variant.as_slice(),
            None => b"",
        };
        match start {
            Err(NoStart::OtherVariant(_)) => replay.refuse_game(self.number, variant, Why::Variant),
            Err(NoStart::TagsTooLong { .. } | NoStart::TagTooLong { .. } | NoStart::NotUtf8(_)) => {
                replay.refuse_game(self.number, b"", Why::Tags);
            }
            _ => {
                let fen = match self.fen_seen {
                    true => std::str::from_utf8(&self.fen).ok(),
                    false => None,
                };
                let setup = fen.map_or_else(|| Ok(Setup::default()), |fen| self.fens.setup(fen));
                let variant = std::str::from_utf8(variant).unwrap_or_default();
                let fen = fen.unwrap_or_default().as_bytes();
                replay.begin_from(self.number, setup, fen, variant);
            }
        }
    }

    fn start(&mut self) -> Result<DoubleStartingPosition, NoStart> {
        if let Some(decided) = self.decided {
            return decided;
        }
        let decided = self.decide_start();
        if self.end.is_some() {
            self.decided = Some(decided);
        }
        decided
    }

    fn decide_start(&mut self) -> Result<DoubleStartingPosition, NoStart> {
        if self.end == Some(HeaderEnd::TooLong) {
            let cap = u32::try_from(HEADER_CAP).unwrap_or(u32::MAX);
            return Err(NoStart::TagsTooLong { cap });
        }
        if let Some(tag) = self.too_long {
            let cap = u32::try_from(TAG_VALUE_CAP).unwrap_or(u32::MAX);
            return Err(NoStart::TagTooLong { tag, cap });
        }
        let variant = self.variant_read.unwrap_or(Ok(Variant::Standard))?;
        let fen = match self.fen_seen.then(|| self.fen_start()) {
            // A FEN that is not UTF-8 is no FEN to decide by.
            Some(Err(NoStart::NotUtf8(tag))) => return Err(NoStart::NotUtf8(tag)),
            Some(Err(no_start)) => Some(Err(no_start)),
            Some(Ok(start)) => Some(Ok(start)),
            None => None,
        };
        self.reader.decide(variant, fen)
    }

    /// The FEN tag's start, whatever the Variant, each distinct FEN read once.
    fn fen_start(&mut self) -> Result<DoubleStartingPosition, NoStart> {
        self.fens.start(&self.fen)
    }
}

/// The bytes of the FENs remembered, for the tests of its bound.
#[cfg(test)]
impl Header {
    pub(crate) fn remembered_bytes(&self) -> usize {
        self.fens.bytes()
    }
}

/// A tag's value as text: UTF-8, or else ISO 8859-1, the PGN standard's own encoding (each
/// byte the character of its number), so that a name reads the same in both.
fn tag_text(value: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(value) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(value.iter().map(|&byte| char::from(byte)).collect()),
    }
}

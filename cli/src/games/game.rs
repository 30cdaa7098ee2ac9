//! What a game's tags say: [`Header`] collects the tags that matter as the scanner reads them,
//! and makes the [`Game`] at the end of the tag section: its start (by the library's
//! `chess960::game::start`) or why it has none, its result, Variant and players' Elo.

use std::borrow::Cow;
use std::collections::HashMap;
use std::fmt;

use chess960::DoubleStartingPosition;
use chess960::game::{NoStart, start};
use chess960_cli::pgn::HeaderEnd;

/// One game of the input.
pub struct Game<'a> {
    /// Its number in its input, from 0.
    pub number: u64,
    /// The byte offset of its first line in the (decompressed) input.
    pub offset: u64,
    /// Its start, or why it has none.
    pub start: Result<DoubleStartingPosition, Why>,
    /// The Result tag's value, or empty.
    pub result: Cow<'a, str>,
    /// The Variant tag's value, or empty.
    pub variant: Cow<'a, str>,
    /// White's and Black's Elo tags, where they are numbers.
    pub elo: [Option<u32>; 2],
}

/// Why a game has no start.
#[derive(Clone, Copy)]
pub enum Why {
    /// Its tags say so.
    Tags(NoStart),
    /// The Variant or FEN tag is not UTF-8.
    NotUtf8(&'static str),
    /// Its tag section is over the scanner's cap, so its tags were not all read.
    HeaderTooLong,
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Why::Tags(no_start) => no_start.fmt(f),
            Why::NotUtf8(tag) => write!(f, "bad {tag} tag: not UTF-8"),
            Why::HeaderTooLong => write!(
                f,
                "tag section over {} MiB: not read",
                chess960_cli::pgn::HEADER_CAP >> 20
            ),
        }
    }
}

/// The tags of the game being read, in buffers kept from game to game.
#[derive(Default)]
pub struct Header {
    number: u64,
    offset: u64,
    variant: Vec<u8>,
    /// Whether the game has a Variant tag (it may be empty).
    variant_seen: bool,
    /// The last FEN tag: python-chess and lichess read the last of two.
    fen: Vec<u8>,
    fen_seen: bool,
    result: Vec<u8>,
    elo: [Option<u32>; 2],
    /// The starts of the FEN tags seen, so that a database's few hundred start FENs are each
    /// read once.
    starts: HashMap<Vec<u8>, Result<DoubleStartingPosition, Why>>,
}

/// FENs remembered at most; then the memory starts again.
const REMEMBERED: usize = 4096;

impl Header {
    /// A new game begins: game `number`, at `offset`.
    pub fn begin(&mut self, number: u64, offset: u64) {
        self.number = number;
        self.offset = offset;
        self.variant_seen = false;
        self.fen_seen = false;
        self.result.clear();
        self.elo = [None; 2];
    }

    /// Whether a tag of this name is read: Variant, FEN, Result, WhiteElo, BlackElo.
    pub fn wants(name: &[u8]) -> bool {
        matches!(
            name,
            b"Variant" | b"FEN" | b"Result" | b"WhiteElo" | b"BlackElo"
        )
    }

    /// A tag of the game.
    pub fn tag(&mut self, name: &[u8], value: &[u8]) {
        let set = |buffer: &mut Vec<u8>| {
            buffer.clear();
            buffer.extend_from_slice(value);
        };
        match name {
            b"Variant" => {
                set(&mut self.variant);
                self.variant_seen = true;
            }
            b"FEN" => {
                set(&mut self.fen);
                self.fen_seen = true;
            }
            b"Result" => set(&mut self.result),
            b"WhiteElo" => self.elo[0] = elo(value),
            b"BlackElo" => self.elo[1] = elo(value),
            _ => {}
        }
    }

    /// The game, once its tag section has ended.
    pub fn game(&mut self, end: HeaderEnd) -> Game<'_> {
        let start = self.start(end);
        let variant = match self.variant_seen {
            true => String::from_utf8_lossy(&self.variant),
            false => Cow::Borrowed(""),
        };
        Game {
            number: self.number,
            offset: self.offset,
            start,
            result: String::from_utf8_lossy(&self.result),
            variant,
            elo: self.elo,
        }
    }

    fn start(&mut self, end: HeaderEnd) -> Result<DoubleStartingPosition, Why> {
        if end == HeaderEnd::TooLong {
            return Err(Why::HeaderTooLong);
        }
        let variant = Some(self.variant.as_slice()).filter(|_| self.variant_seen);
        let Some(fen) = Some(self.fen.as_slice()).filter(|_| self.fen_seen) else {
            let variant = utf8(variant, "Variant")?;
            return start(variant, None).map_err(Why::Tags);
        };
        if let Some(known) = self.starts.get(fen) {
            return *known;
        }
        // With a FEN tag, the Variant does not change the start.
        let read = utf8(Some(fen), "FEN").and_then(|fen| start(None, fen).map_err(Why::Tags));
        if self.starts.len() >= REMEMBERED {
            self.starts.clear();
        }
        self.starts.insert(fen.to_vec(), read);
        read
    }
}

/// A tag's value as text, if the game has the tag.
fn utf8<'a>(value: Option<&'a [u8]>, tag: &'static str) -> Result<Option<&'a str>, Why> {
    value
        .map(|bytes| std::str::from_utf8(bytes).map_err(|_| Why::NotUtf8(tag)))
        .transpose()
}

/// An Elo tag's number; `?`, `-` and empty are none.
fn elo(value: &[u8]) -> Option<u32> {
    std::str::from_utf8(value).ok()?.trim().parse().ok()
}

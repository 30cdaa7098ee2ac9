//! What a game's tags say: [`Header`] collects the tags that matter as the scanner reads them,
//! and makes the [`Game`] at the end of the tag section: its start (by the library's
//! `chess960::game::start`) or why it has none, its result, Variant and players' Elo.

use std::fmt;

use chess960::DoubleStartingPosition;
use chess960::game::{NoStart, start};
use chess960_cli::pgn::HeaderEnd;

/// One game of the input.
pub struct Game {
    /// Its number in its input, from 0.
    pub number: u64,
    /// The byte offset of its first line in the (decompressed) input.
    pub offset: u64,
    /// Its start, or why it has none.
    pub start: Result<DoubleStartingPosition, Why>,
    /// The Result tag's value, or empty.
    pub result: String,
    /// The Variant tag's value, or empty.
    pub variant: String,
    /// White's and Black's Elo tags, where they are numbers.
    pub elo: [Option<u32>; 2],
}

/// Why a game has no start.
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

/// The tags of the game being read.
#[derive(Default)]
pub struct Header {
    number: u64,
    offset: u64,
    variant: Option<Vec<u8>>,
    /// The last FEN tag: python-chess and lichess read the last of two.
    fen: Option<Vec<u8>>,
    result: Vec<u8>,
    elo: [Option<u32>; 2],
}

impl Header {
    /// A new game begins: game `number`, at `offset`.
    pub fn begin(&mut self, number: u64, offset: u64) {
        *self = Header {
            number,
            offset,
            ..Header::default()
        };
    }

    /// A tag of the game.
    pub fn tag(&mut self, name: &[u8], value: &[u8]) {
        match name {
            b"Variant" => self.variant = Some(value.to_vec()),
            b"FEN" => self.fen = Some(value.to_vec()),
            b"Result" => self.result = value.to_vec(),
            b"WhiteElo" => self.elo[0] = elo(value),
            b"BlackElo" => self.elo[1] = elo(value),
            _ => {}
        }
    }

    /// The game, once its tag section has ended.
    pub fn game(&self, end: HeaderEnd) -> Game {
        let text = |value: &[u8]| String::from_utf8_lossy(value).into_owned();
        Game {
            number: self.number,
            offset: self.offset,
            start: self.start(end),
            result: text(&self.result),
            variant: self.variant.as_deref().map(text).unwrap_or_default(),
            elo: self.elo,
        }
    }

    fn start(&self, end: HeaderEnd) -> Result<DoubleStartingPosition, Why> {
        if end == HeaderEnd::TooLong {
            return Err(Why::HeaderTooLong);
        }
        let variant = utf8(self.variant.as_deref(), "Variant")?;
        let fen = utf8(self.fen.as_deref(), "FEN")?;
        start(variant, fen).map_err(Why::Tags)
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

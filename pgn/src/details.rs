//! What a game's details say ([`Options::details`](crate::Options::details)): its lichess id
//! from its `Site` tag, and whether it was rated ([`Mode`]) from its `Event` tag.

use std::fmt;

use crate::game::Game;

/// Whether a game was rated, as lichess's explorer names it (`mode`).
///
/// ```
/// assert_eq!(chess960_pgn::Mode::Casual.as_str(), "casual");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Mode {
    /// Rated.
    Rated,
    /// Casual.
    Casual,
}

impl Mode {
    /// Both modes, in the order of [`Mode::index`].
    ///
    /// ```
    /// use chess960_pgn::Mode;
    ///
    /// assert_eq!(Mode::ALL.map(Mode::index), [0, 1]);
    /// ```
    pub const ALL: [Mode; 2] = [Mode::Rated, Mode::Casual];

    /// Its place in [`Mode::ALL`].
    pub const fn index(self) -> u8 {
        match self {
            Mode::Rated => 0,
            Mode::Casual => 1,
        }
    }

    /// lichess's name: `rated` or `casual`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Mode::Rated => "rated",
            Mode::Casual => "casual",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Game<'_> {
    /// Its lichess id: the eight letters and digits of a `Site` tag
    /// `https://lichess.org/ID` (with or without `www.`, `http`, or a trailing colour).
    ///
    /// ```
    /// use chess960_pgn::read_games;
    ///
    /// let pgn = "[Site \"https://lichess.org/Xy12Ab34\"]\n\n1-0\n\n[Site \"Wijk aan Zee\"]\n\n0-1\n";
    /// let mut ids = Vec::new();
    /// read_games(pgn.as_bytes(), &chess960_pgn::Options::default().details(true), |game| {
    ///     ids.push(game.lichess_id().map(str::to_owned));
    /// })?;
    /// assert_eq!(ids, [Some("Xy12Ab34".to_owned()), None]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn lichess_id(&self) -> Option<&str> {
        let site = self.site.trim();
        let path = ["https://", "http://"]
            .iter()
            .find_map(|scheme| site.strip_prefix(scheme))?;
        let path = path.strip_prefix("www.").unwrap_or(path);
        let id = path.strip_prefix("lichess.org/")?;
        let id = id.get(..8)?;
        let rest = path.get("lichess.org/".len() + 8..).unwrap_or_default();
        let clean = id.bytes().all(|b| b.is_ascii_alphanumeric());
        let ends = rest.is_empty() || rest.starts_with(['/', '?', '#']);
        (clean && ends).then_some(id)
    }

    /// Whether it was rated, by its `Event` tag's first word (`Rated …` or `Casual …`, as
    /// lichess writes it); `None` when the tag says neither.
    ///
    /// ```
    /// use chess960_pgn::{Mode, Options, read_games};
    ///
    /// let pgn = "[Event \"Casual Chess960 game\"]\n\n1-0\n\n[Event \"TCEC Season 26\"]\n\n0-1\n";
    /// let mut modes = Vec::new();
    /// read_games(pgn.as_bytes(), &Options::default().details(true), |game| modes.push(game.mode()))?;
    /// assert_eq!(modes, [Some(Mode::Casual), None]);
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn mode(&self) -> Option<Mode> {
        let first = self.event.split_whitespace().next()?;
        if first.eq_ignore_ascii_case("rated") {
            Some(Mode::Rated)
        } else if first.eq_ignore_ascii_case("casual") {
            Some(Mode::Casual)
        } else {
            None
        }
    }
}

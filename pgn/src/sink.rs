//! What is done with each game an input holds ([`Sink`]), and why reading it stopped
//! ([`ReadError`]).

use std::fmt;
use std::io;

use crate::game::Game;

/// What is done with each game of an input: `Stats` counts them, `Select` and `Split` copy
/// them, a closure sees them (`read_games`). (Named, not linked: each of them uses this
/// trait, which links none of them.)
///
/// ```
/// use chess960_pgn::{Game, Input, Kind, Sink, read};
///
/// /// The offsets of the games of other variants.
/// struct Variants(Vec<u64>);
///
/// impl Sink for Variants {
///     const COPIES: bool = false;
///     fn game(&mut self, game: &Game) -> std::io::Result<()> {
///         if game.kind() == Kind::OtherVariant {
///             self.0.push(game.offset);
///         }
///         Ok(())
///     }
/// }
///
/// let pgn = "[Variant \"Chess960\"]\n\n*\n\n[Variant \"Horde\"]\n\n*\n";
/// let mut variants = Variants(Vec::new());
/// read(&mut Input::from_reader(pgn.as_bytes()), &mut variants, &Default::default())?;
/// assert_eq!(variants.0, [25]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub trait Sink {
    /// Whether the sink wants each game's bytes ([`Sink::bytes`]). A sink that does is given
    /// each game at the end of its tag section, its result read from the Result tag alone;
    /// one that does not, at the end of the game, its result as python-chess reads it.
    const COPIES: bool;
    /// Whether `read_files` makes the sink knowing the games of its file
    /// before its part (`PartStart::games_before`), as a
    /// sink that writes each game's number must. One that does not (it is told them with its
    /// part, as a sum or a tree that shifts its games' numbers then) is made told 0, and
    /// spares `read_files` a count of each part's games before it is read: one scan of the
    /// input instead of two.
    const NEEDS_GAMES_BEFORE: bool = true;
    /// A game.
    ///
    /// # Errors
    ///
    /// The sink's own (a write error): reading stops and returns it.
    fn game(&mut self, game: &Game) -> io::Result<()>;
    /// Whether the moves of this game (its tags read, a kept one) are replayed, when
    /// [`Options::moves`](crate::Options::moves) asks for moves: a sink that wants only some
    /// games' moves says no to the others, which are then read at scanning speed and given
    /// to [`Sink::game`] without them. Every game's, unless the sink says otherwise.
    fn replays(&mut self, _game: &Game) -> bool {
        true
    }
    /// A game the [`Options`](crate::Options) left out (by Elo, speed, month or rating
    /// group), which [`Sink::game`] is not given: for sinks that say how many were.
    fn left_out(&mut self, _game: &Game) {}
    /// The bytes of the last game given to [`Sink::game`], in order, exactly as in the input.
    ///
    /// # Errors
    ///
    /// The sink's own: reading stops and returns it.
    fn bytes(&mut self, _bytes: &[u8]) -> io::Result<()> {
        Ok(())
    }
    /// The input has ended (or failed, after the games before): write what is buffered.
    /// `read` calls it once, after the last game, unless the sink has failed;
    /// `read_files` also for a file that could not be opened.
    ///
    /// # Errors
    ///
    /// The sink's own: `read` returns it.
    fn end(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A sink lent: `read(input, &mut sink, …)` leaves the sink with its caller.
impl<S: Sink + ?Sized> Sink for &mut S {
    const COPIES: bool = S::COPIES;
    const NEEDS_GAMES_BEFORE: bool = S::NEEDS_GAMES_BEFORE;
    fn game(&mut self, game: &Game) -> io::Result<()> {
        (**self).game(game)
    }
    fn replays(&mut self, game: &Game) -> bool {
        (**self).replays(game)
    }
    fn left_out(&mut self, game: &Game) {
        (**self).left_out(game);
    }
    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        (**self).bytes(bytes)
    }
    fn end(&mut self) -> io::Result<()> {
        (**self).end()
    }
}

/// Why an input was not read to its end. The games before the failure were given to the
/// sink; the error is the caller's to handle (`?` makes it an `io::Error`).
///
/// ```
/// use chess960_pgn::ReadError;
///
/// let cut = ReadError::Input { games: 12, error: std::io::ErrorKind::UnexpectedEof.into() };
/// assert_eq!(cut.to_string(), "reading stopped after 12 games: unexpected end of file");
/// assert_eq!(cut.games(), Some(12));
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The input failed after this many games: a file cut short, compressed data that is
    /// corrupt, a reader's own error, a decompressing thread that died.
    Input {
        /// The games read before it.
        games: u64,
        /// What failed.
        error: io::Error,
    },
    /// The sink failed (a write error): reading stopped at once.
    Sink(io::Error),
}

impl ReadError {
    /// The games read before the input failed; `None` for a sink's error.
    pub fn games(&self) -> Option<u64> {
        match self {
            ReadError::Input { games, .. } => Some(*games),
            ReadError::Sink(_) => None,
        }
    }

    /// The I/O error underneath.
    pub fn io_error(&self) -> &io::Error {
        match self {
            ReadError::Input { error, .. } | ReadError::Sink(error) => error,
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Input { games, error } => {
                write!(f, "reading stopped after {games} games: {error}")
            }
            ReadError::Sink(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(self.io_error())
    }
}

impl From<ReadError> for io::Error {
    /// The same kind of error, its message saying after how many games the input failed.
    fn from(err: ReadError) -> io::Error {
        match err {
            ReadError::Sink(error) => error,
            input => io::Error::new(input.io_error().kind(), input.to_string()),
        }
    }
}

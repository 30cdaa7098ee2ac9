//! [`read_games`]: every game of one input handed to a closure, the simplest way in.

use std::io::{self, Read};

use crate::game::Game;
use crate::open::Input;
use crate::options::Options;
use crate::read::read;
use crate::sink::Sink;

/// Reads every game of `source` (PGN, compressed or not) and gives each to `each`.
///
/// # Errors
///
/// The input's, saying after how many games it failed (the games before it were given to
/// `each`).
///
/// ```
/// use chess960_pgn::read_games;
///
/// let pgn = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1. g3 0-1\n";
/// let mut starts = Vec::new();
/// read_games(pgn.as_bytes(), &Default::default(), |game| {
///     starts.push((game.start.map(|start| start.white().id()), game.result.to_string()));
/// })?;
/// assert_eq!(starts, [(Ok(105), "0-1".to_owned())]);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_games(
    source: impl Read + Send + 'static,
    options: &Options,
    each: impl FnMut(&Game),
) -> io::Result<()> {
    struct Each<F>(F);
    impl<F: FnMut(&Game)> Sink for Each<F> {
        const COPIES: bool = false;
        fn game(&mut self, game: &Game) -> io::Result<()> {
            (self.0)(game);
            Ok(())
        }
    }
    read(&mut Input::from_reader(source), &mut Each(each), options)?;
    Ok(())
}

//! A table of games, a row per game, as every face writes it (`chess960 games --format csv`,
//! Python's `read_games`): [`GAME_COLUMNS`] names the columns once and [`Game::cells`] gives a
//! game's values in their order. A `file` column, the input's name, comes first. With moves
//! replayed, [`MOVE_COLUMNS`] follow, [`Game::move_cells`] their values.

use std::borrow::Cow;

use crate::game::Game;
use crate::moves::UciCastling;

/// What a column of the games' table holds.
///
/// Not `#[non_exhaustive]`: a face that types its columns (Python's Arrow schema) matches every
/// kind, so that a new kind cannot be typed by a catch-all.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameColumn {
    /// The input's name.
    File,
    /// A count from 0: the game's number, or its byte offset.
    Count,
    /// A Scharnagl id, 0..=959, or none for a game without a start.
    Sp,
    /// An Elo tag's number, or none.
    Elo,
    /// Text, or none.
    Text,
    /// Moves in UCI: space-separated text (a list where the format has lists), or none.
    Moves,
}

/// The columns of the games' table, in order, with what each holds.
///
/// ```
/// let names: Vec<&str> = chess960_pgn::GAME_COLUMNS.iter().map(|(name, _)| *name).collect();
/// assert_eq!(names, ["file", "game", "white_sp", "black_sp", "white_rank", "black_rank", "result",
///                    "variant", "white_elo", "black_elo", "offset", "kind", "note"]);
/// ```
pub const GAME_COLUMNS: [(&str, GameColumn); 13] = [
    ("file", GameColumn::File),
    ("game", GameColumn::Count),
    ("white_sp", GameColumn::Sp),
    ("black_sp", GameColumn::Sp),
    ("white_rank", GameColumn::Text),
    ("black_rank", GameColumn::Text),
    ("result", GameColumn::Text),
    ("variant", GameColumn::Text),
    ("white_elo", GameColumn::Elo),
    ("black_elo", GameColumn::Elo),
    ("offset", GameColumn::Count),
    ("kind", GameColumn::Text),
    ("note", GameColumn::Text),
];

/// The columns a replay adds after [`GAME_COLUMNS`]: the plies replayed, the moves in UCI, and
/// why the replay stopped before the movetext's end (empty when it did not).
///
/// ```
/// let names: Vec<&str> = chess960_pgn::MOVE_COLUMNS.iter().map(|(name, _)| *name).collect();
/// assert_eq!(names, ["plies", "moves", "move_error"]);
/// ```
pub const MOVE_COLUMNS: [(&str, GameColumn); 3] = [
    ("plies", GameColumn::Count),
    ("moves", GameColumn::Moves),
    ("move_error", GameColumn::Text),
];

/// One value of a game's row.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Cell<'a> {
    /// A number, or none.
    Number(Option<u64>),
    /// Text, or none.
    Text(Option<Cow<'a, str>>),
}

impl<'a> Game<'a> {
    /// The game's values in the order of [`GAME_COLUMNS`], after `file`: its number, start
    /// (ids and ranks, or none), result, Variant, Elos, offset, [kind](Game::kind) and, without
    /// a start, why.
    ///
    /// ```
    /// use chess960_pgn::{Cell, read_games};
    ///
    /// read_games(&b"[Variant \"Chess960\"]\n[WhiteElo \"2100\"]\n\n1-0\n"[..], &Default::default(), |game| {
    ///     let cells = game.cells();
    ///     assert_eq!(cells[1], Cell::Number(Some(518)));
    ///     assert_eq!(cells[7], Cell::Number(Some(2100)));
    ///     assert_eq!(cells[10], Cell::Text(Some("chess960".into())));
    ///     assert_eq!(cells[11], Cell::Text(None));
    /// })?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn cells(&self) -> [Cell<'_>; 12] {
        let start = self.start.as_ref().ok();
        let sp = |f: fn(&chess960::DoubleStartingPosition) -> chess960::StartingPosition| {
            Cell::Number(start.map(|pair| u64::from(f(pair).id())))
        };
        let rank = |f: fn(&chess960::DoubleStartingPosition) -> chess960::StartingPosition| {
            Cell::Text(start.map(|pair| Cow::Owned(f(pair).to_string())))
        };
        let elo = |i: usize| Cell::Number(self.elo.get(i).copied().flatten().map(u64::from));
        [
            Cell::Number(Some(self.number)),
            sp(|pair| pair.white()),
            sp(|pair| pair.black()),
            rank(|pair| pair.white()),
            rank(|pair| pair.black()),
            Cell::Text(Some(Cow::Borrowed(&self.result))),
            Cell::Text(Some(Cow::Borrowed(&self.variant))),
            elo(0),
            elo(1),
            Cell::Number(Some(self.offset)),
            Cell::Text(Some(Cow::Borrowed(self.kind().as_str()))),
            Cell::Text(
                self.start
                    .as_ref()
                    .err()
                    .map(|why| Cow::Owned(why.to_string())),
            ),
        ]
    }

    /// The game's values in the order of [`MOVE_COLUMNS`]: plies replayed, the moves in UCI
    /// (space-separated, castling spelled as `castling` says) and why the replay stopped (the
    /// error without the game's number, which its row has); all none when its moves were not
    /// replayed.
    ///
    /// ```
    /// use chess960_pgn::{Cell, Options, read_games};
    /// use chess960_pgn::moves::UciCastling;
    ///
    /// let options = Options::default().moves(true);
    /// read_games(&b"1. e4 e5 2. Ke3 *\n"[..], &options, |game| {
    ///     let [plies, moves, error] = game.move_cells(UciCastling::KingTakesRook);
    ///     assert_eq!(plies, Cell::Number(Some(2)));
    ///     assert_eq!(moves, Cell::Text(Some("e2e4 e7e5".into())));
    ///     assert_eq!(error, Cell::Text(Some("ply 3 (2. Ke3): no legal move is Ke3".into())));
    /// })?;
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn move_cells(&self, castling: UciCastling) -> [Cell<'_>; 3] {
        let Some(replay) = self.moves else {
            return [Cell::Number(None), Cell::Text(None), Cell::Text(None)];
        };
        let mut moves = String::with_capacity(replay.plies() * 5);
        for (i, mv) in replay.uci(castling).enumerate() {
            if i > 0 {
                moves.push(' ');
            }
            push_uci(&mut moves, mv);
        }
        let error = replay
            .error()
            .map(|error| Cow::Owned(error.in_game().to_string()));
        [
            Cell::Number(Some(replay.plies() as u64)),
            Cell::Text(Some(Cow::Owned(moves))),
            Cell::Text(error),
        ]
    }
}

/// Appends `mv` in UCI to `text`, as its `Display` writes it, without a formatter (a database
/// has millions of moves).
fn push_uci(text: &mut String, mv: chess960::UciMove) {
    if mv.is_null() {
        text.push_str("0000");
        return;
    }
    let squares = mv.from().to_ascii().into_iter().chain(mv.to().to_ascii());
    text.extend(squares.map(char::from));
    if let Some(piece) = mv.promotion() {
        text.push(char::from(piece.to_ascii().to_ascii_lowercase()));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn uci_text_is_the_moves_display() {
        for text in ["e2e4", "e7e8q", "a2a1n", "0000", "h8h1"] {
            let mv: chess960::UciMove = text.parse().unwrap();
            let mut pushed = String::new();
            super::push_uci(&mut pushed, mv);
            assert_eq!(pushed, mv.to_string());
        }
    }
}

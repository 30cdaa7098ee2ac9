//! A table of games, a row per game, as every face writes it (`chess960 games --format csv`,
//! Python's `read_games`): [`GAME_COLUMNS`] names the columns once and [`Game::cells`] gives a
//! game's values in their order. A `file` column, the input's name, comes first.

use std::borrow::Cow;

use crate::game::Game;

/// What a column of the games' table holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
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
}

//! The tables of a segment, each a file of its folder: its name, its kind (the four bytes
//! its header names), its keys' length and whether its blocks are compressed.

/// Each game's record, by its number.
pub(crate) const GAMES: (&str, [u8; 4], usize, bool) = ("games.tbl", *b"GAME", 8, true);
/// Each lichess game's id, to its number (an add counts a game once).
pub(crate) const IDS: (&str, [u8; 4], usize, bool) = ("ids.tbl", *b"LIID", 8, true);
/// The positions several games reached: an all-months row each, and a row a month.
pub(crate) const ROWS: (&str, [u8; 4], usize, bool) = ("rows.tbl", *b"ROWS", 14, true);
/// The positions fewer games reached: a fingerprint of the key and the game's number.
pub(crate) const POSTINGS: (&str, [u8; 4], usize, bool) = ("postings.tbl", *b"POST", 4, false);
/// Each game's facts (bucket, outcome, month, ratings), by groups of games.
pub(crate) const FACTS: (&str, [u8; 4], usize, bool) = ("facts.tbl", *b"FACT", 4, true);
/// Each player's games by colour: a key of the name and colour, the games' numbers.
pub(crate) const PLAYERS: (&str, [u8; 4], usize, bool) = ("players.tbl", *b"PLYR", 9, true);

//! A game's PGN as lichess's explorer writes it at `/masters/pgn/{id}` ([`pgn`]): the Seven
//! Tag Roster less nothing, `WhiteElo` and `BlackElo`, then for a Chess960 game `Variant`,
//! `SetUp` and `FEN`, a blank line, the moves in SAN numbered, and the result.

use std::fmt::Write;

use crate::answer::whole_game::WholeGame;

/// `game`'s PGN, as lichess's explorer writes a game (lila-openingexplorer's
/// `MastersGame::write_pgn`): `Event`, `Site`, `Date`, `Round`, `White`, `Black`, `Result`,
/// `WhiteElo`, `BlackElo` (`?` for a tag the game had none of, a rating not known), then
/// `Variant "Chess960"`, `SetUp "1"` and `FEN` of its start, a blank line, and its moves
/// (`1. e4 e5 2. Nf3`; `1... e5` from a position with Black to move) and the result on one
/// line. A quote or backslash in a tag is escaped, as the PGN standard says.
///
/// ```
/// use chess960_explorer::{Index, IndexWriter, Query};
/// use chess960_explorer::api::pgn;
/// use chess960_pgn::Progress;
///
/// let dir = tempfile::tempdir()?;
/// let file = dir.path().join("club.pgn");
/// std::fs::write(&file, "[Event \"Club\"]\n[Date \"2024.03.09\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[WhiteElo \"1900\"]\n[Variant \"Chess960\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n1. e4 e5 2. Nd3 Nd6 1-0\n")?;
/// IndexWriter::new(dir.path().join("index")).add(&[file], &Progress::default())?;
/// let index = Index::open(dir.path().join("index"))?;
/// let fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1";
/// let answer = index.explore(&Query::at(fen, &[]))?;
/// let id = answer.moves[0].game.as_ref().and_then(|game| game.id.clone()).unwrap();
/// let game = index.game(&id)?.unwrap();
/// assert_eq!(pgn(&game), format!("[Event \"Club\"]\n[Site \"?\"]\n[Date \"2024.03.09\"]\n[Round \"?\"]\n\
///     [White \"Ann\"]\n[Black \"Bo\"]\n[Result \"1-0\"]\n[WhiteElo \"1900\"]\n[BlackElo \"?\"]\n\
///     [Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n1. e4 e5 2. Nd3 Nd6 1-0\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pgn(game: &WholeGame) -> String {
    let mut out = String::with_capacity(512 + 8 * game.san.len());
    let result = game.outcome.as_str();
    let elo = |elo: Option<u32>| elo.map_or_else(|| "?".to_owned(), |elo| elo.to_string());
    let tags = [
        ("Event", game.event.clone()),
        ("Site", game.site.clone()),
        ("Date", game.date.clone()),
        ("Round", game.round.clone()),
        ("White", game.players[0].clone()),
        ("Black", game.players[1].clone()),
        ("Result", result.to_owned()),
        ("WhiteElo", elo(game.elo[0])),
        ("BlackElo", elo(game.elo[1])),
        ("Variant", "Chess960".to_owned()),
        ("SetUp", "1".to_owned()),
        ("FEN", game.fen.clone()),
    ];
    for (name, value) in tags {
        let value = match value.trim() {
            "" => "?".to_owned(),
            value => value.replace('\\', "\\\\").replace('"', "\\\""),
        };
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    // The number of the first move, and whether Black makes it: the FEN's fields 2 and 6.
    let fields: Vec<&str> = game.fen.split(' ').collect();
    let black_first = fields.get(1) == Some(&"b");
    let first = fields
        .get(5)
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or(1);
    for (at, san) in game.san.iter().enumerate() {
        let ply = at + usize::from(black_first);
        let number = first + ply / 2;
        if at > 0 {
            out.push(' ');
        }
        let _ = match (ply % 2, at) {
            (0, _) => write!(out, "{number}. {san}"),
            (_, 0) => write!(out, "{number}... {san}"),
            _ => write!(out, "{san}"),
        };
    }
    if !game.san.is_empty() {
        out.push(' ');
    }
    out.push_str(result);
    out.push('\n');
    out
}

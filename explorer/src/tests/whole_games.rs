//! Every game an index holds, whole, by the id its answers show it by: each record's moves
//! are its source game's, every one of them (past the 50 plies counted), its tags the
//! source's; its PGN ([`crate::api::pgn`]) read back by the PGN reader is the same game.

use chess960_pgn::moves::UciCastling;
use chess960_pgn::{Options, Progress, read_games};

use crate::api::pgn;
use crate::index::Index;
use crate::tests::drawn;

/// What the source says of a game: its tags Event, Site, Date, Round, White, Black, Result,
/// and its moves in UCI (castling as the king taking its rook).
type Source = ([String; 7], Vec<String>);

/// Each game of `pgn`, in order.
fn read(pgn: String) -> Vec<Source> {
    let mut games = Vec::new();
    let options = Options::default().moves(true).details(true);
    read_games(std::io::Cursor::new(pgn), &options, |game| {
        let uci = game.moves.map_or_else(Vec::new, |replay| {
            let uci = replay.uci(UciCastling::KingTakesRook);
            uci.map(|mv| mv.to_string()).collect()
        });
        let tags = [
            &game.event,
            &game.site,
            &game.date,
            &game.round,
            &game.players[0],
            &game.players[1],
            &game.result,
        ];
        games.push((tags.map(|tag| tag.to_string()), uci));
    })
    .unwrap();
    games
}

#[test]
fn every_game_is_whole_and_its_pgn_reads_back_as_it() {
    let dir = tempfile::tempdir().unwrap();
    // Lichess's games and a club's (no lichess id: an id of 11 letters and digits).
    let games: Vec<String> = drawn(7, 300)
        .into_iter()
        .enumerate()
        .map(|(n, game)| match n % 3 {
            0 => game
                .replace("[Site \"https://lichess.org/", "[Site \"Bern ")
                .replace("[Round \"", "[Round \"3."),
            _ => game,
        })
        .collect();
    let file = dir.path().join("games.pgn");
    std::fs::write(&file, games.concat()).unwrap();
    crate::tests::writer(dir.path().join("index"))
        .add(std::slice::from_ref(&file), &Progress::default())
        .unwrap();
    let index = Index::open(dir.path().join("index")).unwrap();
    let sources = read(games.concat());
    let state = index.state().unwrap();
    let (mut checked, mut long, mut clubs) = (0, 0, 0);
    for segment in &state.segments {
        for record in segment.records() {
            let (_, bytes) = record.unwrap();
            let head = crate::store::games::Head::of_record(&bytes).unwrap();
            let id = head.key.id();
            let game = index.game(&id).unwrap().unwrap();
            let (tags, moves) = &sources[head.in_file as usize];
            let uci: Vec<String> = game.uci.iter().map(ToString::to_string).collect();
            assert_eq!(&uci, moves, "{id}: every move of game {}", head.in_file);
            let told = [
                &game.event,
                &game.site,
                &game.date,
                &game.round,
                &game.players[0],
                &game.players[1],
                &game.outcome.to_string(),
            ];
            assert_eq!(
                told.map(String::as_str),
                tags.each_ref().map(String::as_str),
                "{id}"
            );
            assert_eq!((game.id.clone(), game.lichess), (id.clone(), id.len() == 8));
            // Its PGN read back: the same moves, the same tags (`?` for one it had none of).
            let written = pgn(&game);
            let [(again, again_moves)] = &read(written.clone())[..] else {
                panic!("{written}");
            };
            assert_eq!(again_moves, moves, "{written}");
            for (back, source) in again.iter().zip(tags) {
                let source = if source.is_empty() { "?" } else { source };
                assert_eq!(back, source, "{written}");
            }
            assert!(written.contains("[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \""));
            checked += 1;
            long += usize::from(moves.len() > 50);
            clubs += usize::from(!game.lichess);
        }
    }
    assert!(
        checked > 200 && long > 20 && clubs > 60,
        "{checked} games, {long} long, {clubs} clubs'"
    );
    // No game of such an id: none; an id that is no id: none.
    for id in ["Zz9Zz9Zz", "zzzzzzzzzzZ", "", "../MANIFEST", "Xk3Pq9Z"] {
        assert_eq!(index.game(id).unwrap(), None, "{id}");
    }
}

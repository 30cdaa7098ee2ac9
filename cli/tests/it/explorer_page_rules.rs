//! The explorer's page plays moves by its own rules (its legal moves, their SAN, the FEN it
//! shows): games drawn here (cozy-chess's legal moves, castling and pawn moves favoured so
//! that castlings of every kind, promotions, checks, mates and en passant come up), which
//! the page replays (`rulesOf`, asked by `explorer_page.mjs`); at every position its legal
//! moves, its FEN and the SAN of the move played must be the crates' (cozy-chess's moves,
//! `chess960_pgn`'s `fen_after` and `san`).

use chess960::{DoubleStartingPosition, StartingPosition};
use chess960_pgn::moves::san;
use chess960_pgn::tree::{fen_after, root};
use cozy_chess::{Board, Move, Piece};
use serde_json::{Value, json};

/// xorshift64*.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n as u64) as usize
    }
}

fn legal(board: &Board) -> Vec<Move> {
    let mut moves = Vec::new();
    board.generate_moves(|m| {
        moves.extend(m);
        false
    });
    moves
}

/// One drawn game and what the crates say of it: at each position the legal moves (UCI,
/// castling as the king taking its rook, sorted) and the FEN, each move's SAN.
pub struct Drawn {
    pub white: StartingPosition,
    pub black: StartingPosition,
    pub moves: Vec<String>,
    pub legal: Vec<Vec<String>>,
    pub fens: Vec<String>,
    pub san: Vec<String>,
}

/// `count` games of at most 140 plies from starts drawn with `seed`, a Double Fischer Random
/// pair one game in four.
pub fn drawn(seed: u64, count: usize) -> Vec<Drawn> {
    let mut r = Random(seed | 1);
    let mut games = Vec::new();
    for n in 0..count {
        let sp = |r: &mut Random| StartingPosition::from_id(r.below(960) as u16).unwrap();
        let white = sp(&mut r);
        let black = if n % 4 == 3 { sp(&mut r) } else { white };
        let start = DoubleStartingPosition::new(white, black);
        let mut board = root(start);
        let mut game = Drawn {
            white,
            black,
            moves: Vec::new(),
            legal: Vec::new(),
            fens: vec![fen_after(start, &[] as &[&str]).unwrap()],
            san: Vec::new(),
        };
        for _ in 0..140 {
            let moves = legal(&board);
            let mut uci: Vec<String> = moves.iter().map(ToString::to_string).collect();
            uci.sort();
            game.legal.push(uci);
            if moves.is_empty() {
                break;
            }
            let castles: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| board.colors(board.side_to_move()).has(mv.to))
                .collect();
            let pawns: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|mv| board.piece_on(mv.from) == Some(Piece::Pawn))
                .collect();
            let mv = match r.below(4) {
                0 | 1 if !castles.is_empty() => castles[r.below(castles.len())],
                2 if !pawns.is_empty() => pawns[r.below(pawns.len())],
                _ => moves[r.below(moves.len())],
            };
            let mut after = board.clone();
            after.play_unchecked(mv);
            game.san.push(san(&board, mv, &after).to_string());
            game.moves.push(mv.to_string());
            game.fens.push(fen_after(start, &game.moves).unwrap());
            board = after;
        }
        if game.legal.len() == game.moves.len() {
            let mut uci: Vec<String> = legal(&board).iter().map(ToString::to_string).collect();
            uci.sort();
            game.legal.push(uci);
        }
        games.push(game);
    }
    games
}

/// The games as the page is asked them: back ranks and moves.
pub fn asked(games: &[Drawn]) -> Value {
    let games: Vec<Value> = games
        .iter()
        .map(|g| json!({"white": g.white.to_string(), "black": g.black.to_string(), "moves": g.moves}))
        .collect();
    json!(games)
}

/// The page's `rulesOf` answer is the crates' at every position; that the games hold each
/// kind of move, so that it was checked.
pub fn assert_rules(games: &[Drawn], page: &Value) {
    let page = page.as_array().unwrap();
    assert_eq!(page.len(), games.len());
    for (n, (game, seen)) in games.iter().zip(page).enumerate() {
        let what = |ply: usize| format!("game {n}, {} {}, ply {ply}", game.white, game.black);
        let legal = seen["legal"].as_array().unwrap();
        assert_eq!(legal.len(), game.legal.len(), "{}", what(0));
        for (ply, (want, got)) in game.legal.iter().zip(legal).enumerate() {
            let prefix = game.moves.get(..ply).unwrap_or_default().join(" ");
            assert_eq!(
                got,
                &json!(want),
                "{}: legal moves after {prefix}",
                what(ply)
            );
        }
        for (ply, want) in game.fens.iter().enumerate() {
            assert_eq!(seen["fens"][ply], json!(want), "{}: FEN", what(ply));
        }
        assert_eq!(seen["san"], json!(game.san), "{}: SAN", what(0));
    }
    let sans: Vec<&str> = games
        .iter()
        .flat_map(|g| g.san.iter().map(String::as_str))
        .collect();
    let count = |test: &dyn Fn(&str) -> bool| sans.iter().filter(|s| test(s)).count();
    let disambiguated = |s: &str| {
        let body = s.trim_end_matches(['+', '#']).replace('x', "");
        s.starts_with(['N', 'B', 'R', 'Q']) && body.len() > 3
    };
    let ep = games
        .iter()
        .flat_map(|g| &g.fens)
        .filter(|fen| fen.split(' ').nth(3) != Some("-"))
        .count();
    let kinds = [
        (
            "O-O",
            count(&|s| s.starts_with("O-O") && !s.starts_with("O-O-O")),
        ),
        ("O-O-O", count(&|s| s.starts_with("O-O-O"))),
        ("=", count(&|s| s.contains('='))),
        ("+", count(&|s| s.ends_with('+'))),
        ("#", count(&|s| s.ends_with('#'))),
        ("disambiguated", count(&disambiguated)),
        ("en passant in a FEN", ep),
    ];
    for (kind, seen) in kinds {
        assert!(seen > 0, "no {kind} among the games drawn: {kinds:?}");
    }
    eprintln!(
        "the page's rules: {} games, {} moves, as the crates' ({kinds:?})",
        games.len(),
        sans.len()
    );
}

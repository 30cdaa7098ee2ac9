//! Games drawn from a seed, as PGN ([`drawn`]): the tests' corpus, and the games of the
//! fuzzers' seed segment.

use chess960::fen::{CastlingNotation, Fen};
use chess960::{DoubleStartingPosition, StartingPosition};
use chess960_pgn::moves::san;
use cozy_chess::{Board, Move};

/// xorshift64*.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }
}

/// `games` lichess-like games from a few starts (a DFRC pair among them), each alone (its
/// PGN), their moves drawn from `seed` so that lines repeat and transpose, with every kind of
/// tag: speeds and none, Elos and none, months and none, results and unfinished games,
/// lichess ids and none, no castling. The same for a seed whatever reads it.
pub(crate) fn drawn(seed: u64, games: usize) -> Vec<String> {
    let mut r = Random(seed | 1);
    let starts: Vec<DoubleStartingPosition> =
        [(518, 518), (105, 105), (0, 0), (959, 959), (105, 451)]
            .iter()
            .filter_map(|&(w, b)| {
                let sp = |id| StartingPosition::from_id(id).ok();
                Some(DoubleStartingPosition::new(sp(w)?, sp(b)?))
            })
            .collect();
    let controls = ["15+0", "60+0", "180+2", "600+5", "1800+20", "-", ""];
    let results = ["1-0", "1-0", "0-1", "1/2-1/2", "0-1", "*"];
    let mut drawn = Vec::new();
    for n in 0..games {
        let Some(&start) = starts.get(r.below(starts.len() as u64) as usize) else {
            break;
        };
        let mut fen = Fen::new(start, CastlingNotation::Shredder).to_string();
        if r.below(20) == 0 {
            // A "no castling" event.
            let placement = fen.split(' ').next().unwrap_or_default();
            fen = format!("{placement} w - - 0 1");
        }
        let Ok(mut board) = Board::from_fen(&fen, true) else {
            break;
        };
        let mut movetext = String::new();
        let plies = 4 + r.below(60);
        for ply in 0..plies {
            let mut moves: Vec<Move> = Vec::new();
            board.generate_moves(|m| {
                moves.extend(m);
                false
            });
            if moves.is_empty() {
                break;
            }
            moves.sort_by_key(|mv| (mv.from as u8, mv.to as u8));
            // Mostly the first few moves: lines repeat.
            let pick = if r.below(3) == 0 {
                r.below(moves.len() as u64)
            } else {
                r.below(2.min(moves.len() as u64))
            };
            let Some(&mv) = moves.get(pick as usize) else {
                break;
            };
            let mut after = board.clone();
            after.play_unchecked(mv);
            if ply % 2 == 0 {
                movetext.push_str(&format!("{}. ", ply / 2 + 1));
            }
            movetext.push_str(san(&board, mv, &after).as_str());
            movetext.push(' ');
            board = after;
        }
        let elo = |r: &mut Random| match r.below(8) {
            0 => "?".to_owned(),
            _ => (800 + r.below(2000)).to_string(),
        };
        let (white_elo, black_elo) = (elo(&mut r), elo(&mut r));
        let month = match r.below(10) {
            0 => "????.??.??".to_owned(),
            m => format!("2024.{:02}.15", m),
        };
        let site = match r.below(6) {
            0 => "https://example.org/game".to_owned(),
            _ => format!("https://lichess.org/{:08}", n),
        };
        let pick = |r: &mut Random, of: &[&'static str]| {
            of.get(r.below(of.len() as u64) as usize)
                .copied()
                .unwrap_or_default()
        };
        let control = pick(&mut r, &controls);
        let result = pick(&mut r, &results);
        let event = pick(&mut r, &["Rated Blitz game", "Casual Rapid game", "?"]);
        let pgn = format!(
            "[Event \"{event}\"]\n[Site \"{site}\"]\n[White \"w{}\"]\n[Black \"b{}\"]\n[Result \"{result}\"]\n\
             [UTCDate \"{month}\"]\n[WhiteElo \"{white_elo}\"]\n[BlackElo \"{black_elo}\"]\n[TimeControl \"{control}\"]\n\
             [Variant \"Chess960\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n{movetext}{result}\n\n",
            n % 17,
            n % 13
        );
        drawn.push(pgn);
    }
    drawn
}

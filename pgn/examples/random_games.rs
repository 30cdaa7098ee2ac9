//! A database of distinct games for scripts/tree-throughput.sh, as a busy site's dump is:
//! random legal games (20 to 120 plies) from random starts (one in ten a Double Fischer Random
//! pair), with lichess's tags (results, Elo, TimeControl, UTCDate), written in SAN, until
//! BYTES are written. Reproducible from SEED.
//!
//! ```sh
//! cargo run --release -p chess960-pgn --example random_games -- 7 1073741824 > random.pgn
//! ```

use std::io::{BufWriter, Write};

use chess960::fen::{CastlingNotation, Fen};
use chess960::{DoubleStartingPosition, StartingPosition};
use chess960_pgn::moves::Replay;
use cozy_chess::Board;

/// xorshift64*: reproducible, and quick.
struct Random(u64);

impl Random {
    /// One of `items`, each as likely (`items` is never empty here).
    fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        let at = self.below(items.len().max(1) as u64);
        items.get(usize::try_from(at).ok()?).copied()
    }

    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) % n
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let (seed, bytes): (u64, u64) = match args.get(1..).unwrap_or_default() {
        [seed, bytes] => (seed.parse()?, bytes.parse()?),
        _ => return Err("usage: random_games SEED BYTES".into()),
    };
    let mut random = Random(seed | 1);
    let mut out = BufWriter::new(std::io::stdout().lock());
    let (mut written, mut game) = (0u64, 0u64);
    let controls = [
        "60+0", "180+0", "180+2", "300+3", "600+0", "900+10", "1800+0", "-",
    ];
    let results = ["1-0", "1-0", "0-1", "0-1", "1/2-1/2", "*"];
    while written < bytes {
        let sp = |r: &mut Random| StartingPosition::from_id(r.below(960) as u16);
        let white = sp(&mut random)?;
        let black = if random.below(10) == 0 {
            sp(&mut random)?
        } else {
            white
        };
        let fen = Fen::new(
            DoubleStartingPosition::new(white, black),
            CastlingNotation::Shredder,
        )
        .to_string();
        let mut board = Board::from_fen(&fen, true).map_err(|err| format!("{fen}: {err:?}"))?;
        let mut uci = String::new();
        for _ in 0..20 + random.below(101) {
            let mut legal = Vec::new();
            board.generate_moves(|moves| {
                legal.extend(moves);
                false
            });
            let Some(mv) = random.pick(&legal) else {
                break;
            };
            uci += &format!("{mv} ");
            board.play_unchecked(mv);
        }
        let replay = Replay::of_pgn(format!("[FEN \"{fen}\"]\n\n{uci}*").as_bytes());
        let mut movetext = String::new();
        for (i, san) in replay.san().enumerate() {
            if i % 2 == 0 {
                movetext += &format!("{}. ", i / 2 + 1);
            }
            movetext += &format!("{san} ");
        }
        let result = random.pick(&results).unwrap_or("*");
        let text = format!(
            "[Event \"Rated Chess960 game\"]\n[Site \"random {game}\"]\n[Variant \"Chess960\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\
             [Result \"{result}\"]\n[WhiteElo \"{}\"]\n[BlackElo \"{}\"]\n[TimeControl \"{}\"]\n[UTCDate \"20{}.{:02}.{:02}\"]\n\n{movetext}{result}\n\n",
            1000 + random.below(1800),
            1000 + random.below(1800),
            random.pick(&controls).unwrap_or("-"),
            23 + random.below(3),
            1 + random.below(12),
            1 + random.below(28),
        );
        out.write_all(text.as_bytes())?;
        written += text.len() as u64;
        game += 1;
    }
    out.flush()?;
    Ok(())
}

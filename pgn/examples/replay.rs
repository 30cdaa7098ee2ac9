//! The replay's throughput on one thread, for scripts/moves-throughput.sh: every game of each
//! file replayed from its start (`Options::moves`), as pgn-reader + shakmaty's `validate`
//! example does; prints the games, plies, and games whose moves could not all be played.
//!
//! ```sh
//! cargo run --release -p chess960-pgn --example replay -- db.pgn [MORE.pgn.zst ...]
//! ```

use chess960_pgn::{Options, read_games};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (mut games, mut plies, mut errors) = (0u64, 0u64, 0u64);
    for path in std::env::args().skip(1) {
        let file = std::fs::File::open(&path)?;
        read_games(file, &Options::default().moves(true), |game| {
            games += 1;
            if let Some(replay) = game.moves {
                plies += replay.plies() as u64;
                errors += u64::from(replay.error().is_some());
            }
        })?;
    }
    println!("{games} games, {plies} plies, {errors} with a move not played");
    Ok(())
}

//! The library's throughput, for scripts/games-throughput.sh: the games per start of each file
//! (read in parallel, one large plain file in two halves), as `chess960 games --stats` counts
//! them, printed as `white_sp,black_sp,games` lines.
//!
//! ```sh
//! cargo run --release -p chess960-pgn --example count_starts -- db.pgn [MORE.pgn.zst ...]
//! ```

use std::io::Write;

use chess960_pgn::{Progress, Stats};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let paths: Vec<String> = std::env::args().skip(1).collect();
    let (stats, errors) = Stats::read_files(&paths, &Default::default(), &Progress::default());
    if let Some(error) = errors.first() {
        return Err(error.to_string().into());
    }
    let mut out = std::io::stdout().lock();
    for (start, counts) in stats.starts() {
        let (white, black) = (start.white().id(), start.black().id());
        writeln!(out, "{white},{black},{}", counts.games())?;
    }
    Ok(())
}

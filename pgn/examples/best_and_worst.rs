//! The starts with the best and worst scores for White in a PGN database (a lichess dump,
//! CCRL, TCEC; plain, gzip, zstd or bzip2), with Wilson's 95% interval.
//!
//! ```sh
//! cargo run --release -p chess960-pgn --example best_and_worst -- lichess_db_chess960_rated_2024-01.pgn.zst [MIN_GAMES]
//! ```

use chess960_pgn::{Options, Stats};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dump = args
        .next()
        .ok_or("usage: best_and_worst FILE [MIN_GAMES]")?;
    let min_games: u64 = args.next().map_or(Ok(100), |n| n.parse())?;
    let stats = Stats::read_path(&dump, &Options::default())?;
    println!(
        "{} games; passed over: {}",
        stats.games(),
        stats.passed_over()
    );

    let mut starts: Vec<_> = stats
        .starts()
        .filter(|(_, counts)| counts.games() - counts.unfinished >= min_games)
        .filter_map(|(start, counts)| Some((start, counts.score()?)))
        .collect();
    starts.sort_by(|(_, a), (_, b)| b.score.total_cmp(&a.score));
    let best_and_worst = starts
        .iter()
        .take(5)
        .chain(starts.iter().rev().take(5).rev());
    for (start, score) in best_and_worst {
        let (low, high) = (score.wilson.low, score.wilson.high);
        let (white, black) = (start.white(), start.black());
        let name = match start.single() {
            Some(sp) => format!("{:>7} {sp}", sp.id()),
            None => format!("{:>3}/{:<3} {white} {black}", white.id(), black.id()),
        };
        println!("{name}  {:.3} ({low:.3} – {high:.3})", score.score);
    }
    Ok(())
}

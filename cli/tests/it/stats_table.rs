//! The statistics table (`games --stats --format csv`) computed another way, from
//! python-chess's reading of a corpus (`games_tools.rs`), and compared with ours.

use std::collections::BTreeMap;

/// Two statistics CSVs are the same table: the same header and rows, numbers equal to 1e-9
/// (ours are written exactly, the expected ones computed here another way).
pub fn assert_same_table(ours: &str, expected: &str) {
    let (ours, expected): (Vec<&str>, Vec<&str>) =
        (ours.lines().collect(), expected.lines().collect());
    assert_eq!(ours.len(), expected.len(), "rows");
    assert_eq!(ours[0], expected[0], "header");
    for (mine, theirs) in ours.iter().zip(&expected).skip(1) {
        let (a, b): (Vec<&str>, Vec<&str>) =
            (mine.split(',').collect(), theirs.split(',').collect());
        assert_eq!(a.len(), b.len(), "{mine}\n{theirs}");
        for (x, y) in a.iter().zip(&b) {
            match (x.parse::<f64>(), y.parse::<f64>()) {
                (Ok(x), Ok(y)) => {
                    assert!((x - y).abs() <= 1e-9 * x.abs().max(1.0), "{mine}\n{theirs}")
                }
                _ => assert_eq!(x, y, "{mine}\n{theirs}"),
            }
        }
    }
}

/// The statistics CSV made from python-chess's reading, with the score as the issue defines it.
pub fn stats_from(reading: &[Vec<String>], min_elo: Option<u32>) -> String {
    let mut counts: BTreeMap<(u16, u16), [u64; 4]> = BTreeMap::new();
    for row in reading {
        let (Ok(white), Ok(black)) = (row[0].parse(), row[1].parse()) else {
            continue;
        };
        let elo_ok =
            |e: &String| min_elo.is_none_or(|min| e.parse::<u32>().is_ok_and(|e| e >= min));
        if !(elo_ok(&row[3]) && elo_ok(&row[4])) {
            continue;
        }
        let slot = match row[2].as_str() {
            "1-0" => 0,
            "1/2-1/2" => 1,
            "0-1" => 2,
            _ => 3,
        };
        counts.entry((white, black)).or_default()[slot] += 1;
    }
    let mut csv = String::from(
        "white_sp,black_sp,white_rank,black_rank,games,white_wins,draws,black_wins,unfinished,\
         score,normal_low,normal_high,wilson_low,wilson_high,elo,elo_low,elo_high\n",
    );
    let rank = |id: u16| chess960::StartingPosition::from_id(id).unwrap().to_string();
    for ((white, black), [w, d, l, u]) in counts {
        let n = (w + d + l) as f64;
        let score = if n == 0.0 {
            ",,,,,,,".to_owned()
        } else {
            let z = 1.959964f64;
            let mu = (w as f64 + d as f64 / 2.0) / n;
            let var = (w as f64 * (1.0 - mu).powi(2)
                + d as f64 * (0.5 - mu).powi(2)
                + l as f64 * mu.powi(2))
                / n;
            let margin = z * (var / n).sqrt();
            // Wilson: the roots p of (mu - p)^2 = z^2 p (1 - p) / n, by the quadratic formula.
            let (a, b, c) = (1.0 + z * z / n, -(2.0 * mu + z * z / n), mu * mu);
            let root = (b * b - 4.0 * a * c).max(0.0).sqrt();
            let (low, high) = ((-b - root) / (2.0 * a), (-b + root) / (2.0 * a));
            let (low, high) = match mu {
                0.0 => (0.0, high),
                1.0 => (low, 1.0),
                _ => (low.clamp(0.0, mu), high.clamp(mu, 1.0)),
            };
            // The Elo of a score, empty where infinite (a score of 0 or 1).
            let elo = |p: f64| match p {
                0.0 | 1.0 => String::new(),
                p => (-400.0 * (1.0 / p - 1.0).log10()).to_string(),
            };
            format!(
                "{mu},{},{},{low},{high},{},{},{}",
                mu - margin,
                mu + margin,
                elo(mu),
                elo(low),
                elo(high),
            )
        };
        csv += &format!(
            "{white},{black},{},{},{},{w},{d},{l},{u},{score}\n",
            rank(white),
            rank(black),
            w + d + l + u
        );
    }
    csv
}

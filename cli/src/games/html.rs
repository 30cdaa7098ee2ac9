//! `games --stats --format html`: one self-contained page, a map of the 960 starts coloured by
//! what White's score is known to be (the bound of Wilson's interval nearest ½, so a start is
//! white unless its games show an edge; each cell shows its number of games; hover it for its
//! rank, counts and interval), and the table of every start (Double Fischer Random pairs too).

use std::io::{self, Write};

use chess960::{DoubleStartingPosition, StartingPosition};

use chess960_pgn::stats::Row;
use chess960_pgn::tree::GameCount;
use chess960_pgn::{Interval, Score, Stats};

use super::stats::{elo, interval, score};

/// Cells per row of the map: 960 = 24 rows of 40.
const COLUMNS: usize = 40;

/// Writes the page.
pub fn write(out: &mut impl Write, table: &Stats) -> io::Result<()> {
    let games = GameCount(table.games());
    write!(
        out,
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Chess960 starts: {games}</title>
<style>
body {{ font: 14px system-ui, sans-serif; margin: 1.5em; color: #222; }}
.map {{ display: grid; grid-template-columns: repeat({COLUMNS}, 1.6em); gap: 2px; margin: 1em 0; }}
.map div {{ height: 1.6em; border-radius: 2px; font-size: 9px; line-height: 1.6em;
  text-align: center; color: #555; overflow: hidden; }}
.map .none {{ background: #eee; }}
.map div[data-score] {{ box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.15); }}
table {{ border-collapse: collapse; }}
td, th {{ padding: 2px 8px; text-align: right; border-bottom: 1px solid #ddd; }}
td:nth-child(3), td:nth-child(4) {{ font-family: monospace; text-align: left; }}
.legend span {{ display: inline-block; width: 3em; text-align: center; }}
</style>
</head>
<body>
<h1>Chess960 starts: {games}</h1>
<p>Each cell is a start by Scharnagl id, 0 at the top left, {COLUMNS} to a row, showing its
number of games. Its colour is what its games show of White's score: the bound of the score's
95% interval (Wilson's) nearest ½ (red 0, white ½, blue 1), so a start stays white unless its
games show an edge, however few they are; grey: no finished game. Hover a cell for its back
rank, games, score and interval.</p>
<p class="legend"><span style="background:{}">0</span><span style="background:{}">¼</span><span style="background:{}">½</span><span style="background:{}">¾</span><span style="background:{}">1</span></p>
<div class="map">
"#,
        colour(0.0),
        colour(0.25),
        colour(0.5),
        colour(0.75),
        colour(1.0)
    )?;
    for sp in StartingPosition::all() {
        let start = DoubleStartingPosition::new(sp, sp);
        let counts = table.counts(start);
        let row = Row::new(start, counts);
        let title = title(&row);
        let (id, games) = (sp.id(), counts.games());
        let short = short(games);
        match counts.score() {
            Some(s) => writeln!(
                out,
                r#"<div data-sp="{id}" data-score="{:.4}" data-low="{:.4}" data-high="{:.4}" data-games="{games}" style="background:{}" title="{title}">{short}</div>"#,
                s.score,
                s.wilson.low,
                s.wilson.high,
                colour(shown(s))
            )?,
            None => writeln!(
                out,
                r#"<div data-sp="{id}" data-games="{games}" class="none" title="{title}">{short}</div>"#,
            )?,
        }
    }
    writeln!(
        out,
        "</div>\n<table>\n<tr><th>White SP</th><th>Black SP</th><th>White</th><th>Black</th>\
         <th>games</th><th>1-0</th><th>½-½</th><th>0-1</th><th>*</th><th>score</th>\
         <th>95% interval (Wilson)</th><th>Elo</th></tr>"
    )?;
    for row in table.rows() {
        let (white, black, counts) = (row.start.white(), row.start.black(), row.counts);
        writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{white}</td><td>{black}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            white.id(),
            black.id(),
            counts.games(),
            counts.white_wins,
            counts.draws,
            counts.black_wins,
            counts.unfinished,
            score(&row),
            interval(&row),
            elo(&row)
        )?;
    }
    writeln!(out, "</table>\n</body>\n</html>")
}

/// A cell's hover text.
fn title(row: &Row) -> String {
    let (sp, counts) = (row.start.white(), row.counts);
    let mut title = format!(
        "SP {} {sp}: {}, +{} ={} -{}",
        sp.id(),
        GameCount(counts.games()),
        counts.white_wins,
        counts.draws,
        counts.black_wins
    );
    if counts.unfinished > 0 {
        title.push_str(&format!(" *{}", counts.unfinished));
    }
    if row.score.is_some() {
        title.push_str(&format!(", score {} ({})", score(row), interval(row)));
    }
    title
}

/// The score a cell shows: the bound of Wilson's interval nearest ½, or ½ when the interval
/// holds ½.
fn shown(score: Score) -> f64 {
    let Interval { low, high } = score.wilson;
    if low > 0.5 {
        low
    } else if high < 0.5 {
        high
    } else {
        0.5
    }
}

/// A number of games in at most four characters: `7`, `960`, `12k`, `3M`.
fn short(games: u64) -> String {
    match games {
        0 => String::new(),
        1..10_000 => games.to_string(),
        10_000..10_000_000 => format!("{}k", games / 1000),
        _ => format!("{}M", games / 1_000_000),
    }
}

/// White's score as a colour: red at 0, white at ½, blue at 1.
fn colour(score: f64) -> String {
    let t = (score.clamp(0.0, 1.0) - 0.5) * 2.0;
    let to: [f64; 3] = if t < 0.0 {
        [214.0, 39.0, 40.0]
    } else {
        [31.0, 119.0, 180.0]
    };
    let [r, g, b] = to.map(|to| (255.0 + (to - 255.0) * t.abs()).round() as u8);
    format!("#{r:02x}{g:02x}{b:02x}")
}

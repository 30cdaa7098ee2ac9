//! `games --stats --format html`: one self-contained page, a map of the 960 starts coloured by
//! White's score (hover a cell for its rank, counts and interval), and the table of every start
//! (Double Fischer Random pairs too).

use std::io::{self, Write};

use chess960::{DoubleStartingPosition, StartingPosition};

use super::stats::{Row, Table};

/// Cells per row of the map: 960 = 24 rows of 40.
const COLUMNS: usize = 40;

/// Writes the page.
pub fn write(out: &mut impl Write, table: &Table) -> io::Result<()> {
    let starts = table.starts();
    let games: u64 = starts.values().map(|c| c.games()).sum();
    write!(
        out,
        r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Chess960 starts: {games} games</title>
<style>
body {{ font: 14px system-ui, sans-serif; margin: 1.5em; color: #222; }}
.map {{ display: grid; grid-template-columns: repeat({COLUMNS}, 1.6em); gap: 2px; margin: 1em 0; }}
.map div {{ height: 1.6em; border-radius: 2px; }}
.map .none {{ background: #eee; }}
.map div[data-score] {{ box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.15); }}
table {{ border-collapse: collapse; }}
td, th {{ padding: 2px 8px; text-align: right; border-bottom: 1px solid #ddd; }}
td:nth-child(3), td:nth-child(4) {{ font-family: monospace; text-align: left; }}
.legend span {{ display: inline-block; width: 3em; text-align: center; }}
</style>
</head>
<body>
<h1>Chess960 starts: {games} games</h1>
<p>Each cell is a start by Scharnagl id, 0 at the top left, {COLUMNS} to a row; its colour is
White's score (red 0, white ½, blue 1; grey: no finished game). Hover a cell for its back rank,
games and the score's 95% interval.</p>
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
        let counts = starts
            .get(&DoubleStartingPosition::new(sp, sp))
            .copied()
            .unwrap_or_default();
        let row = Row::new(DoubleStartingPosition::new(sp, sp), counts);
        let title = title(&row);
        match counts.score() {
            Some([score, ..]) => writeln!(
                out,
                r#"<div data-sp="{}" data-score="{}" style="background:{}" title="{title}"></div>"#,
                row.white_sp,
                row.score,
                colour(score)
            )?,
            None => writeln!(
                out,
                r#"<div data-sp="{}" class="none" title="{title}"></div>"#,
                row.white_sp
            )?,
        }
    }
    writeln!(
        out,
        "</div>\n<table>\n<tr><th>White SP</th><th>Black SP</th><th>White</th><th>Black</th>\
         <th>games</th><th>1-0</th><th>½-½</th><th>0-1</th><th>*</th><th>score</th>\
         <th>95% interval</th></tr>"
    )?;
    for (&start, &counts) in &starts {
        let row = Row::new(start, counts);
        writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>\
             <td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            row.white_sp,
            row.black_sp,
            row.white_rank,
            row.black_rank,
            row.games,
            row.white_wins,
            row.draws,
            row.black_wins,
            row.unfinished,
            row.score,
            row.interval()
        )?;
    }
    writeln!(out, "</table>\n</body>\n</html>")
}

/// A cell's hover text.
fn title(row: &Row) -> String {
    let mut title = format!(
        "SP {} {}: {} games, +{} ={} -{}",
        row.white_sp, row.white_rank, row.games, row.white_wins, row.draws, row.black_wins
    );
    if row.unfinished > 0 {
        title.push_str(&format!(" *{}", row.unfinished));
    }
    if !row.score.is_empty() {
        title.push_str(&format!(", score {} ({})", row.score, row.interval()));
    }
    title
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

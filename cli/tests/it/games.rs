//! `chess960 games` on small PGN written here: the line per game in each format, the notes of
//! games without a start, errors that name the file and lose nothing else, the statistics page
//! (and, where Chromium is installed, the page as a browser lays it out and colours it).

use crate::common;
use crate::html::{in_chromium, tempdir};

use std::io::Write;

use common::{chess960, json_lines, text};

const PGN: &str = r#"[Event "a"]
[Variant "Chess960"]
[FEN "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1"]
[Result "1-0"]
[WhiteElo "2400"]
[BlackElo "2300"]

1. e4 e5 1-0

[Event "b"]
[Result "1/2-1/2"]

1. e4 e5 1/2-1/2

[Event "c"]
[Variant "fischerandom"]
[Result "0-1"]

1. e4 0-1

[Event "d"]
[FEN "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w - - 0 1"]
[Result "*"]

*

[Event "e"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]

*

[Event "f"]
[Variant "Chess960"]
[FEN "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq -"]
[Result "1-0"]

1. e4 1-0
"#;

fn games(args: &[&str], stdin: &[u8]) -> (String, String, Option<i32>) {
    let out = chess960(&[&["games"], args].concat(), stdin);
    (
        text(&out.stdout).to_owned(),
        text(&out.stderr).to_owned(),
        out.status.code(),
    )
}

fn write_file(name: &str, bytes: &[u8]) -> String {
    let path = tempdir("games").join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn a_line_per_game_in_text_csv_and_json() {
    let (out, err, code) = games(&[], PGN.as_bytes());
    assert_eq!((err.as_str(), code), ("", Some(0)));
    assert_eq!(
        out,
        "game 0: SP 105 QNRBBNKR, 1-0\n\
         game 1: no SP (standard chess: the standard start, and no Variant tag naming Chess960), 1/2-1/2\n\
         game 2: SP 518 RNBQKBNR, 0-1\n\
         game 3: SP 105 QNRBBNKR / 451 BRNNKQRB, *\n\
         game 4: no SP (FEN is not a start position: rank 4: expected an empty rank, 8), *\n\
         game 5: SP 105 QNRBBNKR, 1-0\n"
    );
    let (csv, _, _) = games(&["--format", "csv", "-"], PGN.as_bytes());
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "file,game,white_sp,black_sp,white_rank,black_rank,result,variant,white_elo,black_elo,offset,kind,note"
    );
    assert_eq!(
        lines[1],
        "-,0,105,105,QNRBBNKR,QNRBBNKR,1-0,Chess960,2400,2300,0,chess960,"
    );
    assert_eq!(lines[4], "-,3,105,451,QNRBBNKR,BRNNKQRB,*,,,,278,dfrc,");
    assert!(lines[5].starts_with("-,4,,,,,*,,,,"), "{}", lines[5]);
    for line in &lines[1..] {
        let offset: usize = line.split(',').nth(10).unwrap().parse().unwrap();
        assert!(PGN[offset..].starts_with("[Event"), "{line}");
    }
    let (json, _, _) = games(&["--format", "json"], PGN.as_bytes());
    let rows = json_lines(json.as_bytes());
    assert_eq!(rows.len(), 6);
    assert_eq!(rows[3]["white_sp"], 105);
    assert_eq!(rows[3]["black_rank"], "BRNNKQRB");
    assert_eq!(rows[1]["white_sp"], serde_json::Value::Null);
    assert!(
        rows[1]["note"]
            .as_str()
            .unwrap()
            .starts_with("standard chess")
    );
}

#[test]
fn what_games_writes_the_other_subcommands_read() {
    let (csv, _, _) = games(&["--format", "csv"], PGN.as_bytes());
    let with_start: Vec<&str> = csv.lines().filter(|l| l.contains("QNRBBNKR")).collect();
    let out = chess960(&["id"], with_start.join("\n").as_bytes());
    assert_eq!(text(&out.stdout), "105\n105 451\n105\n");
    let (stats, _, _) = games(&["--stats", "--format", "csv"], PGN.as_bytes());
    let out = chess960(&["rank"], stats.as_bytes());
    assert_eq!(
        (text(&out.stdout), out.status.code()),
        ("QNRBBNKR\nQNRBBNKR BRNNKQRB\nRNBQKBNR\n", Some(0))
    );
}

#[test]
fn statistics_per_start() {
    let (csv, err, code) = games(&["--stats", "--format", "csv"], PGN.as_bytes());
    assert_eq!(code, Some(0));
    assert_eq!(
        err,
        "chess960: passed over 2 games without a Chess960 start: 1 standard chess, \
         1 FEN not a start (a setup) (list them with `chess960 games`)\n"
    );
    // cutechess's interval collapses for two wins out of two; Wilson's does not, and the Elo
    // interval is Wilson's, unbounded above (empty) where every game was won.
    assert_eq!(
        csv,
        "white_sp,black_sp,white_rank,black_rank,games,white_wins,draws,black_wins,unfinished,\
         score,normal_low,normal_high,wilson_low,wilson_high,elo,elo_low,elo_high\n\
         105,105,QNRBBNKR,QNRBBNKR,2,2,0,0,0,1,1,1,0.34238022395464934,1,,-113.38647729104414,\n\
         105,451,QNRBBNKR,BRNNKQRB,1,0,0,0,1,,,,,,,,\n\
         518,518,RNBQKBNR,RNBQKBNR,1,0,0,1,0,0,0,0,0,0.7934506882081973,,,233.79847555663665\n"
    );
    let (csv, _, _) = games(
        &["--stats", "--format", "csv", "--min-elo", "2300"],
        PGN.as_bytes(),
    );
    assert_eq!(
        csv.lines().skip(1).collect::<Vec<_>>(),
        ["105,105,QNRBBNKR,QNRBBNKR,1,1,0,0,0,1,1,1,0.2065493117918027,1,,-233.79847555663665,"]
    );
    let (json, _, _) = games(&["--stats", "--format", "json"], PGN.as_bytes());
    assert_eq!(json_lines(json.as_bytes())[0]["games"], 2);
}

#[test]
fn errors_name_the_file_and_lose_nothing_else() {
    let good = write_file("good.pgn", PGN.as_bytes());
    let (out, err, code) = games(&["--format", "csv", "no-such.pgn", &good], b"");
    assert_eq!(code, Some(1));
    assert!(err.starts_with("error: no-such.pgn: "), "{err}");
    assert_eq!(out.lines().count(), 1 + 6);
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .starts_with(&format!("{good},0,105,"))
    );

    // A gzip file cut short: the games before the cut are listed, then the error.
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(PGN.repeat(2000).as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let cut = write_file("cut.pgn.gz", &gz[..gz.len() / 2]);
    let (out, err, code) = games(&[&cut], b"");
    assert_eq!(code, Some(1));
    assert!(err.contains("cut.pgn.gz: reading stopped after"), "{err}");
    assert!(out.lines().count() > 1000);

    let (_, err, code) = games(&["--format", "html"], b"");
    assert_eq!(
        (err.as_str(), code),
        (
            "error: games: --format html is the map of --stats; add --stats\n",
            Some(2)
        )
    );
    // Options before files, as every Unix user types them.
    let (out, _, code) = games(&["--sp", "105", &good], b"");
    assert_eq!(code, Some(0));
    assert!(out.starts_with("[Event \"a\"]"), "{out}");
}

#[test]
fn sp_and_split_copy_games_byte_for_byte() {
    let crlf = PGN.replace('\n', "\r\n");
    let (out, _, code) = games(&["--sp", "105"], crlf.as_bytes());
    assert_eq!(code, Some(0));
    let game = |name: &str| {
        let start = crlf.find(&format!("[Event \"{name}\"]")).unwrap();
        let end = crlf[start + 1..]
            .find("[Event")
            .map_or(crlf.len(), |e| start + 1 + e);
        crlf[start..end].to_owned()
    };
    assert_eq!(out, game("a") + &game("f"));
    let dir = tempdir("games-split");
    let _ = std::fs::remove_dir_all(&dir);
    let (_, _, code) = games(&["--split", dir.to_str().unwrap()], crlf.as_bytes());
    assert_eq!(code, Some(0));
    let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
    assert_eq!(read("105.pgn"), game("a") + &game("f"));
    assert_eq!(read("105-451.pgn"), game("d"));
    assert_eq!(read("518.pgn"), game("c"));
    assert_eq!(read("no-sp.pgn"), game("b") + &game("e"));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 4);
}

fn stats_page() -> String {
    let (html, _, code) = games(&["--stats", "--format", "html"], PGN.as_bytes());
    assert_eq!(code, Some(0));
    html
}

#[test]
fn the_stats_page_maps_all_960_starts() {
    let html = stats_page();
    assert!(html.starts_with("<!doctype html>"));
    assert!(!html.contains("<script") && !html.contains("<link") && !html.contains("src="));
    assert_eq!(html.matches("<div data-sp=").count(), 960);
    assert_eq!(html.matches("data-score=").count(), 2);
    // Two wins out of two show no edge: the cell stays white, and says it holds 2 games.
    assert!(html.contains(r#"<div data-sp="105" data-score="1.0000" data-low="0.3424" data-high="1.0000" data-games="2" style="background:#ffffff" title="SP 105 QNRBBNKR: 2 games, +2 =0 -0, score 1.0000 (0.3424 – 1.0000)">2</div>"#));
    assert_eq!(html.matches("<tr><td>").count(), 3);
}

const CHECK: &str = r#"<script>
const cells = Array.from(document.querySelectorAll('.map div'));
const rgb = c => getComputedStyle(c).backgroundColor.match(/\d+/g).map(Number);
const bad = [];
for (const c of cells.filter(c => c.dataset.score)) {
  const [r, g, b] = rgb(c), low = Number(c.dataset.low), high = Number(c.dataset.high);
  const white = r === 255 && g === 255 && b === 255;
  if ((low > 0.5 && !(b > r)) || (high < 0.5 && !(r > b)) || (low <= 0.5 && high >= 0.5 && !white))
    bad.push(c.dataset.sp);
}
const row = i => cells[i].getBoundingClientRect().top;
document.body.setAttribute('data-check',
  `cells=${cells.length} bad=[${bad}] row0=${row(0) === row(39)} row1=${row(40) > row(39)} titled=${cells.every(c => c.title.startsWith('SP ' + c.dataset.sp + ' '))}`);
</script>"#;

#[test]
#[ignore = "needs Chromium: `cargo test -- --ignored`, as .ci/run does"]
fn chromium_lays_out_40_cells_a_row_coloured_by_score() {
    let (check, png) = in_chromium(&stats_page(), CHECK, "games-html", "stats");
    assert_eq!(check, "cells=960 bad=[] row0=true row1=true titled=true");
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
}

/// A file over 64 MiB is counted by two threads, each reading one half: the counts are those
/// of one thread reading it from stdin, also when the middle falls in a comment that holds
/// what looks like a game.
#[test]
fn a_large_file_counted_in_two_halves_counts_the_same() {
    let copies = (65 << 20) / PGN.len() + 1;
    let plain = PGN.repeat(copies);
    // A comment across the middle, holding blank lines and a tag line, as a game's text.
    let fake =
        "\n\n[Event \"inside a comment\"]\n[Variant \"Chess960\"]\n\n1. e4 *\n".repeat(40_000);
    let middle = plain.len() / 2;
    let cut = middle - plain[..middle].rfind("[Event").map_or(0, |at| middle - at);
    let tricky = format!(
        "{}[Event \"long\"]\n[Variant \"Chess960\"]\n[Result \"1-0\"]\n\n1. e4 {{{fake}}} 1-0\n\n{}",
        &plain[..cut],
        &plain[cut..]
    );
    for (name, pgn) in [("large.pgn", plain), ("large-tricky.pgn", tricky)] {
        let path = write_file(name, pgn.as_bytes());
        let (in_two, err, code) = games(&["--stats", "--format", "csv", &path], b"");
        assert_eq!(code, Some(0), "{err}");
        let (in_one, _, _) = games(&["--stats", "--format", "csv"], pgn.as_bytes());
        assert_eq!(in_two, in_one, "{name}");
        let white_wins: u64 = in_one
            .lines()
            .skip(1)
            .map(|l| l.split(',').nth(5).unwrap().parse::<u64>().unwrap())
            .sum();
        let expected = 2 * copies as u64 + u64::from(name == "large-tricky.pgn");
        assert_eq!(white_wins, expected, "{name}");
    }
}

/// The text table's Elo is always an interval, Wilson's: one drawn game is `+0.0` with a wide
/// interval (not `-0.0 ± 0.0`), and games all won have no upper bound (not a bare number).
#[test]
fn the_text_tables_elo_is_an_interval() {
    let pgn = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1/2-1/2\n\n\
               [Variant \"Chess960\"]\n\n1-0\n\n[Variant \"Chess960\"]\n\n1-0\n";
    let (table, _, code) = games(&["--stats"], pgn.as_bytes());
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[1].ends_with("0.5000 0.0546 – 0.9454  +0.0 [-495.3, +495.3]"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].ends_with("1.0000 0.3424 – 1.0000  +inf [-113.4, +inf]"),
        "{}",
        lines[2]
    );
    assert!(!table.contains("-0.0") && !table.contains('±'), "{table}");
}

/// One game is "1 game" wherever --stats writes a count in words: the page's title, heading
/// and a cell's hover text, and the games passed over on stderr.
#[test]
fn stats_say_1_game_not_1_games() {
    let one = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1\"]\n\n1-0\n\n\
               [Event \"standard\"]\n\n1. e4 e5 1-0\n\n";
    let (html, err, code) = games(&["--stats", "--format", "html"], one.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    assert!(
        html.contains("<title>Chess960 starts: 1 game</title>"),
        "{html}"
    );
    assert!(html.contains("<h1>Chess960 starts: 1 game</h1>"), "{html}");
    assert!(
        html.contains("title=\"SP 105 QNRBBNKR: 1 game, +1 =0 -0"),
        "{html}"
    );
    assert!(
        html.contains("title=\"SP 0 BBQNNRKR: 0 games, +0 =0 -0"),
        "{html}"
    );
    assert!(
        err.contains("passed over 1 game without a Chess960 start"),
        "{err}"
    );
    assert!(
        !html.contains("1 games") && !err.contains("1 games"),
        "{err}"
    );
}

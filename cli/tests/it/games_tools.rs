//! `chess960 games` against python-chess (`CHESS960_PYTHON`, chess==1.11.2), on a corpus that
//! python-chess writes here (`scripts/python-chess-games.py --mixed`: random legal games from
//! all 960 starts and 300 DFRC pairs, in every header convention of real writers, and a mixed
//! database's standard games with and without the standard FEN tag, From Position games,
//! other variants from Chess960 starts, games without a Result tag), plain and as gzip, zstd
//! and bzip2: every game's kind, start and result equal python-chess's reading of the file
//! (`read_game`), the statistics equal counts made from that reading, and the split files and
//! `--sp` hold the games python-chess reads as theirs, byte for byte.

use crate::common;
use crate::stats_table::{assert_same_table, stats_from};

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{chess960, text};

pub fn python() -> PathBuf {
    let python = std::env::var_os("CHESS960_PYTHON").map(PathBuf::from);
    let install = "set CHESS960_PYTHON to a Python with `pip install chess==1.11.2`";
    common::tool("python-chess", python, install)
}

pub fn script() -> &'static str {
    concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../scripts/python-chess-games.py"
    )
}

/// python-chess's reading of a PGN file: `white_sp,black_sp,result,white_elo,black_elo,kind` a
/// game.
fn python_reads(python: &Path, pgn: &Path) -> Vec<Vec<String>> {
    let out = Command::new(python)
        .args([script(), "read"])
        .stdin(std::fs::File::open(pgn).unwrap())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|line| line.split(',').map(str::to_owned).collect())
        .collect()
}

pub fn workdir(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("games-tools")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The corpus, plain and compressed three ways.
pub fn corpus(python: &Path, dir: &Path) -> [PathBuf; 4] {
    let out = Command::new(python)
        .args([script(), "write", "960", "1", "300", "--mixed"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let plain = out.stdout;
    let paths = [
        "corpus.pgn",
        "corpus.pgn.gz",
        "corpus.zst",
        "corpus.bz2.pgn",
    ]
    .map(|f| dir.join(f));
    std::fs::write(&paths[0], &plain).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&plain).unwrap();
    std::fs::write(&paths[1], gz.finish().unwrap()).unwrap();
    std::fs::write(&paths[2], zstd::encode_all(&plain[..], 3).unwrap()).unwrap();
    let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    bz.write_all(&plain).unwrap();
    std::fs::write(&paths[3], bz.finish().unwrap()).unwrap();
    paths
}

fn games(args: &[&str]) -> String {
    let out = chess960(&[&["games"], args].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout).to_owned()
}

/// Our CSV's white_sp, black_sp, result and kind of game, a game each, by column name.
fn ours(csv: &str) -> Vec<[String; 4]> {
    let mut reader = csv::ReaderBuilder::new().from_reader(csv.as_bytes());
    let header = reader.headers().unwrap().clone();
    let at = |name: &str| header.iter().position(|c| c == name).unwrap();
    let columns = ["white_sp", "black_sp", "result", "kind"].map(at);
    reader
        .records()
        .map(|record| {
            let record = record.unwrap();
            columns.map(|i| record.get(i).unwrap().to_owned())
        })
        .collect()
}

fn expected(reading: &[Vec<String>]) -> Vec<[String; 4]> {
    reading
        .iter()
        .map(|r| [r[0].clone(), r[1].clone(), r[2].clone(), r[5].clone()])
        .collect()
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn every_game_start_and_result_equal_python_chess_reading_in_every_compression() {
    let python = python();
    let dir = workdir("each");
    let paths = corpus(&python, &dir);
    let reading = python_reads(&python, &paths[0]);
    assert!(reading.len() > 1260, "{} games", reading.len());
    let want = expected(&reading);
    for (kind, least) in [("standard", 20), ("variant", 10), ("unknown", 4)] {
        let games = want.iter().filter(|r| r[3] == kind).count();
        assert!(games >= least, "{games} games of kind {kind}");
    }
    let decided_by_marker = want
        .iter()
        .filter(|r| r[2] != "*" && !r[2].is_empty())
        .count();
    assert!(decided_by_marker > 0);
    assert!(
        want.iter()
            .filter(|r| !r[0].is_empty() && r[0] != r[1])
            .count()
            >= 290,
        "DFRC games"
    );
    for path in &paths {
        let csv = games(&["--format", "csv", path.to_str().unwrap()]);
        assert_eq!(ours(&csv), want, "{}", path.display());
    }
    // Several files at once: a file column, each file's games in order.
    let all: Vec<&str> = paths.iter().map(|p| p.to_str().unwrap()).collect();
    let csv = games(&[&["--format", "csv"], &all[..]].concat());
    assert!(csv.starts_with("file,game,white_sp,black_sp,white_rank,black_rank,"));
    let rows = ours(&csv);
    assert_eq!(rows.len(), 4 * want.len());
    for chunk in rows.chunks(want.len()) {
        assert_eq!(chunk, &want[..]);
    }
    // stdin, zstd.
    let out = chess960(
        &["games", "--format", "csv"],
        &std::fs::read(&paths[2]).unwrap(),
    );
    assert_eq!(ours(text(&out.stdout)), want);
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn statistics_equal_counts_from_python_chess_reading() {
    let python = python();
    let dir = workdir("stats");
    let paths = corpus(&python, &dir);
    let reading = python_reads(&python, &paths[0]);
    let zst = paths[2].to_str().unwrap();
    assert_same_table(
        &games(&["--stats", "--format", "csv", zst]),
        &stats_from(&reading, None),
    );
    assert_same_table(
        &games(&["--stats", "--format", "csv", "--min-elo", "2000", zst]),
        &stats_from(&reading, Some(2000)),
    );
    // The games passed over, by why, as python-chess reads them.
    let kind = |k: &str| reading.iter().filter(|r| r[5] == k).count();
    let passed = kind("standard") + kind("variant") + kind("unknown");
    let out = chess960(&["games", "--stats", zst], b"");
    let said = format!(
        "chess960: passed over {passed} games without a Chess960 start: {} standard chess, {} \
         another variant, ",
        kind("standard"),
        kind("variant")
    );
    assert!(
        text(&out.stderr).starts_with(&said),
        "{}",
        text(&out.stderr)
    );
    // --assume-chess960 counts the standard games as 518, and nothing else changes.
    let assumed: Vec<Vec<String>> = reading
        .iter()
        .map(|r| match r[5].as_str() {
            "standard" => [&["518".to_owned(), "518".to_owned()], &r[2..]].concat(),
            _ => r.clone(),
        })
        .collect();
    assert_same_table(
        &games(&["--stats", "--format", "csv", "--assume-chess960", zst]),
        &stats_from(&assumed, None),
    );
}

#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn split_files_and_sp_hold_the_games_python_chess_reads_as_theirs() {
    let python = python();
    let dir = workdir("split");
    let paths = corpus(&python, &dir);
    let input = std::fs::read(&paths[0]).unwrap();
    let split = dir.join("split");
    games(&[
        "--split",
        split.to_str().unwrap(),
        paths[3].to_str().unwrap(),
    ]);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&split)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(files.len() > 1200, "{} files", files.len());
    // One python-chess run reads every split file: `FILE,white_sp,black_sp,...` a game.
    let out = Command::new(&python)
        .arg(script())
        .arg("read")
        .args(&files)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut games_in_files = 0;
    for line in text(&out.stdout).lines() {
        let cells: Vec<&str> = line.split(',').collect();
        let name = Path::new(cells[0]).file_stem().unwrap().to_str().unwrap();
        let want = match name.split_once('-') {
            _ if name == "no-sp" => ["", ""],
            Some((w, b)) => [w, b],
            None => [name, name],
        };
        assert_eq!([cells[1], cells[2]], want, "{line}");
        games_in_files += 1;
    }
    let bytes_in_files: usize = files
        .iter()
        .map(|f| std::fs::metadata(f).unwrap().len() as usize)
        .sum();
    assert_eq!(games_in_files, python_reads(&python, &paths[0]).len());
    // Nothing is lost: every byte but the corpus's opening escape line and blank line.
    let preamble = input.iter().position(|&b| b == b'[').unwrap();
    assert_eq!(bytes_in_files, input.len() - preamble);
    // --sp writes what the split wrote for that start, byte for byte.
    for (pos, file) in [("105", "105.pgn"), ("RNBQKBNR", "518.pgn")] {
        let out = chess960(&["games", paths[1].to_str().unwrap(), "--sp", pos], b"");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(
            out.stdout,
            std::fs::read(split.join(file)).unwrap(),
            "{pos}"
        );
    }
    let pair = files
        .iter()
        .map(|f| f.file_stem().unwrap().to_str().unwrap().to_owned())
        .find(|n| n.contains('-') && n != "no-sp")
        .unwrap();
    let (w, b) = pair.split_once('-').unwrap();
    let out = chess960(
        &[
            "games",
            paths[0].to_str().unwrap(),
            "--sp",
            &format!("{w} {b}"),
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        out.stdout,
        std::fs::read(split.join(format!("{pair}.pgn"))).unwrap()
    );
}

/// Every Variant name python-chess reads, in three cases, names the variant it does in
/// `chess960::game::Variant`; names it does not know are `Unknown`, and python-chess's Chess960
/// names (`Headers.is_chess960`) are Chess960.
#[test]
#[ignore = "needs python-chess (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn variant_names_read_as_python_chess_reads_them() {
    use chess960::game::Variant;
    const SCRIPT: &str = r#"
import chess, chess.pgn, chess.variant
for board in chess.variant.VARIANTS:
    for alias in board.aliases:
        for name in (alias, alias.upper(), alias.lower()):
            print(f"{name}|{board.uci_variant}")
for name in ["Chess960", "CHESS 960", "fischerandom", "FischerRandom", "fischer random", "960", "Chess9600"]:
    headers = chess.pgn.Headers(Variant=name)
    try:
        known = headers.is_chess960() and "chess960" or headers.variant().uci_variant
    except ValueError:
        known = "unknown"
    print(f"{name}|{known}")
"#;
    let out = Command::new(python())
        .args(["-c", SCRIPT])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines: Vec<&str> = text(&out.stdout).lines().collect();
    assert!(lines.len() > 100, "{} names", lines.len());
    for line in lines {
        let (name, theirs) = line.split_once('|').unwrap();
        let expected = match theirs {
            "chess" => Variant::Standard,
            "chess960" => Variant::Chess960,
            "crazyhouse" => Variant::Crazyhouse,
            "atomic" => Variant::Atomic,
            "antichess" => Variant::Antichess,
            "giveaway" => Variant::Giveaway,
            "suicide" => Variant::Suicide,
            "kingofthehill" => Variant::KingOfTheHill,
            "3check" => Variant::ThreeCheck,
            "horde" => Variant::Horde,
            "racingkings" => Variant::RacingKings,
            "unknown" => Variant::Unknown,
            other => panic!("python-chess's {other}"),
        };
        assert_eq!(Variant::from_tag(name), expected, "{name}");
    }
}

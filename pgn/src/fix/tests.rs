//! Fixing each convention of real files: the tags written, the lines kept, the reports; the
//! same output whatever the chunks, and fixing fixed output changes nothing.

use chess960::fen::CastlingNotation;
use chess960::game::{Repair, VariantTag};

use super::{FixOptions, Fixer, Report};
use crate::scan::Scanner;

/// `input` fixed in chunks ending at `cuts`, and the reports (`game N: …`, `refused N: …`).
fn fix_cut(input: &[u8], cuts: &[usize], options: &FixOptions) -> (Vec<u8>, Vec<String>) {
    let mut reports = Vec::new();
    let mut fixer = Fixer::new(Vec::new(), options.clone(), |report| {
        reports.push(match report {
            Report::Changed(n, what) => format!("game {n}: {what}"),
            Report::Refused(n, why) => format!("refused {n}: {why}"),
        })
    });
    let mut scanner = Scanner::new();
    let mut from = 0;
    for &cut in cuts.iter().chain([input.len()].iter()) {
        scanner.feed(&input[from..cut], &mut fixer);
        from = cut;
    }
    scanner.finish(&mut fixer);
    assert!(fixer.take_error().is_none());
    let out = fixer.into_inner();
    (out, reports)
}

/// `input` fixed: the same whatever the chunks, and unchanged when fixed again.
fn fix_with(input: &str, options: &FixOptions) -> (String, Vec<String>) {
    let input = input.as_bytes();
    let whole = fix_cut(input, &[], options);
    for cut in 0..=input.len() {
        assert_eq!(fix_cut(input, &[cut], options), whole, "cut at {cut}");
    }
    let every: Vec<usize> = (1..input.len()).collect();
    assert_eq!(fix_cut(input, &every, options), whole, "one-byte chunks");
    let (again, reports) = fix_cut(&whole.0, &[], options);
    assert_eq!(
        again, whole.0,
        "fixing fixed output changes it: {reports:?}"
    );
    let refused_again = reports.iter().filter(|r| r.starts_with("refused")).count();
    assert_eq!(
        refused_again,
        whole.1.iter().filter(|r| r.starts_with("refused")).count()
    );
    (String::from_utf8(whole.0).unwrap(), whole.1)
}

/// `input` fixed, the roster left as it is (its own tests are below).
fn fix(input: &str) -> (String, Vec<String>) {
    fix_with(
        input,
        &FixOptions {
            roster: false,
            ..FixOptions::default()
        },
    )
}

#[test]
fn the_seven_tag_roster_completed() {
    // A game without Event and Result: its termination marker gives the Result, whatever the
    // chunks; CRLF stays CRLF; a standard game is completed too, a game without tags is not.
    let input = "1. c4 1/2-1/2\n\n[Site \"s\"]\r\n[Date \"2024.01.01\"]\r\n[Round \"1\"]\r\n[White \"a\"]\r\n\
                 [Black \"b\"]\r\n\r\n1. e4 e5 { 0-1 } 2. Qh5 1-0\r\n\r\n\
                 [Event \"e\"]\n\n1. d4 *\n";
    let (out, reports) = fix_with(input, &FixOptions::default());
    assert_eq!(
        out,
        "1. c4 1/2-1/2\n\n[Event \"?\"]\r\n[Site \"s\"]\r\n[Date \"2024.01.01\"]\r\n[Round \"1\"]\r\n\
         [White \"a\"]\r\n[Black \"b\"]\r\n[Result \"1-0\"]\r\n\r\n1. e4 e5 { 0-1 } 2. Qh5 1-0\r\n\r\n\
         [Event \"e\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"*\"]\n\n1. d4 *\n"
    );
    assert_eq!(
        reports,
        [
            "game 1: Seven Tag Roster completed, none → Event \"?\", Result \"1-0\"",
            "game 2: Seven Tag Roster completed, none → Site \"?\", Date \"????.??.??\", Round \"?\", \
             White \"?\", Black \"?\", Result \"*\""
        ]
    );
    // A Chess960 game: the roster, then its Chess960 tags.
    let input = format!("[Variant \"Chess960\"]\n[FEN \"{P105} w KQkq - 0 1\"]\n\n1. g3 0-1\n");
    let (out, _) = fix_with(&input, &FixOptions::default());
    assert!(out.starts_with(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"0-1\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
    ));
}

const P105: &str = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR";
const MOVES: &str = "1. g3 { [%clk 0:03:00] } O-O 2. O-O-O *\n\n";

#[test]
fn canonical_tags_are_left_as_they_are() {
    let lichess = format!(
        "[Event \"Rated Chess960 game\"]\n[Site \"https://lichess.org/x\"]\n[Date \"2023.11.01\"]\n\
         [White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
         [FEN \"{P105} w KQkq - 0 1\"]\n[SetUp \"1\"]\n\n{MOVES}"
    );
    assert_eq!(fix(&lichess), (lichess.clone(), vec![]));
    let standard = "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 *\n\n";
    let setup = "[Variant \"Chess960\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n\n*\n";
    let crazyhouse = format!("[Variant \"Crazyhouse\"]\n[FEN \"{P105} w KQkq - 0 1\"]\n\n*\n");
    let input = format!("% a preamble\n\n{lichess}{standard}{setup}{crazyhouse}");
    assert_eq!(fix(&input), (input.clone(), vec![]));
}

#[test]
fn chess_com_ccrl_and_a_broadcast() {
    let chess_com = format!(
        "[Event \"Live Chess - Chess960\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
         [FEN \"{P105} w KQkq -\"]\n[WhiteElo \"1500\"]\n\n{MOVES}"
    );
    let ccrl =
        format!("[Event \"CCRL 960\"]\n[FEN \"{P105} w HChc - 0 1\"]\n[Result \"*\"]\n\n{MOVES}");
    let broadcast = format!(
        "[Event \"Freestyle\"]\n[Variant \"Standard\"]\n[FEN \"{P105} w HChc - 0 1\"]\n\
         [FEN \"{P105} w KQkq - 0 1\"]\n\n{MOVES}"
    );
    let (out, reports) = fix(&format!("{chess_com}{ccrl}{broadcast}"));
    let fen = format!("[FEN \"{P105} w KQkq - 0 1\"]");
    let expected = format!(
        "[Event \"Live Chess - Chess960\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n\
         [SetUp \"1\"]\n{fen}\n[WhiteElo \"1500\"]\n\n{MOVES}\
         [Event \"CCRL 960\"]\n[Result \"*\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n{fen}\n\n{MOVES}\
         [Event \"Freestyle\"]\n[Variant \"Chess960\"]\n[SetUp \"1\"]\n{fen}\n\n{MOVES}"
    );
    assert_eq!(out, expected);
    assert_eq!(
        reports,
        [
            "game 0: SetUp added, none → \"1\"".to_owned(),
            format!("game 0: FEN, \"{P105} w KQkq -\" → \"{P105} w KQkq - 0 1\""),
            "game 1: Variant added, none → \"Chess960\"".to_owned(),
            "game 1: SetUp added, none → \"1\"".to_owned(),
            format!("game 1: FEN, \"{P105} w HChc - 0 1\" → \"{P105} w KQkq - 0 1\""),
            "game 1: tags reordered, Event FEN Result → Event Result FEN".to_owned(),
            "game 2: Variant, \"Standard\" → \"Chess960\"".to_owned(),
            "game 2: SetUp added, none → \"1\"".to_owned(),
            format!("game 2: 2 FEN tags merged, \"{P105} w HChc - 0 1\" → \"{P105} w KQkq - 0 1\""),
        ]
    );
}

#[test]
fn crlf_stays_crlf_and_castling_letters_are_repaired() {
    let input = format!(
        "[Variant \"fischer random\"]\r\n[FEN \"{P105} w HEhe - 0 1\"]\r\n\r\n{}",
        MOVES.replace('\n', "\r\n")
    );
    let options = FixOptions {
        repair: Repair::DEFAULT
            .variant_tag(VariantTag::Fischerandom)
            .castling(CastlingNotation::Shredder),
        sp_tag: Some("SP".into()),
        roster: false,
    };
    let (out, reports) = fix_with(&input, &options);
    assert_eq!(
        out,
        format!(
            "[Variant \"fischerandom\"]\r\n[SetUp \"1\"]\r\n[FEN \"{P105} w HChc - 0 1\"]\r\n\
             [SP \"105\"]\r\n\r\n{}",
            MOVES.replace('\n', "\r\n")
        )
    );
    assert_eq!(reports.len(), 5, "{reports:?}");
    assert_eq!(
        reports[2],
        "game 0: castling letters that name no rook repaired, HEhe → HChc"
    );
    assert_eq!(reports[4], "game 0: SP added, none → \"105\"");
}

/// A game whose tags cannot be repaired is left whole as it was (its roster not completed, its
/// lines not moved): it needs a person.
#[test]
fn refused_games_are_left_as_they_were() {
    let disagree = format!(
        "[Variant \"Chess960\"]\n[FEN \"{P105} w KQkq - 0 1\"]\n\
         [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n\n*\n\n"
    );
    let ambiguous = format!("[Variant \"Chess960\"]\n[FEN \"{P105} w Gg - 0 1\"]\n\n*\n\n");
    let bad = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp w\"]\n\n*\n\n";
    let truncated = "[FEN \"rnbqkbnr/pppppppp/8\"]\n[Result \"*\"]\n[SetUp \"1\"]\n\n*\n\n";
    // A FEN line cut short is no tag: passed over, it would get a second FEN tag added.
    let cut = "[Event \"e\"]\n[Variant \"Chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8\n\n1. e4 *\n\n";
    let input = format!("{disagree}{ambiguous}{bad}{truncated}{cut}");
    let (out, reports) = fix_with(&input, &FixOptions::default());
    assert_eq!(out, input);
    assert_eq!(reports.len(), 5, "{reports:?}");
    assert!(reports[0].starts_with("refused 0: FEN tags disagree: "));
    assert!(reports[1].starts_with("refused 1: castling letter G names no rook"));
    assert!(reports[2].starts_with("refused 2: bad FEN: piece placement"));
    assert!(reports[3].starts_with("refused 3: bad FEN: piece placement"));
    assert_eq!(
        reports[4],
        "refused 4: a line begins as a FEN tag but is none (a tag is [FEN \"value\"]): \
         [FEN \"rnbqkbnr/pppppppp/8"
    );
}

#[test]
fn roster_first_and_other_lines_in_their_order() {
    let input = format!(
        "[Site \"?\"]\n% an escape\n[Event \"e\"]\n[Opening \"o\"]\n[FEN \"{P105} w KQkq - 0 1\"]\n\
         [SetUp \"1\"]\n[Variant \"chess960\"]\n[Variant \"Chess960\"]\n[Round \"1\"]\n\n{MOVES}"
    );
    let (out, reports) = fix(&input);
    assert_eq!(
        out,
        format!(
            "[Event \"e\"]\n[Site \"?\"]\n[Round \"1\"]\n% an escape\n[Opening \"o\"]\n\
             [FEN \"{P105} w KQkq - 0 1\"]\n[SetUp \"1\"]\n[Variant \"Chess960\"]\n\n{MOVES}"
        )
    );
    assert_eq!(
        reports,
        [
            "game 0: 2 Variant tags merged, \"chess960\" → \"Chess960\"",
            "game 0: tags reordered, Site Event Opening FEN SetUp Variant Round → \
             Event Site Round Opening FEN SetUp Variant"
        ]
    );
}

#[test]
fn games_without_moves_and_a_last_line_without_its_end() {
    let input = "[Variant \"Chess960\"]\n\n[Variant \"Chess960\"]";
    let (out, reports) = fix(input);
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        out,
        format!(
            "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n\
             [Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n"
        )
    );
    assert_eq!(reports.len(), 4);
}

/// `fix` over a whole input, plain (scanned on a thread of its own, in many batches) and
/// gzipped (scanned here), writes what the fixer writes fed directly, and counts the games.
#[test]
fn fix_over_inputs_writes_what_the_fixer_writes() {
    use crate::open::Input;
    let game = format!(
        "[Event \"e\"]\n[Variant \"fischerandom\"]\n[FEN \"{P105} w HChc - 0 1\"]\n\n{}",
        "1. g3 { +0.25/12 0.103s } g6 "
            .repeat(200)
            .replace("6 1", "6\n1")
            + "*\n\n"
    );
    let pgn = game.repeat(1000).into_bytes();
    assert!(pgn.len() > 5 << 20, "several batches: {}", pgn.len());
    let (direct, _) = fix_cut(&pgn, &[], &FixOptions::default());
    let through = |input: &mut Input| {
        let mut changes = 0u64;
        let counts = super::fix(input, Vec::new(), &FixOptions::default(), |report| {
            if let Report::Changed(..) = report {
                changes += 1;
            }
        })
        .unwrap();
        assert_eq!((counts.games, counts.changed, changes), (1000, 1000, 4000));
        assert_eq!(input.progress().games(), 1000);
    };
    let mut plain = Input::from_reader(std::io::Cursor::new(pgn.clone()));
    through(&mut plain);
    let mut out = Vec::new();
    super::fix(
        &mut Input::from_reader(std::io::Cursor::new(pgn.clone())),
        &mut out,
        &FixOptions::default(),
        |_| {},
    )
    .unwrap();
    assert!(out == direct);
    #[cfg(feature = "gzip")]
    {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&pgn).unwrap();
        let gz = gz.finish().unwrap();
        let mut input = Input::from_reader(std::io::Cursor::new(gz.clone()));
        through(&mut input);
        let mut out = Vec::new();
        super::fix(
            &mut Input::from_reader(std::io::Cursor::new(gz)),
            &mut out,
            &FixOptions::default(),
            |_| {},
        )
        .unwrap();
        assert!(out == direct);
    }
}

/// A writer that takes a few bytes a call, vectored or not, as a pipe may.
struct Dribble(Vec<u8>);

impl std::io::Write for Dribble {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = bytes.len().min(777);
        self.0.extend_from_slice(&bytes[..n]);
        Ok(n)
    }
    fn write_vectored(&mut self, slices: &[std::io::IoSlice]) -> std::io::Result<usize> {
        let mut left = 3000;
        for slice in slices {
            let n = slice.len().min(left);
            self.0.extend_from_slice(&slice[..n]);
            left -= n;
            if left == 0 {
                break;
            }
        }
        Ok(3000 - left)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// On plain input, where the scanner runs on a thread of its own and the fixer writes the
/// games' bytes straight from the scanned chunks, the output and reports are those of the
/// fixer fed directly, for every kind of game: a preamble, games fixed, games whose Result
/// comes from the termination marker (one with a movetext longer than the cap, so released
/// before its end), CRLF, standard chess, games refused, a last line without its end; and
/// written through a writer that takes a few bytes at a time.
#[test]
fn the_pipeline_writes_what_the_fixer_writes_for_every_kind_of_game() {
    use crate::open::Input;
    let moves = "1. g3 { +0.25/12 0.103s } g6 "
        .repeat(60)
        .replace("6 1", "6\n1");
    let fixed = format!(
        "[Event \"e\"]\n[Variant \"fischerandom\"]\n[FEN \"{P105} w HChc - 0 1\"]\n\n{moves}1-0\n\n"
    );
    let marker = format!("[Variant \"Chess960\"]\n[FEN \"{P105} w HChc - 0 1\"]\n\n{moves}0-1\n\n");
    let crlf = fixed.replace('\n', "\r\n").replace("1-0", "1/2-1/2");
    let standard = format!("[Event \"s\"]\n[Result \"*\"]\n\n{moves}*\n\n");
    let refused = "[Variant \"Chess960\"]\n[FEN \"qnrbbnkr/pppppppp w\"]\n\n1-0\n\n";
    let long = format!(
        "[Variant \"Chess960\"]\n[Result \"*\"]\n[FEN \"{P105} w HChc - 0 1\"]\n\n1. g3 {{{}}} 1-0\n\n",
        "x".repeat(crate::scan::HEADER_CAP + 5000)
    );
    let round = [fixed.as_str(), &marker, &crlf, &standard, refused].concat();
    let mut pgn = String::from("\n% an escape line, before the first game\n\n");
    for k in 0..400 {
        pgn += &round;
        if k % 150 == 7 {
            pgn += &long;
        }
    }
    pgn += "[Variant \"Chess960\"]\n\n1. e4 e5";
    assert!(pgn.len() > 5 << 20, "several batches: {}", pgn.len());
    let options = FixOptions::default();
    let (direct, direct_reports) = fix_cut(pgn.as_bytes(), &[], &options);
    let mut reports = Vec::new();
    let mut out = Dribble(Vec::new());
    let mut input = Input::from_reader(std::io::Cursor::new(pgn.as_bytes().to_vec()));
    assert!(!input.decompresses());
    let counts = super::fix(&mut input, &mut out, &options, |report| {
        reports.push(match report {
            Report::Changed(n, what) => format!("game {n}: {what}"),
            Report::Refused(n, why) => format!("refused {n}: {why}"),
        })
    })
    .unwrap();
    assert_eq!(counts.games, 400 * 5 + 3 + 1);
    assert!(out.0 == direct, "the outputs differ");
    assert_eq!(reports, direct_reports);
    assert!(reports.iter().any(|r| r.starts_with("refused")));
}

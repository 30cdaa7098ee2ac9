//! What an engine prints: any line reads without panicking; an error names its rule; the
//! words, not the white space between them, decide what a line is; and an `info` line
//! written back from what was read reads the same.
#![no_main]

use chess960_engine::Score;
use chess960_engine::uci::{EngineLine, Info, parse_line};
use libfuzzer_sys::fuzz_target;

/// `info` with each field read, in UCI's words.
fn written(info: &Info) -> String {
    let mut line = String::from("info");
    let mut add = |key: &str, value: Option<String>| {
        if let Some(value) = value {
            line += &format!(" {key} {value}");
        }
    };
    add("depth", info.depth.map(|n| n.to_string()));
    add("seldepth", info.seldepth.map(|n| n.to_string()));
    add("multipv", info.multipv.map(|n| n.to_string()));
    add(
        "score",
        info.score.map(|score| match score {
            Score::Centipawns(cp) => format!("cp {cp}"),
            Score::Mate(moves) => format!("mate {moves}"),
        }),
    );
    add(
        "wdl",
        info.wdl.map(|w| format!("{} {} {}", w.win, w.draw, w.loss)),
    );
    add("nodes", info.nodes.map(|n| n.to_string()));
    add("time", info.time.map(|n| n.to_string()));
    add("pv", info.pv.map(|mv| mv.to_string()));
    line
}

fuzz_target!(|bytes: &[u8]| {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return;
    };
    for line in text.lines() {
        let read = parse_line(line);
        let spaced = line.split_ascii_whitespace().collect::<Vec<_>>().join(" ");
        match &read {
            Err(err) => {
                assert!(!err.to_string().is_empty());
                assert_eq!(parse_line(&spaced).err().as_ref(), Some(err));
            }
            Ok(EngineLine::Info(info)) => {
                assert_eq!(parse_line(&written(info)), Ok(EngineLine::Info(*info)));
                assert_eq!(parse_line(&spaced), Ok(EngineLine::Info(*info)));
            }
            Ok(EngineLine::BestMove(mv)) => {
                assert_eq!(parse_line(&spaced), Ok(EngineLine::BestMove(*mv)));
            }
            Ok(_) => {}
        }
    }
});

//! What a reviewer reads line by line: the 960 back ranks, Scharnagl's two tables as the seed
//! documents print them, and every kind of error message.

use std::fmt::Write as _;

use chess960::tables::{BISHOPS_TABLE, KINGS_TABLE};
use chess960::{File, StartingPosition};

#[test]
fn all_960_back_ranks() {
    let list: String = StartingPosition::all()
        .map(|sp| format!("{:03} {sp}\n", sp.id()))
        .collect();
    insta::assert_snapshot!(list);
}

#[test]
fn kings_table() {
    let mut table = String::new();
    for (row, pieces) in KINGS_TABLE.iter().enumerate() {
        let letters: Vec<String> = pieces.iter().map(|p| p.to_char().to_string()).collect();
        writeln!(table, "{} {}", 16 * row, letters.join(" ")).unwrap();
    }
    insta::assert_snapshot!(table);
}

#[test]
fn bishops_table() {
    let mut table = String::from("  a b c d e f g h\n");
    for (remainder, bishops) in BISHOPS_TABLE.iter().enumerate() {
        let squares: Vec<&str> = File::ALL
            .iter()
            .map(|f| if bishops.contains(f) { "B" } else { "-" })
            .collect();
        writeln!(table, "{remainder} {}", squares.join(" ")).unwrap();
    }
    insta::assert_snapshot!(table);
}

#[test]
fn error_messages() {
    let mut messages = String::new();
    for id in [960, 1000, u16::MAX] {
        let err = StartingPosition::from_id(id).unwrap_err();
        writeln!(messages, "{id}: {err}").unwrap();
    }
    for text in [
        "",
        "R",
        "RNBQKBN",
        "RNBQKBNRR",
        "♖♘♗♕♔♗♘",
        "RNBQKBNP",
        "rnbqkbn-",
        "RNBQKBN♙",
        "RNBQKBNé",
        "RNBQQBNR",
        "RNBNKBNR",
        "RNBQKBRR",
        "RRBQKBRR",
        "RNNQKBNR",
        "RBNQKBNR",
        "RNBQKNBR",
        "BNBQKRNR",
        "KRBQRBNN",
        "RNBQRBNK",
        "NRBQBNKR",
    ] {
        let err = text.parse::<StartingPosition>().unwrap_err();
        writeln!(messages, "{text:?}: {err}").unwrap();
    }
    insta::assert_snapshot!(messages);
}

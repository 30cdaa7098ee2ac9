//! `chess960 list --format c`: the header compiles with `cc -std=c99 -Wall -Wextra -Werror
//! -pedantic` (and as C++11), and a C program checks it: the array against the library for
//! all 960; `chess960_id` on every rank in upper, lower and mixed case, on all 7^8 strings
//! over `KQRBNP-` (exactly the 960 accepted, each with its id), and on NULL and bad lengths.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use chess960::StartingPosition;
use common::{chess960, run_piped, text};

const CHECK: &str = r#"
#include <stdio.h>
#include <string.h>
#include "chess960.h"
#include "chess960.h" /* the include guard makes a second include harmless */

int main(int argc, char **argv)
{
    char line[64];
    int i, id;
    (void)argv;
    if (argc > 1) {
        /* Every string of 8 over K Q R B N P -, and which are accepted. */
        static const char alphabet[] = "KQRBNP-";
        long n, count = 0;
        char rank[9];
        rank[8] = '\0';
        for (n = 0; n < 5764801L; n++) {
            long rest = n;
            for (i = 0; i < 8; i++) {
                rank[i] = alphabet[rest % 7];
                rest /= 7;
            }
            id = chess960_id(rank);
            if (id >= 0) {
                printf("%s %d\n", rank, id);
                count++;
            }
        }
        printf("accepted %ld\n", count);
        return 0;
    }
    for (id = 0; id < 960; id++) {
        printf("%d %s %d\n", id, chess960_back_ranks[id], (int)strlen(chess960_back_ranks[id]));
    }
    printf("NULL %d\n", chess960_id(NULL));
    /* One rank per stdin line, then its id. */
    while (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        printf("[%s] %d\n", line, chess960_id(line));
    }
    return 0;
}
"#;

/// A translation unit that includes the header and uses nothing of it: no unused warning.
const UNUSED: &str = "#include \"chess960.h\"\nint chess960_unused_check(void) { return 0; }\n";

fn compile(compiler: &Path, std: &str, sources: &[&Path], exe: &Path) {
    let out = Command::new(compiler)
        .args([std, "-Wall", "-Wextra", "-Werror", "-pedantic", "-o"])
        .arg(exe)
        .args(sources)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}

fn run(exe: &Path, args: &[&str], stdin: &str) -> String {
    let (out, written) = run_piped(Command::new(exe).args(args), stdin.as_bytes().to_vec());
    written.unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// Each 960 rank as given, lowercase, and in two mixed cases; then ranks that are not one.
fn inputs() -> (String, String) {
    let (mut input, mut expected) = (String::new(), String::new());
    for sp in StartingPosition::all() {
        let upper = sp.to_string();
        let mixed = |odd: bool| -> String {
            let flip = |(i, c): (usize, char)| {
                if (i % 2 == 1) == odd {
                    c.to_ascii_lowercase()
                } else {
                    c
                }
            };
            upper.chars().enumerate().map(flip).collect()
        };
        for rank in [
            upper.clone(),
            upper.to_ascii_lowercase(),
            mixed(true),
            mixed(false),
        ] {
            input.push_str(&format!("{rank}\n"));
            expected.push_str(&format!("[{rank}] {}\n", sp.id()));
        }
    }
    let bad = [
        "",
        "R",
        "RNBQKBN",
        "RNBQKBNRR",
        "RNBQKBNR ",
        " RNBQKBNR",
        "RNBQKNBR",
        "RNBQRBKN",
        "RNBKQBNR\t",
        "RNBQKBNP",
        "BBQNNRKK",
        "QQQQQQQQ",
        "BBBBBBBB",
        "NNNNNNNN",
        "RRKRNNBB",
        "RNBQKBNR\u{e9}",
        "\u{2656}\u{2658}",
        "RNB\u{0}KBNR",
        "12345678",
        "rnbqkbnr/pppppppp",
    ];
    for rank in bad {
        input.push_str(&format!("{rank}\n"));
        let seen = rank.split('\0').next().unwrap();
        expected.push_str(&format!("[{seen}] -1\n"));
    }
    (input, expected)
}

fn compilers() -> Option<(PathBuf, Option<PathBuf>)> {
    let cc = common::tool("gcc", Some("/usr/bin/cc".into()), "apt-get install gcc")?;
    let cxx = common::tool("g++", Some("/usr/bin/c++".into()), "apt-get install g++");
    Some((cc, cxx))
}

#[test]
fn the_c_header_compiles_and_agrees_with_the_library_both_ways() {
    let Some((cc, cxx)) = compilers() else {
        return;
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c-header");
    std::fs::create_dir_all(&dir).unwrap();
    let header = chess960(&["list", "--format", "c"], b"");
    assert_eq!(header.status.code(), Some(0));
    std::fs::write(dir.join("chess960.h"), &header.stdout).unwrap();
    let header = text(&header.stdout);
    assert!(header.contains("static const char chess960_back_ranks[960][9] = {"));
    assert!(header.contains("\nstatic int chess960_id(const char *rank)\n"));
    assert!(header.contains("@generated by chess960 "));
    let (check, unused) = (dir.join("check.c"), dir.join("unused.c"));
    std::fs::write(&check, CHECK).unwrap();
    std::fs::write(&unused, UNUSED).unwrap();

    let exe = dir.join("check");
    compile(&cc, "-std=c99", &[&check, &unused], &exe);

    let (input, expected) = inputs();
    let out = run(&exe, &[], &input);
    let mut lines = out.lines();
    for sp in StartingPosition::all() {
        assert_eq!(lines.next().unwrap(), format!("{} {sp} 8", sp.id()));
    }
    assert_eq!(lines.next(), Some("NULL -1"));
    let rest: Vec<&str> = lines.collect();
    for (got, want) in rest.iter().zip(expected.lines()) {
        assert_eq!(*got, want);
    }
    assert_eq!(rest.len(), expected.lines().count());

    let accepted = run(&exe, &["all"], "");
    let got: BTreeSet<String> = accepted.lines().map(str::to_owned).collect();
    let mut want: BTreeSet<String> = StartingPosition::all()
        .map(|sp| format!("{sp} {}", sp.id()))
        .collect();
    want.insert("accepted 960".to_owned());
    let wrong: Vec<&String> = got.symmetric_difference(&want).take(5).collect();
    assert!(wrong.is_empty(), "accepted or missed wrongly: {wrong:?}");

    // The same header, as C++.
    if let Some(cxx) = cxx {
        let (check_cpp, unused_cpp) = (dir.join("check.cpp"), dir.join("unused.cpp"));
        std::fs::copy(&check, &check_cpp).unwrap();
        std::fs::copy(&unused, &unused_cpp).unwrap();
        let exe = dir.join("check-cpp");
        compile(&cxx, "-std=c++11", &[&check_cpp, &unused_cpp], &exe);
        assert_eq!(run(&exe, &[], &input), out);
    }
}

#[test]
fn under_another_numbering_the_array_is_still_scharnagl_indexed_and_says_so() {
    let scharnagl = chess960(&["list", "--format", "c"], b"");
    for numbering in ["fritz", "one-based"] {
        let other = chess960(&["list", "--format", "c", "--numbering", numbering], b"");
        let (a, b) = (text(&scharnagl.stdout), text(&other.stdout));
        assert!(
            b.contains("the array is indexed by Scharnagl id"),
            "{numbering}"
        );
        let body = |h: &str| h.split(" */\n#ifndef").nth(1).unwrap().to_owned();
        assert_eq!(body(a), body(b), "{numbering}");
    }
}

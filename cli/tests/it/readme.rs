//! The `console` examples of the README and of docs/, run as written (with `cargo run -q --`
//! standing for the built binary) in a directory of their own, must print exactly what they
//! show, stdout and stderr in order.

use std::process::Command;

#[test]
fn console_examples_print_what_the_docs_show() {
    for (name, doc, at_least) in [
        ("README.md", include_str!("../../../README.md"), 7),
        ("docs/cli.md", include_str!("../../../docs/cli.md"), 36),
        (
            "docs/event-draws.md",
            include_str!("../../../docs/event-draws.md"),
            3,
        ),
    ] {
        let examples = run_console_examples(doc, "console-examples");
        assert!(
            examples >= at_least,
            "found only {examples} examples in {name}"
        );
    }
}

/// Runs every `$ command` of `doc`'s console blocks in the scratch directory `dir_name`; how
/// many there were.
pub fn run_console_examples(doc: &str, dir_name: &str) -> usize {
    let bin = env!("CARGO_BIN_EXE_chess960");
    // Files an example writes (`> round3.pgn`) land here, not in the repository: a fresh
    // directory for each run.
    let _ =
        std::fs::remove_dir_all(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(dir_name));
    let dir = crate::html::tempdir(dir_name);
    let mut examples = 0;
    for block in doc.split("```console\n").skip(1) {
        let block = &block[..block.find("```").unwrap()];
        let mut commands = block.split("$ ").skip(1);
        for example in commands.by_ref() {
            let (command, expected) = example.split_once('\n').unwrap();
            let command = command.replace("cargo run -q --", bin);
            let out = Command::new("sh")
                .current_dir(&dir)
                .arg("-c")
                .arg(format!("{command} 2>&1"))
                .output()
                .unwrap();
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                expected,
                "$ {command}"
            );
            examples += 1;
        }
    }
    examples
}

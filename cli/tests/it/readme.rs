//! The README's `console` examples, run as written (with `cargo run -q --` standing for the
//! built binary), must print exactly what the README shows, stdout and stderr in order.

use std::process::Command;

#[test]
fn readme_console_examples_print_what_the_readme_shows() {
    let readme = include_str!("../../README.md");
    let bin = env!("CARGO_BIN_EXE_chess960");
    let mut examples = 0;
    for block in readme.split("```console\n").skip(1) {
        let block = &block[..block.find("```").unwrap()];
        let mut commands = block.split("$ ").skip(1);
        for example in commands.by_ref() {
            let (command, expected) = example.split_once('\n').unwrap();
            let command = command.replace("cargo run -q --", bin);
            let out = Command::new("sh")
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
    assert!(
        examples >= 5,
        "found only {examples} examples in the README"
    );
}

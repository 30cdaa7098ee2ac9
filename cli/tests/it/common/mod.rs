//! What the CLI tests share: running the real `chess960` binary.

#![allow(dead_code, reason = "each test file uses some of these")]

pub mod fake_engine;

use std::io::{Read, Write};
use std::process::{Child, Command, Output, Stdio};

/// `chess960 ARGS`, started with stdin, stdout and stderr piped.
fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// `chess960 ARGS` given `stdin`: its exit status, stdout and stderr. Stdin is written from
/// another thread while the output is read, so that neither pipe can fill up and stall both;
/// a command that exits without reading it all (a refusal before any input is read) closes
/// the pipe, which is no error of the test's.
pub fn chess960(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = spawn(args);
    let mut pipe = child.stdin.take().unwrap();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            if let Err(err) = pipe.write_all(stdin) {
                assert_eq!(err.kind(), std::io::ErrorKind::BrokenPipe, "{err}");
            }
        });
        child.wait_with_output().unwrap()
    })
}

/// Output bytes as text; they must be UTF-8.
pub fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

/// JSON Lines: each line one JSON document, parsed.
pub fn json_lines(bytes: &[u8]) -> Vec<serde_json::Value> {
    text(bytes)
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|err| panic!("{line}: not JSON: {err}"))
        })
        .collect()
}

/// Runs `chess960 ARGS` on `stdin`, reads the first `first.len()` bytes of its output, checks
/// them and closes the pipe, as `| head -1` does.
pub fn close_stdout_after(args: &[&str], stdin: Vec<u8>, first: &[u8]) -> Output {
    let mut child = spawn(args);
    let mut pipe = child.stdin.take().unwrap();
    // The writer fails with a broken pipe once the tool has gone; that is expected.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let mut read = vec![0u8; first.len()];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut read)
        .unwrap();
    assert_eq!(read, first);
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// `chess960 ARGS` with `stdin`, its stdout and stderr in one file in the order written.
pub fn chess960_interleaved(args: &[&str], stdin: &[u8], name: &str) -> (String, Option<i32>) {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let file = std::fs::File::create(&path).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let status = child.wait().unwrap();
    (std::fs::read_to_string(&path).unwrap(), status.code())
}

/// Runs `command` with `stdin` written from another thread, so that neither side waits on the
/// other's full pipe: its output, and how the writing went (a program may stop reading early).
pub fn run_piped(command: &mut Command, stdin: Vec<u8>) -> (Output, std::io::Result<()>) {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || pipe.write_all(&stdin));
    let out = child.wait_with_output().unwrap();
    (out, writer.join().unwrap())
}

/// A real tool a test checks our output against, at `path`. Such tests are `#[ignore]`d with
/// the tool's name, so `cargo test` lists them as not run; `cargo test -- --ignored` (which
/// `.ci/run` does, after installing the tools) runs them, and then a missing tool fails the
/// test: it is never a silent pass.
pub fn tool(name: &str, path: Option<std::path::PathBuf>, install: &str) -> std::path::PathBuf {
    match path.filter(|p| p.exists()) {
        Some(path) => path,
        None => panic!("{name} is not installed ({install}); .ci/run installs it"),
    }
}

/// A copy of the index in `from` at `to` (made): its files and its segments' folders.
pub fn copy_index(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let from = entry.unwrap().path();
        let to = to.join(from.file_name().unwrap());
        if from.is_dir() {
            copy_index(&from, &to);
        } else {
            std::fs::copy(&from, &to).unwrap();
        }
    }
}

//! What the tool says only to a person at a terminal: that it reads POS from stdin, and a
//! progress bar for long work. A pseudo-terminal (Python's `pty`) stands in for the person;
//! with pipes instead, both stay silent.

use std::process::Command;

use crate::common;

use common::{chess960, text};

/// Runs `chess960 ARGS` with `tty` (`stdin`, `stderr` or both, `stdin,stderr`) on a pseudo-terminal, writing
/// `typed` to it; what the terminal showed, and the exit code.
fn on_a_terminal(args: &[&str], tty: &str, typed: &str) -> (String, i32) {
    const PROGRAM: &str = r#"
import os, pty, subprocess, sys
tty, typed, command = sys.argv[1], sys.argv[2], sys.argv[3:]
master, slave = pty.openpty()
streams = {"stdin": subprocess.PIPE, "stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
for name in tty.split(","):
    streams[name] = slave
child = subprocess.Popen(command, **streams)
os.close(slave)
if typed:
    os.write(master, typed.encode())
if child.stdin:
    child.stdin.close()
shown = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:
        break
    if not chunk:
        break
    shown += chunk
sys.stdout.buffer.write(shown)
sys.exit(child.wait())
"#;
    let out = Command::new("python3")
        .args(["-c", PROGRAM, tty, typed, env!("CARGO_BIN_EXE_chess960")])
        .args(args)
        .output()
        .expect("python3 runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn reading_a_terminal_says_so_on_stderr() {
    // Ctrl-D (0x04) ends the input at a terminal.
    let (shown, code) = on_a_terminal(&["id"], "stdin,stderr", "518\n\x04");
    assert!(shown.contains("reading POS from stdin"), "{shown}");
    assert_eq!(code, 0);
    let (shown, _) = on_a_terminal(&["id"], "stdin", "518\n\x04");
    assert!(!shown.contains("reading POS"), "{shown}");
    let out = chess960(&["id"], b"518\n");
    assert_eq!((text(&out.stdout), text(&out.stderr)), ("518\n", ""));
}

#[test]
fn long_work_shows_a_bar_on_a_terminal_only() {
    let (shown, code) = on_a_terminal(&["book", "--dfrc"], "stderr", "");
    assert_eq!(code, 0);
    assert!(shown.contains("921,600 lines"), "{shown}");
    let out = chess960(&["book", "--dfrc"], b"");
    assert_eq!(text(&out.stderr), "");
    assert_eq!(text(&out.stdout).lines().count(), 921_600);
    let (shown, _) = on_a_terminal(&["book"], "stderr", "");
    assert_eq!(shown, "", "960 lines are too few for a bar");
}

#[test]
fn games_show_bytes_games_and_speed_on_a_terminal_only() {
    let game = "[Event \"x\"]\n[Variant \"Chess960\"]\n[Result \"1-0\"]\n\n1. e4 { +0.25/12 0.1s } e5 1-0\n\n";
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("terminal");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("many.pgn");
    std::fs::write(&path, game.repeat(400_000)).unwrap();
    // The bar is drawn every 100 ms: through a FIFO that pauses, the reading takes longer
    // than that on any machine.
    let fifo = dir.join("slow.pgn");
    let _ = std::fs::remove_file(&fifo);
    let made = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let writer = {
        let (fifo, game) = (fifo.clone(), game.repeat(20_000));
        std::thread::spawn(move || {
            use std::io::Write;
            let mut pipe = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            for _ in 0..3 {
                pipe.write_all(game.as_bytes()).unwrap();
                std::thread::sleep(std::time::Duration::from_millis(150));
            }
        })
    };
    let (shown, code) = on_a_terminal(&["games", "--stats", fifo.to_str().unwrap()], "stderr", "");
    writer.join().unwrap();
    assert_eq!(code, 0);
    assert!(shown.contains(" games") && shown.contains("MiB"), "{shown}");
    let path = path.to_str().unwrap();
    let out = chess960(&["games", "--stats", path], b"");
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn eval_shows_a_bar_of_positions_on_a_terminal_only() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/tests/fake-engine.sh"
    );
    // A search of 0.15 s each: the bar is drawn before the four are done.
    let args = [
        "eval",
        "--engine",
        "/usr/bin/env",
        "--engine-arg",
        "FAKE_SLEEP=0.15",
        "--engine-arg",
        script,
        "--jobs",
        "1",
        "518",
        "105",
        "0",
        "959",
    ];
    let (shown, code) = on_a_terminal(&args, "stderr", "");
    assert_eq!(code, 0);
    assert!(shown.contains("/4 positions"), "{shown}");
    let out = chess960(&args, b"");
    assert_eq!(text(&out.stderr), "");
    assert_eq!(text(&out.stdout).lines().count(), 4);
}

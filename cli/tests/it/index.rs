//! `chess960 index add` and `chess960 serve` as their users run them: files added month after
//! month, the same file refused, an add killed with SIGKILL at any moment (the index answers
//! as before it, and the next add works), a server answering while an add runs and seeing
//! the add once it commits.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::time::Instant;

pub use chess960_testdata::{games, games_of};

use crate::common::{chess960, text};

pub fn dir(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("index")
        .join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn add(index: &Path, files: &[&Path]) -> std::process::Output {
    let mut args = vec!["index", "add", "--index", index.to_str().unwrap()];
    args.extend(files.iter().map(|f| f.to_str().unwrap()));
    chess960(&args, b"")
}

/// `chess960 index add --index INDEX FILE` started, its stderr to `stderr`.
pub fn spawn_add(index: &Path, file: &Path, stderr: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(["index", "add", "--index"])
        .args([index, file])
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// `chess960 serve --index INDEX --listen 127.0.0.1:0` once it says where it listens: the
/// server, and its page's address (`http://127.0.0.1:PORT/`). Its access log is drained, so
/// the server never blocks on a full pipe.
pub fn serve(index: &Path) -> (Child, String) {
    let (child, page, mut stderr) = serve_logging(index);
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    (child, page)
}

/// [`serve`], its access log (stderr, past the line saying where it listens) left to read.
pub fn serve_logging(index: &Path) -> (Child, String, ChildStderr) {
    serve_with(index, &[])
}

/// [`serve_logging`] with the arguments `more` besides.
pub fn serve_with(index: &Path, more: &[&str]) -> (Child, String, ChildStderr) {
    let index = index.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(["serve", "--index", index, "--listen", "127.0.0.1:0"])
        .args(more)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let mut said = Vec::new();
    let mut byte = [0];
    while !said.ends_with(b"/\n") {
        let read = stderr.read(&mut byte).unwrap();
        assert_eq!(read, 1, "{}", String::from_utf8_lossy(&said));
        said.push(byte[0]);
    }
    let said = String::from_utf8(said).unwrap();
    let (_, page) = said.rsplit_once(" on ").unwrap();
    (child, page.trim_end().to_owned(), stderr)
}

/// A running `chess960 serve` and the address it listens on.
pub struct Served {
    child: Child,
    pub addr: String,
}

impl Served {
    pub fn start(index: &Path) -> Served {
        let (child, page) = serve(index);
        let addr = page.trim_start_matches("http://").trim_end_matches('/');
        Served {
            child,
            addr: addr.to_owned(),
        }
    }

    /// The body of `GET path`, and its status.
    pub fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response[9..12].parse().unwrap();
        let body = response.split_once("\r\n\r\n").unwrap().1.to_owned();
        (status, body)
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The queries the tests compare: each start's root with filters and its history, and a line.
const QUERIES: [&str; 5] = [
    "/lichess?variant=chess960&fen=qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR%20w%20HChc%20-%200%201&history=true",
    "/lichess?variant=chess960&fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20w%20HAha%20-%200%201&speeds=blitz,rapid",
    "/lichess?variant=chess960&fen=bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR%20w%20HFhf%20-%200%201&ratings=1600,1800,2000&since=2024-02",
    "/lichess?variant=chess960&fen=rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB%20w%20CAca%20-%200%201&until=2024-01",
    "/lichess?variant=chess960&play=a2a3",
];

pub fn answers(served: &Served) -> Vec<String> {
    QUERIES
        .iter()
        .map(|q| {
            let (status, body) = served.get(q);
            assert_eq!(status, 200, "{q}: {body}");
            body
        })
        .collect()
}

#[test]
fn months_add_up_the_same_file_is_refused_and_games_count_once() {
    let dir = dir("months");
    let (jan, feb) = (dir.join("2024-01.pgn"), dir.join("2024-02.pgn"));
    std::fs::write(&jan, games(1, 300, "2024.01", 0)).unwrap();
    std::fs::write(&feb, games(2, 300, "2024.02", 1000)).unwrap();
    // Ten of January's games again, and one new one (the same lichess ids count once).
    let again = dir.join("again.pgn");
    std::fs::write(
        &again,
        games(1, 10, "2024.01", 0) + &games(9, 1, "2024.02", 5000),
    )
    .unwrap();
    let both = dir.join("both");
    let out = add(&both, &[&jan]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("300 games counted"),
        "{}",
        text(&out.stderr)
    );
    let out = add(&both, &[&feb]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = add(&both, &[&again]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let said = text(&out.stderr);
    assert!(
        said.contains("1 game counted") && said.contains("10 games already in the index"),
        "{said}"
    );
    // The same bytes under another name: refused, nothing added.
    let copy = dir.join("copy.pgn");
    std::fs::copy(&jan, &copy).unwrap();
    let out = add(&both, &[&copy]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("already in the index (the same bytes were added as"),
        "{}",
        text(&out.stderr)
    );
    // Added at once, the same answers.
    // Two months at once, then the repeats (which copy of a game given twice in one add
    // counts is not said: the same game, its place among the recent games may differ).
    let once = dir.join("once");
    assert_eq!(add(&once, &[&jan, &feb]).status.code(), Some(0));
    // The repeats through standard input: hashed as they stream, the same bytes given as a
    // file after are refused.
    let index = once.to_str().unwrap();
    let repeats = std::fs::read(&again).unwrap();
    let out = chess960(&["index", "add", "--index", index, "-"], &repeats);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = add(&once, &[&again]);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("(the same bytes were added as -)"), "{said}");
    let out = chess960(&["index", "add", "--index", index, "-", "-"], &repeats);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(
        said.contains("-: the same bytes as -, given in the same add"),
        "{said}"
    );
    let (a, b) = (Served::start(&both), Served::start(&once));
    let (months, at_once) = (answers(&a), answers(&b));
    assert_eq!(months, at_once);
    assert!(months[0].contains("\"month\":\"2024-02\""), "{}", months[0]);
    let listed = chess960(&["index", "files", "--index", both.to_str().unwrap()], b"");
    assert_eq!(text(&listed.stdout).lines().count(), 4);
}

#[test]
fn an_add_killed_at_any_moment_leaves_the_index_as_it_was_and_a_server_answers_meanwhile() {
    add_killed_at("killed", SAMPLE_EIGHTHS);
}

#[test]
#[ignore = "exhaustive (the other moments, OTHER_EIGHTHS): .ci/run runs them with --ignored; the default kills at SAMPLE_EIGHTHS"]
fn an_add_killed_at_every_other_moment_leaves_the_index_as_it_was() {
    add_killed_at("killed-other", OTHER_EIGHTHS);
}

/// The moments, in eighths of a writer's run, the default tests kill it at: one before its
/// commit, one late (after it, or in the compaction).
pub const SAMPLE_EIGHTHS: &[u32] = &[1, 5];
/// The rest of 1/8 to 7/8, for the ignored tests (.ci/run's): every moment is tried there.
pub const OTHER_EIGHTHS: &[u32] = &[2, 3, 4, 6, 7];

/// An add into the index of a small file killed at `eighths` of its run (folder `name`).
fn add_killed_at(name: &str, eighths: &[u32]) {
    let dir = dir(name);
    let (small, big) = (dir.join("small.pgn"), dir.join("big.pgn"));
    std::fs::write(&small, games(3, 200, "2024.01", 0)).unwrap();
    std::fs::write(&big, games(4, 6000, "2024.02", 10_000)).unwrap();
    let index = dir.join("index");
    assert_eq!(add(&index, &[&small]).status.code(), Some(0));
    let served = Served::start(&index);
    let before = answers(&served);
    // The expected answers after the big add, from an index of their own.
    let whole = dir.join("whole");
    assert_eq!(add(&whole, &[&small]).status.code(), Some(0));
    let started = Instant::now();
    assert_eq!(add(&whole, &[&big]).status.code(), Some(0));
    let full_add = started.elapsed();
    let after = answers(&Served::start(&whole));
    assert_ne!(before, after);
    // Killed at moments spread over the add's length (its commit, then the compaction): the
    // server answers as before the add or as after it, never in between, while the add runs
    // and after it is killed (an add that happened to commit before its kill counts as done).
    let spawn = || spawn_add(&index, &big, Stdio::null());
    let committed = killed_at_eighths(eighths, spawn, full_add, &served, &index, &before, &after);
    // The add done again (unless a kill came after its commit): whoever serves sees it.
    if !committed {
        let out = add(&index, &[&big]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    }
    assert_eq!(answers(&served), after);
    assert_eq!(answers(&Served::start(&index)), after);
}

/// `spawn`ed writers of the index in `index` (a run of `whole`) killed at each of `eighths`
/// of their run (in order) until one was done: each answer of `served` meanwhile and after
/// the kill is `before`'s or `after`'s, a server started on the killed index answers
/// `before`, and a kill at 1/8 comes before the commit. Whether one was done.
pub fn killed_at_eighths(
    eighths: &[u32],
    spawn: impl Fn() -> Child,
    whole: std::time::Duration,
    served: &Served,
    index: &Path,
    before: &[String],
    after: &[String],
) -> bool {
    for &eighth in eighths {
        let mut writing = spawn();
        std::thread::sleep(whole * eighth / 8);
        // Each answer as before or as after (the writer may commit between two questions).
        let meanwhile = answers(served);
        for (n, answer) in meanwhile.iter().enumerate() {
            assert!(
                *answer == before[n] || *answer == after[n],
                "while writing, {eighth}/8 of the way: {}",
                QUERIES[n]
            );
        }
        writing.kill().unwrap();
        writing.wait().unwrap();
        let killed = answers(served);
        assert!(
            killed == before || killed == after,
            "killed {eighth}/8 of the way"
        );
        let committed = killed == after;
        assert!(
            eighth > 1 || !committed,
            "done before an eighth of its time"
        );
        if committed {
            return true;
        }
        // A server started on the killed index answers as the running one does.
        assert_eq!(answers(&Served::start(index)), before);
    }
    false
}

#[test]
fn serve_on_an_address_in_use_names_it() {
    let dir = dir("in-use");
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, games(3, 5, "2024.01", 0)).unwrap();
    let index = dir.join("index");
    assert_eq!(add(&index, &[&pgn]).status.code(), Some(0));
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = chess960(
        &[
            "serve",
            "--index",
            index.to_str().unwrap(),
            "--listen",
            &addr,
        ],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    let said = text(&out.stderr);
    assert!(
        said.starts_with(&format!("chess960: serve: cannot listen on {addr}: ")),
        "{said}"
    );
}

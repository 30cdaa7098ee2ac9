//! `chess960 eval` against the scripted engine (`engine/tests/fake-engine.sh`), for the tests
//! of `eval.rs`, `eval_reruns.rs` and `balance.rs`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The scripted engine's path.
pub fn fake_engine() -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/fake-engine.sh");
    root.to_str().unwrap().to_owned()
}

/// A fresh path `eval-NAME` in the tests' scratch directory (nothing there).
pub fn scratch(name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("eval-{name}"));
    let _ = std::fs::remove_file(&path);
    let _ = std::fs::remove_dir_all(&path);
    path
}

/// `chess960 eval --engine FAKE ARGS`, stdin `/dev/null`, the engine seeing `env`.
pub fn eval(args: &[&str], env: &[(&str, &str)]) -> Output {
    let engine = fake_engine();
    let mut command = Command::new(env!("CARGO_BIN_EXE_chess960"));
    command.args(["eval", "--engine", &engine]).args(args);
    command.envs(env.iter().copied()).stdin(Stdio::null());
    command.output().unwrap()
}

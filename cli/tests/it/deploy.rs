//! The files to deploy the explorer (docs/deploy/) checked with the tools that read them:
//! the systemd unit by `systemd-analyze verify` (no warning) and `security` (an exposure of
//! 2 or less: "OK"), and the Kubernetes manifest's Deployment read as YAML (Python's) with
//! its probes on `/health`, its index mounted read-only and its command what the server runs.
//! The container image's build needs its base images from a registry this machine may not
//! reach: it is not built here.

use std::path::Path;
use std::process::Command;

use crate::common::text;
use crate::games_tools::{python, workdir};

fn deploy(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/deploy")
        .join(name)
}

#[test]
#[ignore = "needs systemd-analyze (systemd): `cargo test -- --ignored`, as .ci/run does"]
fn the_systemd_unit_verifies_and_is_hardened() {
    let tool = crate::common::tool(
        "systemd-analyze",
        Some("/usr/bin/systemd-analyze".into()),
        "apt-get install systemd",
    );
    let dir = workdir("deploy-systemd");
    // Its command where this build has it.
    let unit = std::fs::read_to_string(deploy("chess960-explorer.service")).unwrap();
    assert!(
        unit.contains("DynamicUser=yes") && unit.contains("ReadOnlyPaths=/var/lib/chess960/index")
    );
    let unit = unit.replace("/usr/local/bin/chess960", env!("CARGO_BIN_EXE_chess960"));
    let path = dir.join("chess960-explorer.service");
    std::fs::write(&path, unit).unwrap();
    let out = Command::new(&tool)
        .arg("verify")
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "", "systemd-analyze verify warns");
    let out = Command::new(&tool)
        .args(["security", "--offline=true", "--threshold=20"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    let said = text(&out.stdout);
    let exposure: f64 = said
        .split("Overall exposure level for chess960-explorer.service: ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|level| level.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert!(exposure <= 2.0, "exposure {exposure}:\n{said}");
}

#[test]
#[ignore = "needs Python with PyYAML (CHESS960_PYTHON): `cargo test -- --ignored`, as .ci/run does"]
fn the_kubernetes_manifest_probes_health_and_mounts_the_index_read_only() {
    let check = r#"
import json, sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
kinds = [d["kind"] for d in docs]
assert kinds == ["Deployment", "Service"], kinds
pod = docs[0]["spec"]["template"]["spec"]
(container,) = pod["containers"]
assert container["readinessProbe"]["httpGet"]["path"] == "/health"
assert container["livenessProbe"]["httpGet"]["path"] == "/health"
(mount,) = container["volumeMounts"]
assert mount["readOnly"] is True and mount["mountPath"] == "/index"
assert pod["volumes"][0]["persistentVolumeClaim"]["readOnly"] is True
assert container["securityContext"]["readOnlyRootFilesystem"] is True
assert pod["securityContext"]["runAsNonRoot"] is True
print(json.dumps(container["command"] + container["args"]))
"#;
    let python = python();
    let out = Command::new(&python)
        .args(["-c", check])
        .arg(deploy("explorer.yaml"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let command: Vec<String> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(command[0], "/usr/local/bin/chess960");
    // The arguments are the server's: it starts on an index and says where it listens.
    let dir = workdir("deploy-k8s");
    let pgn = dir.join("one.pgn");
    std::fs::write(&pgn, "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n").unwrap();
    let index = dir.join("index");
    let added = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(["index", "add", "--index"])
        .args([&index, &pgn])
        .output()
        .unwrap();
    assert!(added.status.success(), "{}", text(&added.stderr));
    let args: Vec<String> = command[1..]
        .iter()
        .map(|arg| match arg.as_str() {
            "/index" => index.to_str().unwrap().to_owned(),
            "0.0.0.0:9002" => "127.0.0.1:0".to_owned(),
            other => other.to_owned(),
        })
        .collect();
    let mut server = Command::new(env!("CARGO_BIN_EXE_chess960"))
        .args(&args)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(server.stderr.take().unwrap()),
        &mut line,
    )
    .unwrap();
    server.kill().unwrap();
    server.wait().unwrap();
    assert!(
        line.contains("serving") && line.contains("http://127.0.0.1:"),
        "{line}"
    );
}

//! `chess960 eval --from-index`'s file added to a copy of the index (`index evals`) and served
//! as lichess's cloud evaluation (`serve`, `/api/cloud-eval`): every position's lines as the
//! file has them, lichess's 404, a 400 naming each bad parameter, another limit refused unless
//! `--mix`.

use std::collections::BTreeMap;
use std::path::Path;

use chess960_engine::ANALYSIS_COLUMNS;

use super::common::chess960;
use super::common::fake_engine::scratch;
use super::common::text;
use super::eval_index::{at_nodes, column, from_index, index, rows};
use super::index::Served;

/// A position's evaluation as an eval file's rows give it: depth, nodes, and each line's
/// moves, centipawns and mate, in order.
#[derive(Debug)]
struct Rows {
    depth: u64,
    nodes: u64,
    lines: Vec<(String, Option<i64>, Option<i64>)>,
}

/// The positions of an eval file (CSV), each with its rows, read by the columns' names.
fn by_position(csv: &[u8]) -> BTreeMap<String, Rows> {
    let number = |field: &str| (!field.is_empty()).then(|| field.parse::<i64>().unwrap());
    let mut positions: BTreeMap<String, Rows> = BTreeMap::new();
    for row in rows(csv) {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields.len(), ANALYSIS_COLUMNS.len(), "{row}");
        let field = |name: &str| fields[column(name)];
        assert_eq!(field("status"), "ok", "{row}");
        let rows = positions.entry(field("fen").to_owned()).or_insert(Rows {
            depth: field("depth").parse().unwrap(),
            nodes: field("nodes").parse().unwrap(),
            lines: Vec::new(),
        });
        let multipv = (rows.lines.len() + 1).to_string();
        assert_eq!(field("multipv"), multipv, "{row}");
        let line = (
            field("pv").to_owned(),
            number(field("cp")),
            number(field("mate")),
        );
        rows.lines.push(line);
    }
    positions
}

/// `/api/cloud-eval?fen=FEN&ARGS`, the FEN's spaces percent-encoded.
fn cloud_eval(served: &Served, fen: &str, args: &str) -> (u16, String) {
    served.get(&format!(
        "/api/cloud-eval?fen={}{args}",
        fen.replace(' ', "%20")
    ))
}

/// The cloud evaluation of `fen` with `multi_pv` lines: as `rows` says, its FEN as asked.
fn check_answer(served: &Served, fen: &str, multi_pv: usize, rows: &Rows) {
    let args = format!("&multiPv={multi_pv}&variant=chess960");
    let (status, body) = cloud_eval(served, fen, &args);
    assert_eq!(status, 200, "{fen}: {body}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["fen"], fen, "{body}");
    assert_eq!(json["knodes"], rows.nodes / 1000, "{body}");
    assert_eq!(json["depth"], rows.depth, "{body}");
    let pvs = json["pvs"].as_array().unwrap();
    let wanted = &rows.lines[..multi_pv.min(rows.lines.len())];
    assert_eq!(pvs.len(), wanted.len(), "{body}");
    for (pv, (moves, cp, mate)) in pvs.iter().zip(wanted) {
        assert_eq!(pv["moves"], moves.as_str(), "{body}");
        assert_eq!(pv["cp"].as_i64(), *cp, "{body}");
        assert_eq!(pv["mate"].as_i64(), *mate, "{body}");
        assert_eq!(pv.as_object().unwrap().len(), 2, "{body}");
    }
}

/// `chess960 index evals --index DIR FILES ARGS`.
fn add_evals(dir: &Path, files: &[&Path], args: &[&str]) -> std::process::Output {
    let mut all = vec!["index", "evals", "--index", dir.to_str().unwrap()];
    all.extend(files.iter().map(|f| f.to_str().unwrap()));
    all.extend(args);
    chess960(&all, b"")
}

#[test]
fn evaluations_added_to_the_index_are_served_as_lichess_cloud_evaluation() {
    let (shared, expected) = index();
    // A copy of the index, to add to (the other tests read the shared one).
    let dir = scratch("cloud-eval-index");
    let _ = std::fs::remove_dir_all(&dir);
    crate::common::copy_index(shared, &dir);
    let file = scratch("cloud-eval-1000.csv");
    let out = from_index(&["--out", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let evals = by_position(&std::fs::read(&file).unwrap());
    assert_eq!(evals.len(), expected.len());
    assert!(
        evals.values().all(|rows| rows.lines.len() == 2),
        "{evals:?}"
    );
    let out = add_evals(&dir, &[&file], &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!("chess960: {} evaluations added\n", expected.len())
    );
    let served = Served::start(&dir);
    for (fen, rows) in &evals {
        check_answer(&served, fen, 2, rows);
        check_answer(&served, fen, 1, rows);
        // More lines than there are: those there are.
        check_answer(&served, fen, 5, rows);
    }
    // A start asked by its X-FEN, with clocks, no variant: found, its FEN as asked.
    let standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -";
    let rows = &evals[standard];
    let xfen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    check_answer(&served, xfen, 2, rows);
    let (status, body) = cloud_eval(&served, xfen, "");
    assert_eq!(status, 200, "{body}");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["pvs"].as_array().unwrap().len(), 1, "{body}");
    // A position not evaluated: lichess's 404.
    let (status, body) = cloud_eval(&served, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "");
    assert_eq!(status, 404, "{body}");
    assert_eq!(
        body,
        r#"{"error":"No cloud evaluation available for that position"}"#
    );
    // A malformed query: a 400 naming the parameter.
    let fen = standard.replace(' ', "%20");
    for (query, parameter) in [
        ("multiPv=2&variant=chess960".to_owned(), "fen"),
        ("fen=&multiPv=2".to_owned(), "fen"),
        ("fen=not%20a%20fen".to_owned(), "fen"),
        (
            "fen=4k3/4R3/8/8/8/8/8/4K3%20w%20-%20-%200%201".to_owned(),
            "fen",
        ),
        (format!("fen={fen}&fen={fen}"), "fen"),
        (format!("fen={fen}&multiPv=0"), "multiPv"),
        (format!("fen={fen}&multiPv=two"), "multiPv"),
        (format!("fen={fen}&multiPv=-1"), "multiPv"),
        (format!("fen={fen}&variant=atomic"), "variant"),
    ] {
        let (status, body) = served.get(&format!("/api/cloud-eval?{query}"));
        assert_eq!(status, 400, "{query}: {body}");
        let json: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(json["parameter"], parameter, "{query}: {body}");
        let error = json["error"].as_str().unwrap();
        assert!(
            error.starts_with(&format!("{parameter}: ")),
            "{query}: {body}"
        );
    }
    // Evaluations at another limit: refused, nothing added; mixed, each position's latest.
    let other = scratch("cloud-eval-500.csv");
    let out = at_nodes("500", &["--out", other.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let at_500 = by_position(&std::fs::read(&other).unwrap());
    assert_eq!(
        at_500.keys().collect::<Vec<_>>(),
        evals.keys().collect::<Vec<_>>()
    );
    assert!(
        at_500
            .iter()
            .any(|(fen, rows)| rows.lines != evals[fen].lines),
        "the scripted engine answers the same at another limit: nothing is checked"
    );
    let refused = add_evals(&dir, &[&other], &[]);
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused.stderr));
    let said = text(&refused.stderr);
    assert!(
        said.starts_with("chess960: the evaluation of `")
            && at_500.keys().any(|fen| said.contains(&format!("`{fen}`")))
            && said.contains("Fake Engine 1.0")
            && said.contains("nodes=500")
            && said.contains("nodes=1000"),
        "{said}"
    );
    for (fen, rows) in &evals {
        check_answer(&served, fen, 2, rows);
    }
    let mixed = add_evals(&dir, &[&other], &["--mix"]);
    assert!(mixed.status.success(), "{}", text(&mixed.stderr));
    assert_eq!(
        text(&mixed.stderr),
        format!("chess960: {} evaluations added\n", expected.len())
    );
    for (fen, rows) in &at_500 {
        check_answer(&served, fen, 2, rows);
    }
}

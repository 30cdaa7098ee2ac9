//! What `explorer_page.rs`'s steps compare: the page's moves, total and shares against the
//! API's answer to the same question, and the back ranks it draws.

use serde_json::Value;

/// The page's moves and total at `name` are /lichess's (the shares as shown, to 0.05), and its
/// status line is empty; the total. (The moves' Engine cells: [`assert_evals`].)
pub fn assert_as_api(seen: &Value, name: &str) -> u64 {
    let (page, api) = (&seen["steps"][name]["page"], &seen["steps"][name]["api"]);
    assert_eq!(api["status"], 200, "{name}: {api}");
    assert_eq!(page["status"], "", "{name}");
    let without_engine = |moves: &Value| -> Vec<Value> {
        let mut moves = moves.as_array().unwrap().clone();
        for mv in &mut moves {
            mv.as_object_mut().unwrap().remove("engine");
        }
        moves
    };
    assert_eq!(
        without_engine(&page["moves"]),
        without_engine(&api["moves"]),
        "{name}: the moves"
    );
    assert_eq!(page["games"], api["games"], "{name}: the total");
    let shares = |v: &Value| -> Vec<f64> {
        v["shares"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_f64().unwrap())
            .collect()
    };
    let (shown, exact) = (shares(page), shares(api));
    assert_eq!(shown.len(), exact.len(), "{name}: {shown:?} {exact:?}");
    let near = shown
        .iter()
        .zip(&exact)
        .all(|(s, e)| (s - e).abs() < 0.0501);
    assert!(near, "{name}: shares {shown:?}, exactly {exact:?}");
    api["games"].as_u64().unwrap()
}

/// Rank 8 and rank 1 of the board at `name`, as the page draws it (White at the bottom).
pub fn back_ranks(seen: &Value, name: &str) -> (String, String) {
    let board = seen["steps"][name]["page"]["board"].as_str().unwrap();
    assert_eq!(board.len(), 64, "{name}: {board}");
    (board[..8].to_owned(), board[56..].to_owned())
}

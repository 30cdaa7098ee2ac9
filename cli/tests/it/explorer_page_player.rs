//! `explorer_page.rs`'s player steps: the page's games of one player (the first top game's
//! White at 105, named in capitals), then a move, then as Black in rated games, each as
//! `/player` answers Node; the masters' where the server has none; lichess's again.

use serde_json::{Value, json};

use crate::explorer_page_evals::page;
use crate::explorer_page_seen::assert_as_api;

/// The player steps of `seen` (the report of `cli/tests/explorer_page.mjs`).
pub fn assert_player(seen: &Value) {
    let name = seen["player"].as_str().unwrap();
    assert!(!name.is_empty(), "{seen}");
    let games = assert_as_api(seen, "player");
    assert!(games >= 1, "{name} as White at 105: {games} games");
    assert!(assert_as_api(seen, "playerOne") >= 1);
    assert_as_api(seen, "playerBlack");
    // The opponents' average Elo and the performance, where the speeds are asked and not the
    // rating groups (lichess's player explorer has none).
    assert_eq!(seen["playerHead"], "Opp. / perf.");
    assert_eq!(seen["playerHidden"], json!([false, false, true]));
    let shown = &page(seen, "player")["moves"];
    assert!(
        shown
            .as_array()
            .unwrap()
            .iter()
            .all(|mv| mv["elo"].as_str().unwrap().contains(" / ")),
        "{shown}"
    );
    let hash = seen["playerHash"].as_str().unwrap();
    for part in [
        "db=player",
        "color=black",
        "modes=rated",
        &format!("player={}", name.to_uppercase()),
    ] {
        assert!(hash.contains(part), "{part}: {hash}");
    }
    let masters = page(seen, "masters");
    assert_eq!(
        masters["status"],
        "This explorer has no masters' games (chess960 serve --masters DIR)."
    );
    assert_eq!(masters["moves"], json!([]));
    assert!(assert_as_api(seen, "lichessAgain") > 0);
}

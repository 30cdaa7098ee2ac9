//! The parts alone, without a socket: the places of the connections
//! and the eviction of the quietest idle one, the error bodies.

use std::sync::Arc;
use std::time::Duration;

use super::super::conns::Conns;
use super::super::error::error_json;
use crate::api::ParamError;

#[tokio::test(flavor = "current_thread")]
async fn a_full_house_evicts_the_quietest_idle_connection() {
    let conns = Arc::new(Conns::new(2));
    let first = conns.enter(Duration::ZERO).await.unwrap();
    tokio::time::sleep(Duration::from_millis(5)).await;
    let second = conns.enter(Duration::ZERO).await.unwrap();
    let _busy = first.activity.begin_answer();
    // Both places taken: the second, idle, is asked to close; the first is answering.
    let wait = conns.enter(Duration::from_secs(5));
    tokio::pin!(wait);
    {
        let evicted = second.activity.evicted();
        tokio::pin!(evicted);
        tokio::select! {
            () = &mut evicted => {}
            _ = &mut wait => panic!("a place came before any was given back"),
        }
    }
    drop(second);
    let third = wait.await.unwrap();
    assert_eq!(conns.open(), 2);
    drop((first, third));
    assert_eq!(conns.open(), 0);
}

#[tokio::test(flavor = "current_thread")]
async fn no_place_when_none_is_given_back_in_time() {
    let conns = Arc::new(Conns::new(1));
    let only = conns.enter(Duration::ZERO).await.unwrap();
    let _busy = only.activity.begin_answer();
    assert!(conns.enter(Duration::from_millis(20)).await.is_none());
    assert!(only.activity.stall_deadline(Duration::from_secs(1)) > tokio::time::Instant::now());
    assert!(!only.activity.stalled(Duration::ZERO));
}

#[test]
fn bodies_are_json_with_the_message_escaped() {
    let err = ParamError::new("fen", "\"x\" is not a FEN");
    let body: serde_json::Value = serde_json::from_str(&err.to_json()).unwrap();
    assert_eq!(body["error"], "fen: \"x\" is not a FEN");
    assert_eq!(body["parameter"], "fen");
    assert_eq!(error_json("not found"), r#"{"error":"not found"}"#);
}

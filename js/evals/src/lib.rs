//! `chess960/evals`: eval records (`chess960 eval --out`, CSV or JSON Lines) read by
//! `chess960-engine` as the command and Python read them, and the table of the 960 starts that
//! the crates ship. A module of its own, so that the main one stays small: records are plain
//! objects keyed by the CSV's columns (`sp`, `rank`, `cp`, ..., `status`, `error`; a pair's
//! `white_sp`, `white_rank`, `black_sp`, `black_rank`), numbers as numbers and `null` for an
//! empty field, as the tool's JSON Lines write them.

// The bindings are for wasm32: elsewhere (the workspace's native build) the crate is empty.
#![cfg(target_arch = "wasm32")]

use chess960::book::BookEntry;
use chess960_engine::{Positions, Record, RecordFormat, Records, latest, table_960};
use wasm_bindgen::JsValue;
use wasm_bindgen::prelude::wasm_bindgen;

/// The records of an eval file's text: each position's latest record (a rerun appends one
/// after a failure) in the order the positions first appear, or with `latest` false every
/// record in order. Throws an `Error` naming the first line that is no record.
///
/// ```js
/// import { readEvals } from "chess960/evals";
/// readEvals(text)[0].sp; // 518
/// ```
#[wasm_bindgen(js_name = readEvals)]
pub fn read_evals(text: &str, latest: Option<bool>) -> Result<JsValue, JsValue> {
    let records = Records::new(text.as_bytes());
    let records: Vec<Record> = match latest {
        Some(false) => records.collect::<Result<_, _>>(),
        _ => self::latest(records, Ok).map(|kept| kept.into_iter().map(|(_, r)| r).collect()),
    }
    .map_err(|err| JsValue::from(js_sys::Error::new(&err.to_string())))?;
    objects(&records)
}

/// The table of the 960 starts evaluated by Stockfish that the package ships (as `chess960
/// show` quotes it), a record per start in id order.
#[wasm_bindgen(js_name = engineTable)]
pub fn engine_table() -> Result<JsValue, JsValue> {
    objects(&table_960().collect::<Vec<_>>())
}

/// The records as an array of objects: each written by the engine crate as a JSON Lines
/// record, then parsed by JavaScript's `JSON.parse`.
fn objects(records: &[Record]) -> Result<JsValue, JsValue> {
    let pairs = records
        .iter()
        .any(|record| matches!(record.position, BookEntry::Dfrc(_)));
    let positions = Positions::pairs_if(pairs);
    let mut json = Vec::with_capacity(records.len() * 200 + 2);
    json.push(b'[');
    for (i, record) in records.iter().enumerate() {
        if i > 0 {
            json.push(b',');
        }
        record
            .write(&mut json, RecordFormat::Json, positions)
            .map_err(|err| JsValue::from(js_sys::Error::new(&err.to_string())))?;
    }
    json.push(b']');
    let text = String::from_utf8_lossy(&json);
    js_sys::JSON::parse(&text)
}

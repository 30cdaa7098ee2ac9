//! Eval files (`--out`, `book --evals`): any bytes read without panicking, a broken line is an
//! error that names it, and every record read writes back in CSV and JSON Lines as text that
//! reads back as the same record.
#![no_main]

use chess960::book::BookEntry;
use chess960_engine::{Positions, Record, RecordFormat, Records, write_csv_header};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    for read in Records::new(bytes) {
        let record = match read {
            Ok(record) => record,
            Err(err) => {
                assert!(!err.to_string().is_empty());
                continue;
            }
        };
        let dfrc = matches!(record.position, BookEntry::Dfrc(_));
        let mut csv = Vec::new();
        write_csv_header(&mut csv, Positions::pairs_if(dfrc)).unwrap();
        record
            .write(&mut csv, RecordFormat::Csv, Positions::pairs_if(dfrc))
            .unwrap();
        let mut json = Vec::new();
        record
            .write(&mut json, RecordFormat::Json, Positions::pairs_if(dfrc))
            .unwrap();
        for written in [csv, json] {
            let again: Vec<Record> = Records::new(&written[..]).map(Result::unwrap).collect();
            assert_eq!(again, std::slice::from_ref(&record));
        }
    }
});

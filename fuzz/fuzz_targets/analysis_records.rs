//! Eval files of positions (`eval --from-index --out`): any bytes read without panicking, a
//! broken line is an error that names it, and every analysis read writes back in CSV and JSON
//! Lines as text that reads back as the same analysis.
#![no_main]

use chess960_engine::{AnalysisRecord, AnalysisRecords, RecordFormat};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    for read in AnalysisRecords::new(bytes) {
        let record = match read {
            Ok(record) => record,
            Err(err) => {
                assert!(!err.to_string().is_empty());
                continue;
            }
        };
        let mut csv = Vec::new();
        AnalysisRecord::write_csv_header(&mut csv).unwrap();
        record.write(&mut csv, RecordFormat::Csv).unwrap();
        let mut json = Vec::new();
        record.write(&mut json, RecordFormat::Json).unwrap();
        for written in [csv, json] {
            let again: Vec<AnalysisRecord> = AnalysisRecords::new(&written[..])
                .map(Result::unwrap)
                .collect();
            assert_eq!(again, std::slice::from_ref(&record));
        }
    }
});

//! Names read from text (`--numbering`, `--castling`, `--variant-tag`, a book format): a name
//! that is read is written back as itself, and any other text is an error that quotes its
//! start and lists every name.
#![no_main]

use core::fmt::Display;
use core::str::FromStr;

use chess960::ParseNameError;
use chess960::book::LineFormat;
use chess960::fen::CastlingNotation;
use chess960::game::VariantTag;
use chess960::numbering::{DfrcNumbering, Numbering};
use libfuzzer_sys::fuzz_target;

fn check<T: FromStr<Err = ParseNameError> + Display>(text: &str, names: &[&str]) {
    match text.parse::<T>() {
        Ok(value) => {
            assert_eq!(value.to_string(), text);
            assert!(names.contains(&text));
        }
        Err(error) => {
            assert!(!names.contains(&text));
            let message = error.to_string();
            let ParseNameError::Unknown { name, .. } = error else {
                panic!("{message}");
            };
            assert!(text.starts_with(name.as_str()));
            assert!(names.iter().all(|n| message.contains(n)), "{message}");
        }
    }
}

fuzz_target!(|text: &str| {
    check::<Numbering>(text, &Numbering::NAMES);
    check::<DfrcNumbering>(text, &DfrcNumbering::NAMES);
    check::<CastlingNotation>(text, &CastlingNotation::NAMES);
    check::<VariantTag>(text, &VariantTag::NAMES);
    check::<LineFormat>(text, &LineFormat::NAMES);
});

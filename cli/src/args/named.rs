//! Options whose values are the library's names (`--numbering fritz`, `--castling shredder`,
//! `--variant-tag fischerandom`): clap lists the names and the library's `FromStr` reads them.

use std::fmt::Display;
use std::str::FromStr;

use chess960::ParseNameError;
use clap::builder::{PossibleValuesParser, TypedValueParser};

/// The parser of a value named by one of `names`, which `T::from_str` reads.
pub fn named<T>(names: &'static [&'static str]) -> impl TypedValueParser<Value = T>
where
    T: FromStr<Err = ParseNameError> + Display + Clone + Send + Sync + 'static,
{
    PossibleValuesParser::new(names).try_map(|name| name.parse::<T>())
}

//! The filters `read_games`, `read_stats` and `read_tree` take alike, as keyword arguments
//! (`min_elo`, `speed`, `ratings`, `since`, `until`, `assume_chess960`): made into
//! `chess960_pgn::Options` in one place, each name read by the crate's own `FromStr`.

use chess960_pgn::{Month, Options, RatingGroup, RatingGroups, Speed, Speeds};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The options of the filters, or a `ValueError` naming the one that is wrong.
pub fn options(
    min_elo: Option<u32>,
    speed: Option<&Bound<'_, PyAny>>,
    ratings: Option<&Bound<'_, PyAny>>,
    since: Option<&str>,
    until: Option<&str>,
    assume_chess960: bool,
) -> PyResult<Options> {
    let mut options = Options::default().assume_chess960(assume_chess960);
    if let Some(elo) = min_elo {
        options = options.min_elo(elo);
    }
    if let Some(speed) = speed {
        options = options.speeds(parsed::<Speed>(speed)?.into_iter().collect::<Speeds>());
    }
    if let Some(ratings) = ratings {
        let groups = parsed::<RatingGroup>(ratings)?;
        options = options.ratings(groups.into_iter().collect::<RatingGroups>());
    }
    if let Some(month) = since {
        options = options.since(parsed_one::<Month>(month)?);
    }
    if let Some(month) = until {
        options = options.until(parsed_one::<Month>(month)?);
    }
    options
        .validate()
        .map_err(|err| PyValueError::new_err(err.to_string()))
}

/// The names `value` holds, one (a string or an int) or a list, each read by `T`'s `FromStr`.
fn parsed<T>(value: &Bound<'_, PyAny>) -> PyResult<Vec<T>>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let one = |item: &Bound<'_, PyAny>| -> PyResult<String> {
        match item.extract::<i64>() {
            Ok(number) => Ok(number.to_string()),
            Err(_) => item.extract::<String>(),
        }
    };
    let names: Vec<String> = match one(value) {
        Ok(name) => vec![name],
        Err(_) => value
            .try_iter()?
            .map(|item| one(&item?))
            .collect::<PyResult<_>>()?,
    };
    names.iter().map(|name| parsed_one(name)).collect()
}

fn parsed_one<T>(name: &str) -> PyResult<T>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    name.parse()
        .map_err(|err: T::Err| PyValueError::new_err(err.to_string()))
}

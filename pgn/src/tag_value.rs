//! A tag's value read as what it says: a date tag's month, an Elo tag's number.

use crate::filter::Month;

/// A date tag's month.
pub(crate) fn month(value: &[u8]) -> Option<Month> {
    Month::from_date_tag(std::str::from_utf8(value).ok()?)
}

/// An Elo tag's number; `?`, `-` and empty are none.
pub(crate) fn elo(value: &[u8]) -> Option<u32> {
    std::str::from_utf8(value).ok()?.trim().parse().ok()
}

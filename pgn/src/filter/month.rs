//! The month a game was played, from its `UTCDate` or `Date` tag ([`Month`]), and the
//! months kept by `--since` and `--until`.

use std::fmt;
use std::str::FromStr;

/// A year and month: when a game was played (`UTCDate`, else `Date`: `2024.03.17`), and the
/// ends of `--since`/`--until` (`2024-03`, as lichess's explorer writes them).
///
/// ```
/// use chess960_pgn::Month;
///
/// let march: Month = "2024-03".parse()?;
/// assert_eq!(Month::from_date_tag("2024.03.17"), Some(march));
/// assert_eq!(Month::from_date_tag("2024.??.??"), None);
/// assert!(Month::from_date_tag("2023.12.31") < Some(march));
/// assert_eq!(march.to_string(), "2024-03");
/// # Ok::<(), chess960_pgn::ParseMonthError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Month {
    /// The year.
    pub year: u16,
    /// The month, 1..=12.
    pub month: u8,
}

impl Month {
    /// The month of a PGN date tag's value, `YYYY.MM.DD` (the day may be `??`); `None` when
    /// the year or the month is not known (`????.??.??`, `2024.??.??`) or not a date.
    pub fn from_date_tag(value: &str) -> Option<Month> {
        let mut fields = value.trim().split('.');
        let year = fields.next()?;
        let month = fields.next()?;
        Month::new(year, month)
    }

    fn new(year: &str, month: &str) -> Option<Month> {
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(year, 4) || !digits(month, 2) {
            return None;
        }
        let month_number: u8 = month.parse().ok()?;
        (1..=12).contains(&month_number).then_some(Month {
            year: year.parse().ok()?,
            month: month_number,
        })
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

/// Text that is not a month `YYYY-MM`.
///
/// ```
/// let err = "2024-13".parse::<chess960_pgn::Month>().unwrap_err();
/// assert_eq!(err.to_string(), "2024-13: a month is YYYY-MM, its month 01 to 12");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct ParseMonthError {
    /// The text given.
    pub text: String,
}

impl fmt::Display for ParseMonthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: a month is YYYY-MM, its month 01 to 12", self.text)
    }
}

impl std::error::Error for ParseMonthError {}

impl FromStr for Month {
    type Err = ParseMonthError;

    /// `YYYY-MM`.
    fn from_str(text: &str) -> Result<Month, ParseMonthError> {
        text.split_once('-')
            .and_then(|(year, month)| Month::new(year, month))
            .ok_or_else(|| ParseMonthError {
                text: text.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::Month;

    #[test]
    fn dates_and_months() {
        let m = |year, month| Some(Month { year, month });
        assert_eq!(Month::from_date_tag("2024.01.??"), m(2024, 1));
        assert_eq!(Month::from_date_tag(" 1999.12.31 "), m(1999, 12));
        for bad in [
            "????.??.??",
            "2024.??.??",
            "2024.00.01",
            "2024.13.01",
            "24.01.01",
            "2024",
            "",
        ] {
            assert_eq!(Month::from_date_tag(bad), None, "{bad}");
        }
        assert_eq!("2020-02".parse::<Month>().ok(), m(2020, 2));
        for bad in ["2020", "2020-2", "2020-02-01", "x-02", "2020-00"] {
            assert!(bad.parse::<Month>().is_err(), "{bad}");
        }
    }
}

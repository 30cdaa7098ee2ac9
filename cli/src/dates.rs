//! Dates in UTC from the system's clock and Unix seconds, as ISO 8601 writes them (the
//! proleptic Gregorian calendar's).

/// Today's date in UTC, `YYYY-MM-DD` (1970-01-01 if the clock is set before then).
pub(crate) fn today() -> String {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    let (year, month, day) = civil(i64::try_from(seconds / 86_400).unwrap_or(0));
    format!("{year:04}-{month:02}-{day:02}")
}

/// `seconds` since 1970-01-01 00:00 UTC as `YYYY-MM-DDThh:mm:ssZ`.
pub(crate) fn iso8601(seconds: u64) -> String {
    let (year, month, day) = civil(i64::try_from(seconds / 86_400).unwrap_or(0));
    let time = seconds % 86_400;
    let (hour, minute, second) = (time / 3600, time / 60 % 60, time % 60);
    format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z")
}

/// The year, month and day of `days` since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::{civil, iso8601};

    #[test]
    fn days_since_1970_are_calendar_days() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(59), (1970, 3, 1));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(20_783), (2026, 11, 26));
        assert_eq!(civil(-1), (1969, 12, 31));
    }

    #[test]
    fn seconds_are_iso_8601_utc() {
        assert_eq!(iso8601(0), "1970-01-01T00:00:00Z");
        // `date -u -d @1764000000 +%FT%TZ`
        assert_eq!(iso8601(1_764_000_000), "2025-11-24T16:00:00Z");
        assert_eq!(iso8601(951_782_399), "2000-02-28T23:59:59Z");
    }
}

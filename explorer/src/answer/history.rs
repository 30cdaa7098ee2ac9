//! A node's games month by month ([`MonthGames`], lichess's `history`): every month from
//! `since` (else the first with games) to the last with games, none missing.

use crate::store::key::{month_number, month_of};
use chess960_pgn::Month;
use chess960_pgn::tree::MoveCounts;

/// A month's games of a node (lichess's `history`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct MonthGames {
    /// The month.
    pub month: Month,
    /// Games White won.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
}

/// The most months a history lists: the last hundred years.
const HISTORY_MONTHS: u16 = 1200;

/// Each month's games from `since` (else the first month with games) to the last month with
/// games, none missing, as lichess lists them.
pub(crate) fn history(months: &[(u16, MoveCounts)], since: Option<Month>) -> Vec<MonthGames> {
    let known: Vec<&(u16, MoveCounts)> = months.iter().filter(|(month, _)| *month > 0).collect();
    let first = since
        .map(|m| month_number(Some(m)))
        .or(known.first().map(|(m, _)| *m));
    let last = known.last().map(|(m, _)| *m);
    let (Some(first), Some(last)) = (first, last) else {
        return Vec::new();
    };
    let first = first.max(last.saturating_sub(HISTORY_MONTHS - 1));
    (first..=last)
        .filter_map(|number| {
            let counts = known
                .iter()
                .find(|(m, _)| *m == number)
                .map_or(MoveCounts::default(), |(_, c)| *c);
            Some(MonthGames {
                month: month_of(number)?,
                white: counts.white,
                draws: counts.draws,
                black: counts.black,
            })
        })
        .collect()
}

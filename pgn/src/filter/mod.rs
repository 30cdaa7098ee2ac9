//! Which games are kept beside their start, as lichess's explorer filters them: by speed
//! ([`Speed`], from `TimeControl`), by month ([`Month`], from `UTCDate` or `Date`) and by
//! rating group ([`RatingGroup`], from the players' average Elo).

mod month;
mod rating;
mod speed;

pub use month::{Month, ParseMonthError};
pub use rating::{ParseRatingGroupError, RatingGroup, RatingGroups};
pub use speed::{ParseSpeedError, Speed, Speeds};

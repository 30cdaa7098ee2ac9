//! Which games are kept beside their start: by speed ([`Speed`], from `TimeControl`) and by
//! month ([`Month`], from `UTCDate` or `Date`), as lichess's explorer filters them.

mod month;
mod speed;

pub use month::{BadMonth, Month};
pub use speed::{BadSpeed, Speed, Speeds};

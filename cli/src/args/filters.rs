//! The filters every command that reads games shares ([`GameFilters`]): lichess's
//! explorer's (speed, rating group, months) and the Elo floor, into `chess960_pgn::Options`.

use chess960_pgn::{Month, Options, RatingGroup, RatingGroups, Speed, Speeds};
use clap::Args;

/// Which games are read: one set of filters for `games`, `games --stats`, `tree` and
/// `book --tree`, made into the library's `Options` in one place.
#[derive(Args, Clone, Default)]
pub struct GameFilters {
    /// Only games whose WhiteElo and BlackElo tags are both at least N (games without both
    /// tags are left out, even with 0: --min-elo asks for rated games).
    #[arg(long, value_name = "N")]
    pub min_elo: Option<u32>,
    /// Only games of these speeds, by lichess's rule on the TimeControl tag (base + 40 ×
    /// increment seconds): ultraBullet, bullet, blitz, rapid, classical, correspondence
    /// (`-`); separate several with commas.
    #[arg(long, value_name = "SPEED", value_delimiter = ',')]
    pub speed: Vec<Speed>,
    /// Only games whose players' average Elo is in one of these rating groups, lichess's,
    /// named by their lower bounds: 0, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2500
    /// (1600: 1600 to 1799); separate several with commas. Games without both Elo tags are
    /// left out.
    #[arg(long, value_name = "GROUP", value_delimiter = ',')]
    pub ratings: Vec<RatingGroup>,
    /// Only games played in this month (YYYY-MM) or later, by UTCDate, else Date; games
    /// whose month is not known are left out.
    #[arg(long, value_name = "YYYY-MM")]
    pub since: Option<Month>,
    /// Only games played in this month (YYYY-MM) or earlier.
    #[arg(long, value_name = "YYYY-MM")]
    pub until: Option<Month>,
    /// Count standard-start games (no FEN tag or RNBQKBNR, no Variant naming Chess960) as
    /// Chess960 start 518: for files known to hold only Chess960 games.
    #[arg(long)]
    pub assume_chess960: bool,
}

impl GameFilters {
    /// Whether any filter is given.
    pub fn any(&self) -> bool {
        self.min_elo.is_some()
            || !self.speed.is_empty()
            || !self.ratings.is_empty()
            || self.since.is_some()
            || self.until.is_some()
            || self.assume_chess960
    }

    /// The library's options of these filters, or why they keep no game.
    pub fn options(&self) -> Result<Options, String> {
        let mut options = Options::default().assume_chess960(self.assume_chess960);
        if let Some(elo) = self.min_elo {
            options = options.min_elo(elo);
        }
        if !self.speed.is_empty() {
            options = options.speeds(self.speed.iter().copied().collect::<Speeds>());
        }
        if !self.ratings.is_empty() {
            options = options.ratings(self.ratings.iter().copied().collect::<RatingGroups>());
        }
        if let Some(month) = self.since {
            options = options.since(month);
        }
        if let Some(month) = self.until {
            options = options.until(month);
        }
        options.validate().map_err(|err| format!("--{err}"))
    }
}

//! Books by balance: which records fall in a window of draw rate or of score.

use core::fmt;
use core::str::FromStr;

use crate::record::Record;
use crate::score::Score;

/// A range `LOW..HIGH`, both ends included; either may be left out (`0.4..`, `..30`).
///
/// ```
/// use chess960_engine::Window;
///
/// let window: Window = "0.40..0.60".parse()?;
/// assert!(window.contains(0.40) && window.contains(0.60) && !window.contains(0.61));
/// let open: Window = "-30..".parse()?;
/// assert!(open.contains(1e9) && !open.contains(-31.0));
/// # Ok::<(), chess960_engine::ParseWindowError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Window {
    /// The lowest value kept.
    pub low: Option<f64>,
    /// The highest value kept.
    pub high: Option<f64>,
}

impl Window {
    /// Whether `value` is inside.
    pub fn contains(self, value: f64) -> bool {
        self.low.is_none_or(|low| value >= low) && self.high.is_none_or(|high| value <= high)
    }
}

/// `LOW..HIGH`, an end left out where the window is open.
impl fmt::Display for Window {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(low) = self.low {
            write!(f, "{low}")?;
        }
        f.write_str("..")?;
        if let Some(high) = self.high {
            write!(f, "{high}")?;
        }
        Ok(())
    }
}

/// Why a text is not a [`Window`].
///
/// ```
/// let err = "0.6..0.4".parse::<chess960_engine::Window>().unwrap_err();
/// assert_eq!(err.to_string(), "`0.6..0.4`: a window is LOW..HIGH with LOW <= HIGH (either may be left out)");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseWindowError(String);

impl fmt::Display for ParseWindowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}`: a window is LOW..HIGH with LOW <= HIGH (either may be left out)",
            self.0
        )
    }
}

impl core::error::Error for ParseWindowError {}

impl FromStr for Window {
    type Err = ParseWindowError;

    fn from_str(text: &str) -> Result<Window, ParseWindowError> {
        let error = || ParseWindowError(text.to_owned());
        let (low, high) = text.split_once("..").ok_or_else(error)?;
        let end = |end: &str| -> Result<Option<f64>, ParseWindowError> {
            match end.trim() {
                "" => Ok(None),
                number => match number.parse::<f64>() {
                    Ok(value) if value.is_finite() => Ok(Some(value)),
                    _ => Err(error()),
                },
            }
        };
        let window = Window {
            low: end(low)?,
            high: end(high)?,
        };
        match (window.low, window.high) {
            (Some(low), Some(high)) if low > high => Err(error()),
            _ => Ok(window),
        }
    }
}

/// The windows a record must fall in: its draw rate (draws per mille / 1000) and its score in
/// centipawns (a mate is above or below every score).
///
/// ```
/// use chess960_engine::{Balance, Records};
///
/// let file = "sp,rank,cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,best_move,best_move_kxr,engine,limit,status,error\n\
///             518,RNBQKBNR,31,,60,920,20,12,18,1000,2,e2e4,e2e4,SF,nodes=1000,ok,\n\
///             105,QNRBBNKR,55,,300,650,50,12,18,1000,2,e2e4,e2e4,SF,nodes=1000,ok,\n";
/// let balance = Balance { draw_rate: Some("0.6..0.7".parse()?), cp: None };
/// let kept: Vec<u16> = Records::new(file.as_bytes())
///     .map(Result::unwrap)
///     .filter(|record| balance.keeps(record) == Ok(true))
///     .map(|record| record.position.pair().white().id())
///     .collect();
/// assert_eq!(kept, [105]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Balance {
    /// The draw rate's window.
    pub draw_rate: Option<Window>,
    /// The score's window, in centipawns.
    pub cp: Option<Window>,
}

impl Balance {
    /// Whether `record` falls in every window; a failed record never does. An error when a
    /// draw rate is asked for and the record has none (its engine gave no win/draw/loss).
    pub fn keeps(&self, record: &Record) -> Result<bool, NoWdl> {
        let Ok(found) = &record.outcome else {
            return Ok(false);
        };
        if let Some(window) = self.draw_rate {
            let wdl = found.wdl.ok_or(NoWdl)?;
            if !window.contains(wdl.draw_rate()) {
                return Ok(false);
            }
        }
        if let Some(window) = self.cp {
            let cp = match found.score {
                Score::Centipawns(cp) => f64::from(cp),
                Score::Mate(moves) if moves > 0 => f64::INFINITY,
                Score::Mate(_) => f64::NEG_INFINITY,
            };
            if !window.contains(cp) {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// A record without win/draw/loss, asked for its draw rate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NoWdl;

impl fmt::Display for NoWdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a record has no win/draw/loss, so no draw rate (its engine offered no UCI_ShowWDL)",
        )
    }
}

impl core::error::Error for NoWdl {}

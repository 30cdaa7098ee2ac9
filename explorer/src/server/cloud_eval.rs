//! `/api/cloud-eval`'s query string, read as lichess reads it: `fen` (required), `multiPv`
//! (the lines wanted, 1 by default) and `variant` (`chess960`, or absent). As for the
//! explorer's endpoints, a parameter not one of these is ignored, one given twice or
//! malformed is a 400 naming it.

use super::error::ParamError;
use super::params::{read_count, read_variant};

/// What `/api/cloud-eval` asks.
///
/// ```
/// use chess960_explorer::server::CloudEvalQuery;
///
/// let query = CloudEvalQuery::parse("fen=qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR+w+HChc+-+0+1&multiPv=3&variant=chess960")?;
/// assert_eq!((query.fen.as_str(), query.multi_pv), ("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1", 3));
/// assert_eq!(CloudEvalQuery::parse("multiPv=2").unwrap_err().parameter, "fen");
/// assert_eq!(CloudEvalQuery::parse("fen=8/8/8/8/8/8/8/8+w+-+-&multiPv=0").unwrap_err().parameter, "multiPv");
/// # Ok::<(), chess960_explorer::server::ParamError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct CloudEvalQuery {
    /// The position's FEN or EPD, as given.
    pub fen: String,
    /// The lines wanted, at least 1.
    pub multi_pv: usize,
}

impl CloudEvalQuery {
    /// The query of `multi_pv` lines (at least 1) of the position of `fen`.
    pub fn new(fen: &str, multi_pv: usize) -> CloudEvalQuery {
        CloudEvalQuery {
            fen: fen.to_owned(),
            multi_pv: multi_pv.max(1),
        }
    }

    /// The query of a query string, or its first malformed parameter. Never panics.
    pub fn parse(query_string: &str) -> Result<CloudEvalQuery, ParamError> {
        let (mut fen, mut multi_pv, mut variant) = (None, None, None);
        for (key, value) in form_urlencoded::parse(query_string.as_bytes()) {
            let (name, slot) = match &*key {
                "fen" => ("fen", &mut fen),
                "multiPv" => ("multiPv", &mut multi_pv),
                "variant" => ("variant", &mut variant),
                _ => continue,
            };
            if slot.is_some() {
                return Err(ParamError::new(name, "given more than once"));
            }
            *slot = Some(value.into_owned());
        }
        if let Some(variant) = variant {
            read_variant(&variant).map_err(|message| ParamError::new("variant", message))?;
        }
        let multi_pv = match multi_pv {
            None => 1,
            Some(value) => match read_count(&value) {
                Ok(0) => return Err(ParamError::new("multiPv", "0: at least 1 line is wanted")),
                Ok(n) => n,
                Err(message) => return Err(ParamError::new("multiPv", message)),
            },
        };
        match fen {
            Some(fen) if !fen.is_empty() => Ok(CloudEvalQuery { fen, multi_pv }),
            Some(_) => Err(ParamError::new("fen", "empty: a FEN is wanted")),
            None => Err(ParamError::new("fen", "missing: a FEN is wanted")),
        }
    }
}

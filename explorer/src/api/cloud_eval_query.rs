//! `/api/cloud-eval`'s query string, read as lichess reads it: `fen` (required), `multiPv`
//! (the lines wanted, 1 by default) and `variant` (`chess960`, or absent). As for the
//! explorer's endpoints, a parameter not one of these, given twice or malformed is a 400
//! naming it.

use serde::Deserialize;

use super::param_error::ParamError;
use super::{names, values};

/// What `/api/cloud-eval` asks.
///
/// ```
/// use chess960_explorer::api::CloudEvalQuery;
///
/// let query = CloudEvalQuery::parse("fen=qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR+w+HChc+-+0+1&multiPv=3&variant=chess960")?;
/// assert_eq!((query.fen.as_str(), query.multi_pv), ("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1", 3));
/// assert_eq!(CloudEvalQuery::parse("multiPv=2").unwrap_err().parameter, "fen");
/// assert_eq!(CloudEvalQuery::parse("fen=8/8/8/8/8/8/8/8+w+-+-&multiPv=0").unwrap_err().parameter, "multiPv");
/// # Ok::<(), chess960_explorer::api::ParamError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct CloudEvalQuery {
    /// The position's FEN or EPD, as given.
    pub fen: String,
    /// The lines wanted, at least 1.
    pub multi_pv: usize,
}

/// The parameters, each read by its reader.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Params {
    #[serde(rename = "variant", default, deserialize_with = "values::variant")]
    _variant: (),
    #[serde(default, deserialize_with = "values::fen")]
    fen: Option<String>,
    #[serde(default, deserialize_with = "values::multi_pv")]
    multi_pv: Option<usize>,
}

impl CloudEvalQuery {
    /// The query of `multi_pv` lines (at least 1) of the position of `fen`.
    pub fn new(fen: &str, multi_pv: usize) -> CloudEvalQuery {
        CloudEvalQuery {
            fen: fen.to_owned(),
            multi_pv: multi_pv.max(1),
        }
    }

    /// The query of a query string, or its first malformed parameter (then `fen` if none
    /// is given). Never panics.
    pub fn parse(query_string: &str) -> Result<CloudEvalQuery, ParamError> {
        let names = ["variant", "fen", "multiPv"];
        let text = names::normalized(query_string, "/api/cloud-eval", &names)?;
        let read: Params =
            serde_urlencoded::from_str(&text).map_err(|err| values::refused(&err))?;
        match read.fen {
            Some(fen) => Ok(CloudEvalQuery {
                fen,
                multi_pv: read.multi_pv.unwrap_or(1),
            }),
            None => Err(ParamError::new("fen", "missing: a FEN is wanted")),
        }
    }
}

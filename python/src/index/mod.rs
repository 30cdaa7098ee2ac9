//! `open_index`: an opening explorer on disk (`chess960_explorer::Index`, made by `chess960
//! index add`), opened once and asked from Python without a server. `Index.explore` gives the
//! typed answer (`chess960_explorer::Answer`) in the server's own shape
//! (`chess960_explorer::api::LichessAnswer`, which `chess960 serve`'s `/lichess` writes),
//! turned into dicts by `pythonize`, so that the two cannot differ; `Index.moves` the node's
//! moves as an Arrow table (`moves.rs`); the arguments are read by the server's reader of
//! lichess's parameters (`query.rs`). `Index.cloud_eval` gives the dict of the server's
//! `/api/cloud-eval` (`chess960_explorer::api::CloudEvalAnswer`).

mod moves;
mod player;
mod query;

use std::io;
use std::path::PathBuf;

use chess960_explorer::api::CloudEvalQuery;
use chess960_explorer::api::{CloudEvalAnswer, LichessBody};
use chess960_explorer::{Answer, Explorer, IndexError, QueryError};
use chess960_pgn::tree::NodeGame;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::games::Table;
use query::Args;

/// An index opened to read (`open_index`). Another process may add to it meanwhile (`chess960
/// index add`): each question sees the last add committed.
#[pyclass(module = "chess960", frozen)]
#[derive(Debug)]
pub struct Index {
    index: chess960_explorer::Index,
    dir: PathBuf,
}

/// The index `chess960 index add --index DIR FILE...` made in the directory `path`, opened
/// to read. No index there raises `FileNotFoundError`; one that cannot be read, `OSError`.
#[pyfunction]
pub fn open_index(py: Python<'_>, path: PathBuf) -> PyResult<Index> {
    py.detach(|| {
        let index = chess960_explorer::Index::open(&path)?;
        Ok(Index { index, dir: path })
    })
    .map_err(|err: IndexError| index_error(&err))
}

// `top_games = 4` and `recent_games = 8` below are lichess's `/lichess` defaults and most:
// literals, so that Python shows them.
const _: () = assert!(chess960_explorer::MAX_TOP_GAMES == 4);
const _: () = assert!(chess960_explorer::MAX_RECENT_GAMES == 8);

#[pymethods]
impl Index {
    /// The answer of lichess's explorer API (`/lichess`) at the position `play` (moves in UCI,
    /// castling as the king taking its rook) reaches from `fen` (the standard start when
    /// `None`), as a dict equal to `json.loads` of `chess960 serve`'s body for the same query:
    /// `white`, `draws`, `black`, `moves` (each with `uci`, `san`, `averageRating`, `white`,
    /// `draws`, `black`, `game`), `recentGames`, `topGames`, `opening`, and `history` when
    /// asked.
    ///
    /// The filters are lichess's: `speeds` (`["blitz", "rapid"]`; `None`: every game, `[]`:
    /// none), `ratings` (rating groups by their lower bound: `[1600, 1800]` or strings),
    /// `since` and `until` (`"2024-03"`); `moves` the most moves listed (`None`: lichess's
    /// 12), `top_games` the top games listed (at most 4) and `recent_games` the recent games
    /// (at most 8 less the top games found, as lichess's); `history` each month's
    /// games. `play` and the lists may also be one comma-separated `str`, as the query
    /// string has them. A value the server answers with a 400 raises `ValueError` naming the
    /// argument (`"fen: …"`, `"play: …"`, `"speeds: …"`); an index that cannot be read,
    /// `OSError`.
    #[pyo3(
        signature = (fen = None, play = None, *, speeds = None, ratings = None, since = None, until = None, moves = None, top_games = 4, recent_games = 8, history = false),
        text_signature = "($self, fen=None, play=(), *, speeds=None, ratings=None, since=None, until=None, moves=None, top_games=4, recent_games=8, history=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn explore<'py>(
        &self,
        py: Python<'py>,
        fen: Option<&str>,
        play: Option<&Bound<'py, PyAny>>,
        speeds: Option<&Bound<'py, PyAny>>,
        ratings: Option<&Bound<'py, PyAny>>,
        since: Option<&str>,
        until: Option<&str>,
        moves: Option<i64>,
        top_games: i64,
        recent_games: i64,
        history: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let args = Args {
            fen,
            play,
            speeds,
            ratings,
            since,
            until,
            moves,
            top_games,
            recent_games,
            history,
        };
        let query = args.query()?;
        let answer = self.answer(py, &query)?;
        let names = self.names_for(py, answer.listed_games())?;
        Ok(pythonize::pythonize(
            py,
            &LichessBody::new(&answer, &names),
        )?)
    }

    /// The moves of the position `explore` answers about (the same arguments), most played
    /// first, as a `chess960.Table`: `uci`, `san`, `white`, `draws`, `black`, `games`,
    /// `average_rating` (the mover's average Elo; null where none is known, where `explore`
    /// says 0) and `game_id` (the `id` of a move's `game`, for a move of one game; else
    /// null). `polars.from_arrow(pyarrow.table(t))`, `polars.DataFrame(t)` or `t.to_polars()`
    /// take it.
    #[pyo3(
        signature = (fen = None, play = None, *, speeds = None, ratings = None, since = None, until = None, moves = None, top_games = 4, recent_games = 8, history = false),
        text_signature = "($self, fen=None, play=(), *, speeds=None, ratings=None, since=None, until=None, moves=None, top_games=4, recent_games=8, history=False)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn moves(
        &self,
        py: Python<'_>,
        fen: Option<&str>,
        play: Option<&Bound<'_, PyAny>>,
        speeds: Option<&Bound<'_, PyAny>>,
        ratings: Option<&Bound<'_, PyAny>>,
        since: Option<&str>,
        until: Option<&str>,
        moves: Option<i64>,
        top_games: i64,
        recent_games: i64,
        history: bool,
    ) -> PyResult<Table> {
        let args = Args {
            fen,
            play,
            speeds,
            ratings,
            since,
            until,
            moves,
            top_games,
            recent_games,
            history,
        };
        let query = args.query()?;
        let answer = self.answer(py, &query)?;
        let one_games = answer.moves.iter().filter_map(|mv| mv.game.as_ref());
        let names = self.names_for(py, one_games)?;
        let batch =
            moves::batch(&answer, &names).map_err(|err| PyValueError::new_err(err.to_string()))?;
        Ok(Table::new(batch.schema(), vec![batch]))
    }

    /// The engine's evaluation of the position of `fen` (a FEN or an EPD) that `chess960
    /// index evals` added, as a dict equal to `json.loads` of `chess960 serve`'s
    /// `/api/cloud-eval` body (lichess's cloud evaluation): `fen` (as given), `knodes`,
    /// `depth`, `pvs` (its first `multi_pv` lines, each `moves`, space-separated UCI, and
    /// `cp` or `mate`, from White's view); `None` where the server answers 404. A FEN that
    /// is no position raises `ValueError` (`"fen: …"`); an index that cannot be read,
    /// `OSError`.
    #[pyo3(signature = (fen, multi_pv = 1))]
    fn cloud_eval<'py>(
        &self,
        py: Python<'py>,
        fen: &str,
        multi_pv: usize,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let query = CloudEvalQuery::new(fen, multi_pv);
        let eval = py.detach(|| self.index.eval(&query.fen));
        let eval = eval.map_err(|err| query_error(&err))?;
        let body = eval.map(|eval| CloudEvalAnswer::new(&query.fen, &eval, query.multi_pv));
        body.map(|body| Ok(pythonize::pythonize(py, &body)?))
            .transpose()
    }

    /// lichess's player explorer (`/player`) for `player` (a name, matched whatever its case)
    /// with `color` (`"white"` or `"black"`) at the position `play` reaches from `fen`, as a
    /// dict equal to `json.loads` of the line `chess960 serve`'s `/player` answers: `white`,
    /// `draws`, `black`, `moves` (each with `uci`, `san`, `averageOpponentRating` and
    /// `performance` where an opponent's Elo is known, `white`, `draws`, `black`, `game`),
    /// `recentGames`, `opening`, `queuePosition` (0: every player is ready at once). The
    /// filters are lichess's: `modes` (`["rated"]`), `speeds`, `since` and `until`
    /// (`"2024-03"`); `moves` the most listed (`None`: all), `recent_games` at most 8. A value
    /// the server answers with a 400 raises `ValueError` naming the argument.
    #[pyo3(
        signature = (player, color, fen = None, play = None, *, modes = None, speeds = None, since = None, until = None, moves = None, recent_games = 8),
        text_signature = "($self, player, color, fen=None, play=(), *, modes=None, speeds=None, since=None, until=None, moves=None, recent_games=8)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn player<'py>(
        &self,
        py: Python<'py>,
        player: &str,
        color: &str,
        fen: Option<&str>,
        play: Option<&Bound<'py, PyAny>>,
        modes: Option<&Bound<'py, PyAny>>,
        speeds: Option<&Bound<'py, PyAny>>,
        since: Option<&str>,
        until: Option<&str>,
        moves: Option<i64>,
        recent_games: i64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let args = player::PlayerArgs {
            player,
            color,
            fen,
            play,
            modes,
            speeds,
            since,
            until,
            moves,
            recent_games,
        };
        let asked = args.query()?;
        let answer = py.detach(|| self.index.player(&asked));
        let answer = answer.map_err(|err| query_error(&err))?;
        let games = chess960_explorer::api::Games {
            files: &[],
            locations: false,
        };
        let row = chess960_explorer::api::PlayerAnswer::new(&answer, asked.color, &games);
        Ok(pythonize::pythonize(py, &row)?)
    }

    /// The PGN of the game the index's answers show by `id` (a listed game's `id`: lichess's,
    /// or 11 letters and digits for a game from elsewhere), whole, as `chess960 serve` gives it
    /// at `/lichess/pgn/ID` and lichess's explorer writes a game; `None` when the index holds
    /// no game of that id. An index that cannot be read raises `OSError`.
    fn pgn(&self, py: Python<'_>, id: &str) -> PyResult<Option<String>> {
        let game = py.detach(|| self.index.game(id));
        let game = game.map_err(|err| query_error(&err))?;
        Ok(game.as_ref().map(chess960_explorer::api::pgn))
    }

    /// The files added, in the order they were, each a dict: `number` (from 1), `name` (as
    /// given to `chess960 index add`), `sha256` (of its bytes, as `sha256sum` prints it),
    /// `added` (seconds since 1970, UTC), `games` (those it brought to the index),
    /// `passed_over` (those read and not counted: already in, unfinished, of no Chess960
    /// start) and `bytes` (its size as given): the columns of `chess960 index files`.
    fn files<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let files = py
            .detach(|| self.index.files())
            .map_err(|err| index_error(&err))?;
        let list = PyList::empty(py);
        for file in files {
            let dict = PyDict::new(py);
            dict.set_item("number", file.number)?;
            dict.set_item("name", &file.name)?;
            dict.set_item("sha256", file.sha256_hex())?;
            dict.set_item("added", file.added)?;
            dict.set_item("games", file.games)?;
            dict.set_item("passed_over", file.read.saturating_sub(file.games))?;
            dict.set_item("bytes", file.bytes)?;
            list.append(dict)?;
        }
        Ok(list)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let dir = PyString::new(py, &self.dir.display().to_string()).repr()?;
        Ok(match self.index.files() {
            Ok(files) => {
                let games: u64 = files.iter().map(|file| file.games).sum();
                let s = |one: bool| if one { "" } else { "s" };
                format!(
                    "<chess960.Index {dir}: {} file{}, {games} game{}>",
                    files.len(),
                    s(files.len() == 1),
                    s(games == 1),
                )
            }
            Err(_) => format!("<chess960.Index {dir}>"),
        })
    }
}

impl Index {
    /// The index's answer to `query`, read with the GIL released.
    fn answer(&self, py: Python<'_>, query: &chess960_explorer::Query) -> PyResult<Answer> {
        let answer = py.detach(|| Explorer::explore(&self.index, query));
        answer.map_err(|err| query_error(&err))
    }

    /// The names of the index's files by their number, read only when a game listed is not
    /// lichess's (whose id is made from its file's name).
    fn names_for<'a>(
        &self,
        py: Python<'_>,
        mut games: impl Iterator<Item = &'a NodeGame>,
    ) -> PyResult<Vec<PathBuf>> {
        match games.any(|game| game.lichess_id.is_none()) {
            true => py
                .detach(|| self.index.file_names())
                .map_err(|err| index_error(&err)),
            false => Ok(Vec::new()),
        }
    }
}

/// A query's error as Python's: a parameter at fault is a `ValueError` naming it, as the
/// server's 400; an index that cannot be read, the `OSError` of [`index_error`].
fn query_error(err: &QueryError) -> PyErr {
    match (err, err.parameter()) {
        (_, Some(name)) => PyValueError::new_err(format!("{name}: {err}")),
        (QueryError::Index(err), None) => index_error(err),
        (_, None) => PyOSError::new_err(err.to_string()),
    }
}

/// An index's error as Python's: no index there is `FileNotFoundError`; a file that cannot
/// be read, the `OSError` of its error's kind; anything else an `OSError`.
fn index_error(err: &IndexError) -> PyErr {
    match err {
        IndexError::NotAnIndex { dir } => {
            // errno, strerror and filename, as Python's own: "[Errno 2] not an index (…): 'dir'"
            let (text, dir) = (err.to_string(), dir.display().to_string());
            let why = text.strip_prefix(&format!("{dir}: ")).unwrap_or(&text);
            PyFileNotFoundError::new_err((2, why.to_owned(), dir))
        }
        IndexError::Io { error, .. } => PyErr::from(io::Error::new(error.kind(), err.to_string())),
        _ => PyOSError::new_err(err.to_string()),
    }
}

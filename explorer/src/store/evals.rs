//! Engine evaluations kept beside the games, by position: what lichess's cloud evaluation
//! answers (`/api/cloud-eval`). An add of evaluations is one transaction; a position
//! evaluated again keeps its latest; evaluations of another engine, limit or thread count
//! than those already kept are refused unless mixing is asked for.

use redb::{ReadOnlyTable, ReadTransaction, ReadableTable, TableDefinition};

use crate::error::Fault;
use crate::store::bytes::{Reader, put, put_text};
use crate::store::key::Position;

/// A position's key → its evaluation ([`CloudEval::write`]).
pub(crate) const EVALS: TableDefinition<[u8; 12], &[u8]> = TableDefinition::new("evals");
/// What made the evaluations added ([`EvalSource::write`]), each once.
pub(crate) const EVAL_SOURCES: TableDefinition<&[u8], ()> = TableDefinition::new("eval_sources");

/// An engine's evaluation of a position, as lichess's cloud evaluation gives it, and what
/// made it.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct CloudEval {
    /// The depth of the search.
    pub depth: u32,
    /// Its nodes, in thousands.
    pub knodes: u64,
    /// Its lines, the best first.
    pub pvs: Vec<Pv>,
    /// The engine (its name and version), the limit and the threads of the search.
    pub source: EvalSource,
    /// The day of the search (`YYYY-MM-DD`), where known.
    pub date: Option<String>,
}

/// What made an evaluation.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct EvalSource {
    /// The engine's name, with its version.
    pub engine: String,
    /// The search's limit (`nodes=1000000`).
    pub limit: String,
    /// The threads it searched with.
    pub threads: u32,
}

/// One line of an evaluation.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Pv {
    /// Its moves in UCI, castling as the king taking its rook.
    pub moves: Vec<String>,
    /// Centipawns from White's view, or moves to mate (negative: White is mated).
    pub score: PvScore,
}

/// A line's score, from White's view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PvScore {
    /// Hundredths of a pawn.
    Cp(i32),
    /// Moves to mate.
    Mate(i32),
}

impl CloudEval {
    /// An evaluation.
    pub fn new(depth: u32, knodes: u64, pvs: Vec<Pv>, source: EvalSource) -> CloudEval {
        CloudEval {
            depth,
            knodes,
            pvs,
            source,
            date: None,
        }
    }

    /// The evaluation, said to be of a search made on `date` (`YYYY-MM-DD`).
    #[must_use]
    pub fn dated(self, date: Option<&str>) -> CloudEval {
        CloudEval {
            date: date.map(str::to_owned),
            ..self
        }
    }

    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        self.source.write(out);
        put(out, u64::from(self.depth));
        put(out, self.knodes);
        put(out, self.pvs.len() as u64);
        for pv in &self.pvs {
            let (kind, value) = match pv.score {
                PvScore::Cp(cp) => (0, cp),
                PvScore::Mate(moves) => (1, moves),
            };
            out.push(kind);
            put(out, zigzag(value));
            put_text(out, &pv.moves.join(" "));
        }
        put_text(out, self.date.as_deref().unwrap_or(""));
    }

    fn read(bytes: &[u8]) -> Option<CloudEval> {
        let mut r = Reader(bytes);
        let source = EvalSource::read(&mut r)?;
        let depth = u32::try_from(r.number()?).ok()?;
        let knodes = r.number()?;
        let count = r.count()?;
        let mut pvs = Vec::with_capacity(count.min(64));
        for _ in 0..count {
            let kind = r.byte()?;
            let value = unzigzag(r.number()?)?;
            let score = match kind {
                0 => PvScore::Cp(value),
                1 => PvScore::Mate(value),
                _ => return None,
            };
            let moves = r
                .text()?
                .split_ascii_whitespace()
                .map(str::to_owned)
                .collect();
            pvs.push(Pv { moves, score });
        }
        let date = Some(r.text()?).filter(|date| !date.is_empty());
        r.is_empty()
            .then_some(CloudEval::new(depth, knodes, pvs, source).dated(date))
    }
}

impl EvalSource {
    /// What made an evaluation: the engine (with its version), the limit, the threads.
    pub fn new(engine: &str, limit: &str, threads: u32) -> EvalSource {
        EvalSource {
            engine: engine.to_owned(),
            limit: limit.to_owned(),
            threads,
        }
    }
}

impl EvalSource {
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        put_text(out, &self.engine);
        put_text(out, &self.limit);
        put(out, u64::from(self.threads));
    }

    pub(crate) fn read(r: &mut Reader) -> Option<EvalSource> {
        Some(EvalSource {
            engine: r.text()?.to_owned(),
            limit: r.text()?.to_owned(),
            threads: u32::try_from(r.number()?).ok()?,
        })
    }
}

impl std::fmt::Display for EvalSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = if self.threads == 1 { "" } else { "s" };
        write!(
            f,
            "{} at {} on {} thread{s}",
            self.engine, self.limit, self.threads
        )
    }
}

impl Pv {
    /// A line.
    pub fn new(moves: Vec<String>, score: PvScore) -> Pv {
        Pv { moves, score }
    }
}

/// A signed number as an unsigned one, small either side of 0.
fn zigzag(value: i32) -> u64 {
    u64::from((value << 1 ^ value >> 31) as u32)
}

fn unzigzag(value: u64) -> Option<i32> {
    let value = u32::try_from(value).ok()?;
    Some((value >> 1) as i32 ^ -((value & 1) as i32))
}

/// The evaluations' table, read.
pub(crate) type Evals = ReadOnlyTable<[u8; 12], &'static [u8]>;

/// The table of evaluations as `txn` reads it; `None` when nothing was ever added.
pub(crate) fn open(txn: &ReadTransaction) -> Result<Option<Evals>, Fault> {
    match txn.open_table(EVALS) {
        Ok(table) => Ok(Some(table)),
        Err(redb::TableError::TableDoesNotExist(_)) => Ok(None),
        Err(err) => Err(err.into()),
    }
}

/// The evaluations of the positions `keys`, in order: `None` for one the index has none of.
pub(crate) fn read(table: &Evals, keys: &[Position]) -> Result<Vec<Option<CloudEval>>, Fault> {
    keys.iter()
        .map(|&key| match table.get(key)? {
            None => Ok(None),
            Some(bytes) => CloudEval::read(bytes.value())
                .map(Some)
                .ok_or(Fault::Corrupt("an evaluation")),
        })
        .collect()
}

/// The evaluations of `table`, every one read and decoded: how many, or the fault of the
/// first that is not as written.
pub(crate) fn count(table: &Evals) -> Result<u64, Fault> {
    let mut count = 0;
    for entry in table.iter()? {
        let (_, bytes) = entry?;
        CloudEval::read(bytes.value()).ok_or(Fault::Corrupt("an evaluation"))?;
        count += 1;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::{CloudEval, EvalSource, Pv, PvScore, unzigzag, zigzag};

    #[test]
    fn evaluations_read_back_as_written() {
        for value in [0, 1, -1, 31, -500, i32::MAX, i32::MIN] {
            assert_eq!(unzigzag(zigzag(value)), Some(value));
        }
        let source = EvalSource {
            engine: "Stockfish 17".to_owned(),
            limit: "nodes=1000000".to_owned(),
            threads: 1,
        };
        let pvs = vec![
            Pv::new(vec!["g2g3".to_owned(), "g7g6".to_owned()], PvScore::Cp(-31)),
            Pv::new(Vec::new(), PvScore::Mate(-2)),
        ];
        let eval = CloudEval::new(20, 1000, pvs, source).dated(Some("2026-11-26"));
        let mut bytes = Vec::new();
        eval.write(&mut bytes);
        assert_eq!(CloudEval::read(&bytes), Some(eval));
        assert_eq!(CloudEval::read(&bytes[..bytes.len() - 1]), None);
    }
}

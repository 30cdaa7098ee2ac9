//! Evaluations added to an index ([`IndexWriter::add_evals`](crate::IndexWriter::add_evals)): one transaction; a position
//! evaluated again keeps its latest; evaluations of another engine, limit or thread count
//! than those already kept are refused unless mixing is asked for.

use std::path::Path;

use redb::{Database, ReadableTable};

use crate::answer::query::Query;
use crate::error::{Fault, IndexError};
use crate::store::bytes::Reader;
use crate::store::evals::{CloudEval, EVAL_SOURCES, EVALS, EvalSource};
use crate::store::key::{Position, position};
use crate::store::lock::WriterLock;
use crate::store::state::read_manifest;
use crate::store::{evals_file, open_evals_to_add};

/// Adds `evals` to the index in `dir` ([`IndexWriter::add_evals`](crate::IndexWriter::add_evals)).
pub(crate) fn add_evals(
    dir: &Path,
    evals: impl IntoIterator<Item = (String, CloudEval)>,
    mix: bool,
) -> Result<usize, IndexError> {
    if read_manifest(dir)?.is_none() {
        return Err(IndexError::NotAnIndex {
            dir: dir.to_owned(),
        });
    }
    let _lock = WriterLock::take(dir)?;
    let path = evals_file(dir);
    let db = open_evals_to_add(dir, 64 << 20)?;
    write(&db, evals, mix).map_err(|fault| fault.at(&path))
}

/// Adds `evals` to `db` in one transaction ([`IndexWriter::add_evals`](crate::IndexWriter::add_evals)); how many were added.
fn write(
    db: &Database,
    evals: impl IntoIterator<Item = (String, CloudEval)>,
    mix: bool,
) -> Result<usize, Fault> {
    let txn = db.begin_write()?;
    let mut added = 0;
    {
        let mut table = txn.open_table(EVALS)?;
        let mut sources = txn.open_table(EVAL_SOURCES)?;
        // The sources the index holds, then those of this add: more than one is a mix.
        let mut held: Vec<EvalSource> = Vec::new();
        for row in sources.iter()? {
            let (source, _) = row?;
            let source = EvalSource::read(&mut Reader(source.value()))
                .ok_or(Fault::Corrupt("an evaluation's source"))?;
            held.push(source);
        }
        let mut bytes = Vec::new();
        for (fen, eval) in evals {
            let key = key_of(&fen).map_err(|why| IndexError::Eval {
                fen: fen.clone(),
                why,
            })?;
            if !held.contains(&eval.source) {
                if let Some(other) = held.first().filter(|_| !mix) {
                    let why = format!(
                        "evaluated by {}, and the index holds evaluations by {other} \
                         (they are mixed only if asked: `chess960 index evals --mix`)",
                        eval.source
                    );
                    return Err(IndexError::Eval { fen, why }.into());
                }
                bytes.clear();
                eval.source.write(&mut bytes);
                sources.insert(bytes.as_slice(), ())?;
                held.push(eval.source.clone());
            }
            bytes.clear();
            eval.write(&mut bytes);
            table.insert(key, bytes.as_slice())?;
            added += 1;
        }
    }
    txn.commit()?;
    Ok(added)
}

/// The key of the position of `fen`, or why it is none.
fn key_of(fen: &str) -> Result<Position, String> {
    Query::at(fen, &[])
        .board()
        .map(|board| position(&board))
        .map_err(|err| err.to_string())
}

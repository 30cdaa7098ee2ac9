//! PGN files → an add: each game walked to the positions it passes (`walker.rs`), counted on
//! one thread (`writer.rs`), a batch settled into the positions stored (`settle.rs`), the
//! whole add one transaction (`add.rs`), its tables rewritten in key order when large
//! (`repack.rs`); engine evaluations added beside them (`evals.rs`).

pub(crate) mod add;
mod evals;
mod repack;
pub(crate) mod settle;
pub(crate) mod walker;
mod writer;

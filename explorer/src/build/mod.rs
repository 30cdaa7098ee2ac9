//! PGN files → a segment of an index: each game walked to the positions it passes
//! (`walker.rs`) on every core, gathered for sorting (`gather.rs`), sorted in bounded memory
//! (`sort.rs`), grouped by position on every core (`groups.rs`), written as a segment's
//! tables (`assemble.rs`, `segment.rs`) and committed
//! (`add.rs`, the files given checked in `given.rs`); segments merged (`merge.rs`,
//! `compact.rs`); a file's games taken out, its segments written again without them
//! (`remove.rs`, `rebuild.rs`); engine evaluations added beside them (`evals.rs`).

pub(crate) mod add;
mod assemble;
pub(crate) mod compact;
pub(crate) mod evals;
mod gather;
mod given;
mod groups;
mod items;
mod merge;
mod merge_players;
mod merge_rows;
mod merged;
mod rebuild;
pub(crate) mod remove;
pub(crate) mod segment;
mod sort;
mod tmp;
pub(crate) mod walker;

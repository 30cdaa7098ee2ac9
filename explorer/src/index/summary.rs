//! What an index holds and how fresh it is ([`Summary`]): its games, the newest month they
//! were played in, its files and when the last was added; the page shows it, `/summary`
//! answers it.

use chess960_pgn::Month;

use crate::error::{Fault, IndexError};
use crate::index::Index;
use crate::store::facts::read_group;
use crate::store::key::month_of;
use crate::store::segment::fault;
use crate::store::tables::FACTS;

/// What an index holds, and how fresh it is.
///
/// ```
/// use chess960_explorer::{Index, IndexWriter};
/// use chess960_pgn::Progress;
///
/// let dir = tempfile::tempdir()?;
/// let pgn = dir.path().join("games.pgn");
/// std::fs::write(&pgn, "[Variant \"Chess960\"]\n[UTCDate \"2024.03.09\"]\n\n1. e4 e5 1-0\n\n[Variant \"Chess960\"]\n[UTCDate \"2023.11.30\"]\n\n1. d4 d5 0-1\n")?;
/// IndexWriter::new(dir.path().join("index")).add(&[pgn], &Progress::default())?;
/// let summary = Index::open(dir.path().join("index"))?.summary()?;
/// assert_eq!((summary.games, summary.files), (2, 1));
/// assert_eq!(summary.newest_month.map(|month| month.to_string()).as_deref(), Some("2024-03"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Summary {
    /// The games it holds (those removed not counted).
    pub games: u64,
    /// The newest month a game of it was played in; `None` when no game's month is known.
    pub newest_month: Option<Month>,
    /// The files added (and not removed).
    pub files: usize,
    /// When the last file was added, in seconds since 1970 (UTC); `None` before any.
    pub last_added: Option<u64>,
    /// Its generation ([`Index::generation`]): a summary holds until it changes.
    pub generation: u64,
}

impl Index {
    /// What it holds and how fresh it is, read from its manifest and every game's facts
    /// (12 bytes a game, read once: about 60 MB for 5 million games).
    ///
    /// # Errors
    ///
    /// The index cannot be read, or a segment's facts are not as written.
    pub fn summary(&self) -> Result<Summary, IndexError> {
        let state = self.state()?;
        let mut newest = 0u16;
        let mut games = 0;
        for segment in &state.segments {
            games += segment.entry.games - segment.entry.removed;
            let facts = segment.dir.join(FACTS.0);
            for group in segment.facts().iter() {
                let (_, bytes) = group.map_err(|err| fault(err).at(&facts))?;
                let infos = read_group(&bytes)
                    .ok_or_else(|| Fault::Corrupt("a game's facts").at(&facts))?;
                let months = infos.iter().map(|info| info.month);
                newest = newest.max(months.max().unwrap_or(0));
            }
        }
        let files = &state.manifest.files;
        Ok(Summary {
            games,
            newest_month: month_of(newest),
            files: files.len(),
            last_added: files.iter().map(|file| file.added).max(),
            generation: state.manifest.generation,
        })
    }
}

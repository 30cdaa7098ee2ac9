//! An add's games read on every core and gathered for sorting ([`Gathered`]): each game
//! counted in input order gets the next ordinal; its record goes to a spool file, its lichess
//! id and each position it played a move at to a [`Sorter`], what its rows need to
//! [`Info`] (each part's made by its [`Walker`], on the thread that read it).

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use crate::build::items::{IdItem, PlayerItem, VisitItem};
use crate::build::sort::Sorter;
use crate::build::walker::Walker;
use crate::error::IndexError;
use crate::error::NotCounted;
use crate::store::facts::Info;
use chess960_pgn::{Options, PartStart, Progress, read_files, read_files_with_stdin};

/// An add's games, read and gathered.
#[derive(Debug)]
pub(crate) struct Gathered {
    /// Games read.
    pub(crate) read: u64,
    pub(crate) not_counted: NotCounted,
    /// Each game's [`Info`], by ordinal.
    pub(crate) infos: Vec<Info>,
    /// Each game's record, by ordinal: its length (LEB128), then its bytes.
    pub(crate) spool: PathBuf,
    pub(crate) ids: Sorter<IdItem>,
    pub(crate) players: Sorter<PlayerItem>,
    pub(crate) visits: Sorter<VisitItem>,
    /// The threads it was read on.
    pub(crate) threads: usize,
    /// What was read of each file, in the order given.
    pub(crate) files: Vec<FileRead>,
}

impl Gathered {
    /// Nothing gathered yet of `files` files, in `tmp` (its spool made, and its writer), the
    /// sorters within `memory` bytes on `threads` threads.
    pub(crate) fn new(
        tmp: &Path,
        memory: usize,
        threads: usize,
        files: usize,
    ) -> Result<(Gathered, BufWriter<File>), IndexError> {
        let spool = tmp.join("games.spool");
        let file = File::create(&spool).map_err(IndexError::io_at(&spool))?;
        let gathered = Gathered {
            read: 0,
            not_counted: NotCounted::default(),
            infos: Vec::new(),
            spool,
            ids: Sorter::new(memory / 16, tmp, "ids", threads),
            players: Sorter::new(memory / 16, tmp, "players", threads),
            visits: Sorter::new(memory - memory / 8, tmp, "visits", threads),
            threads,
            files: vec![FileRead::default(); files],
        };
        Ok((gathered, BufWriter::with_capacity(1 << 20, file)))
    }
}

/// What an add read of one file.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct FileRead {
    /// Its games read.
    pub(crate) read: u64,
    /// Of them, those with a result (a Result tag or a termination marker): a file of none
    /// holds no PGN game (it is empty, or text that is no PGN).
    pub(crate) ended: u64,
    /// Of them, those not counted and why.
    pub(crate) not_counted: NotCounted,
}

/// Reads the games of `paths` (their numbers in the index `numbers`; the one read once,
/// `-` or a pipe, from `stream`) on `threads` threads (0: one per core), gathered in `tmp`
/// within `memory` bytes of sorting.
pub(crate) fn gather(
    paths: &[PathBuf],
    stream: Option<impl io::Read + Send + 'static>,
    numbers: &[u32],
    progress: &Progress,
    threads: usize,
    memory: usize,
    tmp: &Path,
) -> Result<Gathered, IndexError> {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, usize::from),
        n => n,
    };
    let (mut gathered, mut out) = Gathered::new(tmp, memory, threads, paths.len())?;
    let failed = IndexError::io_at(&gathered.spool);
    // Every move replayed: a game's line is kept whole (its PGN), its first plies counted.
    let options = Options::default()
        .moves(true)
        .details(true)
        .threads(threads);
    let each = |part: PartStart, walker: Walker| -> io::Result<()> {
        gathered.read += walker.read;
        gathered.not_counted.add(walker.not_counted);
        if let Some(file) = gathered.files.get_mut(part.file) {
            file.read += walker.read;
            file.ended += walker.ended;
            file.not_counted.add(walker.not_counted);
        }
        let first = u32::try_from(gathered.infos.len())
            .ok()
            .filter(|first| first.checked_add(walker.infos.len() as u32).is_some())
            .ok_or_else(|| io::Error::other("more than 4 billion games in one add"))?;
        for id in walker.ids {
            let ordinal = first + id.ordinal;
            gathered.ids.push(IdItem { ordinal, ..id })?;
        }
        for player in walker.players {
            let ordinal = first + player.ordinal;
            gathered.players.push(PlayerItem { ordinal, ..player })?;
        }
        for visit in walker.visits {
            let ordinal = first + visit.ordinal;
            gathered.visits.push(VisitItem { ordinal, ..visit })?;
        }
        gathered.infos.extend(walker.infos);
        out.write_all(&walker.records)
    };
    let new = |part: PartStart| Walker::new(part, numbers);
    let read = match stream {
        Some(reader) => read_files_with_stdin(paths, reader, &options, progress, new, each),
        None => read_files(paths, &options, progress, new, each),
    };
    if let Some(err) = read.map_err(&failed)?.into_iter().next() {
        if err.error.kind() == io::ErrorKind::Interrupted && progress.is_stopped() {
            let dir = tmp.parent().unwrap_or(tmp).to_owned();
            return Err(IndexError::Interrupted { dir });
        }
        let path = err.path;
        let error = match err.games {
            Some(games) => io::Error::new(
                err.error.kind(),
                format!("reading stopped after {games} games: {}", err.error),
            ),
            None => err.error,
        };
        return Err(IndexError::Io { path, error });
    }
    out.into_inner()
        .map_err(io::IntoInnerError::into_error)
        .map_err(&failed)?;
    Ok(gathered)
}

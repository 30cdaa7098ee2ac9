//! Games copied byte for byte: those from chosen starts to one output (`--sp`), or every game
//! to the file of its start (`--split`: `DIR/105.pgn`, `DIR/105-451.pgn`, and `DIR/no-sp.pgn`
//! for games without one), so that the files, concatenated, hold every game of the input.

use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use chess960::DoubleStartingPosition;

use crate::game::Game;
use crate::sink::Sink;

/// A [`Sink`] that copies the games whose start is one of `starts` to `out`, byte for byte.
///
/// ```
/// use chess960::DoubleStartingPosition;
/// use chess960_pgn::{Input, Select, read};
///
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 1-0\n\n[Event \"x\"]\n\n1. d4 0-1\n";
/// let mut select = Select::new(Vec::new(), [DoubleStartingPosition::STANDARD]);
/// read(&mut Input::from_reader(pgn.as_bytes()), &mut select, &Default::default())?;
/// assert_eq!(select.into_inner(), b"[Variant \"Chess960\"]\n\n1. e4 1-0\n\n");
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Select<W> {
    out: W,
    starts: HashSet<DoubleStartingPosition>,
    copying: bool,
}

impl<W> std::fmt::Debug for Select<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Select")
            .field("starts", &self.starts)
            .finish_non_exhaustive()
    }
}

impl<W: Write> Select<W> {
    /// Copies the games of `starts` (a Chess960 start as the pair of itself and itself) to
    /// `out`.
    pub fn new(out: W, starts: impl IntoIterator<Item = DoubleStartingPosition>) -> Self {
        Select {
            out,
            starts: starts.into_iter().collect(),
            copying: false,
        }
    }

    /// The output.
    pub fn into_inner(self) -> W {
        self.out
    }
}

impl<W: Write> Sink for Select<W> {
    const COPIES: bool = true;

    fn game(&mut self, game: &Game) -> io::Result<()> {
        self.copying = game
            .start
            .as_ref()
            .is_ok_and(|start| self.starts.contains(start));
        Ok(())
    }

    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        if self.copying {
            self.out.write_all(bytes)?;
        }
        Ok(())
    }
}

/// At most this many split files are open at once; others are closed and reopened to append.
const OPEN_FILES: usize = 128;

/// A [`Sink`] that copies every game to the file of its start in a directory.
///
/// ```
/// use chess960_pgn::{Input, Split, read};
///
/// let dir = std::env::temp_dir().join(format!("chess960-pgn-split-{}", std::process::id()));
/// let pgn = "[Variant \"Chess960\"]\n\n1. e4 1-0\n\n[Event \"x\"]\n\n1. d4 0-1\n";
/// let mut split = Split::new(&dir)?;
/// read(&mut Input::from_reader(pgn.as_bytes()), &mut split, &Default::default())?;
/// assert_eq!(split.finish()?, 2);
/// assert_eq!(std::fs::read_to_string(dir.join("518.pgn"))?, "[Variant \"Chess960\"]\n\n1. e4 1-0\n\n");
/// assert_eq!(std::fs::read_to_string(dir.join("no-sp.pgn"))?, "[Event \"x\"]\n\n1. d4 0-1\n");
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Split {
    dir: PathBuf,
    open: HashMap<String, BufWriter<File>>,
    /// The files written in this run (opened again, they are appended to, not truncated).
    written: HashSet<String>,
    current: String,
}

impl std::fmt::Debug for Split {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Split")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

impl Split {
    /// Splits into `dir`, which is created if missing.
    ///
    /// # Errors
    ///
    /// If the directory cannot be created.
    pub fn new(dir: &Path) -> io::Result<Split> {
        std::fs::create_dir_all(dir)?;
        Ok(Split {
            dir: dir.to_owned(),
            open: HashMap::new(),
            written: HashSet::new(),
            current: String::new(),
        })
    }

    /// The file name of a start: `105.pgn`, `105-451.pgn`, or `no-sp.pgn`.
    ///
    /// ```
    /// assert_eq!(chess960_pgn::Split::file_name(None), "no-sp.pgn");
    /// ```
    pub fn file_name(start: Option<DoubleStartingPosition>) -> String {
        match start {
            None => "no-sp.pgn".to_owned(),
            Some(pair) => match pair.single() {
                Some(sp) => format!("{}.pgn", sp.id()),
                None => format!("{}-{}.pgn", pair.white().id(), pair.black().id()),
            },
        }
    }

    /// Flushes the files; how many were written.
    ///
    /// # Errors
    ///
    /// A file's write error.
    pub fn finish(mut self) -> io::Result<usize> {
        for (_, mut file) in self.open.drain() {
            file.flush()?;
        }
        Ok(self.written.len())
    }

    fn file(&mut self) -> io::Result<&mut BufWriter<File>> {
        if !self.open.contains_key(&self.current) {
            if self.open.len() >= OPEN_FILES {
                for (_, mut file) in self.open.drain() {
                    file.flush()?;
                }
            }
            let path = self.dir.join(&self.current);
            let file = if self.written.insert(self.current.clone()) {
                File::create(&path)
            } else {
                OpenOptions::new().append(true).open(&path)
            }
            .map_err(|err| io::Error::new(err.kind(), format!("{}: {err}", path.display())))?;
            self.open.insert(
                self.current.clone(),
                BufWriter::with_capacity(1 << 16, file),
            );
        }
        self.open
            .get_mut(&self.current)
            .ok_or_else(|| io::Error::other("split file not open"))
    }
}

impl Sink for Split {
    const COPIES: bool = true;

    fn game(&mut self, game: &Game) -> io::Result<()> {
        self.current = Split::file_name(game.start.as_ref().ok().copied());
        Ok(())
    }

    fn bytes(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.file()?.write_all(bytes)
    }
}

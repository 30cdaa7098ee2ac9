//! Games copied byte for byte: those from chosen starts to one output (`--sp`), or every game
//! to the file of its start (`--split`: `DIR/105.pgn`, `DIR/105-451.pgn`, and `DIR/no-sp.pgn`
//! for games without one), so that the files, concatenated, hold every game of the input.

use std::collections::{HashMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use chess960::DoubleStartingPosition;

use super::game::Game;
use super::read::Sink;

/// Copies the games whose start is one of `starts` to `out`.
pub struct Select<W> {
    out: W,
    starts: HashSet<DoubleStartingPosition>,
    copying: bool,
}

impl<W: Write> Select<W> {
    pub fn new(out: W, starts: HashSet<DoubleStartingPosition>) -> Self {
        Select {
            out,
            starts,
            copying: false,
        }
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

/// Copies every game to the file of its start in a directory.
pub struct Split {
    dir: PathBuf,
    open: HashMap<String, BufWriter<File>>,
    /// The files written in this run (opened again, they are appended to, not truncated).
    written: HashSet<String>,
    current: String,
}

impl Split {
    /// Splits into `dir`, which is created if missing.
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
    pub fn file_name(start: Option<DoubleStartingPosition>) -> String {
        match start {
            None => "no-sp.pgn".to_owned(),
            Some(pair) => match pair.single() {
                Some(sp) => format!("{}.pgn", sp.id()),
                None => format!("{}-{}.pgn", pair.white().id(), pair.black().id()),
            },
        }
    }

    /// The files written, and flushes them.
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

//! The files added to an index ([`FileAdded`]): each one's name, its content's SHA-256 (as
//! `sha256sum` prints it), its size, when it was added, the games read of it and those it
//! brought.

use std::io::Read;
use std::path::Path;
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};

use crate::error::IndexError;

/// A file added to an index.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct FileAdded {
    /// Its number in the index, from 1 in the order files were added.
    pub number: u32,
    /// Its name as given (`-` for standard input).
    pub name: String,
    /// Its bytes' SHA-256 (of the file as given, compressed or not).
    pub sha256: [u8; 32],
    /// When it was added, in seconds since 1970 (UTC).
    pub added: u64,
    /// The games it brought to the index (counted, not already there).
    pub games: u64,
    /// The games read of it: those it brought and those passed over (already in the index,
    /// unfinished, of no Chess960 start).
    pub read: u64,
    /// Of the games passed over, those already in the index when it was added (or earlier
    /// in it): counted for another file.
    pub already: u64,
    /// Its size in bytes as given (compressed or not).
    pub bytes: u64,
}

impl FileAdded {
    /// Its SHA-256 as `sha256sum` prints it.
    ///
    /// ```
    /// # use chess960_explorer::FileAdded;
    /// # fn show(file: &FileAdded) -> String {
    /// file.sha256_hex() // "e3b0c442…" for an empty file
    /// # }
    /// ```
    pub fn sha256_hex(&self) -> String {
        self.sha256
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }
}

/// A file of an index as a user names it: its number there ([`FileAdded::number`]), or the
/// name it was added as, else the last part of that name (`club.pgn` for
/// `/data/club.pgn`), else a path to a file of the same bytes. Digits alone are a number:
/// `./3` names a file added as `./3`.
///
/// ```
/// use chess960_explorer::FileRef;
///
/// assert_eq!("3".parse(), Ok(FileRef::Number(3)));
/// assert_eq!("club-2024.pgn".parse(), Ok(FileRef::Name("club-2024.pgn".into())));
/// assert_eq!(FileRef::Number(3).to_string(), "3");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum FileRef {
    /// Its number in the index.
    Number(u32),
    /// The name it was added as, or a path to a file of its bytes.
    Name(String),
}

impl std::str::FromStr for FileRef {
    type Err = std::convert::Infallible;

    fn from_str(given: &str) -> Result<FileRef, std::convert::Infallible> {
        Ok(match given.parse() {
            Ok(number) if given.bytes().all(|b| b.is_ascii_digit()) => FileRef::Number(number),
            _ => FileRef::Name(given.to_owned()),
        })
    }
}

impl std::fmt::Display for FileRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileRef::Number(number) => write!(f, "{number}"),
            FileRef::Name(name) => f.write_str(name),
        }
    }
}

impl FileRef {
    /// The file it names among `files`, those of the index in `dir`.
    pub(crate) fn find<'a>(
        &self,
        dir: &Path,
        files: &'a [FileAdded],
    ) -> Result<&'a FileAdded, IndexError> {
        let named: Vec<&FileAdded> = match self {
            FileRef::Number(number) => files.iter().filter(|f| f.number == *number).collect(),
            FileRef::Name(name) => {
                let by = |matches: &dyn Fn(&FileAdded) -> bool| -> Vec<&FileAdded> {
                    files.iter().filter(|f| matches(f)).collect()
                };
                let last = |path: &str| Path::new(path).file_name().map(|name| name.to_owned());
                let mut named = by(&|f| f.name == *name);
                if named.is_empty() && last(name).as_deref() == Some(name.as_ref()) {
                    named = by(&|f| last(&f.name).as_deref() == Some(name.as_ref()));
                }
                if named.is_empty() {
                    if let Ok(content) = content_of(Path::new(name)) {
                        named = by(&|f| f.sha256 == content.sha256);
                    }
                }
                named
            }
        };
        match named[..] {
            [file] => Ok(file),
            [] => Err(IndexError::NoSuchFile {
                dir: dir.to_owned(),
                file: self.to_string(),
            }),
            _ => Err(IndexError::AmbiguousFile {
                dir: dir.to_owned(),
                file: self.to_string(),
                numbers: named.iter().map(|f| f.number).collect(),
            }),
        }
    }
}

/// What a file given to an add holds: its SHA-256 and its length.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Content {
    pub(crate) sha256: [u8; 32],
    pub(crate) bytes: u64,
}

/// The SHA-256 of what `reader` gives.
#[cfg(test)]
pub(crate) fn sha256(reader: impl Read) -> std::io::Result<[u8; 32]> {
    content(reader).map(|content| content.sha256)
}

/// The SHA-256 and the length of what `reader` gives.
fn content(mut reader: impl Read) -> std::io::Result<Content> {
    let mut hasher = Sha256::new();
    let mut buffer = vec![0; 1 << 16];
    let mut bytes = 0;
    loop {
        match reader.read(&mut buffer)? {
            0 => {
                let sha256 = hasher.finalize().into();
                return Ok(Content { sha256, bytes });
            }
            n => {
                hasher.update(buffer.get(..n).unwrap_or_default());
                bytes += n as u64;
            }
        }
    }
}

/// The SHA-256 and the length of the file at `path`.
pub(crate) fn content_of(path: &Path) -> std::io::Result<Content> {
    content(std::fs::File::open(path)?)
}

/// A reader hashing what it reads: its SHA-256 and length are in [`Sha256Reader::hashed`]'s
/// slot once it has read to the end (standard input, hashed as it streams to the parsers).
pub(crate) struct Sha256Reader<R> {
    inner: R,
    hasher: Option<Sha256>,
    bytes: u64,
    hashed: Arc<Mutex<Option<Content>>>,
}

impl<R: Read> Sha256Reader<R> {
    pub(crate) fn new(inner: R) -> Sha256Reader<R> {
        Sha256Reader {
            inner,
            hasher: Some(Sha256::new()),
            bytes: 0,
            hashed: Arc::default(),
        }
    }

    /// Where the SHA-256 and the length of everything read are, once the end was read.
    pub(crate) fn hashed(&self) -> Arc<Mutex<Option<Content>>> {
        Arc::clone(&self.hashed)
    }
}

impl<R: Read> Read for Sha256Reader<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        match (n, &mut self.hasher) {
            (_, None) => {}
            (0, hasher) => {
                if let (Some(hasher), Ok(mut slot)) = (hasher.take(), self.hashed.lock()) {
                    let sha256 = hasher.finalize().into();
                    *slot = Some(Content {
                        sha256,
                        bytes: self.bytes,
                    });
                }
            }
            (n, Some(hasher)) => {
                hasher.update(buf.get(..n).unwrap_or_default());
                self.bytes += n as u64;
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::{FileAdded, Sha256Reader, content, sha256};
    use std::io::Read;

    #[test]
    fn a_hashing_reader_hashes_what_it_read_once_at_its_end() {
        let mut reader = Sha256Reader::new(&b"1. e4 *\n"[..]);
        let hashed = reader.hashed();
        let mut first = [0; 4];
        reader.read_exact(&mut first).unwrap();
        assert_eq!(*hashed.lock().unwrap(), None);
        std::io::copy(&mut reader, &mut std::io::sink()).unwrap();
        let whole = content(&b"1. e4 *\n"[..]).unwrap();
        assert_eq!(whole.bytes, 8);
        assert_eq!(*hashed.lock().unwrap(), Some(whole));
    }

    #[test]
    fn hashes_are_sha256sum_s() {
        let file = FileAdded {
            number: 3,
            name: "lichess_db_chess960_rated_2024-01.pgn.zst".to_owned(),
            sha256: sha256(&b""[..]).unwrap(),
            added: 1_764_000_000,
            games: 312_345,
            read: 312_400,
            already: 50,
            bytes: 0,
        };
        assert_eq!(
            file.sha256_hex(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}

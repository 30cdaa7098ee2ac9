//! The files added to an index ([`FileAdded`]): each one's name, its content's SHA-256 (as
//! `sha256sum` prints it), when it was added and the games it brought.

use std::io::Read;
use std::path::Path;
use std::sync::{Arc, Mutex};

use sha2::{Digest, Sha256};

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

/// The SHA-256 of what `reader` gives.
pub(crate) fn sha256(mut reader: impl Read) -> std::io::Result<[u8; 32]> {
    let mut hasher = Sha256::new();
    let mut buffer = vec![0; 1 << 16];
    loop {
        match reader.read(&mut buffer)? {
            0 => return Ok(hasher.finalize().into()),
            n => hasher.update(buffer.get(..n).unwrap_or_default()),
        }
    }
}

/// The SHA-256 of the file at `path`.
pub(crate) fn sha256_of(path: &Path) -> std::io::Result<[u8; 32]> {
    sha256(std::fs::File::open(path)?)
}

/// A reader hashing what it reads: its SHA-256 is in [`Sha256Reader::hashed`]'s slot once it
/// has read to the end (standard input, hashed as it streams to the parsers).
pub(crate) struct Sha256Reader<R> {
    inner: R,
    hasher: Option<Sha256>,
    hashed: Arc<Mutex<Option<[u8; 32]>>>,
}

impl<R: Read> Sha256Reader<R> {
    pub(crate) fn new(inner: R) -> Sha256Reader<R> {
        Sha256Reader {
            inner,
            hasher: Some(Sha256::new()),
            hashed: Arc::default(),
        }
    }

    /// Where the SHA-256 of everything read is, once the end was read.
    pub(crate) fn hashed(&self) -> Arc<Mutex<Option<[u8; 32]>>> {
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
                    *slot = Some(hasher.finalize().into());
                }
            }
            (n, Some(hasher)) => hasher.update(buf.get(..n).unwrap_or_default()),
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::{FileAdded, Sha256Reader, sha256};
    use std::io::Read;

    #[test]
    fn a_hashing_reader_hashes_what_it_read_once_at_its_end() {
        let mut reader = Sha256Reader::new(&b"1. e4 *\n"[..]);
        let hashed = reader.hashed();
        let mut first = [0; 4];
        reader.read_exact(&mut first).unwrap();
        assert_eq!(*hashed.lock().unwrap(), None);
        std::io::copy(&mut reader, &mut std::io::sink()).unwrap();
        let whole = sha256(&b"1. e4 *\n"[..]).unwrap();
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
        };
        assert_eq!(
            file.sha256_hex(),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}

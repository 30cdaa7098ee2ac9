//! The files added to an index ([`FileAdded`]): each one's name, its content's SHA-256 (as
//! `sha256sum` prints it), when it was added and the games it brought.

use std::io::Read;
use std::path::Path;

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

#[cfg(test)]
mod tests {
    use super::{FileAdded, sha256};

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

//! The text of `MANIFEST` ([`Manifest::encode`], [`Manifest::decode`]), in three parts:
//!
//! ```text
//! chess960-explorer index format 5
//! {
//!   "generation": 1,
//!   "next_game": 10,
//!   "next_segment": 1,
//!   "next_file": 2,
//!   "segments": [
//!     {
//!       "id": 0,
//!       "first_game": 0,
//!       "games": 10,
//!       "removed": 0,
//!       "bytes": 4096,
//!       "files": [
//!         1,
//!         1
//!       ]
//!     }
//!   ],
//!   "files": [
//!     {
//!       "number": 1,
//!       "name": "a.pgn",
//!       "sha256": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
//!       "added": 1764000000,
//!       "games": 10,
//!       "read": 12,
//!       "already": 2,
//!       "bytes": 0
//!     }
//!   ]
//! }
//! crc32 8a16a40b
//! ```
//!
//! the header line naming the format, the state as JSON (pretty-printed as serde_json does;
//! SHA-256 as lowercase hex; a field this format does not name is refused), and the CRC-32
//! (IEEE) of every byte before the last line, as eight lowercase hex digits. A later format
//! changes the header's number; this code reads its own only: another number is refused as
//! [`ManifestError::Format`], unless the file ends with a checksum line as this format writes
//! it and the checksum fails (then the header may be what was damaged:
//! [`ManifestError::Corrupt`]). The state read must hold together ([`Manifest::check`]).

use std::collections::HashSet;
use std::io;

use serde::{Deserialize, Serialize};

use super::{FORMAT, Manifest, ManifestError, SegmentEntry};
use crate::store::files::FileAdded;

/// The header line's words before the format's number.
const HEADER: &str = "chess960-explorer index format ";

/// The error of a manifest's `what` not as written.
fn corrupt(what: &'static str, why: impl Into<String>) -> ManifestError {
    ManifestError::Corrupt {
        what,
        why: why.into(),
    }
}

/// The JSON body of `MANIFEST`.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Body {
    /// [`Manifest::generation`].
    generation: u64,
    /// [`Manifest::next_game`].
    next_game: u64,
    /// [`Manifest::next_segment`].
    next_segment: u64,
    /// [`Manifest::next_file`].
    next_file: u32,
    /// [`Manifest::segments`].
    segments: Vec<SegmentEntry>,
    /// [`Manifest::files`].
    files: Vec<FileJson>,
}

/// A [`FileAdded`] in the JSON body, its SHA-256 as lowercase hex.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileJson {
    /// [`FileAdded::number`].
    number: u32,
    /// [`FileAdded::name`].
    name: String,
    /// [`FileAdded::sha256`], as `sha256sum` prints it.
    sha256: String,
    /// [`FileAdded::added`].
    added: u64,
    /// [`FileAdded::games`].
    games: u64,
    /// [`FileAdded::read`].
    read: u64,
    /// [`FileAdded::already`].
    already: u64,
    /// [`FileAdded::bytes`].
    bytes: u64,
}

/// The 32 bytes of a SHA-256 written as 64 lowercase hex digits.
fn sha256_from_hex(hex: &str) -> Option<[u8; 32]> {
    let mut sha256 = [0; 32];
    if hex.len() != 64 || !hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return None;
    }
    for (byte, pair) in sha256.iter_mut().zip(hex.as_bytes().chunks_exact(2)) {
        *byte = u8::from_str_radix(std::str::from_utf8(pair).ok()?, 16).ok()?;
    }
    Some(sha256)
}

impl Manifest {
    /// The bytes of `MANIFEST`.
    pub(super) fn encode(&self) -> io::Result<Vec<u8>> {
        let body = Body {
            generation: self.generation,
            next_game: self.next_game,
            next_segment: self.next_segment,
            next_file: self.next_file,
            segments: self.segments.clone(),
            files: self
                .files
                .iter()
                .map(|file| FileJson {
                    number: file.number,
                    name: file.name.clone(),
                    sha256: file.sha256_hex(),
                    added: file.added,
                    games: file.games,
                    read: file.read,
                    already: file.already,
                    bytes: file.bytes,
                })
                .collect(),
        };
        let mut bytes = format!("{HEADER}{FORMAT}\n").into_bytes();
        serde_json::to_writer_pretty(&mut bytes, &body)?;
        bytes.push(b'\n');
        let crc = crc32fast::hash(&bytes);
        bytes.extend_from_slice(format!("crc32 {crc:08x}\n").as_bytes());
        Ok(bytes)
    }

    /// The manifest of the bytes of a `MANIFEST` file ([`Manifest::encode`]).
    pub(super) fn decode(bytes: &[u8]) -> Result<Manifest, ManifestError> {
        let (header, _) = split_line(bytes).ok_or_else(|| corrupt("header", "no line"))?;
        let found = std::str::from_utf8(header)
            .ok()
            .and_then(|line| line.strip_prefix(HEADER))
            .and_then(|number| number.parse::<u32>().ok())
            .ok_or_else(|| corrupt("header", "not `chess960-explorer index format N`"))?;
        let checked = checksum(bytes);
        if found != FORMAT {
            // Another format's file: refused as such, unless it has this format's checksum
            // line and its checksum fails (the header itself may be what was damaged).
            return match checked {
                Err(
                    err @ ManifestError::Corrupt {
                        what: "checksum", ..
                    },
                ) => Err(err),
                _ => Err(ManifestError::Format { found }),
            };
        }
        let covered = checked?;
        let json = covered
            .get(header.len().saturating_add(1)..)
            .ok_or_else(|| corrupt("JSON body", "none"))?;
        let body: Body =
            serde_json::from_slice(json).map_err(|err| corrupt("JSON body", err.to_string()))?;
        let mut files = Vec::with_capacity(body.files.len());
        for file in body.files {
            let sha256 = sha256_from_hex(&file.sha256).ok_or_else(|| {
                corrupt(
                    "JSON body",
                    format!("sha256 `{}` is not 64 hex digits", file.sha256),
                )
            })?;
            files.push(FileAdded {
                number: file.number,
                name: file.name,
                sha256,
                added: file.added,
                games: file.games,
                read: file.read,
                already: file.already,
                bytes: file.bytes,
            });
        }
        let manifest = Manifest {
            generation: body.generation,
            next_game: body.next_game,
            next_segment: body.next_segment,
            next_file: body.next_file,
            segments: body.segments,
            files,
        };
        manifest.check().map_err(|why| corrupt("state", why))?;
        Ok(manifest)
    }

    /// Whether the state holds together: a generation from 1; segments of distinct ids below
    /// `next_segment`, their games below `next_game` and apart, their files' numbers below
    /// `next_file`; files numbered from 1 in increasing order below `next_file`, each having
    /// read at least the games it brought.
    pub(super) fn check(&self) -> Result<(), String> {
        if self.generation == 0 {
            return Err("generation 0 (the first commit is 1)".to_owned());
        }
        let mut ids = HashSet::with_capacity(self.segments.len());
        let mut games_end = 0;
        for segment in &self.segments {
            if segment.id >= self.next_segment || !ids.insert(segment.id) {
                return Err(format!(
                    "segment {} is listed twice or not below next_segment {}",
                    segment.id, self.next_segment
                ));
            }
            match segment.first_game.checked_add(segment.games) {
                Some(end) if end <= self.next_game && segment.first_game >= games_end => {
                    games_end = end;
                }
                _ => {
                    return Err(format!(
                        "segment {}'s games overlap the segment's before or pass next_game {}",
                        segment.id, self.next_game
                    ));
                }
            }
            if segment.removed > segment.games {
                return Err(format!(
                    "segment {} has {} games removed of {}",
                    segment.id, segment.removed, segment.games
                ));
            }
            let [first, last] = segment.files;
            if first == 0 || first > last || last >= self.next_file {
                return Err(format!(
                    "segment {}'s files {first} to {last} are not numbers of files below next_file {}",
                    segment.id, self.next_file
                ));
            }
        }
        let mut before = 0;
        for file in &self.files {
            if file.number <= before || file.number >= self.next_file {
                return Err(format!(
                    "file {} is listed after file {before} or not below next_file {}",
                    file.number, self.next_file
                ));
            }
            if file.read < file.games.saturating_add(file.already) {
                return Err(format!(
                    "file {} brought {} games and passed over {} already in of {} read",
                    file.number, file.games, file.already, file.read
                ));
            }
            before = file.number;
        }
        Ok(())
    }
}

/// The first line of `bytes` (without its `\n`) and what follows it; `None` without a `\n`.
fn split_line(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    let end = bytes.iter().position(|&b| b == b'\n')?;
    Some((bytes.get(..end)?, bytes.get(end.checked_add(1)?..)?))
}

/// The bytes of a `MANIFEST` file before its checksum line, once the line checks them.
fn checksum(bytes: &[u8]) -> Result<&[u8], ManifestError> {
    let no_line = || {
        corrupt(
            "checksum line",
            "the file does not end with `crc32 XXXXXXXX`",
        )
    };
    let body = bytes.strip_suffix(b"\n").ok_or_else(no_line)?;
    let start = body
        .iter()
        .rposition(|&b| b == b'\n')
        .and_then(|end| end.checked_add(1))
        .ok_or_else(no_line)?;
    let (covered, line) = body.split_at_checked(start).ok_or_else(no_line)?;
    let hex = line.strip_prefix(b"crc32 ").ok_or_else(no_line)?;
    let written = std::str::from_utf8(hex)
        .ok()
        .filter(|hex| hex.len() == 8 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')))
        .and_then(|hex| u32::from_str_radix(hex, 16).ok())
        .ok_or_else(no_line)?;
    let computed = crc32fast::hash(covered);
    if computed != written {
        return Err(corrupt(
            "checksum",
            format!("crc32 {computed:08x} of its bytes, {written:08x} written"),
        ));
    }
    Ok(covered)
}

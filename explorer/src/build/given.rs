//! The files given to an add, checked: their contents against those the index lists and
//! each other's ([`new_files`]), and once read, each for a game counted ([`none_counted`]).

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::build::gather::FileRead;
use crate::error::IndexError;
use crate::store::files::{Content, FileAdded, content_of};
use chess960_pgn::Input;

/// The first file `given` (numbered `numbers`; of `read` games read and not counted) of
/// which `counted` (by number) counts no game, as an error.
pub(crate) fn none_counted(
    given: &[PathBuf],
    numbers: &[u32],
    read: &[FileRead],
    counted: &BTreeMap<u32, u64>,
) -> Result<(), IndexError> {
    for ((file, number), read) in given.iter().zip(numbers).zip(read) {
        if counted.get(number).copied().unwrap_or(0) == 0 {
            let not_counted = read.not_counted;
            let skipped = not_counted.no_start + not_counted.unfinished;
            return Err(IndexError::NoneCounted {
                file: file.clone(),
                read: read.read,
                already_indexed: read.read.saturating_sub(skipped),
                not_counted,
            });
        }
    }
    Ok(())
}

/// The SHA-256 and length of each file of `paths`; `None` for standard input (`-`) or a
/// pipe ([read once](Input::read_once)), hashed as it is read.
pub(crate) fn contents(paths: &[PathBuf]) -> Result<Vec<Option<Content>>, IndexError> {
    paths
        .iter()
        .map(|path| match Input::read_once(path) {
            true => Ok(None),
            false => content_of(path).map(Some).map_err(IndexError::io_at(path)),
        })
        .collect()
}

/// The files `given`, numbered `numbers`, of `contents` (`None`: not known yet, left out):
/// each refused if its content was added before (`listed` holds it) or is given twice.
pub(crate) fn new_files(
    listed: &[FileAdded],
    numbers: &[u32],
    contents: &[Option<Content>],
    given: &[PathBuf],
) -> Result<Vec<FileAdded>, IndexError> {
    let mut files: Vec<FileAdded> = Vec::new();
    for ((&number, content), given) in numbers.iter().zip(contents).zip(given) {
        let Some(Content { sha256, bytes }) = *content else {
            continue;
        };
        if let Some(added) = listed.iter().find(|file| file.sha256 == sha256) {
            let file = given.clone();
            let added_as = added.name.clone();
            return Err(IndexError::AlreadyAdded { file, added_as });
        }
        if let Some(first) = files.iter().find(|file| file.sha256 == sha256) {
            return Err(IndexError::GivenTwice {
                file: given.clone(),
                first: PathBuf::from(&first.name),
            });
        }
        files.push(FileAdded {
            number,
            name: given.to_string_lossy().into_owned(),
            sha256,
            added: 0,
            games: 0,
            read: 0,
            already: 0,
            bytes,
        });
    }
    Ok(files)
}

//! `Index::verify` past the checksums: a table written again whole, every CRC right, but its
//! entries not what the index writes (a key that is no game's, a game's facts not its
//! record's, postings of other games, a position's month rows without its own, a manifest
//! that counts otherwise) fails it, naming that file and what is wrong.

use std::path::{Path, PathBuf};

use crate::error::IndexError;
use crate::index::Index;
use crate::store::facts::{read_group, write_group};
use crate::store::manifest::Manifest;
use crate::store::postings::{decode, encode};
use crate::store::row::Stored;
use crate::store::segment::ALL_MONTHS;
use crate::store::table::{BlockCache, Entry, Table, TableWriter};
use crate::store::tables::{FACTS, GAMES, IDS, PLAYERS, POSTINGS, ROWS};
use crate::tests::verify::{indexed, segment};
use chess960_pgn::{Outcome, Progress};

/// A table of a segment: its name, kind, key length and whether it is compressed.
type Spec = (&'static str, [u8; 4], usize, bool);

/// The table `spec` of the only segment of the index in `index` written again, its entries
/// those `change` makes of its own; the manifest's bytes of the segment its files' again,
/// so that only the entries differ. Its path.
fn rewrite(index: &Path, spec: Spec, change: impl FnOnce(&mut Vec<Entry>)) -> PathBuf {
    let (name, kind, key_len, compress) = spec;
    let path = segment(index).join(name);
    let table = Table::open(&path, kind, key_len, &BlockCache::new(0)).unwrap();
    let mut entries: Vec<Entry> = table.iter().collect::<Result<_, _>>().unwrap();
    drop(table);
    change(&mut entries);
    let mut writer = TableWriter::create(&path, kind, key_len, compress).unwrap();
    if name == FACTS.0 {
        writer = writer.with_block_size(1);
    }
    for (key, value) in &entries {
        writer.push(key, value).unwrap();
    }
    writer.finish().unwrap();
    let bytes = [GAMES, IDS, ROWS, POSTINGS, FACTS, PLAYERS]
        .iter()
        .map(|(name, ..)| std::fs::metadata(segment(index).join(name)).unwrap().len())
        .sum();
    recommit(index, |manifest| manifest.segments[0].bytes = bytes);
    path
}

/// The manifest of the index in `index` committed again as `change` makes it.
fn recommit(index: &Path, change: impl FnOnce(&mut Manifest)) {
    let mut manifest = Manifest::read(index).unwrap().unwrap();
    change(&mut manifest);
    manifest.commit(index).unwrap();
}

/// The file a verification of the index in `index` names, and what it says.
fn failed(index: &Path) -> (PathBuf, String) {
    match Index::open(index).unwrap().verify(&Progress::default()) {
        Err(err @ IndexError::Corrupt { .. }) => {
            let said = err.to_string();
            let IndexError::Corrupt { path, .. } = err else {
                unreachable!()
            };
            (path, said)
        }
        other => panic!("not a damaged file: {other:?}"),
    }
}

/// A fresh index of `games` games of the test corpus, in a folder of its own in `dir`.
fn fresh(dir: &Path, name: &str, games: usize) -> PathBuf {
    let folder = dir.join(name);
    std::fs::create_dir_all(&folder).unwrap();
    let index = indexed(&folder, games);
    assert!(
        Index::open(&index)
            .unwrap()
            .verify(&Progress::default())
            .is_ok()
    );
    index
}

#[test]
fn entries_with_right_checksums_but_not_as_written_are_named() {
    let dir = tempfile::tempdir().unwrap();

    // A key that is no game's in place of the last.
    let index = fresh(dir.path(), "ids", 300);
    let path = rewrite(&index, IDS, |ids| ids.last_mut().unwrap().0 = vec![0xff; 8]);
    let (named, said) = failed(&index);
    assert_eq!(named, path);
    assert!(
        said.contains("not those (with their numbers) of the segment's"),
        "{said}"
    );

    // A key told another game's number (the first's), and a number that is no number.
    let index = fresh(dir.path(), "numbers", 300);
    let path = rewrite(&index, IDS, |ids| ids[1].1 = ids[0].1.clone());
    let (named, said) = failed(&index);
    assert_eq!(named, path);
    assert!(said.contains("not those (with their numbers)"), "{said}");
    let index = fresh(dir.path(), "values", 300);
    let path = rewrite(&index, IDS, |ids| ids[2].1 = vec![0x80]);
    let (named, said) = failed(&index);
    assert_eq!(named, path);
    assert!(said.contains("value is not a game's number"), "{said}");

    // A player's games told another game than theirs (the first key's first game, one
    // more).
    let index = fresh(dir.path(), "players", 300);
    let path = rewrite(&index, PLAYERS, |players| {
        let mut numbers = crate::store::players::read_numbers(&players[0].1).unwrap();
        numbers[0] += 1;
        numbers.dedup();
        players[0].1.clear();
        crate::store::players::write_numbers(&numbers, &mut players[0].1);
    });
    let (named, said) = failed(&index);
    assert_eq!(named, path);
    assert!(
        said.contains("games of players, not those of the segment's records"),
        "{said}"
    );

    // The first game's result, in its facts.
    let index = fresh(dir.path(), "facts", 300);
    let path = rewrite(&index, FACTS, |groups| {
        let mut infos = read_group(&groups[0].1).unwrap();
        infos[0].outcome = match infos[0].outcome {
            Outcome::White => Outcome::Black,
            _ => Outcome::White,
        };
        groups[0].1.clear();
        write_group(&infos, &mut groups[0].1);
    });
    let (named, said) = failed(&index);
    assert_eq!(named, path);
    assert!(said.contains("facts are not those of its record"), "{said}");

    // Every posting given to the next game: a replay finds no position of its fingerprint.
    let index = fresh(dir.path(), "postings", 300);
    let games = Index::open(&index).unwrap().segments().unwrap()[0];
    let ordinals = u32::try_from(games).unwrap();
    let path = rewrite(&index, POSTINGS, |chunks| {
        for (_, chunk) in chunks.iter_mut() {
            let mut postings = decode(chunk, ordinals).unwrap();
            for (_, ordinal) in &mut postings {
                *ordinal = (*ordinal + 1) % ordinals;
            }
            postings.sort_unstable();
            chunk.clear();
            encode(&postings, ordinals, chunk);
        }
    });
    let (named, said) = failed(&index);
    assert_eq!(named, path);
    assert!(said.contains("replayed, reaches no position"), "{said}");

    // A position's month rows without its all-months row (a position of 256 games or more
    // and of two months or more has month rows).
    let index = fresh(dir.path(), "rows", 1500);
    let path = rewrite(&index, ROWS, |rows| {
        let month_row = rows
            .iter()
            .position(|(key, _)| key[12..] != ALL_MONTHS.to_be_bytes());
        let position = rows[month_row.unwrap()].0[..12].to_vec();
        rows.retain(|(key, _)| key[..12] != position || key[12..] != ALL_MONTHS.to_be_bytes());
    });
    let (named, said) = failed(&index);
    assert_eq!(named, path);
    assert!(
        said.contains("month rows are not followed by its own"),
        "{said}"
    );

    // A listed row naming a game past the segment's.
    let index = fresh(dir.path(), "listed", 300);
    let games = Index::open(&index).unwrap().segments().unwrap()[0];
    let path = rewrite(&index, ROWS, |rows| {
        let listed = rows
            .iter_mut()
            .find_map(|(_, row)| match Stored::read(row) {
                Some(Stored::Listed(listed)) => Some((row, listed)),
                _ => None,
            });
        let (row, mut listed) = listed.unwrap();
        listed.moves[0].1.push(u32::try_from(games).unwrap() + 5);
        row.clear();
        listed.write(row);
    });
    let (named, said) = failed(&index);
    assert_eq!(named, path);
    assert!(said.contains("which the segment does not hold"), "{said}");
}

#[test]
fn a_manifest_that_counts_otherwise_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let index = fresh(dir.path(), "games", 300);
    recommit(&index, |manifest| manifest.files[0].games += 1);
    let (named, said) = failed(&index);
    assert_eq!(named, index.join("MANIFEST"));
    assert!(said.contains("its segments hold"), "{said}");

    let index = fresh(dir.path(), "bytes", 300);
    recommit(&index, |manifest| manifest.segments[0].bytes += 1);
    let (named, said) = failed(&index);
    assert_eq!(named, index.join("MANIFEST"));
    assert!(said.contains("its tables of"), "{said}");
}

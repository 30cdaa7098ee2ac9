//! The store's errors: typed, told with the index's path, redb's error their source.

use std::error::Error;

use crate::error::IndexError;
use crate::index::Index;

#[test]
fn a_file_that_is_not_redb_s_is_a_store_error_with_redb_s_as_its_source() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("index.redb");
    std::fs::write(&file, vec![7u8; 8192]).unwrap();
    let err = Index::open(dir.path()).unwrap_err();
    let IndexError::Store { path, error } = &err else {
        panic!("{err:?}");
    };
    assert_eq!(path, &file);
    assert!(
        err.to_string()
            .starts_with(&format!("{}: ", file.display()))
    );
    assert!(err.to_string().ends_with(&error.to_string()));
    let store = err.source().unwrap();
    assert_eq!(store.to_string(), error.to_string());
    let redb = store.source().unwrap();
    assert!(redb.downcast_ref::<redb::Error>().is_some(), "{redb:?}");
}

/// A second writer is refused, saying why, while the first holds the index; the first's add
/// is whole.
#[test]
fn a_second_writer_is_refused_while_the_first_holds_the_index() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("a.pgn");
    std::fs::write(&pgn, "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n").unwrap();
    let index = dir.path().join("index");
    let first = crate::store::open_to_add(&index, 1 << 20).unwrap();
    let err = Index::add(&index, std::slice::from_ref(&pgn), &Default::default()).unwrap_err();
    assert!(
        matches!(&err, IndexError::Busy { dir } if dir == &index),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("another process is writing to this index")
    );
    drop(first);
    let added = Index::add(&index, &[pgn], &Default::default()).unwrap();
    assert_eq!(added.counted, 1);
}

/// A copy of standard input that a killed add left is removed by the next add.
#[test]
fn a_killed_add_s_copy_of_stdin_is_removed_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    let pgn = dir.path().join("a.pgn");
    std::fs::write(&pgn, "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n").unwrap();
    Index::add(&index, std::slice::from_ref(&pgn), &Default::default()).unwrap();
    let left = index.join(".stdin-4000000.pgn");
    std::fs::write(&left, "[Event \"x\"]\n\n*\n").unwrap();
    std::fs::write(&pgn, "[Variant \"Chess960\"]\n\n1. d4 d5 0-1\n").unwrap();
    Index::add(&index, &[pgn], &Default::default()).unwrap();
    assert!(!left.exists());
}

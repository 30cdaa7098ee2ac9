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

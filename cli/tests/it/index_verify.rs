//! `chess960 index verify` as an operator runs it: an index as written verifies (exit 0, a
//! summary on stderr); one byte changed in a block of a segment's `rows.tbl` fails it (exit
//! 1), naming that file.

use std::path::Path;

use crate::common::{chess960, copy_index, text};
use crate::index::{add, dir, games};

fn verify(index: &Path) -> std::process::Output {
    chess960(
        &["index", "verify", "--index", index.to_str().unwrap()],
        b"",
    )
}

/// The offset of the middle byte of the table at `path`'s first block, as its footer and
/// block index tell it.
fn middle_of_first_block(path: &Path) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let le = |at: usize, n: usize| {
        let mut word = [0; 8];
        word[..n].copy_from_slice(&bytes[at..at + n]);
        u64::from_le_bytes(word) as usize
    };
    let index = le(bytes.len() - 40, 8);
    le(index, 8) + le(index + 8, 4) / 2
}

#[test]
fn an_index_verifies_and_a_byte_changed_in_its_rows_names_the_file() {
    let dir = dir("verify");
    let pgn = dir.join("games.pgn");
    std::fs::write(&pgn, games(5, 2000, "2024.03", 0)).unwrap();
    let index = dir.join("index");
    assert_eq!(add(&index, &[&pgn]).status.code(), Some(0));
    let out = verify(&index);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{said}");
    assert!(out.stdout.is_empty());
    let summary = format!("chess960: {}: verified in ", index.display());
    assert!(said.starts_with(&summary), "{said}");
    assert!(
        said.contains(" 1 segment, 6 tables, ") && said.contains("2000 games"),
        "{said}"
    );

    let damaged = dir.join("damaged");
    copy_index(&index, &damaged);
    let segment = std::fs::read_dir(&damaged)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| {
            path.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("seg-")
        })
        .unwrap();
    let rows = segment.join("rows.tbl");
    let mut bytes = std::fs::read(&rows).unwrap();
    bytes[middle_of_first_block(&rows)] ^= 0x20;
    std::fs::write(&rows, bytes).unwrap();
    let out = verify(&damaged);
    let said = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    let named = format!("chess960: {}: ", rows.display());
    assert!(
        said.starts_with(&named) && said.contains("block 0"),
        "{said}"
    );
    // The index as it was still verifies.
    assert_eq!(verify(&index).status.code(), Some(0));
}

//! The manifest's tests: commits read back, damaged files refused, other formats told, stamps.

use std::fs;
use std::path::Path;

use super::{FORMAT, Manifest, ManifestError, SegmentEntry, segment_dir, tmp_dir};
use crate::store::files::FileAdded;

/// A manifest of two segments and two files, at `generation`.
fn sample(generation: u64) -> Manifest {
    Manifest {
        generation,
        next_game: 30,
        next_segment: 3,
        next_file: 3,
        segments: vec![
            SegmentEntry {
                id: 0,
                first_game: 0,
                games: 10,
                bytes: 4096,
                removed: 0,
                files: [1, 1],
            },
            SegmentEntry {
                id: 2,
                first_game: 10,
                games: 20,
                bytes: 8192,
                removed: 2,
                files: [2, 2],
            },
        ],
        files: vec![
            FileAdded {
                number: 1,
                name: "lichess_db_chess960_rated_2024-01.pgn.zst".to_owned(),
                sha256: [0xab; 32],
                added: 1_764_000_000,
                games: 10,
                read: 12,
                already: 1,
                bytes: 1 << 20,
            },
            FileAdded {
                number: 2,
                name: "-".to_owned(),
                sha256: [7; 32],
                added: 1_764_000_100,
                games: 20,
                read: 20,
                already: 0,
                bytes: 2 << 20,
            },
        ],
    }
}

/// The bytes of `dir`'s MANIFEST.
fn manifest_bytes(dir: &Path) -> Vec<u8> {
    fs::read(dir.join("MANIFEST")).unwrap()
}

#[test]
fn commits_read_back_each_generation() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap(), None);
    for generation in 1..=3 {
        let manifest = sample(generation);
        manifest.commit(dir.path()).unwrap();
        assert_eq!(Manifest::read(dir.path()).unwrap(), Some(manifest));
    }
    assert!(!dir.path().join("MANIFEST.tmp").exists());
    let empty = Manifest {
        generation: 4,
        ..Manifest::default()
    };
    empty.commit(dir.path()).unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap(), Some(empty));
}

#[test]
fn the_file_is_as_documented() {
    let dir = tempfile::tempdir().unwrap();
    sample(1).commit(dir.path()).unwrap();
    let bytes = manifest_bytes(dir.path());
    let text = std::str::from_utf8(&bytes).unwrap();
    assert!(text.starts_with(&format!("chess960-explorer index format {FORMAT}\n{{")));
    assert!(text.contains(&format!("\"sha256\": \"{}\"", "ab".repeat(32))));
    let (covered, last) = text.trim_end_matches('\n').rsplit_once('\n').unwrap();
    let crc = crc32fast::hash(format!("{covered}\n").as_bytes());
    assert_eq!(last, format!("crc32 {crc:08x}"));
}

#[test]
fn the_example_in_the_docs_is_what_is_written() {
    let source = include_str!("text.rs");
    let (_, example) = source.split_once("//! ```text\n").unwrap();
    let (example, _) = example.split_once("//! ```\n").unwrap();
    let example: String = example
        .lines()
        .map(|line| {
            format!(
                "{}\n",
                line.trim_start_matches("//!")
                    .strip_prefix(' ')
                    .unwrap_or("")
            )
        })
        .collect();
    let manifest = Manifest {
        generation: 1,
        next_game: 10,
        next_segment: 1,
        next_file: 2,
        segments: vec![SegmentEntry {
            id: 0,
            first_game: 0,
            games: 10,
            bytes: 4096,
            removed: 0,
            files: [1, 1],
        }],
        files: vec![FileAdded {
            number: 1,
            name: "a.pgn".to_owned(),
            sha256: crate::store::files::sha256(&b""[..]).unwrap(),
            added: 1_764_000_000,
            games: 10,
            read: 12,
            already: 2,
            bytes: 0,
        }],
    };
    let dir = tempfile::tempdir().unwrap();
    manifest.commit(dir.path()).unwrap();
    assert_eq!(
        String::from_utf8(manifest_bytes(dir.path())).unwrap(),
        example
    );
    fs::write(dir.path().join("MANIFEST"), example).unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap(), Some(manifest));
}

#[test]
fn a_leftover_tmp_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    sample(1).commit(dir.path()).unwrap();
    fs::write(
        dir.path().join("MANIFEST.tmp"),
        b"chess960-explorer index format 3\n{\"gen",
    )
    .unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap(), Some(sample(1)));
    // The next commit writes over it.
    sample(2).commit(dir.path()).unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap(), Some(sample(2)));
}

#[test]
fn every_flipped_byte_and_every_truncation_is_refused_as_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    sample(1).commit(dir.path()).unwrap();
    let good = manifest_bytes(dir.path());
    let mut cases = Vec::new();
    for at in 0..good.len() {
        for mask in [0x01, 0x20, 0x80, 0xff] {
            let mut bad = good.clone();
            bad[at] ^= mask;
            cases.push((format!("byte {at} ^ {mask:#04x}"), bad));
        }
    }
    for len in 0..good.len() {
        cases.push((format!("the first {len} bytes"), good[..len].to_vec()));
    }
    let mut longer = good.clone();
    longer.extend_from_slice(b"\n");
    cases.push(("a blank line after".to_owned(), longer));
    for (case, bad) in cases {
        fs::write(dir.path().join("MANIFEST"), &bad).unwrap();
        match Manifest::read(dir.path()) {
            Err(ManifestError::Corrupt { .. }) => {}
            other => panic!("{case}: {other:?}"),
        }
    }
}

#[test]
fn what_is_refused_says_which_part() {
    let dir = tempfile::tempdir().unwrap();
    sample(1).commit(dir.path()).unwrap();
    let good = String::from_utf8(manifest_bytes(dir.path())).unwrap();
    let cases = [
        // A wrong checksum.
        (good.replace("\"games\": 10", "\"games\": 11"), "checksum"),
        // A damaged checksum line.
        (good.replace("crc32 ", "crc33 "), "checksum line"),
        (String::new(), "header"),
    ];
    for (text, part) in cases {
        fs::write(dir.path().join("MANIFEST"), text).unwrap();
        match Manifest::read(dir.path()) {
            Err(err @ ManifestError::Corrupt { what, .. }) if what == part => {
                assert!(err.to_string().contains(part), "{err}");
            }
            other => panic!("{part}: {other:?}"),
        }
    }
}

/// `text` as a MANIFEST file: the header of `format`, `text`, and its checksum line.
fn sealed(format: u32, body: &str) -> String {
    let covered = format!("chess960-explorer index format {format}\n{body}\n");
    let crc = crc32fast::hash(covered.as_bytes());
    format!("{covered}crc32 {crc:08x}\n")
}

#[test]
fn bodies_with_a_good_checksum_are_still_checked() {
    let dir = tempfile::tempdir().unwrap();
    let segment = r#""segments": [{"id": 0, "first_game": 0, "games": 10, "bytes": 1, "removed": 0, "files": [1, 1]}]"#;
    let two = r#""segments": [{"id": 0, "first_game": 0, "games": 10, "bytes": 1, "removed": 0, "files": [1, 1]}, {"id": 1, "first_game": 9, "games": 1, "bytes": 1, "removed": 0, "files": [1, 1]}]"#;
    let file = |read| {
        format!(
            r#""files": [{{"number": 1, "name": "a", "sha256": "{}", "added": 0, "games": 10, "read": {read}, "already": 0, "bytes": 9}}]"#,
            "ab".repeat(32)
        )
    };
    let cases = [
        ("{", "JSON body"),
        (r#"{"generation": 1}"#, "JSON body"),
        (
            r#"{"generation": 1, "next_game": 0, "next_segment": 0, "next_file": 1, "segments": [], "files": [], "extra": 1}"#,
            "JSON body",
        ),
        (
            r#"{"generation": 1, "next_game": 0, "next_segment": 0, "next_file": 2, "segments": [], "files": [{"number": 1, "name": "a", "sha256": "AB", "added": 0, "games": 0, "read": 0, "already": 0, "bytes": 0}]}"#,
            "JSON body",
        ),
        (
            r#"{"generation": 0, "next_game": 0, "next_segment": 0, "next_file": 1, "segments": [], "files": []}"#,
            "state",
        ),
        (
            &format!(
                r#"{{"generation": 1, "next_game": 9, "next_segment": 1, "next_file": 2, {segment}, "files": []}}"#
            ),
            "state",
        ),
        // Segments whose games overlap.
        (
            &format!(
                r#"{{"generation": 1, "next_game": 10, "next_segment": 2, "next_file": 2, {two}, "files": []}}"#
            ),
            "state",
        ),
        // A segment of a file not below next_file.
        (
            &format!(
                r#"{{"generation": 1, "next_game": 10, "next_segment": 1, "next_file": 1, {segment}, "files": []}}"#
            ),
            "state",
        ),
        // A file that brought more games than were read of it.
        (
            &format!(
                r#"{{"generation": 1, "next_game": 10, "next_segment": 1, "next_file": 2, {segment}, {}}}"#,
                file(9)
            ),
            "state",
        ),
        (
            &format!(
                r#"{{"generation": 1, "next_game": 10, "next_segment": 0, "next_file": 2, {segment}, "files": []}}"#
            ),
            "state",
        ),
    ];
    for (body, part) in cases {
        fs::write(dir.path().join("MANIFEST"), sealed(FORMAT, body)).unwrap();
        match Manifest::read(dir.path()) {
            Err(ManifestError::Corrupt { what, .. }) if what == part => {}
            other => panic!("{body}: {other:?}"),
        }
    }
    // The last of them, fixed, reads.
    let body = format!(
        r#"{{"generation": 1, "next_game": 10, "next_segment": 1, "next_file": 2, {segment}, {}}}"#,
        file(12)
    );
    fs::write(dir.path().join("MANIFEST"), sealed(FORMAT, &body)).unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap().unwrap().next_game, 10);
}

#[test]
fn commit_refuses_what_read_would() {
    let dir = tempfile::tempdir().unwrap();
    let mut manifest = sample(1);
    manifest.files[1].number = 3;
    let err = manifest.commit(dir.path()).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidInput);
    assert!(!dir.path().join("MANIFEST").exists());
    assert!(sample(0).commit(dir.path()).is_err());
}

#[test]
fn other_formats_are_told_by_number() {
    let dir = tempfile::tempdir().unwrap();
    let body = r#"{"generation": 1, "something": "else"}"#;
    for (text, found) in [
        (sealed(3, body), 3),
        (sealed(2, body), 2),
        (sealed(1, body), 1),
        (
            "chess960-explorer index format 7\nwhatever a later format holds".to_owned(),
            7,
        ),
    ] {
        fs::write(dir.path().join("MANIFEST"), text).unwrap();
        match Manifest::read(dir.path()) {
            Err(err @ ManifestError::Format { found: f }) if f == found => {
                assert!(
                    err.to_string().contains(&format!("format {found}")),
                    "{err}"
                );
            }
            other => panic!("{found}: {other:?}"),
        }
    }
}

#[test]
fn an_old_redb_index_is_format_1() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("index.redb"), b"redb").unwrap();
    let err = Manifest::read(dir.path()).unwrap_err();
    assert!(matches!(err, ManifestError::Format { found: 1 }), "{err:?}");
    assert!(err.to_string().contains("index.redb"), "{err}");
    // A manifest, once there, is what is read.
    sample(1).commit(dir.path()).unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap(), Some(sample(1)));
}

#[test]
fn no_directory_and_an_empty_one_hold_none() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap(), None);
    assert_eq!(Manifest::read(&dir.path().join("nothing")).unwrap(), None);
    fs::write(dir.path().join("evals.redb"), b"").unwrap();
    assert_eq!(Manifest::read(dir.path()).unwrap(), None);
}

#[test]
fn stamps_change_with_each_commit_even_within_a_second() {
    let dir = tempfile::tempdir().unwrap();
    let none = Manifest::stamp(dir.path()).unwrap();
    assert_eq!(Manifest::stamp(dir.path()).unwrap(), none);
    let mut seen = vec![none];
    for generation in 1..=20 {
        // The same length each time: only the content (and the file) differ.
        let mut manifest = sample(generation % 9 + 1);
        manifest.segments[0].bytes = generation;
        manifest.commit(dir.path()).unwrap();
        let stamp = Manifest::stamp(dir.path()).unwrap();
        assert_eq!(
            Manifest::stamp(dir.path()).unwrap(),
            stamp,
            "a stamp is stable"
        );
        assert!(!seen.contains(&stamp), "commit {generation}: {stamp:?}");
        seen.push(stamp);
    }
    // Not even the same content committed again gives an equal stamp (another file).
    #[cfg(unix)]
    {
        let again = Manifest::read(dir.path()).unwrap().unwrap();
        let before = Manifest::stamp(dir.path()).unwrap();
        again.commit(dir.path()).unwrap();
        assert_ne!(Manifest::stamp(dir.path()).unwrap(), before);
    }
}

#[test]
fn folders_are_named_as_documented() {
    let dir = Path::new("/index");
    assert_eq!(segment_dir(dir, 42), Path::new("/index/seg-000042"));
    assert_eq!(segment_dir(dir, 1_234_567), Path::new("/index/seg-1234567"));
    let pid = std::process::id();
    let tmps: Vec<_> = (0..1000).map(|_| tmp_dir(dir)).collect();
    for tmp in &tmps {
        let name = tmp.file_name().unwrap().to_str().unwrap();
        let nanos = name.strip_prefix(&format!("tmp-{pid}-")).unwrap();
        assert!(nanos.parse::<u64>().unwrap() > 0, "{name}");
        assert_eq!(tmp.parent(), Some(dir));
    }
    let distinct: std::collections::HashSet<_> = tmps.iter().collect();
    assert_eq!(distinct.len(), tmps.len());
}

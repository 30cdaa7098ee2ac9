//! The store's errors: typed, told with the path of the file at fault; one writer at a time;
//! what killed writers leave removed by the next; an index of another format refused.

use crate::error::IndexError;
use crate::index::Index;
use crate::store::lock::WriterLock;

/// A PGN file of one game in `dir`, of `moves`.
fn one_game(dir: &std::path::Path, name: &str, moves: &str) -> std::path::PathBuf {
    let pgn = dir.join(name);
    std::fs::write(&pgn, format!("[Variant \"Chess960\"]\n\n{moves}\n")).unwrap();
    pgn
}

#[test]
fn a_damaged_table_is_an_error_naming_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    let pgn = one_game(dir.path(), "a.pgn", "1. e4 e5 1-0");
    crate::tests::writer(&index)
        .add(&[pgn], &Default::default())
        .unwrap();
    let games = index.join("seg-000000").join("games.tbl");
    let mut bytes = std::fs::read(&games).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    std::fs::write(&games, bytes).unwrap();
    let err = match Index::open(&index) {
        Err(err) => err,
        Ok(index) => index.starts().unwrap_err(),
    };
    let text = err.to_string();
    assert!(
        matches!(&err, IndexError::Corrupt { path, .. } if *path == games),
        "{err:?}"
    );
    assert!(text.starts_with(&games.display().to_string()), "{text}");
}

/// A second writer is refused, saying why, while the first holds the index; the first's add
/// is whole.
#[test]
fn a_second_writer_is_refused_while_the_first_holds_the_index() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = one_game(dir.path(), "a.pgn", "1. e4 e5 1-0");
    let index = dir.path().join("index");
    std::fs::create_dir_all(&index).unwrap();
    let first = WriterLock::take(&index).unwrap();
    let err = crate::tests::writer(&index)
        .add(std::slice::from_ref(&pgn), &Default::default())
        .unwrap_err();
    assert!(
        matches!(&err, IndexError::Busy { dir } if dir == &index),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("another process is writing to this index")
    );
    drop(first);
    let added = crate::tests::writer(&index)
        .add(&[pgn], &Default::default())
        .unwrap();
    assert_eq!(added.counted, 1);
}

/// What a killed add leaves (its temporary folder, a segment it had moved in but not yet
/// committed) is removed by the next add, and answers nothing meanwhile.
#[test]
fn a_killed_add_s_files_are_removed_by_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    let pgn = one_game(dir.path(), "a.pgn", "1. e4 e5 1-0");
    crate::tests::writer(&index)
        .add(&[pgn], &Default::default())
        .unwrap();
    let tmp = index.join("tmp-4000000-1");
    std::fs::create_dir_all(tmp.join("segment")).unwrap();
    std::fs::write(tmp.join("visits-0.run"), [0; 190]).unwrap();
    let uncommitted = index.join("seg-000007");
    std::fs::create_dir_all(&uncommitted).unwrap();
    std::fs::write(uncommitted.join("games.tbl"), b"half").unwrap();
    assert_eq!(Index::open(&index).unwrap().segments().unwrap(), [1]);
    let pgn = one_game(dir.path(), "b.pgn", "1. d4 d5 0-1");
    crate::tests::writer(&index)
        .add(&[pgn], &Default::default())
        .unwrap();
    assert!(!tmp.exists() && !uncommitted.exists());
}

#[test]
fn an_index_of_the_first_format_is_refused_with_how_to_make_it_again() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.redb"), [0; 64]).unwrap();
    let err = Index::open(dir.path()).unwrap_err();
    assert!(
        matches!(err, IndexError::Format { found: 1, .. }),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(
        text.contains("an index of format 1") && text.contains("chess960 index add --index NEW"),
        "{text}"
    );
    let pgn = one_game(dir.path(), "a.pgn", "1. e4 e5 1-0");
    let err = crate::tests::writer(dir.path())
        .add(&[pgn], &Default::default())
        .unwrap_err();
    assert!(
        matches!(err, IndexError::Format { found: 1, .. }),
        "{err:?}"
    );
}

/// A merge asked to stop leaves the segments as they were, its temporary folder removed; a
/// compaction of no index makes nothing there.
#[test]
fn a_merge_stopped_leaves_the_segments_and_no_index_is_made_by_compacting() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    let big = one_game(dir.path(), "a.pgn", "1. e4 e5 2. Nf3 Nc6 1-0");
    let mut games = std::fs::read_to_string(&big).unwrap();
    games.push_str("\n[Variant \"Chess960\"]\n\n1. d4 d5 0-1\n");
    std::fs::write(&big, games).unwrap();
    crate::tests::writer(&index)
        .add(&[big], &Default::default())
        .unwrap();
    let small = one_game(dir.path(), "b.pgn", "1. c4 c5 1/2-1/2");
    crate::tests::writer(&index)
        .add(&[small], &Default::default())
        .unwrap();
    assert_eq!(Index::open(&index).unwrap().segments().unwrap(), [2, 1]);
    let stopped = chess960_pgn::Progress::default();
    stopped.stop();
    let err = crate::tests::writer(&index).compact(&stopped).unwrap_err();
    assert!(
        matches!(&err, IndexError::Interrupted { dir } if *dir == index),
        "{err:?}"
    );
    assert_eq!(Index::open(&index).unwrap().segments().unwrap(), [2, 1]);
    let left = std::fs::read_dir(&index)
        .unwrap()
        .filter(|entry| {
            let name = entry.as_ref().unwrap().file_name();
            name.to_string_lossy().starts_with("tmp-")
        })
        .count();
    assert_eq!(left, 0);
    let none = dir.path().join("none");
    let err = crate::tests::writer(&none)
        .compact(&Default::default())
        .unwrap_err();
    assert!(matches!(err, IndexError::NotAnIndex { .. }), "{err:?}");
    assert!(!none.exists());
}

/// A file of no game fails an add (nothing recorded, the first add making no folder); one
/// whose games are read but none counted fails it unless `allow_empty`, saying why.
#[test]
fn a_file_of_no_game_or_none_counted_fails_the_add() {
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    };
    let mut noise = vec![0u8; 4096];
    let mut x = 0x2545_F491_4F6C_DD1D_u64;
    for byte in &mut noise {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *byte = x as u8;
    }
    for file in [
        write("empty.pgn", b""),
        write("noise.pgn", &noise),
        write("text.pgn", b"hello, this is no PGN\n"),
        write(
            "page.pgn.zst",
            b"<!DOCTYPE html><html><body>502 Bad Gateway</body></html>\n",
        ),
    ] {
        let err = crate::tests::writer(&index)
            .add(std::slice::from_ref(&file), &Default::default())
            .unwrap_err();
        assert!(
            matches!(&err, IndexError::NoGames { file: at } if *at == file),
            "{err:?}"
        );
        assert!(err.to_string().contains("no game in it"), "{err}");
        assert!(!index.exists());
    }
    // A game of standard chess and an unfinished one: read, none counted.
    let standard = write(
        "standard.pgn",
        b"[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n[Variant \"Chess960\"]\n\n1. e4 *\n",
    );
    let err = crate::tests::writer(&index)
        .add(std::slice::from_ref(&standard), &Default::default())
        .unwrap_err();
    let IndexError::NoneCounted {
        read,
        already_indexed,
        not_counted,
        ..
    } = &err
    else {
        panic!("{err:?}");
    };
    assert_eq!((*read, *already_indexed), (2, 0));
    assert_eq!((not_counted.no_start, not_counted.unfinished), (1, 1));
    let text = err.to_string();
    assert!(
        text.contains(
            "2 games read, none counted (1 game of no Chess960 start; 1 game unfinished)"
        ) && text.contains("--allow-empty"),
        "{text}"
    );
    assert!(!index.exists());
    // One lichess game, then the same game re-exported with CRLF line ends: already in.
    let game = "[Variant \"Chess960\"]\n[Site \"https://lichess.org/abcdefgh\"]\n\n1. e4 e5 1-0\n";
    let first = write("first.pgn", game.as_bytes());
    let again = write("again.pgn", game.replace('\n', "\r\n").as_bytes());
    crate::tests::writer(&index)
        .add(&[first], &Default::default())
        .unwrap();
    let err = crate::tests::writer(&index)
        .add(std::slice::from_ref(&again), &Default::default())
        .unwrap_err();
    assert!(
        matches!(
            &err,
            IndexError::NoneCounted {
                already_indexed: 1,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(
        err.to_string().contains("(1 already in the index)"),
        "{err}"
    );
    let opened = Index::open(&index).unwrap();
    assert_eq!(opened.files().unwrap().len(), 1);
    // Recorded when allowed: its bytes refused after.
    let allowed = crate::build::add::AddOptions::default().allow_empty(true);
    let progress = Default::default();
    let added = crate::tests::writer(&index)
        .add_with(std::slice::from_ref(&again), &progress, allowed)
        .unwrap();
    assert_eq!((added.counted, added.already_indexed), (0, 1));
    assert_eq!(opened.files().unwrap().len(), 2);
    let err = crate::tests::writer(&index)
        .add_with(&[again], &progress, allowed)
        .unwrap_err();
    assert!(matches!(err, IndexError::AlreadyAdded { .. }), "{err:?}");
}

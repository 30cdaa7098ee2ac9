use super::*;

/// The chunks of a file holding `bytes`: their text, bytes before, whether last, whether
/// held (not a range).
fn chunks(bytes: &[u8], size: usize) -> Vec<(String, u64, bool, bool)> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("a.pgn");
    std::fs::write(&path, bytes).unwrap();
    let mut out = Vec::new();
    Chunks::of(size).cut(
        &[&path],
        None,
        &Progress::default(),
        &Spare::default(),
        |chunk| {
            assert!(chunk.failed.is_none());
            let held = matches!(chunk.bytes, Bytes::Held(_));
            let mut bytes = Vec::new();
            let progress = Progress::default();
            chunk
                .bytes
                .read_into(&mut bytes, &path, &progress, &Spare::default())
                .unwrap();
            let text = String::from_utf8(bytes).unwrap();
            out.push((text, chunk.bytes_before, chunk.last, held));
            true
        },
    );
    out
}

#[test]
fn a_plain_file_in_ranges_cut_where_a_tag_line_follows_a_blank_line() {
    let game = "[Event \"x\"]\n\n1. e4 *\n\n";
    let n = game.len() as u64;
    let expected = [
        (game.to_owned(), 0, false, false),
        (game.to_owned(), n, false, false),
        (game.to_owned(), 2 * n, true, false),
    ];
    assert_eq!(chunks(game.repeat(3).as_bytes(), 1), expected);
    // Cut at the first place after the size: two games, then the third.
    let out = chunks(game.repeat(3).as_bytes(), game.len() + 3);
    assert_eq!(
        out,
        [
            (game.repeat(2), 0, false, false),
            (game.to_owned(), 2 * n, true, false)
        ]
    );
    let crlf = "[Event \"x\"]\r\n\r\n*\r\n\r\n".repeat(2);
    let out = chunks(crlf.as_bytes(), 1);
    assert_eq!(out.len(), 2);
    assert_eq!(out.iter().map(|c| c.0.as_str()).collect::<String>(), crlf);
}

#[cfg(feature = "zstd")]
#[test]
fn a_compressed_file_held_cut_where_a_tag_line_follows_a_blank_line() {
    let game = "[Event \"x\"]\n\n1. e4 *\n\n";
    let text = game.repeat(100_000);
    let packed = zstd::encode_all(text.as_bytes(), 3).unwrap();
    let out = chunks(&packed, 100_000);
    assert!(out.len() > 4 && out.iter().all(|chunk| chunk.3));
    assert!(out.iter().all(|chunk| chunk.0.starts_with('[')));
    assert_eq!(out.iter().map(|c| c.0.as_str()).collect::<String>(), text);
    assert_eq!(out.iter().filter(|c| c.2).count(), 1);
}

#[test]
fn cut_where_a_tag_line_follows_movetext_without_a_blank_line_not_inside_a_tag_section() {
    let game = "[Event \"x\"]\n[Site \"y\"]\n1. e4 *\n";
    let out = chunks(game.repeat(3).as_bytes(), 1);
    let texts: Vec<&str> = out.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(texts, [game; 3]);
}

#[test]
fn cut_anyway_past_the_most_bytes_without_a_place() {
    let text = "1. e4 e5 ".repeat(400_000);
    let out = chunks(text.as_bytes(), 64);
    assert!(out.len() > 2, "{} chunks", out.len());
    assert!(out.iter().all(|c| c.0.len() <= Chunks::of(64).most));
    assert_eq!(out.iter().map(|c| c.0.as_str()).collect::<String>(), text);
}

/// A tag line after a line whose start is out of sight (a tag value longer than the look
/// back) may be inside a tag section: no place to cut, plain or compressed.
#[test]
fn no_cut_after_a_line_that_begins_out_of_sight() {
    let fen = "p".repeat(3 * game_starts::LOOK_BACK);
    let game = format!("[Event \"x\"]\n[FEN \"{fen}\"]\n[SetUp \"1\"]\n\n1. e4 *\n\n");
    let text = game.repeat(3);
    // Each chunk's size ends just before the SetUp line, past the look back from the FEN's
    // start.
    let size = game.find("[SetUp").unwrap() - 1;
    let out = chunks(text.as_bytes(), size);
    let texts: Vec<&str> = out.iter().map(|c| c.0.as_str()).collect();
    assert_eq!(texts, [game.as_str(); 3]);
    #[cfg(feature = "zstd")]
    {
        let packed = zstd::encode_all(text.as_bytes(), 3).unwrap();
        let out = chunks(&packed, size);
        assert_eq!(out.iter().map(|c| c.0.as_str()).collect::<String>(), text);
        assert!(out.iter().all(|c| c.0.starts_with("[Event")));
    }
}

#[test]
fn a_file_that_cannot_be_opened_gives_one_empty_chunk() {
    let mut out = Vec::new();
    Chunks::for_threads(1).cut(
        &["/no/such/file.pgn"],
        None,
        &Progress::default(),
        &Spare::default(),
        |chunk| {
            let empty = matches!(chunk.bytes, Bytes::Held(ref bytes) if bytes.is_empty());
            let unopened = matches!(chunk.failed, Some(Failed::Unopened(_)));
            out.push((empty, chunk.last, unopened));
            true
        },
    );
    assert_eq!(out, [(true, true, true)]);
}

#[test]
fn an_empty_file_gives_one_empty_last_chunk() {
    assert_eq!(chunks(b"", 1), [(String::new(), 0, true, false)]);
}

/// A FIFO (a process substitution, `<(zstd -dc …)`) is opened once: closed after a look at
/// it, its writer's next write fails (a broken pipe) and the reading misses its games.
#[cfg(unix)]
#[test]
fn a_fifo_is_read_whole_while_its_writer_writes() {
    use std::io::Write;
    let game = "[Event \"x\"]\n\n1. e4 *\n\n";
    let dir = tempfile::tempdir().unwrap();
    for attempt in 0..200 {
        let path = dir.path().join(format!("fifo{attempt}"));
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        let writer = {
            let path = path.clone();
            std::thread::spawn(move || -> io::Result<()> {
                let open = || std::fs::OpenOptions::new().write(true).open(&path);
                let mut pipe = open()?;
                // Small writes from the first moment the FIFO is open: one falls in any
                // moment without a reader.
                let written = game
                    .repeat(200)
                    .as_bytes()
                    .chunks(7)
                    .try_for_each(|piece| pipe.write_all(piece));
                if written.is_err() {
                    // The reader, opening it again, would wait for a writer for good: one
                    // that opens and closes ends its reading.
                    drop(open());
                }
                written
            })
        };
        let mut text = Vec::new();
        Chunks::of(64).cut(
            &[&path],
            None,
            &Progress::default(),
            &Spare::default(),
            |chunk| {
                assert!(chunk.failed.is_none(), "{:?}", chunk.failed);
                let mut bytes = Vec::new();
                chunk
                    .bytes
                    .read_into(&mut bytes, &path, &Progress::default(), &Spare::default())
                    .unwrap();
                text.extend(bytes);
                true
            },
        );
        writer
            .join()
            .unwrap()
            .expect("the writer writes every byte");
        assert_eq!(String::from_utf8(text).unwrap(), game.repeat(200));
    }
}

//! Opening books: every entry of both books, in every format, against a second derivation
//! written here with `format!` from the positions' numbers and python-chess's FENs; and
//! left-out positions against filtering the whole book.

use chess960::book::{Book, BookEntry, Epd, Pgn};
use chess960::fen::CastlingNotation;
use chess960::numbering::DfrcNumbering;
use chess960::{DoubleStartingPosition, StartingPosition};

const NOTATIONS: [CastlingNotation; 2] = [CastlingNotation::XFen, CastlingNotation::Shredder];

fn sp(id: u16) -> StartingPosition {
    StartingPosition::from_id(id).unwrap()
}

/// The start FEN of `pair`, put together from python-chess's FENs of the 960 (its back ranks
/// and Shredder castling letters), not by the crate's FEN writer.
fn fen(pair: DoubleStartingPosition, notation: CastlingNotation) -> String {
    static TABLE: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        include_str!("fixtures/python-chess-960.txt")
            .lines()
            .map(|line| {
                let shredder: Vec<&str> = line.split('|').nth(2).unwrap().split(' ').collect();
                let rank = shredder[0].rsplit('/').next().unwrap().to_owned();
                (rank, shredder[2].to_owned())
            })
            .collect()
    });
    let (white, white_castling) = &table[usize::from(pair.white().id())];
    let (black, black_castling) = &table[usize::from(pair.black().id())];
    let castling = match notation {
        CastlingNotation::XFen => "KQkq".to_owned(),
        _ => format!("{}{}", &white_castling[..2], &black_castling[2..]),
    };
    format!(
        "{}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1",
        black.to_lowercase()
    )
}

fn epd(fen: &str, name: &str) -> String {
    let fields: Vec<&str> = fen.split(' ').take(4).collect();
    format!("{} hmvc 0; fmvn 1; id \"{name}\";", fields.join(" "))
}

fn pgn(fen: &str, name: &str) -> String {
    let tags = [
        ("Event", name),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "-"),
        ("White", "?"),
        ("Black", "?"),
        ("Result", "*"),
        ("Variant", "Chess960"),
        ("SetUp", "1"),
        ("FEN", fen),
    ];
    let tags: String = tags
        .iter()
        .map(|(k, v)| format!("[{k} \"{v}\"]\n"))
        .collect();
    format!("{tags}\n*")
}

#[test]
fn the_chess960_book_is_the_960_in_id_order_in_every_format() {
    let book = Book::CHESS960;
    assert_eq!((book.len(), book.is_dfrc()), (960, false));
    let entries: Vec<BookEntry> = book.entries().collect();
    assert_eq!(entries.len(), 960);
    for (entry, sp) in entries.into_iter().zip(StartingPosition::all()) {
        assert_eq!(entry, BookEntry::Chess960(sp));
        assert_eq!(entry.pair(), DoubleStartingPosition::from(sp));
        let name = format!("chess960 {}", sp.id());
        assert_eq!(entry.to_string(), name);
        for notation in NOTATIONS {
            let fen = fen(entry.pair(), notation);
            assert_eq!(entry.fen(notation).as_str(), fen);
            assert_eq!(entry.epd(notation).as_str(), epd(&fen, &name));
            assert_eq!(entry.pgn(notation).as_str(), pgn(&fen, &name));
        }
    }
}

/// One line in 61 (a prime: every White and every Black start among them), read as the whole
/// book's are: line n is Clover's number n.
#[test]
fn the_dfrc_book_is_every_pair_white_first_in_every_format_in_a_sample() {
    let (longest_epd, longest_pgn) = dfrc_book_lines(61);
    assert!(longest_epd <= Epd::MAX_LEN && longest_pgn <= Pgn::MAX_LEN);
}

/// All 921,600 lines: line n is Clover's number n (White n / 960, Black n % 960).
#[test]
#[ignore = "exhaustive (921,600 lines): .ci/run runs it with --ignored; the default reads one in 61"]
fn the_dfrc_book_is_every_pair_white_first_in_every_format() {
    let (longest_epd, longest_pgn) = dfrc_book_lines(1);
    // The fixed capacities are exactly the longest lines, so nothing can be cut short.
    assert_eq!((longest_epd, longest_pgn), (Epd::MAX_LEN, Pgn::MAX_LEN));
}

/// Line n of the DFRC book, for one n in `every`, is Clover's number n (White n / 960, Black
/// n % 960), in every notation and format: the longest EPD and PGN lines read.
fn dfrc_book_lines(every: usize) -> (usize, usize) {
    let book = Book::DFRC;
    assert_eq!((book.len(), book.is_dfrc()), (921_600, true));
    let mut entries = book.entries();
    let (mut longest_epd, mut longest_pgn) = (0, 0);
    for n in (0..DoubleStartingPosition::COUNT).step_by(every) {
        assert_eq!(entries.len(), (DoubleStartingPosition::COUNT - n) as usize);
        let entry = entries.next().unwrap();
        let pair = DfrcNumbering::Clover.pair(n).unwrap();
        assert_eq!(entry, BookEntry::Dfrc(pair));
        let name = format!("dfrc {} {}", n / 960, n % 960);
        assert_eq!(entry.to_string(), name);
        for notation in NOTATIONS {
            let fen = fen(pair, notation);
            assert_eq!(entry.fen(notation).as_str(), fen);
            let line = entry.epd(notation);
            assert_eq!(line.as_str(), epd(&fen, &name));
            longest_epd = longest_epd.max(line.as_str().len());
        }
        // The PGN text is the same code for both books: one notation and a stride suffice.
        if n % 97 == 0 {
            let game = entry.pgn(CastlingNotation::Shredder);
            assert_eq!(
                game.as_str(),
                pgn(&fen(pair, CastlingNotation::Shredder), &name)
            );
        }
        longest_pgn = longest_pgn.max(entry.pgn(CastlingNotation::XFen).as_str().len());
        // The lines between this one and the next asked for, passed over.
        if every > 1 {
            entries.nth(every - 2);
        }
    }
    if every == 1 {
        assert_eq!(entries.next(), None);
        assert_eq!(entries.len(), 0);
    }
    (longest_epd, longest_pgn)
}

/// Left-out positions, against the whole book filtered: none, the edges of the bitset's
/// words, standard chess, a few hundred, and all but one or all.
#[test]
fn left_out_positions_are_missing_and_nothing_else() {
    let mut sets: Vec<Vec<u16>> = vec![
        vec![],
        vec![0],
        vec![959],
        vec![63, 64, 127, 128, 895, 896],
        vec![518, 518],
        (0..960).filter(|id| id % 3 == 1).collect(),
        (1..960).collect(),
        (0..959).collect(),
        (0..960).collect(),
    ];
    let mut state = 2026u64;
    for _ in 0..8 {
        let mut set = Vec::new();
        for _ in 0..20 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            set.push(((state >> 33) % 960) as u16);
        }
        sets.push(set);
    }
    for set in &sets {
        for whole in [Book::CHESS960, Book::DFRC] {
            let book = set.iter().fold(whole, |book, &id| book.without(sp(id)));
            let left_out = |s: StartingPosition| set.contains(&s.id());
            for s in StartingPosition::all() {
                assert_eq!(!book.positions().contains(s), left_out(s));
            }
            let expected: Vec<BookEntry> = whole
                .entries()
                .filter(|e| !left_out(e.pair().white()) && !left_out(e.pair().black()))
                .collect();
            let got: Vec<BookEntry> = book.entries().collect();
            assert_eq!(got, expected, "{set:?}");
            assert_eq!(book.len(), expected.len());
            assert_eq!(book.is_empty(), expected.is_empty());
        }
    }
}

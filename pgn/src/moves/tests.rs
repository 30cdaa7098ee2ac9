//! Hand-written games for each castling spelling and each broken rule.

use cozy_chess::{File, Piece, Rank, Square};

use super::san::{San, Word, read_word};
use super::{Replay, UciCastling, Why};

fn uci(replay: &Replay, castling: UciCastling) -> String {
    let moves: Vec<String> = replay.uci(castling).map(|mv| mv.to_string()).collect();
    moves.join(" ")
}

fn replay(fen: Option<&str>, variant: &str, movetext: &str) -> Replay {
    let mut replay = Replay::default();
    replay.begin(0, fen, variant);
    replay.feed(movetext.as_bytes());
    replay.finish();
    replay
}

/// The UCI of a game that replays without error.
fn played(fen: Option<&str>, variant: &str, movetext: &str) -> String {
    let replay = replay(fen, variant, movetext);
    assert_eq!(replay.error(), None, "{movetext}");
    uci(&replay, UciCastling::KingTakesRook)
}

/// The error of a game that does not replay: ply, token, rule.
fn refused(fen: Option<&str>, variant: &str, movetext: &str) -> (u32, String, Why) {
    let replay = replay(fen, variant, movetext);
    let error = replay
        .error()
        .unwrap_or_else(|| panic!("{movetext} replayed"));
    (error.ply, error.token().to_owned(), error.why)
}

/// SP 105, QNRBBNKR: the king on g1 beside its h-rook.
const SP105: &str = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1";
/// The kings and rooks alone, free to castle either way: the king on b1 (b8), rooks a and h.
const OPEN: &str = "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1";

#[test]
fn chess960_castling_in_every_spelling_python_chess_reads() {
    let o_o = "1. Ng3 Ng6 2. ";
    for (white, black) in [
        ("O-O", "O-O"),
        ("0-0", "0-0"),
        ("O-O+", "0-0!?"),
        ("g1h1", "g8h8"),
    ] {
        let moves = played(Some(SP105), "Chess960", &format!("{o_o}{white} {black}"));
        assert_eq!(moves, "f1g3 f8g6 g1h1 g8h8", "{white} {black}");
    }
    // The king on b1 castles long onto its neighbour a1 (to c1, the rook to d1) and short
    // across the board.
    assert_eq!(played(Some(OPEN), "Chess960", "O-O-O O-O"), "b1a1 b8h8");
    assert_eq!(
        played(Some(OPEN), "Chess960", "0-0-0 0-0-0 Kb1"),
        "b1a1 b8a8 c1b1"
    );
    let two_squares = replay(Some(OPEN), "Chess960", "O-O O-O-O");
    assert_eq!(
        uci(&two_squares, UciCastling::KingTwoSquares),
        "b1h1 b8a8",
        "no e-file king"
    );
}

#[test]
fn a_king_onto_its_own_rook_in_san_is_illegal_as_in_python_chess() {
    for token in ["Kxh1", "Kh1", "Kg1h1"] {
        let movetext = format!("1. Ng3 Ng6 2. {token}");
        assert_eq!(
            refused(Some(SP105), "Chess960", &movetext),
            (3, token.to_owned(), Why::Illegal)
        );
    }
}

#[test]
fn standard_castling_also_as_the_kings_two_squares() {
    let opening = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4.";
    for castle in ["O-O", "0-0", "e1g1", "e1h1"] {
        let moves = played(None, "", &format!("{opening} {castle}"));
        assert!(moves.ends_with("f8c5 e1h1"), "{castle}: {moves}");
        let two = uci(
            &replay(None, "", &format!("{opening} {castle}")),
            UciCastling::KingTwoSquares,
        );
        assert!(two.ends_with("e1g1"), "{castle}: {two}");
    }
    // Under a Chess960 Variant, python-chess reads e1g1 as the king's move it is not.
    let refused_960 = refused(None, "Chess960", &format!("{opening} e1g1"));
    assert_eq!(refused_960, (7, "e1g1".to_owned(), Why::Illegal));
    assert!(played(None, "Chess960", &format!("{opening} e1h1")).ends_with("e1h1"));
    // Written as the king's move, it is no move: python-chess 1.11.2's parse_san and read_game
    // refuse `Kg1` ("illegal san"), in standard chess as in Chess960.
    for king in ["Kg1", "Ke1g1", "Ke1-g1"] {
        for variant in ["", "Chess960"] {
            let error = refused(None, variant, &format!("{opening} {king}"));
            assert_eq!(error, (7, king.to_owned(), Why::Illegal), "{variant}");
        }
    }
}

#[test]
fn an_en_passant_mark_is_dropped_as_python_chess_drops_it() {
    // python-chess 1.11.2's read_game plays e5d6 for each of these (its parse_san alone
    // refuses `exd6ep`: read_game's tokenizer has already cut the mark off).
    let opening = "1. e4 a6 2. e5 d5 3.";
    for capture in [
        "exd6",
        "exd6ep",
        "exd6e.p.",
        "exd6 e.p.",
        "exd6 ep",
        "exd6+ep",
        "exd6ep+",
        "e5d6ep",
    ] {
        let moves = played(None, "", &format!("{opening} {capture} Nc6"));
        assert_eq!(moves, "e2e4 a7a6 e4e5 d7d5 e5d6 b8c6", "{capture}");
    }
    // Only on a pawn's move, where en passant can be. python-chess's tokenizer skips whatever
    // follows a move in a word (`Nc3ep` is Nc3 to it, `exd6epp` exd6): here, as docs/cli.md
    // says, a word that is no move is an error.
    for word in ["Nc3ep", "ep5", "exd6epp"] {
        assert_eq!(read_word(word.as_bytes()), Word::Unreadable, "{word}");
    }
}

#[test]
fn castling_rights_as_the_fen_gives_them() {
    // X-FEN's K is the outermost rook on the king's h-side; Shredder names the file.
    let fen = |rights: &str| format!("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1RR w {rights} - 0 1");
    // With the h1 rook, the g1 rook stands where the king goes.
    assert_eq!(
        refused(Some(&fen("K")), "Chess960", "O-O"),
        (1, "O-O".into(), Why::Illegal)
    );
    assert_eq!(played(Some(&fen("G")), "Chess960", "O-O"), "e1g1");
    assert_eq!(played(Some(&fen("KQ")), "Chess960", "O-O-O"), "e1b1");
    assert_eq!(
        refused(Some(&fen("-")), "Chess960", "O-O"),
        (1, "O-O".into(), Why::Illegal)
    );
    // Letters that do not fit (a king's file, a file without a rook) give no right.
    assert_eq!(
        refused(Some(&fen("EF")), "Chess960", "O-O"),
        (1, "O-O".into(), Why::Illegal)
    );
    // Black's g8 rook is its outermost h-side rook: k castles with it.
    assert_eq!(played(Some(&fen("Kk")), "Chess960", "Kd1 O-O"), "e1d1 e8g8");
}

#[test]
fn each_broken_rule_is_named_with_its_ply_and_token() {
    let cases = [
        ("1. e4 e5 2. Ke3", 3, "Ke3", Why::Illegal),
        ("1. e4 e5 2. Nz9", 3, "Nz9", Why::Unreadable),
        ("1. e4 hello", 2, "hello", Why::Unreadable),
        (
            "1. e4 e5 2. d3 Bb4+ 3. Nd2 Nf6 4. Nb3",
            7,
            "Nb3",
            Why::Illegal,
        ),
        (
            "1. Nf3 d5 2. Nc3 e5 3. Nd4 Nf6 4. Nb5",
            7,
            "Nb5",
            Why::Ambiguous,
        ),
        (
            "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# Ke7",
            8,
            "Ke7",
            Why::Illegal,
        ),
        (
            "1. e4 d5 2. exd5 Qxd5 3. Qe2 Qe5 4. Qxe5 Nc6 5. Qa5 Qd8",
            10,
            "Qd8",
            Why::Illegal,
        ),
        (
            "1. d4 e5 2. d5 Bb4+ 3. c3 Bxc3+ 4. Nd2 Ba5 5. Nf3 Bxd2+ 6. --",
            11,
            "--",
            Why::NullInCheck,
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O-O",
            9,
            "O-O-O",
            Why::Illegal,
        ),
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. d3 Bc5 5. Bg5 O-O 6. Nbd2 Bxf2+ 7. O-O",
            13,
            "O-O",
            Why::Illegal,
        ),
        ("1. e4 e5 2. P@e3", 3, "P@e3", Why::Unreadable),
    ];
    for (movetext, ply, token, why) in cases {
        assert_eq!(
            refused(None, "", movetext),
            (ply, token.to_owned(), why),
            "{movetext}"
        );
    }
    let promote = "8/P6k/8/8/8/8/8/K7 w - - 0 40";
    assert_eq!(
        refused(Some(promote), "", "a8"),
        (1, "a8".into(), Why::NoPromotion)
    );
    assert_eq!(
        refused(Some(promote), "", "a7a8"),
        (1, "a7a8".into(), Why::NoPromotion)
    );
    for promotion in ["a8=Q", "a8Q", "a8=q", "a7a8q", "a7-a8=Q+"] {
        assert_eq!(played(Some(promote), "", promotion), "a7a8q", "{promotion}");
    }
    assert_eq!(played(Some(promote), "", "a8=N"), "a7a8n");
    assert_eq!(
        refused(Some(promote), "", "a8=K"),
        (1, "a8=K".into(), Why::Illegal)
    );
}

#[test]
fn an_error_says_where_and_why() {
    let replay = replay(
        Some("8/P6k/8/8/8/8/8/K7 b - - 0 40"),
        "",
        "40... Kg7 41. a8 *",
    );
    let error = replay.error().map(ToString::to_string);
    assert_eq!(
        error.as_deref(),
        Some("game 0, ply 2 (41. a8): a pawn reaching the last rank names no piece to become")
    );
    let bad_fen = self::replay(Some("8/8/8 w - - 0 1"), "", "e4");
    assert_eq!(
        bad_fen.error().map(ToString::to_string).as_deref(),
        Some("game 0, not replayed: the FEN tag is not a FEN")
    );
    let no_king = self::replay(Some("8/8/8/8/8/8/8/8 w - - 0 1"), "", "e4");
    assert_eq!(
        no_king.error().map(|e| e.why),
        Some(Why::Fen(super::BadFen::Position))
    );
}

#[test]
fn words_that_are_not_moves_are_skipped() {
    let movetext = "1.e4 $1 e5!? 2. Nf3+- {x} Nc6 ; y\n% z\n3.Bb5 (3. Bc4 Bc5) 3...a6 += 4. Bxc6 dxc6 e.p. \
        5. -- Z0 6. 0000 @@@@ 7. d4 1/2-1/2 exd4 *";
    let moves = played(None, "", movetext);
    assert_eq!(
        moves,
        "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 0000 0000 0000 0000 d2d4 e5d4"
    );
    let san: Vec<String> = replay(None, "", movetext)
        .san()
        .map(|mv| mv.to_string())
        .collect();
    assert_eq!(
        san.join(" "),
        "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 -- -- -- -- d4 exd4"
    );
}

#[test]
fn max_plies_stops_the_replay_without_error() {
    let mut replay = Replay::default().max_plies(3);
    replay.begin(0, None, "");
    replay.feed(b"1. e4 e5 2. Nf3 Nc6 3. Qx9 *");
    replay.finish();
    assert_eq!((replay.plies(), replay.error()), (3, None));
}

#[test]
fn san_words_are_read_as_python_chess_reads_them() {
    let sq = |f: File, r: Rank| Square::new(f, r);
    let normal = |piece, file, rank, to, promotion| {
        Word::Move(San::Normal {
            piece,
            file,
            rank,
            to,
            promotion,
        })
    };
    assert_eq!(
        read_word(b"Nbd7"),
        normal(
            Some(Piece::Knight),
            Some(File::B),
            None,
            sq(File::D, Rank::Seventh),
            None
        )
    );
    assert_eq!(
        read_word(b"12...exd8=Q+"),
        normal(
            None,
            Some(File::E),
            None,
            sq(File::D, Rank::Eighth),
            Some(Piece::Queen)
        )
    );
    assert_eq!(
        read_word(b"e8b"),
        normal(
            None,
            None,
            None,
            sq(File::E, Rank::Eighth),
            Some(Piece::Bishop)
        )
    );
    assert_eq!(
        read_word(b"R1a3"),
        normal(
            Some(Piece::Rook),
            None,
            Some(Rank::First),
            sq(File::A, Rank::Third),
            None
        )
    );
    assert_eq!(
        read_word(b"e2-e4"),
        normal(
            None,
            Some(File::E),
            Some(Rank::Second),
            sq(File::E, Rank::Fourth),
            None
        )
    );
    for skipped in [
        "12.", "12...", "12", "$14", "!?", "+-", "=", "1-0", "*", "1/2-1/2", "e.p.",
    ] {
        assert_eq!(read_word(skipped.as_bytes()), Word::Skip, "{skipped}");
    }
    for unreadable in ["Pe4", "e9", "Nf", "xe4e5", "Ke1=Q=Q", "O-O-O-O", "$1x"] {
        assert_eq!(
            read_word(unreadable.as_bytes()),
            Word::Unreadable,
            "{unreadable}"
        );
    }
}

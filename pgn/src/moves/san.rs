//! A word of movetext → what it is ([`Word`]): a move in SAN ([`San`]), as python-chess's
//! `parse_san` reads it (`O-O` or `0-0`, over-disambiguation, `e2e4`, `e8Q`, `--` …; and
//! `exd6ep` as its `read_game` does), or a word to skip (a move number, a result, a NAG, `!?`, `+-`), or none of these.

use cozy_chess::{File, Piece, Rank, Square};

/// A move as SAN writes it, before it is found on a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum San {
    /// `O-O` (`short`) or `O-O-O`, also with zeros.
    Castle { short: bool },
    /// `--`, `Z0`, `0000` or `@@@@`: the side to move passes.
    Null,
    /// A piece (none: a pawn, or a move given by both its squares) to a square, from the file
    /// and rank given, promoting to the piece given.
    Normal {
        piece: Option<Piece>,
        file: Option<File>,
        rank: Option<Rank>,
        to: Square,
        promotion: Option<Piece>,
    },
}

/// What a word of movetext is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Word {
    /// A move.
    Move(San),
    /// A move number, a result, a NAG, an annotation: nothing to play.
    Skip,
    /// Letters or digits that are none of these.
    Unreadable,
}

/// What `word` (no white space, comment or parenthesis in it) is.
pub(crate) fn read_word(word: &[u8]) -> Word {
    match word.first() {
        Some(b'a'..=b'h' | b'N' | b'B' | b'R' | b'Q' | b'K' | b'O') => read_move(word),
        Some(b'0'..=b'9') => numbered(word),
        _ => match word {
            b"--" | b"Z0" | b"@@@@" => Word::Move(San::Null),
            [b'$', digits @ ..] if !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) => {
                Word::Skip
            }
            // `*`, `!?`, `+-`, `=`, `$`: nothing to play.
            _ if !word.iter().any(u8::is_ascii_alphanumeric) => Word::Skip,
            _ => read_move(word),
        },
    }
}

/// A word that begins with a digit: a result, a move number (`12.`, `12...`, a bare `12`)
/// alone or before its move, castling with zeros, the null move `0000`.
fn numbered(word: &[u8]) -> Word {
    match word {
        b"1-0" | b"0-1" | b"1/2-1/2" => return Word::Skip,
        b"0000" => return Word::Move(San::Null),
        _ => {}
    }
    let digits = word.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = word.get(digits..).unwrap_or_default();
    let dots = rest.iter().take_while(|&&b| b == b'.').count();
    match (dots, rest.get(dots..).unwrap_or_default()) {
        (0, []) => Word::Skip,
        (0, _) => read_move(word),
        (_, []) => Word::Skip,
        (_, after) => read_word(after),
    }
}

/// A move, its check, mate and annotation marks dropped, and a pawn's move with an en
/// passant mark written onto it (`exd6ep`, `exd6e.p.+`), which python-chess's `read_game`
/// drops as it drops the mark written apart (`exd6 e.p.`).
fn read_move(word: &[u8]) -> Word {
    let san = without_marks(word);
    if let Some(san) = read_san(san) {
        return Word::Move(san);
    }
    let en_passant = san
        .strip_suffix(b"e.p.")
        .or_else(|| san.strip_suffix(b"ep"))
        .and_then(|san| read_san(without_marks(san)))
        .filter(|san| matches!(san, San::Normal { piece: None, .. }));
    match en_passant {
        Some(san) => Word::Move(san),
        None if matches!(word, b"e.p." | b"ep") => Word::Skip,
        None => Word::Unreadable,
    }
}

/// `word` without the check, mate and annotation marks at its end.
fn without_marks(word: &[u8]) -> &[u8] {
    let marks = word
        .iter()
        .rev()
        .take_while(|b| matches!(b, b'+' | b'#' | b'!' | b'?' | b'=' | b'-' | b'/'))
        .count();
    word.get(..word.len() - marks).unwrap_or_default()
}

/// SAN without its marks, as python-chess's `SAN_REGEX` reads it:
/// `([NBKRQ])?([a-h])?([1-8])?[-x]?([a-h][1-8])(=?[nbrqkNBRQK])?`, or castling.
fn read_san(san: &[u8]) -> Option<San> {
    match san {
        b"O-O" | b"0-0" => return Some(San::Castle { short: true }),
        b"O-O-O" | b"0-0-0" => return Some(San::Castle { short: false }),
        _ => {}
    }
    // Read from the end: each part is of a class the part before cannot be.
    let (rest, promotion) = match san {
        [head @ .., b'=', letter] => (head, Some(promotion_piece(*letter)?)),
        [.., b'1'..=b'8', letter] if letter.is_ascii_alphabetic() => {
            (san.get(..san.len() - 1)?, Some(promotion_piece(*letter)?))
        }
        _ => (san, None),
    };
    let [head @ .., to_file, to_rank] = rest else {
        return None;
    };
    let to = Square::new(file(*to_file)?, rank(*to_rank)?);
    let mut rest = head;
    if let [head @ .., b'-' | b'x'] = rest {
        rest = head;
    }
    let mut from_rank = None;
    if let [head @ .., r @ b'1'..=b'8'] = rest {
        from_rank = rank(*r);
        rest = head;
    }
    let mut from_file = None;
    if let [head @ .., f @ b'a'..=b'h'] = rest {
        from_file = file(*f);
        rest = head;
    }
    let piece = match rest {
        [] => None,
        [letter] => Some(piece(*letter)?),
        _ => return None,
    };
    Some(San::Normal {
        piece,
        file: from_file,
        rank: from_rank,
        to,
        promotion,
    })
}

fn promotion_piece(letter: u8) -> Option<Piece> {
    match letter.to_ascii_uppercase() {
        b'K' => Some(Piece::King),
        upper => piece(upper),
    }
}

fn piece(letter: u8) -> Option<Piece> {
    match letter {
        b'N' => Some(Piece::Knight),
        b'B' => Some(Piece::Bishop),
        b'R' => Some(Piece::Rook),
        b'Q' => Some(Piece::Queen),
        b'K' => Some(Piece::King),
        _ => None,
    }
}

fn file(letter: u8) -> Option<File> {
    File::try_index(usize::from(letter.checked_sub(b'a')?))
}

fn rank(digit: u8) -> Option<Rank> {
    Rank::try_index(usize::from(digit.checked_sub(b'1')?))
}

//! A game's FEN tag → the board its moves are played on, as python-chess sets it up
//! (`Board(fen, chess960=…)`): up to six fields (the missing ones `w - - 0 1`), castling in
//! X-FEN (`KQkq`: the outermost rook on that side, else the corner) or Shredder letters
//! (`HAha`, in either order), and only the rights a rook and king on the back rank can have
//! (the outermost rook on each side of the king) kept. Whether the game is standard chess
//! decides the spelling of castling python-chess also reads there (`e1g1`).

use std::fmt;

use cozy_chess::{Board, BoardBuilder, Color, File, Piece, Rank, Square};

/// The board a game's FEN tag sets up (the standard start without one), and whether its
/// castling rights are ones only Chess960 has: read once per distinct FEN (by the readers'
/// FEN cache), whatever the game's Variant tag.
#[derive(Clone, Debug, Default)]
pub struct Setup {
    /// The position the FEN sets up.
    pub board: Board,
    chess960: bool,
}

impl Setup {
    /// The board `fen` sets up, as python-chess reads it.
    pub fn read(fen: &str) -> Result<Setup, BadFen> {
        board(fen).map(|board| Setup {
            chess960: needs_chess960(&board),
            board,
        })
    }

    /// Whether python-chess plays it as standard chess under the Variant tag `variant` (empty
    /// if none): not under a Chess960 tag, and with standard chess's castling rights.
    pub(crate) fn standard(&self, variant: &str) -> bool {
        !self.chess960 && !is_chess960(variant)
    }
}

/// Why a FEN tag gives no board to play on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum BadFen {
    /// A field is not FEN (placement, side to move, castling, en passant square, clocks), or
    /// there are more than six.
    Syntax,
    /// The FEN is well formed but no position to play: not one king a side, pawns on the
    /// first or last rank, the side not to move in check.
    Position,
}

impl fmt::Display for BadFen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BadFen::Syntax => "the FEN tag is not a FEN",
            BadFen::Position => "the FEN tag is not a position that can be played",
        })
    }
}

impl std::error::Error for BadFen {}

/// python-chess's `Headers.is_chess960`.
fn is_chess960(variant: &str) -> bool {
    let names = [
        "chess960",
        "chess 960",
        "fischerandom",
        "fischerrandom",
        "fischer random",
    ];
    names.iter().any(|name| variant.eq_ignore_ascii_case(name))
}

/// Whether a castling right is not standard chess's (a rook off its corner, a king off e1).
fn needs_chess960(board: &Board) -> bool {
    Color::ALL.iter().any(|&color| {
        let rights = board.castle_rights(color);
        let any = rights.short.is_some() || rights.long.is_some();
        any && (board.king(color).file() != File::E
            || rights.short.is_some_and(|f| f != File::H)
            || rights.long.is_some_and(|f| f != File::A))
    })
}

fn board(fen: &str) -> Result<Board, BadFen> {
    let mut fields = fen.split_ascii_whitespace();
    let placement = fields.next().ok_or(BadFen::Syntax)?;
    let turn = fields.next().unwrap_or("w");
    let castling = fields.next().unwrap_or("-");
    let en_passant = fields.next().unwrap_or("-");
    let clocks = [fields.next().unwrap_or("0"), fields.next().unwrap_or("1")];
    if fields.next().is_some() || !matches!(turn, "w" | "b") || !placement_ok(placement) {
        return Err(BadFen::Syntax);
    }
    let [halfmove, fullmove] = clocks.map(|clock| clock.parse::<u32>().map_err(|_| BadFen::Syntax));
    let (halfmove, fullmove) = (halfmove?, fullmove?);
    let bare = format!("{placement} {turn} - - 0 1");
    let board = Board::from_fen(&bare, false).map_err(|_| BadFen::Position)?;
    let mut builder = BoardBuilder::from_board(&board);
    for (color, rights) in castling_rights(&board, castling)? {
        *builder.castle_rights_mut(color) = rights;
    }
    builder.halfmove_clock = u8::try_from(halfmove.min(100)).unwrap_or(100);
    builder.fullmove_number = u16::try_from(fullmove.max(1)).unwrap_or(u16::MAX);
    if en_passant != "-" {
        let square: Square = en_passant.parse().map_err(|_| BadFen::Syntax)?;
        builder.en_passant = Some(square);
        // python-chess keeps any square; one no capture can use changes nothing.
        if let Ok(board) = builder.build() {
            return Ok(board);
        }
        builder.en_passant = None;
    }
    builder.build().map_err(|_| BadFen::Position)
}

/// Eight ranks of eight squares, in piece letters and digits.
fn placement_ok(placement: &str) -> bool {
    let ranks: Vec<&str> = placement.split('/').collect();
    ranks.len() == 8
        && ranks.iter().all(|rank| {
            let mut squares = 0;
            rank.bytes().all(|b| {
                squares += match b {
                    b'1'..=b'8' => u32::from(b - b'0'),
                    b'p' | b'n' | b'b' | b'r' | b'q' | b'k' => 1,
                    b'P' | b'N' | b'B' | b'R' | b'Q' | b'K' => 1,
                    _ => return false,
                };
                true
            }) && squares == 8
        })
}

/// The castling rights the FEN's letters give, cleaned as python-chess cleans them.
fn castling_rights(
    board: &Board,
    letters: &str,
) -> Result<[(Color, cozy_chess::CastleRights); 2], BadFen> {
    let (white, black) = match letters {
        "-" => ("", ""),
        _ => letters.split_at(letters.bytes().take_while(u8::is_ascii_uppercase).count()),
    };
    let ok =
        |side: &str, letters: &[u8]| side.len() <= 2 && side.bytes().all(|b| letters.contains(&b));
    if !ok(white, b"KQABCDEFGH") || !ok(black, b"kqabcdefgh") || letters.is_empty() {
        return Err(BadFen::Syntax);
    }
    Ok([(Color::White, white), (Color::Black, black)]
        .map(|(color, side)| (color, rights(board, color, side))))
}

/// One side's rights from its letters: python-chess's `_set_castling_fen`, then
/// `clean_castling_rights` (Chess960's, which standard chess's never keeps more than).
fn rights(board: &Board, color: Color, letters: &str) -> cozy_chess::CastleRights {
    let back = Rank::First.relative_to(color);
    let rooks = board.colored_pieces(color, Piece::Rook) & back.bitboard();
    let king = board.king(color);
    let king_home = king.rank() == back;
    let mut files = 0u8;
    for letter in letters.bytes().map(|b| b.to_ascii_lowercase()) {
        let lowest = rooks.into_iter().next().map(Square::file);
        let highest = rooks.into_iter().last().map(Square::file);
        let file = match letter {
            b'q' => match lowest {
                Some(rook) if king_home && rook < king.file() => rook,
                _ => File::A,
            },
            b'k' => match highest {
                Some(rook) if king_home && king.file() < rook => rook,
                _ => File::H,
            },
            other => match File::try_index(usize::from(other.wrapping_sub(b'a'))) {
                Some(file) => file,
                None => continue,
            },
        };
        files |= 1 << file as u8;
    }
    let kept: Vec<File> = File::ALL
        .into_iter()
        .filter(|&file| files & (1 << file as u8) != 0 && rooks.has(Square::new(file, back)))
        .collect();
    let mut rights = cozy_chess::CastleRights::EMPTY;
    if king_home {
        rights.long = kept.first().copied().filter(|&rook| rook < king.file());
        rights.short = kept.last().copied().filter(|&rook| king.file() < rook);
    }
    rights
}

//! A game's start and movetext → its mainline as legal moves ([`Replay`]): each word read as
//! SAN and found on the board, until the movetext ends, a move cannot be played (the
//! [`MoveError`]) or the plies asked for are played.

use cozy_chess::{Board, Color, Move, Piece, Square};

use super::error::{MAX_PLIES, MoveError, Why};
use super::resolve::{Miss, resolve};
use super::san::{San, Word, read_word};
use super::start::{BadFen, Setup};
use super::uci::{UciCastling, uci};
use super::words::Words;
use super::write_san::{SanMove, san};

/// A null move, kept among the moves (no real move goes from a square to itself).
const NULL: Played = Played {
    mv: Move {
        from: Square::A1,
        to: Square::A1,
        promotion: None,
    },
    castles: false,
};

/// A move replayed, and whether it castles (the king onto its own rook): all that its UCI
/// needs, without the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Played {
    mv: Move,
    castles: bool,
}

/// One game's mainline, replayed from its start as its movetext is fed, in chunks of any
/// size; buffers are kept from game to game, so that replaying allocates nothing per move.
///
/// ```
/// use chess960_pgn::moves::{Replay, UciCastling};
///
/// let mut replay = Replay::default();
/// replay.begin(7, Some("qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1"), "Chess960");
/// replay.feed(b"1. Ng3 Ng6 2. O-");
/// replay.feed(b"O O-O 3. Kxf1 *\n");
/// replay.finish();
/// let uci: Vec<String> = replay.uci(UciCastling::KingTakesRook).map(|mv| mv.to_string()).collect();
/// assert_eq!(uci, ["f1g3", "f8g6", "g1h1", "g8h8"]);
/// assert_eq!(replay.error().unwrap().to_string(), "game 7, ply 5 (3. Kxf1): no legal move is Kxf1");
/// ```
#[derive(Clone, Debug)]
pub struct Replay {
    start: Board,
    board: Board,
    standard: bool,
    moves: Vec<Played>,
    error: Option<MoveError>,
    words: Words,
    max_plies: u32,
    game: u64,
    done: bool,
}

impl Default for Replay {
    /// A replay of game 0 from the standard start.
    fn default() -> Replay {
        Replay {
            start: Board::default(),
            board: Board::default(),
            standard: true,
            moves: Vec::new(),
            error: None,
            words: Words::new(),
            max_plies: MAX_PLIES,
            game: 0,
            done: false,
        }
    }
}

impl Replay {
    /// Replays at most `plies` plies of each game: the rest of the movetext is skipped.
    ///
    /// ```
    /// use chess960_pgn::moves::Replay;
    ///
    /// let replay = Replay::default().max_plies(2);
    /// # let _ = replay;
    /// ```
    #[must_use]
    pub fn max_plies(self, plies: u32) -> Replay {
        Replay {
            max_plies: plies.min(MAX_PLIES),
            ..self
        }
    }

    /// Begins game number `game` (for its errors) from the position of its FEN tag (none: the
    /// standard start), under its Variant tag (empty if none): python-chess's rules for
    /// castling rights and for which spellings of castling standard chess also reads. The FEN
    /// is read on each call; `read_games` reads each distinct FEN of its input once.
    pub fn begin(&mut self, game: u64, fen: Option<&str>, variant: &str) {
        let setup = fen.map_or_else(|| Ok(Setup::default()), Setup::read);
        self.begin_from(game, setup, fen.unwrap_or_default().as_bytes(), variant);
    }

    /// Begins game number `game` from `setup`, the board its FEN tag `fen` (empty if none)
    /// sets up, or why it sets up none; `variant`: its Variant tag.
    pub(crate) fn begin_from(
        &mut self,
        game: u64,
        setup: Result<Setup, BadFen>,
        fen: &[u8],
        variant: &str,
    ) {
        self.reset(game);
        match setup {
            Ok(setup) => {
                self.standard = setup.standard(variant);
                self.start = setup.board.clone();
                self.board = setup.board;
            }
            Err(bad) => self.refuse(fen, Why::Fen(bad)),
        }
    }

    /// Begins game number `game` that is not replayed: of another variant (`token`, its
    /// Variant tag) or with tags that could not be read.
    pub(crate) fn refuse_game(&mut self, game: u64, token: &[u8], why: Why) {
        self.reset(game);
        self.refuse(token, why);
    }

    fn reset(&mut self, game: u64) {
        self.game = game;
        self.moves.clear();
        self.error = None;
        self.words = Words::new();
        self.done = self.max_plies == 0;
    }

    fn refuse(&mut self, token: &[u8], why: Why) {
        self.error = Some(MoveError::new(self.game, 0, 0, true, token, why));
        self.done = true;
    }

    /// The next bytes of the game's movetext.
    pub fn feed(&mut self, bytes: &[u8]) {
        if self.done {
            return;
        }
        let mut words = std::mem::take(&mut self.words);
        words.feed(bytes, &mut |word, long| self.word(word, long));
        self.words = words;
    }

    /// The movetext has ended.
    pub fn finish(&mut self) {
        if !self.done {
            let mut words = std::mem::take(&mut self.words);
            words.finish(&mut |word, long| self.word(word, long));
            self.done = true;
        }
    }

    /// Plays `word` (with `Some(whether it has a letter or digit)` if it is longer than it is
    /// given); whether to go on.
    fn word(&mut self, word: &[u8], long: Option<bool>) -> bool {
        let read = match long {
            Some(true) => Word::Unreadable,
            Some(false) => Word::Skip,
            None => read_word(word),
        };
        let san = match read {
            Word::Skip => return true,
            Word::Unreadable => return self.fail(word, Why::Unreadable),
            Word::Move(san) => san,
        };
        if self.moves.len() >= MAX_PLIES as usize {
            return self.fail(word, Why::TooLong);
        }
        if san == San::Null {
            match self.board.null_move() {
                Some(after) => self.board = after,
                None => return self.fail(word, Why::NullInCheck),
            }
            self.moves.push(NULL);
        } else {
            match resolve(&self.board, san, self.standard) {
                Ok(mv) => {
                    let us = self.board.side_to_move();
                    let onto_rook = self.board.colored_pieces(us, Piece::Rook).has(mv.to);
                    let castles = onto_rook && self.board.king(us) == mv.from;
                    self.board.play_unchecked(mv);
                    self.moves.push(Played { mv, castles });
                }
                Err(Miss::Illegal) => return self.fail(word, Why::Illegal),
                Err(Miss::Ambiguous) => return self.fail(word, Why::Ambiguous),
                Err(Miss::NoPromotion) => return self.fail(word, Why::NoPromotion),
            }
        }
        if self.moves.len() >= self.max_plies as usize {
            self.done = true;
        }
        !self.done
    }

    fn fail(&mut self, word: &[u8], why: Why) -> bool {
        let ply = u32::try_from(self.moves.len() + 1).unwrap_or(u32::MAX);
        let white = self.board.side_to_move() == Color::White;
        let fullmove = u32::from(self.board.fullmove_number());
        self.error = Some(MoveError::new(self.game, ply, fullmove, white, word, why));
        self.done = true;
        false
    }

    /// The position the game starts from as a Shredder-FEN (castling rights by the rooks'
    /// files, which no Chess960 start makes ambiguous).
    ///
    /// ```
    /// use chess960_pgn::moves::Replay;
    ///
    /// let replay = Replay::of_pgn(b"[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n1. g3 *");
    /// assert_eq!(replay.start_fen(), "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
    /// ```
    pub fn start_fen(&self) -> String {
        format!("{:#}", self.start)
    }

    /// The plies replayed.
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// Why not every move was replayed, if so (reaching [`Replay::max_plies`] is no error).
    pub fn error(&self) -> Option<&MoveError> {
        self.error.as_ref()
    }

    /// The moves replayed, in UCI, castling spelled as `castling` says.
    pub fn uci(&self, castling: UciCastling) -> impl Iterator<Item = chess960::UciMove> + '_ {
        self.moves
            .iter()
            .map(move |played| uci(played.mv, played.castles, castling))
    }

    /// The moves replayed, in canonical SAN.
    pub fn san(&self) -> impl Iterator<Item = SanMove> + '_ {
        self.boards()
            .map(|(board, mv, after)| san(&board, mv, &after))
    }

    /// The board the moves are played from.
    pub fn start_board(&self) -> &Board {
        &self.start
    }

    /// Each move with the board before it, from the start, until `visit` says to stop or a
    /// null move (after which the boards are no chess positions).
    pub fn walk(&self, mut visit: impl FnMut(&Board, Move) -> bool) {
        let mut board = self.start.clone();
        for played in &self.moves {
            if *played == NULL || !visit(&board, played.mv) {
                return;
            }
            board.play_unchecked(played.mv);
        }
    }

    /// Each move with the board before and after it.
    fn boards(&self) -> impl Iterator<Item = (Board, Move, Board)> + '_ {
        self.moves
            .iter()
            .scan(self.start.clone(), |board, &played| {
                let (before, mv) = (board.clone(), played.mv);
                if played == NULL {
                    *board = board.null_move().unwrap_or_else(|| board.clone());
                } else {
                    board.play_unchecked(mv);
                }
                Some((before, mv, board.clone()))
            })
    }
}

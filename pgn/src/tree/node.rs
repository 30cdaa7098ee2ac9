//! The tree's counts → the nodes people read ([`Node`]): each position's FEN, its moves in
//! UCI and SAN with their counts, most played first, and the games kept with it.

use chess960::{DoubleStartingPosition, UciMove};
use cozy_chess::{Board, Move};

use super::counts::MoveCounts;
use super::edges::Edge;
use super::games::{GameRef, NodeGames};
use super::key::epd;
use crate::details::Mode;
use crate::filter::{Month, Speed};
use crate::moves::{SanMove, UciCastling, san, uci};
use crate::outcome::Outcome;

/// A position of a start's tree, as lichess's explorer gives one: how the games that reached
/// it ended (the sums of its moves'), each move played there, and the games kept with it.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Node {
    /// The start.
    pub start: DoubleStartingPosition,
    /// Its key as text: the FEN's first four fields (pieces, side to move, castling by the
    /// rooks' files, en passant only where a capture is legal).
    pub fen: String,
    /// Games White won.
    pub white: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games Black won.
    pub black: u64,
    /// The moves played there, most played first (then by UCI).
    pub moves: Vec<NodeMove>,
    /// Moves games played there before they came back to it: not counted here (a game
    /// counts at its last move from a position, as lichess counts it), listed because the
    /// positions after them hold games.
    pub through: Vec<NodeMove>,
    /// Its highest-rated games (both players' Elo averaged), as many as the plan keeps.
    pub top_games: Vec<NodeGame>,
    /// Its most recent games (by month, then the later in the inputs), as many as the plan
    /// keeps.
    pub recent_games: Vec<NodeGame>,
    /// The position, to step to its children ([`Tree::children`](super::Tree::children)).
    pub(crate) board: Board,
}

impl Node {
    /// The games that reached it.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960_pgn::{Input, Options, tree::{Plan, Tree}};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n\n[Variant \"Chess960\"]\n\n1. e4 c5 0-1\n";
    /// let sp = StartingPosition::STANDARD.into();
    /// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &Plan::starts(vec![sp]))?;
    /// assert_eq!(tree.node(sp, &["e2e4"])?.games(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn games(&self) -> u64 {
        self.white + self.draws + self.black
    }
}

/// A move played from a node.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct NodeMove {
    /// In UCI, castling as the king taking its rook (lichess's and UCI_Chess960's).
    pub uci: UciMove,
    /// In SAN.
    pub san: SanMove,
    /// The FEN's first four fields after it: the node it leads to.
    pub fen_after: String,
    /// Its games.
    pub counts: MoveCounts,
    /// Its game, when exactly one game played it and the plan keeps games (lichess's
    /// `game`).
    pub game: Option<NodeGame>,
}

/// A game kept with a node: who played it, how it ended, and where it is in the input.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct NodeGame {
    /// The move it played there, in UCI.
    pub uci: UciMove,
    /// Its lichess id, when its `Site` tag is a lichess game's address.
    pub lichess_id: Option<String>,
    /// Its id in the store it was read from, when it is not lichess's: an explorer index's
    /// (`chess960_explorer`: made from what identifies the game, so that its PGN can be
    /// asked for by it); `None` in a tree, whose games are told by their input and number.
    pub id: Option<String>,
    /// White's and Black's names (`White`, `Black` tags).
    pub players: [String; 2],
    /// White's and Black's Elo.
    pub elo: [Option<u32>; 2],
    /// How it ended.
    pub outcome: Outcome,
    /// Its speed, from its `TimeControl` tag.
    pub speed: Option<Speed>,
    /// Rated or casual, from its `Event` tag.
    pub mode: Option<Mode>,
    /// When it was played (`UTCDate`, else `Date`).
    pub month: Option<Month>,
    /// Which input (from 0, in the order given).
    pub file: usize,
    /// Its number in that input, from 0.
    pub number: u64,
    /// The byte offset of its first line in the (decompressed) input.
    pub offset: u64,
}

impl NodeMove {
    /// `mv` played on `board`, with its games: the move as every explorer lists it (its UCI,
    /// castling as the king taking its rook; its SAN; the position it leads to), and the
    /// board after it, for what the caller looks up there.
    ///
    /// ```
    /// use chess960_pgn::tree::{MoveCounts, NodeMove};
    ///
    /// let board = cozy_chess::Board::default();
    /// let e4 = "e2e4".parse().unwrap();
    /// let (mv, after) = NodeMove::play(&board, e4, MoveCounts::default(), None);
    /// assert_eq!((mv.uci.to_string(), mv.san.as_str()), ("e2e4".to_owned(), "e4"));
    /// assert_eq!(mv.fen_after, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha -");
    /// assert_eq!(after.side_to_move(), cozy_chess::Color::Black);
    /// ```
    pub fn play(
        board: &Board,
        mv: Move,
        counts: MoveCounts,
        game: Option<NodeGame>,
    ) -> (NodeMove, Board) {
        let mut after = board.clone();
        after.play_unchecked(mv);
        let node_move = NodeMove {
            uci: uci(mv, false, UciCastling::KingTakesRook),
            san: san(board, mv, &after),
            fen_after: epd(&after),
            counts,
            game,
        };
        (node_move, after)
    }

    /// The order every explorer lists a node's moves in: most played first, then by UCI.
    /// Each move's UCI text is written once, not twice a comparison.
    ///
    /// ```
    /// use chess960_pgn::tree::{MoveCounts, NodeMove};
    ///
    /// let board = cozy_chess::Board::default();
    /// let once = MoveCounts { white: 1, ..MoveCounts::default() };
    /// let twice = MoveCounts { draws: 2, ..MoveCounts::default() };
    /// let played = |uci: &str, counts| NodeMove::play(&board, uci.parse().unwrap(), counts, None).0;
    /// let mut moves = vec![played("g1f3", once), played("e2e4", once), played("d2d4", twice)];
    /// NodeMove::sort(&mut moves, |mv| mv);
    /// let order: Vec<_> = moves.iter().map(|mv| mv.san.to_string()).collect();
    /// assert_eq!(order, ["d4", "e4", "Nf3"]);
    /// ```
    pub fn sort<T>(moves: &mut [T], node_move: impl Fn(&T) -> &NodeMove) {
        moves.sort_by_cached_key(|item| {
            let mv = node_move(item);
            (std::cmp::Reverse(mv.counts.games()), mv.uci.to_string())
        });
    }
}

impl NodeGame {
    /// A game that played `uci` and ended in `outcome`, nothing else known of it (no
    /// players, ratings, speed, mode or month; the first game of the first input): the
    /// fields are public, for a store that knows more to fill in.
    ///
    /// ```
    /// use chess960_pgn::{Outcome, tree::NodeGame};
    ///
    /// let game = NodeGame::new("e2e4".parse()?, Outcome::Draw);
    /// assert_eq!((game.outcome, game.lichess_id), (Outcome::Draw, None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(uci: UciMove, outcome: Outcome) -> NodeGame {
        NodeGame {
            uci,
            lichess_id: None,
            id: None,
            players: Default::default(),
            elo: [None; 2],
            outcome,
            speed: None,
            mode: None,
            month: None,
            file: 0,
            number: 0,
            offset: 0,
        }
    }
}

impl From<&GameRef> for NodeGame {
    fn from(game: &GameRef) -> NodeGame {
        NodeGame {
            uci: uci(game.mv, false, UciCastling::KingTakesRook),
            lichess_id: game.who.lichess_id.clone(),
            id: None,
            players: game.who.players.clone(),
            elo: game.elo,
            outcome: game.outcome,
            speed: game.speed,
            mode: game.mode,
            month: game.month,
            file: game.file,
            number: game.number,
            offset: game.offset,
        }
    }
}

/// The node of `board`, and the boards its moves (counted, then passed through) lead to.
pub(crate) fn node(
    start: DoubleStartingPosition,
    board: &Board,
    edges: &[Edge],
    games: Option<&NodeGames>,
) -> (Node, Vec<Board>) {
    let mut played: Vec<(NodeMove, Board)> = edges
        .iter()
        .map(|edge| {
            let (mv, counts) = (edge.mv, edge.counts());
            let game = games
                .filter(|_| counts.games() == 1)
                .and_then(|games| games.latest.iter().find(|game| game.mv == mv))
                .map(NodeGame::from);
            NodeMove::play(board, mv, counts, game)
        })
        .collect();
    NodeMove::sort(&mut played, |(mv, _)| mv);
    let children = played.iter().map(|(_, after)| after.clone()).collect();
    let (moves, through): (Vec<NodeMove>, Vec<NodeMove>) = played
        .into_iter()
        .map(|(mv, _)| mv)
        .partition(|mv| mv.counts.games() > 0);
    let sum = |of: fn(&MoveCounts) -> u64| moves.iter().map(|m| of(&m.counts)).sum::<u64>();
    let list = |games: &[GameRef]| games.iter().map(NodeGame::from).collect();
    let node = Node {
        start,
        fen: epd(board),
        white: sum(|c| c.white),
        draws: sum(|c| c.draws),
        black: sum(|c| c.black),
        top_games: games.map_or_else(Vec::new, |g| list(&g.top)),
        recent_games: games.map_or_else(Vec::new, |g| list(&g.recent)),
        moves,
        through,
        board: board.clone(),
    };
    (node, children)
}

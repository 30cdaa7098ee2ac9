//! A tree asked for its nodes: one reached by moves ([`Tree::node`]), a start's roots
//! ([`Tree::roots`]), every node of a start ([`Tree::nodes`]), a node's children
//! ([`Tree::children`]). `chess960-explorer`'s `Explorer` trait answers lichess's queries
//! from a tree as from an index on disk.

use std::collections::{HashSet, VecDeque};

use chess960::DoubleStartingPosition;
use cozy_chess::Board;

use super::edges::Moves;
use super::frozen::Tree;
use super::key::key;
use super::node::{Node, node};
use super::plan::STARTS;
use super::play::{PlayError, play, root};

impl Tree {
    /// The node reached from `start` by `moves` (UCI, as [`Plan::at`](super::Plan::at)
    /// reads them), with the counts of every game that reached it (none if none did, or it
    /// was pruned).
    ///
    /// # Errors
    ///
    /// The first move that is not UCI or not legal there.
    pub fn node(
        &self,
        start: DoubleStartingPosition,
        moves: &[impl AsRef<str>],
    ) -> Result<Node, PlayError> {
        Ok(self.node_of(start, &play(start, moves)?).0)
    }

    /// The node of `board`, a position of `start`'s tree (reached from it by moves already
    /// played), with the counts of every game that reached it.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960_pgn::{Input, Options, tree::{Plan, Tree, play_uci, root}};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n";
    /// let sp = StartingPosition::STANDARD.into();
    /// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &Plan::starts(vec![sp]))?;
    /// let board = play_uci(root(sp), &["e2e4".parse()?])?;
    /// assert_eq!(tree.node_at(sp, &board), tree.node(sp, &["e2e4"])?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn node_at(&self, start: DoubleStartingPosition, board: &Board) -> Node {
        self.node_of(start, board).0
    }

    /// The start's roots: its own position, then each position its games began at with
    /// fewer castling rights (a "no castling" event), by FEN; the first even without games.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960_pgn::{Input, Options, tree::{Plan, Tree}};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n\n1. e4 1-0\n";
    /// let sp = StartingPosition::STANDARD.into();
    /// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &Plan::starts(vec![sp]))?;
    /// let roots: Vec<_> = tree.roots(sp).map(|root| (root.fen, root.white)).collect();
    /// assert_eq!(roots[0], ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha -".to_owned(), 0));
    /// assert_eq!(roots[1], ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -".to_owned(), 1));
    /// assert_eq!(tree.summary().fewer_castling, 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn roots(&self, start: DoubleStartingPosition) -> impl Iterator<Item = Node> + '_ {
        self.root_boards(start)
            .into_iter()
            .map(move |board| self.node_of(start, &board).0)
    }

    /// Every node kept of `start`'s tree that its roots reach through kept nodes, by the
    /// moves counted there or passed through ([`Node::through`]), breadth first, each once:
    /// every node that holds games, unless a pruned node stands between it and the roots.
    pub fn nodes(&self, start: DoubleStartingPosition) -> impl Iterator<Item = Node> + '_ {
        self.breadth_first(start, self.root_boards(start))
    }

    /// Every node kept that `root` reaches through kept nodes, as [`Tree::nodes`] walks
    /// them, `root` first if it is kept: the tree of one of a start's roots.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960_pgn::{Input, Options, tree::{Plan, Tree}};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n\n1. e4 e5 1-0\n\n\
    ///            [Variant \"Chess960\"]\n\n1. d4 d5 1-0\n";
    /// let sp = StartingPosition::STANDARD.into();
    /// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &Plan::starts(vec![sp]))?;
    /// let roots: Vec<_> = tree.roots(sp).collect();
    /// assert_eq!(tree.nodes_from(&roots[0]).count() + tree.nodes_from(&roots[1]).count(), tree.nodes(sp).count());
    /// assert_eq!(tree.nodes_from(&roots[1]).count(), 2); // before 1. e4 and before 1... e5
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn nodes_from<'a>(&'a self, root: &Node) -> impl Iterator<Item = Node> + 'a {
        self.breadth_first(root.start, vec![root.board.clone()])
    }

    /// The nodes kept that `roots` reach through kept nodes, breadth first, each once.
    fn breadth_first(
        &self,
        start: DoubleStartingPosition,
        roots: Vec<Board>,
    ) -> impl Iterator<Item = Node> + '_ {
        let number = STARTS.number(start);
        let mut seen = HashSet::new();
        let mut queue = VecDeque::from(roots);
        std::iter::from_fn(move || {
            loop {
                let board = queue.pop_front()?;
                let here = key(&board, number);
                if !self.nodes.contains_key(&here) || !seen.insert(here) {
                    continue;
                }
                let (node, children) = self.node_of(start, &board);
                queue.extend(children);
                return Some(node);
            }
        })
    }

    /// The nodes `node`'s moves lead to (counted, then passed through), in its moves'
    /// order: a step down the tree without replaying from the root.
    ///
    /// ```
    /// use chess960::StartingPosition;
    /// use chess960_pgn::{Input, Options, tree::{Plan, Tree}};
    ///
    /// let pgn = "[Variant \"Chess960\"]\n\n1. e4 e5 1-0\n\n[Variant \"Chess960\"]\n\n1. d4 d5 0-1\n";
    /// let sp = StartingPosition::STANDARD.into();
    /// let tree = Tree::read(&mut Input::from_reader(pgn.as_bytes()), &Options::default(), &Plan::starts(vec![sp]))?;
    /// let root = tree.node(sp, &[] as &[&str])?;
    /// let after: Vec<_> = tree.children(&root).map(|child| child.moves[0].san.to_string()).collect();
    /// assert_eq!(after, ["d5", "e5"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn children<'a>(&'a self, node: &'a Node) -> impl Iterator<Item = Node> + 'a {
        node.moves.iter().chain(&node.through).map(move |mv| {
            let mut board = node.board.clone();
            // A node's moves are spelled as cozy-chess spells them (castling as the king
            // taking its rook), so each reads back as the move it was, without a search.
            let played = mv.uci.to_string().parse::<cozy_chess::Move>().ok();
            if let Some(played) = played.filter(|&played| board.is_legal(played)) {
                board.play_unchecked(played);
            }
            self.node_of(node.start, &board).0
        })
    }

    /// The node of `board` in `start`'s tree, and the boards its moves lead to.
    fn node_of(&self, start: DoubleStartingPosition, board: &Board) -> (Node, Vec<Board>) {
        let here = key(board, STARTS.number(start));
        let edges = self.nodes.get(&here).map_or(&[][..], Moves::edges);
        node(start, board, edges, self.games.get(&here))
    }

    /// The boards of the start's roots: its own, then those its games began at.
    fn root_boards(&self, start: DoubleStartingPosition) -> Vec<Board> {
        let mut boards = vec![root(start)];
        if let Some(others) = self.other_roots.get(&STARTS.number(start)) {
            let mut others: Vec<&Board> = others.values().collect();
            others.sort_by_key(|board| super::key::epd(board));
            boards.extend(others.into_iter().cloned());
        }
        boards
    }
}

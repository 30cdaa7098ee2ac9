//! An analysis: what one search of a position found, its best lines, each with its score and
//! moves.

use chess960::UciMove;

use crate::score::{Score, Wdl};

/// What one search of a position found: its best lines, the best first.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Analysis {
    /// The lines, best first: as many as asked for, fewer when the position has fewer legal
    /// moves; one without moves when it has none (mate or stalemate).
    pub lines: Vec<Line>,
    /// The nodes searched.
    pub nodes: Option<u64>,
    /// The engine's time, in milliseconds.
    pub time: Option<u64>,
}

/// One line of an analysis.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Line {
    /// The score, from White's view (the engine's is the side to move's).
    pub score: Score,
    /// Wins, draws and losses per mille from White's view, if the engine gave them.
    pub wdl: Option<Wdl>,
    /// The depth the engine reported for this line (lines may end at different depths).
    pub depth: Option<u32>,
    /// The selective depth it reported for this line.
    pub seldepth: Option<u32>,
    /// The moves, each legal where it is played; castling as the king taking its rook.
    pub moves: Vec<UciMove>,
}

impl Analysis {
    /// The depth of the best line: the search's, as lichess's cloud evaluation gives it.
    ///
    /// ```
    /// use chess960_engine::{Analysis, Line, Score};
    /// let line = Line::new(Score::Centipawns(9), None, Vec::new()).at_depth(Some(20), None);
    /// assert_eq!(Analysis::new(vec![line]).depth(), Some(20));
    /// ```
    pub fn depth(&self) -> Option<u32> {
        self.lines.first().and_then(|line| line.depth)
    }

    /// An analysis of `lines`.
    ///
    /// ```
    /// use chess960_engine::{Analysis, Line, Score};
    ///
    /// let line = Line::new(Score::Centipawns(20), None, vec!["e2e4".parse()?]);
    /// let analysis = Analysis::new(vec![line]);
    /// assert_eq!(analysis.lines[0].score, Score::Centipawns(20));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(lines: Vec<Line>) -> Analysis {
        Analysis {
            lines,
            nodes: None,
            time: None,
        }
    }
}

impl Line {
    /// A line: its score and win/draw/loss (White's view) and its moves.
    ///
    /// ```
    /// use chess960_engine::{Line, Score};
    /// assert!(Line::new(Score::Mate(1), None, Vec::new()).moves.is_empty());
    /// ```
    pub fn new(score: Score, wdl: Option<Wdl>, moves: Vec<UciMove>) -> Line {
        Line {
            score,
            wdl,
            depth: None,
            seldepth: None,
            moves,
        }
    }

    /// The line, reported at `depth` and `seldepth`.
    ///
    /// ```
    /// use chess960_engine::{Line, Score};
    /// let line = Line::new(Score::Centipawns(9), None, Vec::new()).at_depth(Some(20), Some(31));
    /// assert_eq!((line.depth, line.seldepth), (Some(20), Some(31)));
    /// ```
    #[must_use]
    pub fn at_depth(self, depth: Option<u32>, seldepth: Option<u32>) -> Line {
        Line {
            depth,
            seldepth,
            ..self
        }
    }
}

//! Which moves White may make first from a start: a pawn one or two squares, a knight to the
//! third rank, and the castlings in which the king and its rook only swap squares (king f1
//! and rook g1, or king d1 and rook c1: nothing else needs to be empty).

use chess960::castling::Castling;
use chess960::{Color, File, Piece, Rank, Square, StartingPosition, UciMove};

/// Whether `mv` is a legal first move for White from `start`: what an engine's answer from a
/// start must be. A castling counts in either spelling (`f1g1` is both).
///
/// ```
/// use chess960::StartingPosition;
/// use chess960_engine::is_legal_first_move;
///
/// let standard = StartingPosition::STANDARD;
/// assert!(is_legal_first_move(standard, "e2e4".parse()?));
/// assert!(is_legal_first_move(standard, "g1f3".parse()?));
/// assert!(!is_legal_first_move(standard, "e2e5".parse()?));
/// assert!(!is_legal_first_move(standard, "e7e5".parse()?));
///
/// // BBQNRKRN: the king on f1 and its rook on g1 may castle at once.
/// let sp: StartingPosition = "BBQNRKRN".parse()?;
/// assert!(is_legal_first_move(sp, "f1g1".parse()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_legal_first_move(start: StartingPosition, mv: UciMove) -> bool {
    match Castling::from_uci(start, mv) {
        Some(castling) => is_open(&castling),
        None => legal_first_moves(start).any(|legal| legal == mv),
    }
}

/// Whether a castling can be made before any piece has moved: it is White's, and the king and
/// the rook need no square but their own.
fn is_open(castling: &Castling) -> bool {
    castling.color() == Color::White && castling.must_be_empty().is_empty()
}

/// Every legal first move for White from `start`: the 16 pawn moves by file, then the knights'
/// moves, then the castlings, in UCI's king-takes-rook spelling.
///
/// ```
/// use chess960::StartingPosition;
/// use chess960_engine::legal_first_moves;
///
/// assert_eq!(legal_first_moves(StartingPosition::STANDARD).count(), 20);
/// // BBQNNRKR: knights on d1 and e1, each with two squares on the third rank.
/// let moves: Vec<String> = legal_first_moves(StartingPosition::from_id(0)?)
///     .skip(16)
///     .map(|mv| mv.to_string())
///     .collect();
/// assert_eq!(moves, ["d1c3", "d1e3", "e1d3", "e1f3"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn legal_first_moves(start: StartingPosition) -> impl Iterator<Item = UciMove> {
    let on = |file: File, rank: Rank| Square::new(file, rank);
    let pawns = File::ALL.into_iter().flat_map(move |file| {
        [Rank::Third, Rank::Fourth].map(|to| UciMove::new(on(file, Rank::Second), on(file, to)))
    });
    let knights = File::ALL
        .into_iter()
        .zip(start.pieces())
        .filter(|&(_, piece)| piece == Piece::Knight)
        .flat_map(move |(file, _)| {
            let index = file as usize;
            let to = [index.checked_sub(1), index.checked_add(1)];
            to.into_iter()
                .flatten()
                .filter_map(|to| File::ALL.get(to).copied())
                .map(move |to| UciMove::new(on(file, Rank::First), on(to, Rank::Third)))
        });
    let castlings = Castling::all(start)
        .into_iter()
        .filter(is_open)
        .map(Castling::uci_king_takes_rook);
    pawns.chain(knights).chain(castlings)
}

//! Each function here wraps one public conversion of `chess960` in `#[no_panic]`. A release
//! build links only if the optimiser removed every path to a panic from each of them, so a
//! successful `cargo build --release` is the proof; running the binary proves nothing more.
//!
//! The inputs in `main` go through `black_box`, so nothing is evaluated at compile time.

use std::hint::black_box;

use chess960::board::{Color, ParseUciMoveError, Square, UciMove};
use chess960::book::{Book, BookEntry, Epd, Pgn};
use chess960::castling::{Castling, CastlingSide, Squares};
use chess960::draw::{DrawError, Repeats, pick_index};
use chess960::fen::{CastlingNotation, Fen, FenReader, Orientation, ParseFenError};
use chess960::game::{NoStart, Repair, RepairError, Repaired, is_chess960_variant, start};
use chess960::numbering::{DfrcNumbering, NumberError, Numbering};
use chess960::set::PositionSet;
use chess960::{
    BackRankError, DoubleStartingPosition, IdError, ParseBackRankError, Piece, StartingPosition,
};
use no_panic::no_panic;

#[no_panic]
fn from_id(id: u16) -> Result<StartingPosition, IdError> {
    StartingPosition::from_id(id)
}

#[no_panic]
fn try_from_u16(id: u16) -> Result<StartingPosition, IdError> {
    StartingPosition::try_from(id)
}

#[no_panic]
fn pieces(sp: StartingPosition) -> [Piece; 8] {
    sp.pieces()
}

#[no_panic]
fn to_ascii(sp: StartingPosition) -> [u8; 8] {
    sp.to_ascii()
}

#[no_panic]
fn from_pieces(pieces: [Piece; 8]) -> Result<StartingPosition, BackRankError> {
    StartingPosition::from_pieces(pieces)
}

#[no_panic]
fn from_str(text: &str) -> Result<StartingPosition, ParseBackRankError> {
    text.parse()
}

#[no_panic]
fn fen(sp: StartingPosition) -> Fen {
    Fen::new(sp, CastlingNotation::XFen)
}

#[no_panic]
fn shredder_fen(sp: StartingPosition) -> Fen {
    Fen::new(sp, CastlingNotation::Shredder)
}

#[no_panic]
fn fen_as_str(fen: &Fen) -> &str {
    fen.as_str()
}

#[no_panic]
fn from_fen(fen: &str) -> Result<StartingPosition, ParseFenError> {
    FenReader::STRICT.read::<StartingPosition>(fen)
}

#[no_panic]
fn from_fen_with(fen: &str, options: FenReader) -> Result<StartingPosition, ParseFenError> {
    options.read::<StartingPosition>(fen)
}

#[no_panic]
fn game_start(variant: Option<&str>, fen: Option<&str>) -> Result<DoubleStartingPosition, NoStart> {
    start(variant, fen)
}

#[no_panic]
#[allow(
    clippy::result_large_err,
    reason = "mirrors Repair::repair, whose error owns the FEN tags it names"
)]
fn repair_tags<'a>(
    tags: &[(&'a str, &'a str)],
    repair: Repair,
) -> Result<Repaired<'a>, RepairError> {
    repair.repair(tags.iter().copied())
}

#[no_panic]
fn repair_changes(repaired: &Repaired) -> usize {
    repaired.changes().map(|change| change.to().len()).sum()
}

#[no_panic]
fn chess960_variant(name: &str) -> bool {
    is_chess960_variant(name)
}

#[no_panic]
fn mirrored(sp: StartingPosition) -> StartingPosition {
    sp.mirrored()
}

#[no_panic]
fn castling_files(sp: StartingPosition) -> [chess960::File; 5] {
    let [light, dark] = sp.bishop_files();
    [
        sp.king_file(),
        sp.queenside_rook_file(),
        sp.kingside_rook_file(),
        light,
        dark,
    ]
}

#[no_panic]
fn from_number(number: u16, numbering: Numbering) -> Result<StartingPosition, NumberError> {
    numbering.position(number)
}

#[no_panic]
fn number(sp: StartingPosition, numbering: Numbering) -> u16 {
    numbering.number(sp)
}

#[no_panic]
fn dfrc_from_number(
    number: u32,
    numbering: DfrcNumbering,
) -> Result<DoubleStartingPosition, NumberError> {
    numbering.pair(number)
}

#[no_panic]
fn dfrc_number(pair: DoubleStartingPosition, numbering: DfrcNumbering) -> u32 {
    numbering.number(pair)
}

#[no_panic]
fn dfrc_fens(pair: DoubleStartingPosition) -> [Fen; 2] {
    [
        Fen::new(pair, CastlingNotation::XFen),
        Fen::new(pair, CastlingNotation::Shredder),
    ]
}

#[no_panic]
fn dfrc_from_fen(fen: &str) -> Result<DoubleStartingPosition, ParseFenError> {
    FenReader::STRICT.read::<DoubleStartingPosition>(fen)
}

#[no_panic]
fn fen_in(pair: DoubleStartingPosition, notation: CastlingNotation) -> [Fen; 2] {
    [Fen::new(pair.white(), notation), Fen::new(pair, notation)]
}

#[no_panic]
fn book_without(book: Book, sp: StartingPosition) -> (Book, bool, usize) {
    let book = book.without(sp);
    (book, !book.positions().contains(sp), book.len())
}

/// The first entry of `book` at or after `skip`, as the iterator finds it.
#[no_panic]
fn book_entry(book: Book, skip: usize) -> Option<BookEntry> {
    book.entries().nth(skip)
}

#[no_panic]
fn book_lines(entry: BookEntry, notation: CastlingNotation) -> (Fen, Epd, Pgn) {
    (
        entry.fen(notation),
        entry.epd(notation),
        entry.pgn(notation),
    )
}

#[no_panic]
fn book_line_text(epd: &Epd, pgn: &Pgn) -> (usize, usize) {
    (epd.as_str().len(), pgn.as_str().len())
}

/// Keeps a result alive without using it.
fn keep<T>(value: T) {
    black_box(value);
}

#[no_panic]
fn castling(pair: DoubleStartingPosition, color: Color, side: CastlingSide) -> Castling {
    Castling::new(pair, color, side)
}

#[no_panic]
fn castling_squares(castling: Castling) -> (Squares, Squares, [Square; 4]) {
    let squares = [
        castling.king_from(),
        castling.king_to(),
        castling.rook_from(),
        castling.rook_to(),
    ];
    (castling.must_be_empty(), castling.king_passes(), squares)
}

#[no_panic]
fn squares_contain(squares: &Squares, square: Square) -> (bool, usize) {
    (squares.contains(square), squares.as_slice().len())
}

#[no_panic]
fn castling_uci(castling: Castling) -> (UciMove, Option<UciMove>) {
    (
        castling.uci_king_takes_rook(),
        castling.uci_king_two_squares(),
    )
}

#[no_panic]
fn uci_from_str(text: &str) -> Result<UciMove, ParseUciMoveError> {
    text.parse()
}

#[no_panic]
fn uci_from_ascii(text: &[u8]) -> Result<UciMove, ParseUciMoveError> {
    UciMove::from_ascii(text)
}

#[no_panic]
fn convert_uci(pair: DoubleStartingPosition, mv: UciMove) -> ([UciMove; 3], Option<Castling>) {
    let spellings = [
        mv.respelled(pair),
        mv.king_takes_rook(pair),
        mv.king_two_squares(pair),
    ];
    (spellings, Castling::from_uci(pair, mv))
}

#[no_panic]
fn from_fen_either_way(fen: &str) -> Result<(DoubleStartingPosition, Orientation), ParseFenError> {
    FenReader::STRICT.read_either_way::<DoubleStartingPosition>(fen)
}

/// Words for the draws: a slice, as a test vector or a buffer of random words would be.
type Words<'a> = core::iter::Copied<core::slice::Iter<'a, u64>>;

#[no_panic]
fn set_edit(mut set: PositionSet, sp: StartingPosition) -> (PositionSet, bool, bool, bool) {
    let inserted = set.insert(sp);
    let contained = set.contains(sp);
    let removed = set.remove(sp);
    (set, inserted, contained, removed)
}

#[no_panic]
fn set_combine(set: PositionSet, other: PositionSet) -> [PositionSet; 4] {
    [
        set.union(other),
        set.intersection(other),
        set.difference(other),
        set.complement(),
    ]
}

#[no_panic]
fn set_count(set: PositionSet, index: usize) -> (usize, bool, Option<StartingPosition>) {
    (set.len(), set.is_empty(), set.nth(index))
}

#[no_panic]
fn set_iter(set: PositionSet) -> (Option<StartingPosition>, Option<StartingPosition>) {
    let mut positions = set.iter();
    (positions.next(), positions.next_back())
}

#[no_panic]
fn draw_pick(n: u64, book: Book, words: &mut Words<'_>) -> (Option<u64>, Option<BookEntry>) {
    (pick_index(n, words), book.pick(words))
}

#[no_panic]
fn book_nth(book: Book, index: usize) -> Option<BookEntry> {
    book.nth(index)
}

#[no_panic]
fn draw_check(book: Book, count: u64, repeats: Repeats) -> Result<(), DrawError> {
    book.check_draws(count, repeats)
}

/// Distinct draws: the first two, Chess960 and Double Fischer Random alike.
#[no_panic]
fn draw_next(book: Book, words: Words<'_>) -> ([Option<BookEntry>; 2], usize) {
    let mut draws = book.draws(words);
    ([draws.next(), draws.next()], draws.remaining())
}

/// Distinct draws with no limit: the first two.
#[no_panic]
fn many_draws_next(book: Book, words: Words<'_>) -> ([Option<BookEntry>; 2], usize) {
    let mut draws = book.many_draws(words);
    ([draws.next(), draws.next()], draws.remaining())
}

fn main() {
    let sp = from_id(black_box(518)).unwrap_or_default();
    keep(try_from_u16(black_box(960)));
    keep(pieces(sp));
    keep(to_ascii(sp));
    keep(from_pieces(black_box(sp.pieces())));
    keep(from_str(black_box("RNBQKBNR")));
    keep(from_str(black_box("♖♘♗♕♔♗♘♖")));
    let written = fen(sp);
    keep(fen_as_str(&written));
    keep(shredder_fen(sp));
    keep(from_fen(black_box(written.as_str())));
    keep(from_fen_with(
        black_box(written.as_str()),
        black_box(FenReader::STRICT.ignore_counters()),
    ));
    keep(mirrored(sp));
    keep(game_start(
        black_box(Some("Chess960")),
        black_box(Some(written.as_str())),
    ));
    keep(game_start(
        black_box(None),
        black_box(Some("8/8/8/8/8/8/8/8 w - - 0 1")),
    ));
    let tags = [
        ("Variant", "Standard"),
        (
            "FEN",
            "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HEhe - 3",
        ),
        ("FEN", written.as_str()),
    ];
    let repaired = repair_tags(
        black_box(&tags),
        black_box(Repair::DEFAULT.castling(CastlingNotation::Shredder)),
    );
    if let Ok(repaired) = &repaired {
        keep(repair_changes(repaired));
    }
    keep(repaired);
    keep(chess960_variant(black_box("fischerandom")));
    keep(castling_files(sp));
    keep(from_number(black_box(960), black_box(Numbering::Fritz)));
    keep(number(sp, black_box(Numbering::OneBased)));
    let pair = dfrc_from_number(black_box(518 * 960 + 518), black_box(DfrcNumbering::Clover))
        .unwrap_or(DoubleStartingPosition::STANDARD);
    keep(dfrc_number(pair, black_box(DfrcNumbering::Viridithas)));
    keep(dfrc_fens(pair));
    keep(dfrc_from_fen(black_box(written.as_str())));
    keep(fen_in(pair, black_box(CastlingNotation::Shredder)));
    let (book, _, _) = book_without(black_box(Book::DFRC), sp);
    let entry = book_entry(book, black_box(12_345)).unwrap_or(BookEntry::Chess960(sp));
    let (_, epd, pgn) = book_lines(entry, black_box(CastlingNotation::XFen));
    keep(book_line_text(&epd, &pgn));
    let castled = castling(
        pair,
        black_box(Color::Black),
        black_box(CastlingSide::Queenside),
    );
    let (empty, _, [king, ..]) = castling_squares(castled);
    keep(squares_contain(&empty, king));
    keep(castling_uci(castled));
    let mv = uci_from_str(black_box("e8c8")).unwrap_or(UciMove::NULL);
    keep(uci_from_ascii(black_box(b"e7e8q")));
    keep(convert_uci(pair, mv));
    keep(from_fen_either_way(black_box(
        "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr",
    )));
    let (set, ..) = set_edit(black_box(PositionSet::ALL), sp);
    let [_, _, allowed, _] = set_combine(set, black_box(PositionSet::STANDARD_AND_MIRROR));
    keep(set_count(allowed, black_box(957)));
    keep(set_iter(allowed));
    let words = black_box([0, 1, u64::MAX, 1 << 63]);
    let event = black_box(Book::CHESS960).difference(allowed.complement());
    let pairs = black_box(Book::DFRC).difference(allowed.complement());
    keep(draw_pick(
        black_box(921_600),
        event,
        &mut words.iter().copied(),
    ));
    keep(draw_pick(black_box(959), pairs, &mut words.iter().copied()));
    keep(book_nth(pairs, black_box(917_763)));
    keep(draw_next(event, words.iter().copied()));
    keep(draw_next(pairs, words.iter().copied()));
    keep(many_draws_next(event, words.iter().copied()));
    keep(many_draws_next(pairs, words.iter().copied()));
    keep(draw_check(
        pairs,
        black_box(1 << 40),
        black_box(Repeats::Distinct),
    ));
}

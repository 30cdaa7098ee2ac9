//! POS: a start position, or a pair of them (Double Fischer Random), in any form the tool
//! reads: a number, a back rank (letters or chess symbols), a start FEN (either way up, as an
//! electronic board may read it), two of these for White and Black, or a line of the tool's
//! own output (`NUMBER RANK`, CSV, JSON Lines, EPD, PGN tags).

mod error;
mod line;

use chess960::numbering::Numbering;
use chess960::{DoubleStartingPosition, ParseStartError, StartingPosition};

pub use error::PosError;

/// Reads one start position: a pair whose sides differ is [`ParseStartError::Pair`].
pub fn parse(text: &str, numbering: Numbering) -> Result<StartingPosition, PosError> {
    parse_pair(text, numbering)?
        .single()
        .ok_or(PosError::Start(ParseStartError::Pair))
}

/// Reads a start for each side: the same one unless the text gives Black its own.
pub fn parse_pair(text: &str, numbering: Numbering) -> Result<DoubleStartingPosition, PosError> {
    match line::read(text, numbering)? {
        line::Read::Start(pair) => Ok(pair),
        line::Read::Nothing(what) => Err(PosError::NoPosition(what)),
    }
}

/// Reads the lines of a stream one by one: lines that name no start in a file of them (a CSV
/// header; in a PGN file, every tag but FEN, blank lines and movetext) are passed over.
#[derive(Clone, Copy, Debug)]
pub struct LineReader {
    numbering: Numbering,
    in_pgn: bool,
}

impl LineReader {
    /// A reader of numbers in `numbering`.
    pub fn new(numbering: Numbering) -> LineReader {
        LineReader {
            numbering,
            in_pgn: false,
        }
    }

    /// The start (or pair) on `text`, or `None` for a line to pass over.
    pub fn read(&mut self, text: &str) -> Result<Option<DoubleStartingPosition>, PosError> {
        let tag = text.trim_start().starts_with('[');
        self.in_pgn |= tag;
        match line::read(text, self.numbering) {
            Ok(line::Read::Start(pair)) => Ok(Some(pair)),
            Ok(line::Read::Nothing(_)) => Ok(None),
            // Between a PGN file's tags: blank lines and movetext.
            Err(_) if self.in_pgn && !tag => Ok(None),
            Err(err) => Err(err),
        }
    }
}

#[cfg(test)]
mod tests {
    use ParseStartError as E;
    use chess960::ParseBackRankError;
    use chess960::numbering::NumberError;

    use super::*;

    const SCHARNAGL: Numbering = Numbering::Scharnagl;

    #[test]
    fn numbers_ranks_and_fens() {
        let standard = Ok(StartingPosition::STANDARD);
        assert_eq!(parse("518", SCHARNAGL), standard);
        assert_eq!(parse(" +518 ", SCHARNAGL), standard);
        assert_eq!(parse("0518", SCHARNAGL), standard);
        assert_eq!(parse("359", Numbering::Fritz), standard);
        assert_eq!(parse("♖♘♗♕♔♗♘♖", SCHARNAGL), standard);
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
        assert_eq!(parse(fen, SCHARNAGL), standard);
        assert_eq!(parse("960", Numbering::OneBased).unwrap().id(), 0);
        let turned = "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr";
        assert_eq!(parse(turned, SCHARNAGL), standard);
    }

    #[test]
    fn pairs() {
        let pair = |text| parse_pair(text, SCHARNAGL).map(|p| (p.white().id(), p.black().id()));
        assert_eq!(pair("518"), Ok((518, 518)));
        assert_eq!(pair(" QNRBBNKR "), Ok((105, 105)));
        let fen = " brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1 ";
        assert_eq!(pair(fen), Ok((105, 451)));
        assert_eq!(
            pair("RKNBBRNQ/PPPPPPPP/8/8/8/8/pppppppp/brqknnrb"),
            Ok((105, 451))
        );
        assert_eq!(
            pair("brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 2")
                .unwrap_err()
                .to_string(),
            "FEN halfmove clock and fullmove number: expected 0 1"
        );
        assert_eq!(parse(fen, SCHARNAGL), Err(PosError::Start(E::Pair)));
        assert_eq!(parse("105 451", SCHARNAGL), Err(PosError::Start(E::Pair)));
        assert_eq!(parse("105 105", SCHARNAGL).map(|sp| sp.id()), Ok(105));
    }

    #[test]
    fn bad_input() {
        assert_eq!(parse("", SCHARNAGL), Err(PosError::Start(E::Empty)));
        assert_eq!(parse(" \t", SCHARNAGL), Err(PosError::Start(E::Empty)));
        assert_eq!(
            parse("960", SCHARNAGL),
            Err(PosError::Start(E::Number(NumberError::OutOfRange {
                number: 960,
                numbering: SCHARNAGL
            })))
        );
        assert_eq!(
            parse("-1", SCHARNAGL),
            Err(PosError::Start(E::NumberNotInRange {
                numbering: SCHARNAGL
            }))
        );
        assert_eq!(
            parse("-0", SCHARNAGL),
            Err(PosError::Start(E::NumberNotInRange {
                numbering: SCHARNAGL
            }))
        );
        let huge = parse("99999999999999999999999", Numbering::Fritz).unwrap_err();
        assert_eq!(huge.to_string(), "Fritz 9 number is not in 1..=960");
        for text in ["+", "0x10", "518.0", "abc", "RNBQKBNR1"] {
            let err = parse(text, SCHARNAGL).unwrap_err();
            assert_eq!(
                err.to_string(),
                "not a number, a back rank or a FEN",
                "{text}"
            );
        }
        assert_eq!(
            parse("RNBQKBN", SCHARNAGL),
            Err(PosError::Start(E::Rank(ParseBackRankError::Length {
                chars: 7
            })))
        );
        assert_eq!(
            parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b", SCHARNAGL)
                .unwrap_err()
                .to_string(),
            "FEN side to move: expected w"
        );
        assert_eq!(
            parse("sp,rank", SCHARNAGL),
            Err(PosError::NoPosition("a CSV header"))
        );
    }

    #[test]
    fn a_pgn_stream_gives_its_fen_tags() {
        let pgn = "[Event \"chess960 105\"]\n[FEN \"qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1\"]\n\n*\n\n";
        let mut reader = LineReader::new(SCHARNAGL);
        let read: Vec<_> = pgn
            .lines()
            .map(|line| reader.read(line).map(|p| p.map(|p| p.white().id())))
            .collect();
        assert_eq!(
            read,
            [Ok(None), Ok(Some(105)), Ok(None), Ok(None), Ok(None)]
        );
        let mut reader = LineReader::new(SCHARNAGL);
        assert_eq!(reader.read(""), Err(PosError::Start(E::Empty)));
        assert_eq!(reader.read("*"), Err(PosError::Start(E::Unrecognised)));
    }
}

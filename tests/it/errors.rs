//! Every public error can travel: `'static`, `Send`, `Sync` and `Error`, so `?` takes it into
//! `Box<dyn Error>` (or anyhow) whatever it was read from, and its message is not empty.

use std::error::Error;

use chess960::board::{ParseError, ParseUciMoveError};
use chess960::draw::DrawError;
use chess960::fen::ParseFenError;
use chess960::game::{FenSyntax, NoStart, Repair, RepairError};
use chess960::numbering::NumberError;
use chess960::{BackRankError, IdError, ParseBackRankError, ParseStartError};

fn travels<E: Error + Send + Sync + 'static>(err: E) -> Box<dyn Error + Send + Sync> {
    assert!(!err.to_string().is_empty());
    Box::new(err)
}

#[test]
fn every_public_error_is_static_and_an_error() {
    fn repair(tags: &[(&str, String)]) -> Result<(), Box<dyn Error + Send + Sync>> {
        // The tags are borrowed from a buffer that is gone when the error is returned.
        Repair::DEFAULT.repair(tags.iter().map(|(name, value)| (*name, value.as_str())))?;
        Ok(())
    }
    let start = "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1";
    let tags = vec![("FEN", start.to_owned()), ("FEN", start.replace("w", "b"))];
    let err = repair(&tags).unwrap_err();
    drop(tags);
    assert!(err.to_string().starts_with("FEN tags disagree"), "{err}");

    let errors = [
        travels(chess960::StartingPosition::from_id(960).unwrap_err()),
        travels("RNBQKBN".parse::<chess960::StartingPosition>().unwrap_err()),
        travels("x".parse::<chess960::DoubleStartingPosition>().unwrap_err()),
        travels("x".parse::<chess960::Square>().unwrap_err()),
        travels("x".parse::<chess960::UciMove>().unwrap_err()),
        travels(
            chess960::fen::FenReader::STRICT
                .read::<chess960::StartingPosition>("")
                .unwrap_err(),
        ),
        travels(chess960::game::start(None, Some("x")).unwrap_err()),
        travels(
            chess960::numbering::Numbering::Fritz
                .position(0)
                .unwrap_err(),
        ),
    ];
    assert_eq!(errors.len(), 8);
    // The types no value above stands for, checked by the compiler.
    fn is_error<E: Error + Send + Sync + 'static>() {}
    is_error::<IdError>();
    is_error::<BackRankError>();
    is_error::<ParseBackRankError>();
    is_error::<ParseStartError>();
    is_error::<ParseError>();
    is_error::<ParseUciMoveError>();
    is_error::<ParseFenError>();
    is_error::<NoStart>();
    is_error::<FenSyntax>();
    is_error::<RepairError>();
    is_error::<NumberError>();
    is_error::<DrawError>();
}

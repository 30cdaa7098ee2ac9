//! The peer of scripts/moves-throughput.sh: pgn-reader + shakmaty's validating replay (their
//! `validate` example, GPL-3.0, only ever built here), on one thread; prints the games, plies
//! and games with a move not played, as `chess960-pgn`'s `replay` example does.

use std::ops::ControlFlow;

use pgn_reader::{RawTag, Reader, SanPlus, Visitor};
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

#[derive(Default)]
struct Validator {
    games: u64,
    plies: u64,
    errors: u64,
}

impl Visitor for Validator {
    type Tags = Option<Chess>;
    type Movetext = Chess;
    type Output = ();

    fn begin_tags(&mut self) -> ControlFlow<(), Option<Chess>> {
        self.games += 1;
        ControlFlow::Continue(None)
    }

    fn tag(&mut self, tags: &mut Option<Chess>, name: &[u8], value: RawTag<'_>) -> ControlFlow<()> {
        if name == b"FEN" {
            let pos = Fen::from_ascii(value.as_bytes())
                .ok()
                .and_then(|fen| fen.into_position(CastlingMode::Chess960).ok());
            match pos {
                Some(pos) => *tags = Some(pos),
                None => {
                    self.errors += 1;
                    return ControlFlow::Break(());
                }
            }
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Option<Chess>) -> ControlFlow<(), Chess> {
        ControlFlow::Continue(tags.unwrap_or_default())
    }

    fn san(&mut self, position: &mut Chess, san_plus: SanPlus) -> ControlFlow<()> {
        match san_plus.san.to_move(position) {
            Ok(m) => {
                position.play_unchecked(m);
                self.plies += 1;
                ControlFlow::Continue(())
            }
            Err(_) => {
                self.errors += 1;
                ControlFlow::Break(())
            }
        }
    }

    fn end_game(&mut self, _: Chess) {}
}

fn main() -> std::io::Result<()> {
    let mut validator = Validator::default();
    for path in std::env::args().skip(1) {
        let mut reader = Reader::new(std::fs::File::open(path)?);
        while reader.read_game(&mut validator)?.is_some() {}
    }
    let Validator {
        games,
        plies,
        errors,
    } = validator;
    println!("{games} games, {plies} plies, {errors} with a move not played");
    Ok(())
}

//! Each game read → what the index needs of it ([`Walked`]): its record and the positions of
//! its first plies with the move it played from each, kept for the one thread that writes.

use std::io;

use crate::store::games::{Head, Record};
use crate::store::id::LichessId;
use crate::store::line::Line;
use crate::store::visit::{Visit, visits_of};
use chess960_pgn::Game;
use chess960_pgn::Outcome;
use chess960_pgn::PartStart;
use chess960_pgn::Sink;
use chess960_pgn::tree::PLIES;

/// A game to count: its record (its file and number there in its head), and the positions
/// it passed through.
#[derive(Debug)]
pub(crate) struct Walked {
    pub(crate) record: Record,
    /// Each position once, with the last move played from it and who played it.
    pub(crate) visits: Vec<Visit>,
}

/// Why games were not counted, for the add's summary.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub struct NotCounted {
    /// Games whose start could not be told (no FEN where one was needed, a FEN that is no
    /// Chess960 start, another variant).
    pub no_start: u64,
    /// Games not finished (`*`) or whose moves could not be read.
    pub unfinished: u64,
    /// Games whose moves stop being legal before the plies the index counts (counted up to
    /// there).
    pub illegal: u64,
}

/// The sink of one part of one file: walks each game and keeps it.
pub(crate) struct Walker<'a> {
    part: PartStart,
    /// The index's number of each file of the add.
    numbers: &'a [u32],
    /// The part's games to count, in order.
    pub(crate) walked: Vec<Walked>,
    pub(crate) not_counted: NotCounted,
    /// Games read.
    pub(crate) read: u64,
}

impl Walker<'_> {
    /// The sink of `part`, of a file whose number in the index `numbers` gives.
    pub(crate) fn new(part: PartStart, numbers: &[u32]) -> Walker<'_> {
        Walker {
            part,
            numbers,
            walked: Vec::new(),
            not_counted: NotCounted::default(),
            read: 0,
        }
    }
}

impl Sink for Walker<'_> {
    const COPIES: bool = false;

    fn replays(&mut self, game: &Game) -> bool {
        game.start.is_ok()
    }

    fn game(&mut self, game: &Game) -> io::Result<()> {
        self.read += 1;
        if game.start.is_err() {
            self.not_counted.no_start += 1;
            return Ok(());
        }
        let (Some(outcome), Some(replay)) = (Outcome::of(&game.result), game.moves) else {
            self.not_counted.unfinished += 1;
            return Ok(());
        };
        if replay.error().is_some_and(|error| error.ply <= PLIES) {
            self.not_counted.illegal += 1;
        }
        // One replay gives the game's positions and its line.
        let mut moves = Vec::new();
        let visits = visits_of(|visit| {
            replay.walk(|board, mv| {
                let go = visit(board, mv);
                if go {
                    moves.push(mv);
                }
                go
            });
        });
        let line = Line {
            start: replay.start_board().clone(),
            moves,
        };
        let number = self.part.games_before + game.number;
        let file = self.numbers.get(self.part.file).copied().unwrap_or(0);
        let walked = Walked {
            record: Record {
                head: Head {
                    lichess_id: game.lichess_id().and_then(LichessId::new),
                    players: game.players.clone().map(|name| name.into_owned()),
                    elo: game.elo,
                    outcome,
                    speed: game.speed,
                    mode: game.mode(),
                    month: game.month,
                    offset: self.part.bytes_before + game.offset,
                    file,
                    in_file: number,
                },
                line,
            },
            visits,
        };
        self.walked.push(walked);
        Ok(())
    }
}

//! An engine asked for a position's best lines: `MultiPV` set when it changes, the search
//! run as [`Engine::evaluate`]'s, each line's latest `info` kept (as python-chess keeps
//! them), every move of every line checked to be legal, and the scores turned to White's.

use chess960::UciMove;

use super::lines::{Analysis, Line};
use super::position::Position;
use crate::engine::{Engine, MULTIPV, merge, protocol};
use crate::failure::{Failure, FailureKind};
use crate::process::{Received, deadline};
use crate::score::{Score, Wdl};
use crate::uci::{EngineLine, Info, parse_line, pv};

/// The most lines an analysis asks for (lichess's cloud evaluation gives at most 5).
pub const MAX_LINES: u32 = 64;

impl Engine {
    /// The `lines` best lines from `position` (at least 1, at most [`MAX_LINES`]):
    /// `ucinewgame`, `MultiPV` if it changes, `isready`, `position fen`, `go`.
    ///
    /// # Errors
    ///
    /// How the engine failed (quoting its last lines on stderr); it is then unusable. An
    /// engine without `MultiPV` asked for more than one line fails as a protocol error.
    pub fn analyse(&mut self, position: &Position, lines: u32) -> Result<Analysis, Failure> {
        self.search_lines(position, lines.clamp(1, MAX_LINES))
            .map_err(|failure| self.process.explained(failure))
    }

    fn search_lines(&mut self, position: &Position, lines: u32) -> Result<Analysis, Failure> {
        // A search is two writes: the new game (and `MultiPV`) with `isready`, then the
        // position with `go`.
        let mut before = String::from("ucinewgame\n");
        match self.multipv {
            Some(set) if set != lines => {
                before.push_str(&format!("setoption name {MULTIPV} value {lines}\n"));
                self.multipv = Some(lines);
            }
            None if lines > 1 => {
                let detail =
                    format!("{lines} lines asked for, and the engine has no `{MULTIPV}` option");
                return Err(Failure::new(FailureKind::Protocol, detail));
            }
            _ => {}
        }
        self.ready_after(&before)?;
        let fen = position.fen(self.settings.castling);
        let go = self.settings.limit.go();
        self.process.send(&format!("position fen {fen}\n{go}"))?;
        let deadline = deadline(self.settings.search_deadline());
        // Each line's latest `info` and its moves, by its number from 1.
        let mut seen: Vec<(Info, Vec<UciMove>)> = Vec::new();
        let best = loop {
            let text = match self.process.receive(deadline)? {
                Received::Line(text) => text,
                Received::Late => return Err(self.stop()),
            };
            match parse_line(&text).map_err(protocol)? {
                EngineLine::Info(info) => {
                    let at = info.multipv.unwrap_or(1).saturating_sub(1) as usize;
                    if at >= lines as usize {
                        continue;
                    }
                    if seen.len() <= at {
                        seen.resize_with(at + 1, Default::default);
                    }
                    if let Some((kept, moves)) = seen.get_mut(at) {
                        if info.pv.is_some() {
                            *moves = pv(&text);
                        }
                        merge(kept, info);
                    }
                }
                EngineLine::BestMove(best) => break best,
                _ => {}
            }
        };
        let white = position.white_to_move();
        let mut found = Vec::with_capacity(seen.len());
        for (number, (info, moves)) in seen.iter().enumerate() {
            let number = number + 1;
            let Some(score) = info.score else {
                // A line the search reported nothing for (a `currmove` line, say) is none.
                if moves.is_empty() {
                    continue;
                }
                let detail = format!("line {number} came without a score");
                return Err(Failure::new(FailureKind::Protocol, detail));
            };
            let moves = position.legal_line(moves).map_err(|(at, mv)| {
                let detail = format!(
                    "line {number}'s move {} ({mv}) is not legal there, from {position}",
                    at + 1
                );
                Failure::new(FailureKind::Illegal, detail)
            })?;
            found.push(Line {
                score: whites(score, white),
                wdl: info.wdl.map(|wdl| whites_wdl(wdl, white)),
                depth: info.depth,
                seldepth: info.seldepth,
                moves,
            });
        }
        let first = found.first().and_then(|line| line.moves.first().copied());
        match (best, first) {
            (Some(best), _) if position.legal_line(&[best]).is_err() => {
                let detail = format!("`bestmove {best}` is not legal from {position}");
                return Err(Failure::new(FailureKind::Illegal, detail));
            }
            (None, _) if position.has_moves() => {
                let detail = format!("no move from {position}, which has legal moves");
                return Err(Failure::new(FailureKind::Illegal, detail));
            }
            (_, None) if found.is_empty() => {
                let detail = "`bestmove` came without a score in any `info`";
                return Err(Failure::new(FailureKind::Protocol, detail));
            }
            _ => {}
        }
        let head = seen.first().map(|(info, _)| *info).unwrap_or_default();
        Ok(Analysis {
            lines: found,
            nodes: head.nodes,
            time: head.time,
        })
    }
}

/// `score`, the side to move's, from White's view.
fn whites(score: Score, white_to_move: bool) -> Score {
    match (score, white_to_move) {
        (score, true) => score,
        (Score::Centipawns(cp), false) => Score::Centipawns(cp.saturating_neg()),
        (Score::Mate(moves), false) => Score::Mate(moves.saturating_neg()),
    }
}

/// `wdl`, the side to move's, from White's view.
fn whites_wdl(wdl: Wdl, white_to_move: bool) -> Wdl {
    match white_to_move {
        true => wdl,
        false => Wdl {
            win: wdl.loss,
            draw: wdl.draw,
            loss: wdl.win,
        },
    }
}

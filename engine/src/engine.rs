//! One engine, started and asked to evaluate starts: the UCI handshake with its options, and
//! each search with its deadline. Any failure leaves the engine unusable; the caller drops it
//! (which kills it) and starts another.

use core::fmt;
use std::io;
use std::time::Instant;

use chess960::fen::Fen;
use chess960::{DoubleStartingPosition, UciMove};

use crate::failure::{Failure, FailureKind};
use crate::first_move::is_legal_first_move;
use crate::process::{Process, Received, deadline};
use crate::score::{Score, Wdl};
use crate::settings::Settings;
use crate::uci::{EngineLine, Info, parse_line};

/// The options the driver sets itself when the engine offers them.
const CHESS960: &str = "UCI_Chess960";
const SHOW_WDL: &str = "UCI_ShowWDL";
const THREADS: &str = "Threads";
pub(crate) const MULTIPV: &str = "MultiPV";

/// An engine that has answered `uciok` and `readyok`, with the options set. Dropping it sends
/// `quit` and kills it (and what it started) if it does not end at once; on Linux it is also
/// killed when the program dies, however the program dies.
pub struct Engine {
    pub(crate) process: Process,
    name: String,
    chess960: bool,
    /// `MultiPV`'s value as set (0: not yet), when the engine offers it.
    pub(crate) multipv: Option<u32>,
    pub(crate) settings: Settings,
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("name", &self.name)
            .field("chess960", &self.chess960)
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

/// What one search found.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Evaluation {
    /// The score, from White's view.
    pub score: Score,
    /// Wins, draws and losses per mille, if the engine gave them.
    pub wdl: Option<Wdl>,
    /// The depth reached.
    pub depth: Option<u32>,
    /// The selective depth.
    pub seldepth: Option<u32>,
    /// The nodes searched.
    pub nodes: Option<u64>,
    /// The engine's time, in milliseconds.
    pub time: Option<u64>,
    /// The best move, as the engine spelled it.
    pub best_move: UciMove,
}

/// Why an engine could not be started for a run.
#[derive(Debug)]
#[non_exhaustive]
pub enum StartError {
    /// The program could not be run at all.
    Spawn(io::Error),
    /// The engine does not offer an option the settings set.
    UnknownOption {
        /// The option.
        name: String,
        /// The engine's name.
        engine: String,
    },
    /// `UCI_Chess960` is the driver's to set.
    Reserved,
    /// The engine failed the handshake (the failure quotes its last lines on stderr).
    Failed(Failure),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Spawn(err) => write!(f, "cannot run the engine: {err}"),
            StartError::UnknownOption { name, engine } => {
                write!(
                    f,
                    "{engine} has no option `{name}` (its `uci` answer lists what it has)"
                )
            }
            StartError::Reserved => write!(f, "`{CHESS960}` is always set: starts are Chess960"),
            StartError::Failed(failure) => write!(f, "the engine failed to start: {failure}"),
        }
    }
}

impl core::error::Error for StartError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            StartError::Spawn(err) => Some(err),
            StartError::Failed(failure) => Some(failure),
            _ => None,
        }
    }
}

impl From<Failure> for StartError {
    fn from(failure: Failure) -> StartError {
        StartError::Failed(failure)
    }
}

impl Engine {
    /// Starts the engine of `settings`: `uci` (until `uciok`), the options, `isready`.
    ///
    /// # Errors
    ///
    /// The program cannot be run, lacks an option the settings set, or fails the handshake
    /// (its last lines on stderr are quoted).
    pub fn start(settings: &Settings) -> Result<Engine, StartError> {
        if settings
            .options
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case(CHESS960))
        {
            return Err(StartError::Reserved);
        }
        let process = Process::spawn(&settings.program, &settings.args, settings.timeouts.readyok)
            .map_err(StartError::Spawn)?;
        let mut engine = Engine {
            process,
            name: String::new(),
            chess960: false,
            multipv: None,
            settings: settings.clone(),
        };
        match engine.handshake() {
            Ok(()) => Ok(engine),
            Err(StartError::Failed(failure)) => {
                Err(StartError::Failed(engine.process.explained(failure)))
            }
            Err(other) => Err(other),
        }
    }

    /// `uci`, its answer read until `uciok`, the options set, `isready`.
    fn handshake(&mut self) -> Result<(), StartError> {
        let settings = &self.settings;
        self.process.send("uci")?;
        let deadline = deadline(settings.timeouts.uciok);
        let mut offered = Vec::new();
        let mut name = String::new();
        loop {
            let line = line(&mut self.process, deadline, "`uciok` after `uci`")?;
            match parse_line(&line).map_err(protocol)? {
                EngineLine::UciOk => break,
                EngineLine::Id { key: "name", value } => value.clone_into(&mut name),
                EngineLine::Option { name } => offered.push(name.to_owned()),
                _ => {}
            }
        }
        if name.is_empty() {
            name = settings.program_name();
        }
        let offers = |name: &str| offered.iter().any(|o| o.eq_ignore_ascii_case(name));
        let mut options: Vec<(String, String)> =
            [(CHESS960, "true"), (SHOW_WDL, "true"), (THREADS, "1")]
                .into_iter()
                .filter(|(name, _)| offers(name))
                .map(|(name, value)| (name.to_owned(), value.to_owned()))
                .collect();
        for (option, value) in &settings.options {
            if !offers(option) {
                return Err(StartError::UnknownOption {
                    name: option.clone(),
                    engine: name,
                });
            }
            options.retain(|(set, _)| !set.eq_ignore_ascii_case(option));
            options.push((option.clone(), value.clone()));
        }
        self.chess960 = offers(CHESS960);
        self.multipv = offers(MULTIPV).then(|| {
            options
                .iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(MULTIPV))
                .and_then(|(_, value)| value.parse().ok())
                // Not known (an engine's default may be other than 1): set on the first search.
                .unwrap_or(0)
        });
        self.name = name;
        for (name, value) in options {
            self.process
                .send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready()?;
        Ok(())
    }

    /// The engine's name, from `id name` (or its program's file name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the engine offers `UCI_Chess960` (which the driver then sets). One that does
    /// not may still play Chess960, but may also read a castling as a king's move of two
    /// squares, as in standard chess.
    pub fn offers_chess960(&self) -> bool {
        self.chess960
    }

    /// Evaluates `position` (White to move): `ucinewgame`, `isready`, `position fen`, `go`.
    /// The move is checked to be a legal first move.
    ///
    /// # Errors
    ///
    /// How the engine failed (quoting its last lines on stderr); it is then unusable.
    pub fn evaluate(&mut self, position: DoubleStartingPosition) -> Result<Evaluation, Failure> {
        self.search(position)
            .map_err(|failure| self.process.explained(failure))
    }

    /// [`Engine::evaluate`], its failures not yet explained.
    fn search(&mut self, position: DoubleStartingPosition) -> Result<Evaluation, Failure> {
        // A search is two writes: the new game with `isready`, then the position with `go`.
        self.ready_after("ucinewgame\n")?;
        let fen = Fen::new(position, self.settings.castling);
        let go = self.settings.limit.go();
        self.process.send(&format!("position fen {fen}\n{go}"))?;
        let deadline = deadline(self.settings.search_deadline());
        let mut seen = Info::default();
        let best_move = loop {
            let line = match self.process.receive(deadline)? {
                Received::Line(line) => line,
                Received::Late => return Err(self.stop()),
            };
            match parse_line(&line).map_err(protocol)? {
                EngineLine::Info(info) if info.multipv.unwrap_or(1) == 1 => merge(&mut seen, info),
                EngineLine::BestMove(best) => break best,
                _ => {}
            }
        };
        let white = position.white();
        let best_move = match best_move {
            Some(mv) if is_legal_first_move(white, mv) => mv,
            Some(mv) => {
                let detail = format!(
                    "`bestmove {mv}` is not a legal first move from {} {white}",
                    white.id()
                );
                return Err(Failure::new(FailureKind::Illegal, detail));
            }
            None => {
                let detail = format!("no move from {} {white}, which has legal moves", white.id());
                return Err(Failure::new(FailureKind::Illegal, detail));
            }
        };
        let score = seen.score.ok_or_else(|| {
            Failure::new(
                FailureKind::Protocol,
                "`bestmove` came without a score in any `info`",
            )
        })?;
        Ok(Evaluation {
            score,
            wdl: seen.wdl,
            depth: seen.depth,
            seldepth: seen.seldepth,
            nodes: seen.nodes,
            time: seen.time,
            best_move,
        })
    }

    /// `isready`, then every line until `readyok`.
    pub(crate) fn ready(&mut self) -> Result<(), Failure> {
        self.ready_after("")
    }

    /// `before` (lines, each ended by `\n`) and `isready` in one write, then every line until
    /// `readyok`.
    pub(crate) fn ready_after(&mut self, before: &str) -> Result<(), Failure> {
        self.process.send(&format!("{before}isready"))?;
        let deadline = deadline(self.settings.timeouts.readyok);
        loop {
            let line = line(&mut self.process, deadline, "`readyok` after `isready`")?;
            if parse_line(&line).map_err(protocol)? == EngineLine::ReadyOk {
                return Ok(());
            }
        }
    }

    /// After the search's deadline: `stop`, then a timeout if `bestmove` follows within the
    /// grace, a stall if it does not.
    pub(crate) fn stop(&mut self) -> Failure {
        let limit = self.settings.limit;
        let allowed = self.settings.search_deadline();
        if let Err(failure) = self.process.send("stop") {
            return failure;
        }
        let deadline = deadline(self.settings.timeouts.grace);
        loop {
            match self.process.receive(deadline) {
                Ok(Received::Line(line)) => {
                    if let Ok(EngineLine::BestMove(_)) = parse_line(&line) {
                        let detail =
                            format!("the search at {limit} ran past {allowed:?}; `stop` ended it");
                        return Failure::new(FailureKind::Timeout, detail);
                    }
                }
                Ok(Received::Late) => {
                    let detail = format!(
                        "the search at {limit} ran past {allowed:?} and did not answer `stop`"
                    );
                    return Failure::new(FailureKind::Stall, detail);
                }
                Err(failure) => return failure,
            }
        }
    }
}

/// The next line, or a stall once `deadline` has passed while waiting for `what`.
pub(crate) fn line(
    process: &mut Process,
    deadline: Option<Instant>,
    what: &str,
) -> Result<String, Failure> {
    match process.receive(deadline)? {
        Received::Line(line) => Ok(line),
        Received::Late => Err(Failure::new(FailureKind::Stall, format!("no {what}"))),
    }
}

/// Each field an `info` line gives replaces the one seen before (as python-chess merges them).
pub(crate) fn merge(seen: &mut Info, info: Info) {
    seen.depth = info.depth.or(seen.depth);
    seen.seldepth = info.seldepth.or(seen.seldepth);
    seen.score = info.score.or(seen.score);
    seen.wdl = info.wdl.or(seen.wdl);
    seen.nodes = info.nodes.or(seen.nodes);
    seen.time = info.time.or(seen.time);
    seen.pv = info.pv.or(seen.pv);
}

/// A line that breaks UCI.
pub(crate) fn protocol(err: crate::uci::ParseLineError) -> Failure {
    Failure::new(FailureKind::Protocol, err.to_string())
}

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
use crate::process::{Process, Received};
use crate::score::{Score, Wdl};
use crate::settings::Settings;
use crate::uci::{EngineLine, Info, parse_line};

/// The options the driver sets itself when the engine offers them.
const CHESS960: &str = "UCI_Chess960";
const SHOW_WDL: &str = "UCI_ShowWDL";
const THREADS: &str = "Threads";

/// An engine that has answered `uciok` and `readyok`, with the options set.
pub struct Engine {
    process: Process,
    name: String,
    settings: Settings,
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
    /// The engine failed the handshake.
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

impl core::error::Error for StartError {}

impl From<Failure> for StartError {
    fn from(failure: Failure) -> StartError {
        StartError::Failed(failure)
    }
}

impl Engine {
    /// Starts the engine of `settings`: `uci` (until `uciok`), the options, `isready`.
    pub fn start(settings: &Settings) -> Result<Engine, StartError> {
        if settings
            .options
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case(CHESS960))
        {
            return Err(StartError::Reserved);
        }
        let process =
            Process::spawn(&settings.program, &settings.args).map_err(StartError::Spawn)?;
        let mut engine = Engine {
            process,
            name: String::new(),
            settings: settings.clone(),
        };
        engine.process.send("uci")?;
        let deadline = Instant::now() + settings.timeouts.uciok;
        let mut offered = Vec::new();
        loop {
            let line = engine.line(deadline, "`uciok` after `uci`")?;
            match parse_line(&line).map_err(protocol)? {
                EngineLine::UciOk => break,
                EngineLine::Id { key: "name", value } => engine.name = value.to_owned(),
                EngineLine::Option { name } => offered.push(name.to_owned()),
                _ => {}
            }
        }
        if engine.name.is_empty() {
            engine.name = settings.program_name();
        }
        let offers = |name: &str| offered.iter().any(|o| o.eq_ignore_ascii_case(name));
        let mut options: Vec<(String, String)> =
            [(CHESS960, "true"), (SHOW_WDL, "true"), (THREADS, "1")]
                .into_iter()
                .filter(|(name, _)| offers(name))
                .map(|(name, value)| (name.to_owned(), value.to_owned()))
                .collect();
        for (name, value) in &settings.options {
            if !offers(name) {
                return Err(StartError::UnknownOption {
                    name: name.clone(),
                    engine: engine.name.clone(),
                });
            }
            options.retain(|(set, _)| !set.eq_ignore_ascii_case(name));
            options.push((name.clone(), value.clone()));
        }
        for (name, value) in options {
            engine
                .process
                .send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    /// The engine's name, from `id name` (or its program's file name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Evaluates `position` (White to move): `ucinewgame`, `isready`, `position fen`, `go`.
    /// The move is checked to be a legal first move.
    pub fn evaluate(&mut self, position: DoubleStartingPosition) -> Result<Evaluation, Failure> {
        self.process.send("ucinewgame")?;
        self.ready()?;
        let fen = Fen::new(position, self.settings.castling);
        self.process.send(&format!("position fen {fen}"))?;
        self.process.send(&self.settings.limit.go())?;
        let deadline = Instant::now() + self.settings.search_deadline();
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
    fn ready(&mut self) -> Result<(), Failure> {
        self.process.send("isready")?;
        let deadline = Instant::now() + self.settings.timeouts.readyok;
        loop {
            let line = self.line(deadline, "`readyok` after `isready`")?;
            if parse_line(&line).map_err(protocol)? == EngineLine::ReadyOk {
                return Ok(());
            }
        }
    }

    /// The next line, or a stall once `deadline` has passed while waiting for `what`.
    fn line(&mut self, deadline: Instant, what: &str) -> Result<String, Failure> {
        match self.process.receive(deadline)? {
            Received::Line(line) => Ok(line),
            Received::Late => Err(Failure::new(FailureKind::Stall, format!("no {what}"))),
        }
    }

    /// After the search's deadline: `stop`, then a timeout if `bestmove` follows within the
    /// grace, a stall if it does not.
    fn stop(&mut self) -> Failure {
        let limit = self.settings.limit;
        let allowed = self.settings.search_deadline();
        if let Err(failure) = self.process.send("stop") {
            return failure;
        }
        let deadline = Instant::now() + self.settings.timeouts.grace;
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

/// Each field an `info` line gives replaces the one seen before (as python-chess merges them).
fn merge(seen: &mut Info, info: Info) {
    seen.depth = info.depth.or(seen.depth);
    seen.seldepth = info.seldepth.or(seen.seldepth);
    seen.score = info.score.or(seen.score);
    seen.wdl = info.wdl.or(seen.wdl);
    seen.nodes = info.nodes.or(seen.nodes);
    seen.time = info.time.or(seen.time);
    seen.pv = info.pv.or(seen.pv);
}

/// A line that breaks UCI.
fn protocol(err: crate::uci::ParseLineError) -> Failure {
    Failure::new(FailureKind::Protocol, err.to_string())
}

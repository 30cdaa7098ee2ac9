//! `chess960 index evals`: the analyses of eval files of positions added to an index, each
//! position's latest good one, as lichess's cloud evaluations.

use std::fs::File;
use std::io::{self, BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess960_engine::{Analysis, AnalysisRecord, AnalysisRecords, Score, latest};
use chess960_explorer::{CloudEval, EvalSource, IndexWriter, Pv, PvScore};

/// Adds the analyses of `files` to the index in `dir`, and says what was done.
pub fn add(dir: &Path, files: &[PathBuf], mix: bool) -> ExitCode {
    let mut kept: Vec<(String, CloudEval)> = Vec::new();
    let mut failed = 0;
    for path in files {
        match read(path) {
            Ok(records) => {
                for record in records {
                    match eval(&record) {
                        Some(eval) => kept.push((record.position.to_string(), eval)),
                        None => failed += 1,
                    }
                }
            }
            Err(err) => {
                eprintln!("chess960: {}: {err}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    match IndexWriter::new(dir).add_evals(kept, mix) {
        Ok(added) => {
            let mut line = format!("chess960: {added} evaluations added");
            if failed > 0 {
                let s = if failed == 1 { "" } else { "s" };
                line.push_str(&format!(
                    "; {failed} position{s} whose latest record is a failure left out"
                ));
            }
            eprintln!("{line}");
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!("chess960: {err}");
            ExitCode::FAILURE
        }
    }
}

/// Each position's latest record in the file at `path` (`-`: stdin).
fn read(path: &Path) -> io::Result<Vec<AnalysisRecord>> {
    let input: Box<dyn BufRead> = match path.as_os_str() == "-" {
        true => Box::new(BufReader::new(io::stdin())),
        false => Box::new(BufReader::new(File::open(path)?)),
    };
    let records = AnalysisRecords::new(input)
        .map(|record| record.map_err(|err| io::Error::new(io::ErrorKind::InvalidData, err)));
    let latest = latest(records, Ok)?;
    Ok(latest.into_iter().map(|(_, record)| record).collect())
}

/// The cloud evaluation of a good record; `None` for a failure.
fn eval(record: &AnalysisRecord) -> Option<CloudEval> {
    let analysis: &Analysis = record.outcome.as_ref().ok()?;
    let pvs = analysis
        .lines
        .iter()
        .map(|line| {
            let score = match line.score {
                Score::Mate(moves) => PvScore::Mate(moves),
                Score::Centipawns(cp) => PvScore::Cp(cp),
            };
            Pv::new(line.moves.iter().map(ToString::to_string).collect(), score)
        })
        .collect();
    let source = EvalSource::new(&record.engine, &record.limit.to_string(), record.threads);
    let eval = CloudEval::new(
        analysis.depth().unwrap_or(0),
        analysis.nodes.unwrap_or(0) / 1000,
        pvs,
        source,
    );
    Some(eval.dated(record.date.as_deref()))
}

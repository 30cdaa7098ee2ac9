//! `chess960 index files`: what an index holds, a file a line under a header (text, CSV or
//! JSON), and the index's size on disk on stderr.

use std::io::{self, Write};
use std::path::Path;
use std::process::ExitCode;

use chess960_explorer::{FileAdded, Index};
use chess960_pgn::tree::GameCount;

use crate::args::FilesFormat;
use crate::dates::iso8601;

/// The columns, as the header and CSV name them.
const COLUMNS: [&str; 7] = [
    "number",
    "added",
    "games",
    "passed_over",
    "bytes",
    "sha256",
    "name",
];

/// Lists the files of the index in `dir` as `format` says.
pub(super) fn list(out: &mut impl Write, dir: &Path, format: FilesFormat) -> io::Result<ExitCode> {
    let opened = Index::open(dir).and_then(|index| Ok((index.files()?, index)));
    let (listed, index) = match opened {
        Ok(opened) => opened,
        Err(err) => {
            eprintln!("chess960: {err}");
            return Ok(ExitCode::FAILURE);
        }
    };
    let rows: Vec<[String; 7]> = listed.iter().map(row).collect();
    match format {
        FilesFormat::Text => text(out, &rows)?,
        FilesFormat::Csv => {
            let mut csv = csv::Writer::from_writer(&mut *out);
            csv.write_record(COLUMNS)?;
            for file in &listed {
                csv.write_record(record(file))?;
            }
            csv.flush()?;
        }
        FilesFormat::Json => {
            for file in &listed {
                let object: serde_json::Map<String, serde_json::Value> = COLUMNS
                    .iter()
                    .zip(record(file))
                    .map(|(name, value)| {
                        let value = match value.parse::<u64>() {
                            Ok(number) if *name != "sha256" && *name != "name" => number.into(),
                            _ => value.into(),
                        };
                        ((*name).to_owned(), value)
                    })
                    .collect();
                writeln!(out, "{}", serde_json::Value::Object(object))?;
            }
        }
    }
    let games: u64 = listed.iter().map(|file| file.games).sum();
    let bytes: u64 = index
        .bytes()
        .map_or(0, |tables| tables.iter().map(|(_, b)| b).sum());
    let files = match listed.len() {
        1 => "1 file".to_owned(),
        n => format!("{n} files"),
    };
    eprintln!(
        "chess960: {files}, {} counted; the index's segments take {} on disk",
        GameCount(games),
        size(bytes)
    );
    Ok(ExitCode::SUCCESS)
}

/// A file's values in [`COLUMNS`]' order, sizes in bytes.
fn record(file: &FileAdded) -> [String; 7] {
    [
        file.number.to_string(),
        iso8601(file.added),
        file.games.to_string(),
        file.read.saturating_sub(file.games).to_string(),
        file.bytes.to_string(),
        file.sha256_hex(),
        file.name.clone(),
    ]
}

/// A file's values as the text table shows them: its size in a unit a reader takes in.
fn row(file: &FileAdded) -> [String; 7] {
    let mut row = record(file);
    if let Some(bytes) = row.get_mut(4) {
        *bytes = size(file.bytes);
    }
    row
}

/// `rows` under the header, each column as wide as its widest value (the name last, not
/// padded).
fn text(out: &mut impl Write, rows: &[[String; 7]]) -> io::Result<()> {
    let header = COLUMNS.map(|name| name.replace('_', " "));
    let mut widths = header.each_ref().map(|name| name.chars().count());
    for row in rows {
        for (width, value) in widths.iter_mut().zip(row) {
            *width = (*width).max(value.chars().count());
        }
    }
    for row in std::iter::once(&header).chain(rows) {
        let mut line = String::new();
        for (n, (value, width)) in row.iter().zip(widths).enumerate() {
            match n {
                6 => line.push_str(value),
                // Numbers to the right.
                0 | 2 | 3 | 4 => line.push_str(&format!("{value:>width$}  ")),
                _ => line.push_str(&format!("{value:<width$}  ")),
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// `bytes` in B, KiB, MiB or GiB, one decimal past bytes.
fn size(bytes: u64) -> String {
    let units = ["KiB", "MiB", "GiB", "TiB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < units.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", units.get(unit).unwrap_or(&"TiB"))
}

#[cfg(test)]
mod tests {
    use super::size;

    #[test]
    fn sizes_are_in_binary_units() {
        assert_eq!(size(0), "0 B");
        assert_eq!(size(1023), "1023 B");
        assert_eq!(size(1536), "1.5 KiB");
        assert_eq!(size(5 << 30), "5.0 GiB");
    }
}

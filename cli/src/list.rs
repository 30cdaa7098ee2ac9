//! `chess960 list`: all 960 in the order of a numbering, as text, CSV, JSON, HTML or C.

use std::io::{self, Write};

use chess960::{Numbering, StartingPosition};

use crate::args::{Format, NumberingArg};
use crate::{c_header, html};

/// The 960 in the order of `numbering`'s numbers, lowest first.
pub fn in_order(numbering: Numbering) -> impl Iterator<Item = StartingPosition> {
    let (low, high) = numbering.range();
    (low..=high).filter_map(move |n| StartingPosition::from_number(n, numbering).ok())
}

/// Writes all 960 in `format`; CSV and JSON name the number after `numbering`.
pub fn write(out: &mut impl Write, format: Format, numbering: NumberingArg) -> io::Result<()> {
    let column = numbering.column();
    let numbering = numbering.numbering();
    match format {
        Format::Text => {
            for sp in in_order(numbering) {
                writeln!(out, "{} {sp}", sp.number(numbering))?;
            }
        }
        Format::Csv => {
            writeln!(out, "{column},rank")?;
            for sp in in_order(numbering) {
                writeln!(out, "{},{sp}", sp.number(numbering))?;
            }
        }
        Format::Json => {
            writeln!(out, "[")?;
            let (_, last) = numbering.range();
            for sp in in_order(numbering) {
                let number = sp.number(numbering);
                let comma = if number < last { "," } else { "" };
                writeln!(
                    out,
                    "  {{\"{column}\": {number}, \"rank\": \"{sp}\"}}{comma}"
                )?;
            }
            writeln!(out, "]")?;
        }
        Format::Html => html::write_page(out, numbering)?,
        Format::C => c_header::write(out, numbering)?,
    }
    Ok(())
}

//! `chess960 list`: all 960 in the order of a numbering, as text, CSV, JSON, HTML or C.

use std::io::{self, Write};

use crate::args::{ListFormat, NumberingArg};
use crate::order::in_order;
use crate::{c_header, html};

/// Writes all 960 in `format`; CSV and JSON name the number after `numbering`.
pub fn write(out: &mut impl Write, format: ListFormat, numbering: NumberingArg) -> io::Result<()> {
    let column = numbering.column();
    let numbering = numbering.numbering();
    match format {
        ListFormat::Text => {
            for sp in in_order(numbering) {
                writeln!(out, "{} {sp}", numbering.number(sp))?;
            }
        }
        ListFormat::Csv => {
            writeln!(out, "{column},rank")?;
            for sp in in_order(numbering) {
                writeln!(out, "{},{sp}", numbering.number(sp))?;
            }
        }
        ListFormat::Json => {
            writeln!(out, "[")?;
            let (_, last) = numbering.range();
            for sp in in_order(numbering) {
                let number = numbering.number(sp);
                let comma = if number < last { "," } else { "" };
                writeln!(
                    out,
                    "  {{\"{column}\": {number}, \"rank\": \"{sp}\"}}{comma}"
                )?;
            }
            writeln!(out, "]")?;
        }
        ListFormat::Html => html::write_page(out, numbering)?,
        ListFormat::C => c_header::write(out, numbering)?,
    }
    Ok(())
}

//! JSON Lines, the one JSON shape of the tool: each record a line, written by `serde_json`
//! with a space after every `:` and `,` (`{"sp": 518, "rank": "RNBQKBNR"}`).

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{Formatter, Serializer};

/// `serde_json`'s compact style, with a space after each `:` and `,`.
struct Spaced;

impl Formatter for Spaced {
    fn begin_array_value<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { out.write_all(b", ") }
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, out: &mut W, first: bool) -> io::Result<()> {
        if first { Ok(()) } else { out.write_all(b", ") }
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, out: &mut W) -> io::Result<()> {
        out.write_all(b": ")
    }
}

/// Writes `value` as one line of JSON.
pub fn write_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    value.serialize(&mut Serializer::with_formatter(&mut *out, Spaced))?;
    out.write_all(b"\n")
}

#[cfg(test)]
mod tests {
    use super::write_line;

    #[test]
    fn one_line_with_spaces() {
        let mut out = Vec::new();
        let value = serde_json::json!({"a": [1, 2], "b": {"c": null}});
        write_line(&mut out, &value).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "{\"a\": [1, 2], \"b\": {\"c\": null}}\n"
        );
    }
}

//! `chess960 list --format html`: one self-contained page with all 960 as small boards.

use std::io::{self, Write};

use chess960::StartingPosition;
use chess960::numbering::Numbering;

const HEAD: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Chess960: the 960 starting positions</title>
<style>
body { font-family: sans-serif; margin: 16px; color: #222; background: #fff; }
main { display: grid; grid-template-columns: repeat(auto-fill, 148px); gap: 14px 10px; }
figure { margin: 0; }
.board { display: grid; grid-template-columns: repeat(8, 17px); grid-auto-rows: 17px;
         width: 136px; border: 1px solid #444; }
.board i { font-style: normal; font-size: 15px; line-height: 17px; text-align: center;
           color: #000; background: #f0d9b5; }
/* Dark squares: a1 is dark, so on rank 8 (first row) the b, d, f, h files are. */
.board i:nth-child(16n+2), .board i:nth-child(16n+4), .board i:nth-child(16n+6),
.board i:nth-child(16n+8), .board i:nth-child(16n+9), .board i:nth-child(16n+11),
.board i:nth-child(16n+13), .board i:nth-child(16n+15) { background: #b58863; }
figcaption { font: 12px/1.3 monospace; margin-top: 3px; }
</style>
</head>
<body>
"#;

/// Writes the page: one figure per position of `positions` (in the order of `numbering`).
pub fn write_page(
    out: &mut impl Write,
    numbering: Numbering,
    positions: impl Iterator<Item = StartingPosition>,
) -> io::Result<()> {
    out.write_all(HEAD.as_bytes())?;
    writeln!(
        out,
        "<h1>The 960 Chess960 starting positions</h1>\n<p>{} and White's back rank (Black's is the same on rank 8). \
         Dark squares are brown: each side's bishops stand on one of each.</p>\n<main>",
        numbering.noun()
    )?;
    for sp in positions {
        board(out, sp, numbering)?;
    }
    writeln!(out, "</main>\n</body>\n</html>")
}

fn board(out: &mut impl Write, sp: StartingPosition, numbering: Numbering) -> io::Result<()> {
    let pieces = sp.pieces();
    write!(out, "<figure id=\"sp{}\"><div class=\"board\">", sp.id())?;
    let row = |symbols: &mut dyn Iterator<Item = char>| -> String {
        symbols.map(|c| format!("<i>{c}</i>")).collect()
    };
    let black: String = row(&mut pieces.iter().map(|p| p.black_symbol()));
    let white: String = row(&mut pieces.iter().map(|p| p.white_symbol()));
    let pawns = |c: char| row(&mut std::iter::repeat_n(c, 8));
    write!(out, "{black}{}", pawns('♟'))?;
    write!(out, "{}", "<i></i>".repeat(32))?;
    write!(out, "{}{white}", pawns('♙'))?;
    let number = numbering.number(sp);
    let sp_id = if numbering == Numbering::Scharnagl {
        String::new()
    } else {
        format!(" (SP {})", sp.id())
    };
    writeln!(
        out,
        "</div><figcaption>{number} {sp}{sp_id}</figcaption></figure>"
    )
}

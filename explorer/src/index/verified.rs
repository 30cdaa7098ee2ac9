//! What a verification of an index read and checked ([`Verified`]), counted as it goes.

use std::fmt;

/// What [`Index::verify`](crate::Index::verify) read and found as the index writes it: every
/// block of every table of every segment the manifest names, their entries decoded, and a
/// sample of the postings confirmed by replaying their games.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub struct Verified {
    /// The segments the manifest names.
    pub segments: u64,
    /// Their tables (six a segment).
    pub tables: u64,
    /// The tables' blocks, each read from disk with its CRC checked.
    pub blocks: u64,
    /// The tables' entries, each decoded.
    pub entries: u64,
    /// The games' records (`games.tbl`'s entries).
    pub games: u64,
    /// The positions' rows (`rows.tbl`'s entries).
    pub rows: u64,
    /// The postings, in their chunks (`postings.tbl`).
    pub postings: u64,
    /// The postings sampled to be confirmed by replaying their games.
    pub sampled: u64,
    /// Of them, those confirmed: their game reaches a position of their fingerprint (all of
    /// them, once a verification succeeds).
    pub confirmed: u64,
    /// The engine evaluations of `evals.redb`, each decoded (0 without the file).
    pub evals: u64,
    /// The bytes of the tables' files, read.
    pub bytes: u64,
}

impl fmt::Display for Verified {
    /// `2 segments, 12 tables, 48 blocks, 9120 entries (600 games, 1204 rows, 7070 postings,
    /// 73 of 73 sampled confirmed by replay), 0 evaluations, 310 KiB`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = |n: u64| if n == 1 { "" } else { "s" };
        write!(
            f,
            "{} segment{}, {} table{}, {} block{}, {} entr{} ({} game{}, {} row{}, {} posting{}, {} of {} sampled confirmed by replay), {} evaluation{}, {}",
            self.segments,
            s(self.segments),
            self.tables,
            s(self.tables),
            self.blocks,
            s(self.blocks),
            self.entries,
            if self.entries == 1 { "y" } else { "ies" },
            self.games,
            s(self.games),
            self.rows,
            s(self.rows),
            self.postings,
            s(self.postings),
            self.confirmed,
            self.sampled,
            self.evals,
            s(self.evals),
            size(self.bytes)
        )
    }
}

/// `bytes` in B, KiB, MiB or GiB, one decimal past bytes.
fn size(bytes: u64) -> String {
    let mut value = bytes as f64;
    for unit in ["B", "KiB", "MiB", "GiB"] {
        if value < 1024.0 {
            return match unit {
                "B" => format!("{bytes} B"),
                _ => format!("{value:.1} {unit}"),
            };
        }
        value /= 1024.0;
    }
    format!("{value:.1} TiB")
}

#[cfg(test)]
mod tests {
    use super::{Verified, size};

    #[test]
    fn counts_read_as_a_line() {
        assert_eq!(
            (size(0), size(1023)),
            ("0 B".to_owned(), "1023 B".to_owned())
        );
        assert_eq!(
            (size(1536), size(5 << 30)),
            ("1.5 KiB".to_owned(), "5.0 GiB".to_owned())
        );
        let verified = Verified {
            segments: 1,
            tables: 5,
            blocks: 9,
            entries: 1,
            games: 1,
            rows: 0,
            postings: 2,
            sampled: 1,
            confirmed: 1,
            evals: 0,
            bytes: 2048,
        };
        assert_eq!(
            verified.to_string(),
            "1 segment, 5 tables, 9 blocks, 1 entry (1 game, 0 rows, 2 postings, 1 of 1 sampled confirmed by replay), 0 evaluations, 2.0 KiB"
        );
    }
}

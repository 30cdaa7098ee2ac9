//! A start FEN's castling field against its back ranks: the rights its letters give, with
//! letters that name no rook (a king's file, a bishop's) repaired when what they mean is clear,
//! and the rights written back in either notation.

use crate::board::File;
use crate::dfrc::DoubleStartingPosition;
use crate::fen::{CastlingNotation, shredder_castling};
use crate::line::Text;
use crate::position::StartingPosition;

/// Castling rights of a start: a bit for each side of each color, in the order FENs write
/// them (White's kingside, White's queenside, Black's kingside, Black's queenside).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Rights(u8);

/// How a castling field reads against the back ranks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Letters {
    /// Every letter names a castling rook (`K`, `Q` or a rook's file), or the field is `-`.
    Fit(Rights),
    /// Some letters name no rook, but the rights meant are clear: these.
    Repaired(Rights),
    /// This letter names no rook, and is its color's only one, on the king's file: it could
    /// mean either rook.
    Ambiguous(char),
}

impl Letters {
    /// The rights the letters give, or the letter whose meaning is unclear.
    pub(super) fn rights(self) -> Result<Rights, char> {
        match self {
            Letters::Fit(rights) | Letters::Repaired(rights) => Ok(rights),
            Letters::Ambiguous(letter) => Err(letter),
        }
    }
}

impl Rights {
    pub(super) const NONE: Rights = Rights(0);
    pub(super) const FULL: Rights = Rights(0b1111);

    /// The rights of a FEN's castling field (`None`: no field, which readers take as `-`),
    /// which the shape check has limited to `-` or up to four of `KQkq` and the files.
    pub(super) fn read(field: Option<&str>, start: DoubleStartingPosition) -> Letters {
        let Some(field) = field.filter(|f| *f != "-") else {
            return Letters::Fit(Rights::NONE);
        };
        let mut rights = 0;
        let mut repaired = false;
        for (shift, rank, white) in [(0, start.white(), true), (2, start.black(), false)] {
            let letters = field.bytes().filter(|b| b.is_ascii_uppercase() == white);
            match color(letters, rank) {
                Ok((sides, fit)) => {
                    rights |= sides << shift;
                    repaired |= !fit;
                }
                Err(letter) => return Letters::Ambiguous(char::from(letter)),
            }
        }
        match repaired {
            false => Letters::Fit(Rights(rights)),
            true => Letters::Repaired(Rights(rights)),
        }
    }

    /// The rights as a FEN's castling field: `KQkq`'s letters or the rooks' files, kingside
    /// first and White's first, or `-`.
    pub(super) fn write(
        self,
        start: DoubleStartingPosition,
        notation: CastlingNotation,
    ) -> Text<4> {
        let letters = match notation {
            CastlingNotation::XFen => *b"KQkq",
            CastlingNotation::Shredder => shredder_castling(start.white(), start.black()),
        };
        if self == Rights::NONE {
            return Text::EMPTY.push(b"-");
        }
        let mut text = Text::EMPTY;
        for (bit, letter) in letters.into_iter().enumerate() {
            if self.0 & (1 << bit) != 0 {
                text = text.push(&[letter]);
            }
        }
        text
    }
}

/// The sides one color's letters give (bit 0 kingside, bit 1 queenside), and whether every
/// letter fits; or the letter whose meaning is unclear.
///
/// A letter that names no rook still points to one side of the king, and a start has one rook
/// on each side, so it means that rook; two different letters mean both rooks, as a color has
/// only two rights. Only a lone letter on the king's file is left unread.
fn color(letters: impl Iterator<Item = u8>, rank: StartingPosition) -> Result<(u8, bool), u8> {
    const KINGSIDE: u8 = 1;
    const QUEENSIDE: u8 = 2;
    let (king, kingside_rook, queenside_rook) = (
        rank.king_file(),
        rank.kingside_rook_file(),
        rank.queenside_rook_file(),
    );
    let (mut sides, mut seen, mut misfit, mut on_king_file) = (0, 0u32, false, None);
    for letter in letters {
        let lower = letter.to_ascii_lowercase();
        seen |= 1 << (lower.wrapping_sub(b'a') & 31);
        let file = File::from_ascii(lower);
        sides |= match (lower, file) {
            (b'k', _) => KINGSIDE,
            (b'q', _) => QUEENSIDE,
            (_, Some(file)) if file == kingside_rook => KINGSIDE,
            (_, Some(file)) if file == queenside_rook => QUEENSIDE,
            (_, Some(file)) => {
                misfit = true;
                match file.index().cmp(&king.index()) {
                    core::cmp::Ordering::Greater => KINGSIDE,
                    core::cmp::Ordering::Less => QUEENSIDE,
                    core::cmp::Ordering::Equal => {
                        on_king_file = Some(letter);
                        0
                    }
                }
            }
            // The shape check lets no other letter through.
            (_, None) => 0,
        };
    }
    if !misfit {
        return Ok((sides, true));
    }
    if seen.count_ones() >= 2 {
        return Ok((KINGSIDE | QUEENSIDE, false));
    }
    match on_king_file {
        Some(letter) => Err(letter),
        None => Ok((sides, false)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sp(id: u16) -> DoubleStartingPosition {
        StartingPosition::from_id(id).unwrap().into()
    }

    /// The kind of reading and the rights in X-FEN, or the unclear letter.
    fn check(field: Option<&str>, start: DoubleStartingPosition, kind: &str, expected: &str) {
        let (read_kind, rights) = match Rights::read(field, start) {
            Letters::Fit(rights) => ("fit", rights),
            Letters::Repaired(rights) => ("repaired", rights),
            Letters::Ambiguous(letter) => {
                let mut buffer = [0; 4];
                assert_eq!(
                    ("ambiguous", letter.encode_utf8(&mut buffer) as &str),
                    (kind, expected),
                    "{field:?}"
                );
                return;
            }
        };
        let written = rights.write(start, CastlingNotation::XFen);
        assert_eq!((read_kind, written.as_str()), (kind, expected), "{field:?}");
    }

    #[test]
    fn letters_against_the_back_rank() {
        // 105 QNRBBNKR: rooks c and h, king g, bishops d and e.
        let start = sp(105);
        let cases = [
            ("KQkq", "fit", "KQkq"),
            ("HChc", "fit", "KQkq"),
            ("cHhC", "fit", "KQkq"),
            ("Hk", "fit", "Kk"),
            ("-", "fit", "-"),
            ("HEhe", "repaired", "KQkq"),
            ("HGhg", "repaired", "KQkq"),
            ("GE", "repaired", "KQ"),
            ("E", "repaired", "Q"),
            ("HChd", "repaired", "KQkq"),
            ("Gg", "ambiguous", "G"),
            ("KQg", "ambiguous", "g"),
        ];
        for (field, kind, expected) in cases {
            check(Some(field), start, kind, expected);
        }
        check(None, start, "fit", "-");
    }

    #[test]
    fn shredder_writes_each_colours_rook_files() {
        let white = StartingPosition::from_id(105).unwrap();
        let black = StartingPosition::from_id(451).unwrap(); // BRNNKQRB: rooks b, g
        let pair = DoubleStartingPosition::new(white, black);
        let write = |field| match Rights::read(Some(field), pair) {
            Letters::Fit(r) | Letters::Repaired(r) => r.write(pair, CastlingNotation::Shredder),
            Letters::Ambiguous(_) => panic!("{field}"),
        };
        assert_eq!(write("KQkq").as_str(), "HCgb");
        assert_eq!(write("Qk").as_str(), "Cg");
        assert_eq!(write("-").as_str(), "-");
    }

    #[test]
    fn every_start_reads_its_own_letters_as_full_rights() {
        for start in StartingPosition::all() {
            let pair = DoubleStartingPosition::from(start);
            let full = Rights::FULL;
            for notation in [CastlingNotation::XFen, CastlingNotation::Shredder] {
                let field = full.write(pair, notation);
                assert_eq!(Rights::read(Some(field.as_str()), pair), Letters::Fit(full));
            }
        }
    }
}

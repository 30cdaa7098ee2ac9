//! Every 8-character string over {K, Q, R, B, N, P, -} (7^8 = 5,764,801) is accepted exactly
//! when an independent rule predicate calls it legal, and rejected with the first broken rule.

use crate::direct;

use chess960::{BackRankError, File, ParseBackRankError, Piece, StartingPosition};

const ALPHABET: [u8; 7] = *b"KQRBNP-";

/// What the rules say of `s`, written over letters without the library's code.
fn judge(s: &[u8; 8]) -> Result<(), ParseBackRankError> {
    if let Some(i) = s.iter().position(|b| !b"KQRBN".contains(b)) {
        return Err(ParseBackRankError::UnknownSymbol {
            symbol: char::from(s[i]),
            file: File::ALL[i],
        });
    }
    let files_of = |letter: u8| -> Vec<usize> { (0..8).filter(|&i| s[i] == letter).collect() };
    for (letter, wanted) in [(b'K', 1), (b'Q', 1), (b'R', 2), (b'B', 2), (b'N', 2)] {
        let found = files_of(letter).len();
        if found != wanted {
            return Err(ParseBackRankError::BackRank(BackRankError::PieceCount {
                piece: Piece::from_ascii(letter).unwrap(),
                found: found as u8,
            }));
        }
    }
    let bishops = files_of(b'B');
    if (bishops[0] + bishops[1]) % 2 == 0 {
        return Err(ParseBackRankError::BackRank(
            BackRankError::BishopsSameColor {
                files: [File::ALL[bishops[0]], File::ALL[bishops[1]]],
            },
        ));
    }
    let (king, rooks) = (files_of(b'K')[0], files_of(b'R'));
    if !(rooks[0] < king && king < rooks[1]) {
        return Err(ParseBackRankError::BackRank(
            BackRankError::KingNotBetweenRooks {
                king: File::ALL[king],
                rooks: [File::ALL[rooks[0]], File::ALL[rooks[1]]],
            },
        ));
    }
    Ok(())
}

#[test]
fn every_string_over_seven_symbols_is_judged_by_the_rules() {
    let mut legal = 0;
    let mut kinds = [0usize; 5];
    for mut n in 0..7u32.pow(8) {
        let mut s = [0u8; 8];
        for b in &mut s {
            *b = ALPHABET[(n % 7) as usize];
            n /= 7;
        }
        let text = std::str::from_utf8(&s).unwrap();
        let parsed = text.parse::<StartingPosition>();
        // Over K Q R B N alone, from_pieces judges the same as the text.
        if let Some(pieces) = s
            .iter()
            .map(|&b| Piece::from_ascii(b))
            .collect::<Option<Vec<_>>>()
        {
            let pieces: [Piece; 8] = pieces.try_into().unwrap();
            assert_eq!(
                StartingPosition::from_pieces(pieces).map_err(ParseBackRankError::from),
                parsed,
                "{text}"
            );
        }
        match (judge(&s), parsed) {
            (Ok(()), Ok(sp)) => {
                legal += 1;
                assert_eq!(sp.to_ascii(), s);
                assert_eq!(direct::id(s), Some(sp.id()), "{text}");
                assert_eq!(direct::back_rank(sp.id()), Some(s), "{text}");
            }
            (Err(expected), Err(got)) => {
                assert_eq!(got, expected, "{text}");
                assert_eq!(direct::id(s), None, "{text}");
                kinds[match got {
                    ParseBackRankError::UnknownSymbol { .. } => 0,
                    ParseBackRankError::BackRank(BackRankError::PieceCount { .. }) => 1,
                    ParseBackRankError::BackRank(BackRankError::BishopsSameColor { .. }) => 2,
                    ParseBackRankError::BackRank(BackRankError::KingNotBetweenRooks { .. }) => 3,
                    _ => 4,
                }] += 1;
            }
            (expected, got) => panic!("{text}: rules say {expected:?}, parser says {got:?}"),
        }
    }
    assert_eq!(legal, 960);
    // 7^8 - 5^8 strings hold a P or a -; of the 5^8 = 390,625 over K Q R B N, 8!/(2!2!2!) =
    // 5,040 have the right counts, 2,880 of those have opposite bishops, and a third of them
    // (960) the king between the rooks.
    assert_eq!(
        kinds,
        [
            5_764_801 - 390_625,
            390_625 - 5_040,
            5_040 - 2_880,
            2_880 - 960,
            0
        ]
    );
}

/// Each of the 960 back ranks with any one of its letters replaced by each ASCII character:
/// the text reads as a start exactly when the character is that same piece's letter in either
/// case (the lookup uppercases eight bytes at once by clearing bit 5, which must make no
/// other character a piece's letter).
#[test]
fn one_ascii_character_changed_reads_only_as_the_same_letter_in_either_case() {
    for sp in StartingPosition::all() {
        let rank = sp.to_ascii();
        for (file, &letter) in rank.iter().enumerate() {
            for byte in 0..128u8 {
                let mut text = rank;
                text[file] = byte;
                let text = std::str::from_utf8(&text).unwrap();
                let same = byte.to_ascii_uppercase() == letter;
                let read = text.parse::<StartingPosition>();
                assert_eq!(read.ok(), same.then_some(sp), "{text:?}");
            }
        }
    }
}

//! A position's games listed ([`Listed`]): who moves there and each move's games, by their
//! ordinals in the segment. A position of a few games is stored so, rather than counted: its
//! counts, top and recent games and months are made from its games' facts when it is asked
//! (`crate::store::facts`), and the list costs about two bytes a game.

use cozy_chess::Color;

use crate::store::bytes::{Reader, put};

/// A position's games, listed by the move each played there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Listed {
    /// Who moves at the position.
    pub(crate) mover: Color,
    /// Each move ([`crate::store::code::code`]) and the ordinals of the games that played
    /// it, increasing; moves in increasing order.
    pub(crate) moves: Vec<(u16, Vec<u32>)>,
}

impl Listed {
    /// Its games: their number.
    pub(crate) fn games(&self) -> usize {
        self.moves.iter().map(|(_, games)| games.len()).sum()
    }

    /// Each game's ordinal and the move it played, move by move.
    pub(crate) fn visits(&self) -> impl Iterator<Item = (u32, u16)> + '_ {
        self.moves
            .iter()
            .flat_map(|(mv, games)| games.iter().map(move |&game| (game, *mv)))
    }

    /// Its bytes: the row's form (1), the mover (0 White, 1 Black), the number of
    /// moves, then each move's code, its number of games, its first game's ordinal and each
    /// next one's gap less one (unsigned LEB128 numbers).
    pub(crate) fn write(&self, out: &mut Vec<u8>) {
        out.push(1);
        out.push(u8::from(self.mover == Color::Black));
        put(out, self.moves.len() as u64);
        for (mv, games) in &self.moves {
            put(out, u64::from(*mv));
            put(out, games.len() as u64);
            let mut last: Option<u32> = None;
            for &game in games {
                let gap = last.map_or(game, |last| game - last - 1);
                put(out, u64::from(gap));
                last = Some(game);
            }
        }
    }

    /// The list of `bytes` (those after the row's form), `None` if they are not one: moves out of
    /// order, a move without games, an ordinal past `u32`, a byte left over.
    pub(crate) fn read(bytes: &[u8]) -> Option<Listed> {
        let mut r = Reader(bytes);
        let mover = match r.byte()? {
            0 => Color::White,
            1 => Color::Black,
            _ => return None,
        };
        let count = r.count()?;
        let mut moves: Vec<(u16, Vec<u32>)> = Vec::with_capacity(count);
        for _ in 0..count {
            let mv = u16::try_from(r.number()?).ok()?;
            if moves.last().is_some_and(|&(last, _)| last >= mv) {
                return None;
            }
            let games = r.count()?;
            if games == 0 {
                return None;
            }
            let mut list = Vec::with_capacity(games);
            let mut next = 0u64;
            for _ in 0..games {
                let game = next.checked_add(r.number()?)?;
                list.push(u32::try_from(game).ok()?);
                next = game + 1;
            }
            moves.push((mv, list));
        }
        r.0.is_empty().then_some(Listed { mover, moves })
    }
}

#[cfg(test)]
mod tests {
    use cozy_chess::Color;

    use super::Listed;

    /// The list of a row's `bytes`: its form (1), then the list.
    fn read(bytes: &[u8]) -> Option<Listed> {
        match bytes.split_first()? {
            (1, rest) => Listed::read(rest),
            _ => None,
        }
    }

    #[test]
    fn lists_read_back_and_other_bytes_are_refused() {
        let listed = Listed {
            mover: Color::Black,
            moves: vec![
                (3, vec![0, 1, 9]),
                (700, vec![u32::MAX]),
                (701, vec![5, 400_000]),
            ],
        };
        let mut bytes = Vec::new();
        listed.write(&mut bytes);
        assert_eq!(read(&bytes), Some(listed.clone()));
        assert_eq!(listed.games(), 6);
        assert_eq!(listed.visits().nth(3), Some((u32::MAX, 700)));
        for cut in 1..bytes.len() {
            assert_eq!(read(&bytes[..cut]), None, "{cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(read(&longer), None);
        // The second move's code made the first's: out of order.
        let mut unordered = Vec::new();
        Listed {
            moves: vec![(3, vec![1]), (3, vec![2])],
            ..listed
        }
        .write(&mut unordered);
        assert_eq!(read(&unordered), None);
        assert_eq!(read(&[1, 2, 0]), None, "no third mover");
        assert_eq!(read(&[1, 0, 1, 5, 0]), None, "a move of no games");
    }
}

//! What an add sorts ([`VisitItem`], [`IdItem`]): fixed-size items, as bytes and back.

use cozy_chess::Color;

use crate::build::sort::Item;
use crate::store::key::Position;
use crate::store::players::Start;
use crate::store::visit::{Step, Visit};

/// A position a game played a move at: the position's key, the game's ordinal in the add,
/// the move (coded), and whether White played it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct VisitItem {
    pub(crate) key: [u8; 12],
    pub(crate) ordinal: u32,
    pub(crate) mv: u16,
    pub(crate) white: bool,
}

impl VisitItem {
    /// The item of `visit` of the game `ordinal`, if it played a move there.
    pub(crate) fn of(visit: &Visit, ordinal: u32) -> Option<VisitItem> {
        match visit.step {
            Step::Played(mv) => Some(VisitItem {
                key: *visit.position.bytes(),
                ordinal,
                mv,
                white: visit.mover == Color::White,
            }),
            Step::Arrived => None,
        }
    }

    /// Who played its move.
    pub(crate) fn mover(&self) -> Color {
        match self.white {
            true => Color::White,
            false => Color::Black,
        }
    }

    /// Its position.
    pub(crate) fn position(&self) -> Position {
        Position::from_bytes(self.key)
    }
}

impl Item for VisitItem {
    const SIZE: usize = 19;

    fn put(&self, out: &mut [u8]) {
        let (key, rest) = out.split_at_mut(12);
        key.copy_from_slice(&self.key);
        let (ordinal, rest) = rest.split_at_mut(4);
        ordinal.copy_from_slice(&self.ordinal.to_be_bytes());
        let (mv, white) = rest.split_at_mut(2);
        mv.copy_from_slice(&self.mv.to_le_bytes());
        white.fill(u8::from(self.white));
    }

    fn get(bytes: &[u8]) -> VisitItem {
        let mut item = [0; 19];
        item.iter_mut()
            .zip(bytes)
            .for_each(|(to, &from)| *to = from);
        let [k @ .., o0, o1, o2, o3, m0, m1, white] = item;
        let mut key = [0; 12];
        key.iter_mut().zip(k).for_each(|(to, from)| *to = from);
        VisitItem {
            key,
            ordinal: u32::from_be_bytes([o0, o1, o2, o3]),
            mv: u16::from_le_bytes([m0, m1]),
            white: white != 0,
        }
    }

    fn first_byte(&self) -> u8 {
        let [first, ..] = self.key;
        first
    }

    fn sort(items: &mut [VisitItem]) {
        // The derived order, compared as integers rather than bytes.
        items.sort_unstable_by_key(|item| {
            let [k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, k10, k11] = item.key;
            (
                u64::from_be_bytes([k0, k1, k2, k3, k4, k5, k6, k7]),
                u32::from_be_bytes([k8, k9, k10, k11]),
                item.ordinal,
                item.mv,
                item.white,
            )
        });
    }
}

/// A player's key ([`crate::store::players::player_key`]), the ordinal of a game they
/// played with that colour and the start it began at.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct PlayerItem {
    pub(crate) key: [u8; 9],
    pub(crate) ordinal: u32,
    pub(crate) start: Start,
}

impl Item for PlayerItem {
    const SIZE: usize = 17;

    fn put(&self, out: &mut [u8]) {
        let (key, rest) = out.split_at_mut(9);
        let (ordinal, start) = rest.split_at_mut(4);
        key.copy_from_slice(&self.key);
        ordinal.copy_from_slice(&self.ordinal.to_be_bytes());
        start.copy_from_slice(&self.start.to_be_bytes());
    }

    fn get(bytes: &[u8]) -> PlayerItem {
        let mut item = [0; 17];
        item.iter_mut()
            .zip(bytes)
            .for_each(|(to, &from)| *to = from);
        let [k @ .., o0, o1, o2, o3, s0, s1, s2, s3] = item;
        let mut key = [0; 9];
        key.iter_mut().zip(k).for_each(|(to, from)| *to = from);
        PlayerItem {
            key,
            ordinal: u32::from_be_bytes([o0, o1, o2, o3]),
            start: u32::from_be_bytes([s0, s1, s2, s3]),
        }
    }

    fn first_byte(&self) -> u8 {
        let [first, ..] = self.key;
        first
    }
}

/// The player items of the game `ordinal` of `players` (White's, Black's), which began at
/// `start`: none for a name not given.
pub(crate) fn player_items(
    players: &[String; 2],
    ordinal: u32,
    start: Start,
) -> impl Iterator<Item = PlayerItem> + '_ {
    let colors = [cozy_chess::Color::White, cozy_chess::Color::Black];
    players.iter().zip(colors).filter_map(move |(name, color)| {
        let key = crate::store::players::player_key(name, color)?;
        Some(PlayerItem {
            key,
            ordinal,
            start,
        })
    })
}

/// A game's key ([`crate::store::id::GameKey`]) and its ordinal.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct IdItem {
    pub(crate) id: [u8; 8],
    pub(crate) ordinal: u32,
}

impl Item for IdItem {
    const SIZE: usize = 12;

    fn put(&self, out: &mut [u8]) {
        let (id, ordinal) = out.split_at_mut(8);
        id.copy_from_slice(&self.id);
        ordinal.copy_from_slice(&self.ordinal.to_be_bytes());
    }

    fn get(bytes: &[u8]) -> IdItem {
        let mut item = [0; 12];
        item.iter_mut()
            .zip(bytes)
            .for_each(|(to, &from)| *to = from);
        let [i @ .., o0, o1, o2, o3] = item;
        let mut id = [0; 8];
        id.iter_mut().zip(i).for_each(|(to, from)| *to = from);
        IdItem {
            id,
            ordinal: u32::from_be_bytes([o0, o1, o2, o3]),
        }
    }

    fn first_byte(&self) -> u8 {
        let [first, ..] = self.id;
        first
    }
}

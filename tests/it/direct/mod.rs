//! Scharnagl's direct derivation, written from the seed documents independently of the
//! library's tables: divide by 4 (light bishop), by 4 (dark bishop), by 6 (queen); the
//! quotient is the KeRN code. Back ranks are uppercase ASCII letters, files a to h.
//! Allocation-free and without panics, so that the benchmarks can use it as the arithmetic
//! baseline under the library's lints.

/// The KeRN codes: knights, rooks and king on the five squares left, code 0 to 9.
pub const KERN: [&[u8; 5]; 10] = [
    b"NNRKR", b"NRNKR", b"NRKNR", b"NRKRN", b"RNNKR", b"RNKNR", b"RNKRN", b"RKNNR", b"RKNRN",
    b"RKRNN",
];

/// The back rank of `id` (0..=959), or `None` for a larger id.
pub fn back_rank(id: u16) -> Option<[u8; 8]> {
    if id >= 960 {
        return None;
    }
    let id = usize::from(id);
    let (rest, light) = (id / 4, id % 4);
    let (rest, dark) = (rest / 4, rest % 4);
    let (kern, queen) = (rest / 6, rest % 6);

    let mut rank = [0u8; 8];
    *rank.get_mut(2 * light + 1)? = b'B'; // b, d, f, h
    *rank.get_mut(2 * dark)? = b'B'; // a, c, e, g
    let queen_file = (0..8).filter(|&f| rank.get(f) == Some(&0)).nth(queen)?;
    *rank.get_mut(queen_file)? = b'Q';
    let mut kern = KERN.get(kern)?.iter();
    for square in rank.iter_mut().filter(|square| **square == 0) {
        *square = *kern.next()?;
    }
    Some(rank)
}

/// The id of a back rank: light + 4 × dark + 16 × queen + 96 × KeRN code, or `None` if the
/// letters are not a legal back rank.
pub fn id(rank: [u8; 8]) -> Option<u16> {
    let (mut light, mut dark, mut bishops) = (0, 0, 0);
    let (mut queen, mut queens, mut slot) = (0, 0, 0);
    let mut rest = [0u8; 5];
    let mut filled = 0;
    for (file, &letter) in rank.iter().enumerate() {
        match letter {
            b'B' if file % 2 == 1 => (light, bishops) = (file / 2, bishops + 1),
            b'B' => (dark, bishops) = (file / 2, bishops + 10),
            b'Q' => (queen, queens, slot) = (slot, queens + 1, slot + 1),
            _ => {
                *rest.get_mut(filled)? = letter;
                (filled, slot) = (filled + 1, slot + 1);
            }
        }
    }
    // One light and one dark bishop (1 + 10), one queen, five others.
    if bishops != 11 || queens != 1 || filled != 5 {
        return None;
    }
    let kern = KERN.iter().position(|code| **code == rest)?;
    Some((light + 4 * dark + 16 * queen + 96 * kern) as u16)
}

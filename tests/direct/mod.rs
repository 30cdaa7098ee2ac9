//! Scharnagl's direct derivation, written from the seed documents independently of the
//! library's tables: divide by 4 (light bishop), by 4 (dark bishop), by 6 (queen); the
//! quotient is the KeRN code. Back ranks are uppercase ASCII letters, files a to h.

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
    rank[2 * light + 1] = b'B'; // b, d, f, h
    rank[2 * dark] = b'B'; // a, c, e, g
    let free: Vec<usize> = (0..8).filter(|&f| rank[f] == 0).collect();
    rank[free[queen]] = b'Q';
    let free = (0..8).filter(|&f| rank[f] == 0).collect::<Vec<_>>();
    for (&file, &letter) in free.iter().zip(KERN[kern]) {
        rank[file] = letter;
    }
    Some(rank)
}

/// The id of a back rank: light + 4 × dark + 16 × queen + 96 × KeRN code, or `None` if the
/// letters are not a legal back rank.
pub fn id(rank: [u8; 8]) -> Option<u16> {
    let bishops: Vec<usize> = (0..8).filter(|&f| rank[f] == b'B').collect();
    let [first, second] = bishops[..] else {
        return None;
    };
    let (light, dark) = match (first % 2, second % 2) {
        (1, 0) => (first, second),
        (0, 1) => (second, first),
        _ => return None,
    };
    let others: Vec<u8> = rank.iter().copied().filter(|&l| l != b'B').collect();
    let queens: Vec<usize> = (0..6).filter(|&i| others[i] == b'Q').collect();
    let [queen] = queens[..] else { return None };
    let rest: Vec<u8> = others.iter().copied().filter(|&l| l != b'Q').collect();
    let kern = KERN.iter().position(|code| code[..] == rest[..])?;
    Some((light / 2 + 4 * (dark / 2) + 16 * queen + 96 * kern) as u16)
}

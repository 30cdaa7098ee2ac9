//! A lichess-like Chess960 database for the explorer's benchmarks and tests, written to stdout
//! until BYTES are written, reproducible from SEED: the tags of lichess's monthly Chess960
//! dumps in their order, a random start of the 960 per game, players from a pool of 50,000
//! with fixed ratings, results by the rating difference, SAN with `[%clk]` comments.
//!
//! Openings repeat as human games do: each position orders its legal moves by a hash of (its
//! Zobrist hash, the move), and a game plays rank r with probability p(1-p)^r, p high in the
//! first plies and lower later, so that games share their first moves and diverge after.
//! `--distinct` picks uniformly instead (all games distinct, the worst case). Game N (from
//! `--first-id`, default 0) is the same game in any run with the same SEED; its 8-letter
//! lichess id comes from SEED and N, so runs with other seeds or other ids don't collide.
//!
//! The Event tag is lichess's for Chess960 games: `Rated Chess960 game` (one in ten `Casual`,
//! one in eight an arena's `… tournament https://lichess.org/tournament/…`); the speed is in
//! TimeControl, by lichess's rule. Over 100,000 games of SEED 7, 11% of the positions at plies
//! 1 to 10 are one game's alone, 75% at plies 11 to 20, 99.5% at ply 20 (`--distinct`: 88%
//! and 100%). About 40 s a GiB on one core; `--threads N` makes the same games on N.
//! `--months N` draws each game's month among N without changing its moves (the same games
//! re-dated); `--starts` plays only the starts of the ids given.
//!
//! ```sh
//! cargo run --release -p chess960-pgn --example lichess_games -- SEED BYTES [--month YYYY-MM] [--months N] [--distinct] [--first-id N] [--threads N] [--starts ID,ID…]
//! cargo run --release -p chess960-pgn --example lichess_games -- 7 1073741824 --months 3 > lichess.pgn
//! ```

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::{BufWriter, Write};

use chess960::StartingPosition;
use chess960::fen::{CastlingNotation, Fen};
use chess960_pgn::moves::Replay;
use cozy_chess::{Board, Color, Move};

type Error = Box<dyn std::error::Error + Send + Sync>;

/// The games a thread makes at a time.
const RUN: u64 = 512;

/// xorshift64*: reproducible, and quick.
struct Random(u64);

impl Random {
    fn new(seed: u64) -> Random {
        Random(mix(seed) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Below `n` (`n` under 2³²).
    fn below(&mut self, n: u64) -> u64 {
        ((self.next() >> 32) * n) >> 32
    }

    /// One of the words of `words`.
    fn pick<'a>(&mut self, words: &'a str) -> &'a str {
        let at = self.below(words.split(' ').count() as u64) as usize;
        words.split(' ').nth(at).unwrap_or_default()
    }

    /// In [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// splitmix64's finaliser: a bijection that scatters.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Game `game`'s lichess id: (a place of SEED's own + `game`) mod 2⁴⁷, scattered by a bijection
/// of 47 bits, in 8 base62 letters (62⁸ > 2⁴⁷).
fn lichess_id(seed: u64, game: u64) -> String {
    const MASK: u64 = (1 << 47) - 1;
    const LETTERS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut x = mix(seed ^ 0x1D).wrapping_add(game) & MASK;
    for k in [0x9E37_79B9_7F4A_7C15_u64, 0xBF58_476D_1CE4_E5B9] {
        x ^= x >> 23;
        x = x.wrapping_mul(k) & MASK;
    }
    x ^= x >> 23;
    let letters = (0..8).map(|i| LETTERS.get((x / 62u64.pow(i) % 62) as usize));
    letters
        .map(|letter| char::from(*letter.unwrap_or(&b'0')))
        .collect()
}

/// 50,000 players (the same in every run), by rating: a name and a rating around 1500 ± 350.
fn players() -> Vec<(u32, String)> {
    let words = "chess knight rook bishop pawn king queen dark blitz tiger shadow magic storm wolf \
                 dragon ninja fischer random gambit castle silent lucky crazy iron blue red fast";
    let names = "Ivan Anna Pedro Lukas Maria Ahmed Wei Olga Jonas Sofia Arjun Mehmet Elena Yuki";
    let syllables = "ka ro mi zel tan vor li nex ba dur kov shi ra en ol ux";
    let upper = |w: &str| w.get(..1).unwrap_or("").to_uppercase() + w.get(1..).unwrap_or("");
    let mut random = Random::new(960);
    let (mut taken, mut players) = (HashSet::new(), Vec::with_capacity(50_000));
    while players.len() < 50_000 {
        let mut name = match random.below(5) {
            0 => upper(random.pick(words)) + &upper(random.pick(words)),
            1 => format!("{}{}", random.pick(words), 1950 + random.below(60)),
            2 => format!("{}_{}", random.pick(names), random.pick(words)),
            3 => format!("{}{}", random.pick(words), random.below(1000)),
            _ => (0..2 + random.below(3))
                .map(|_| random.pick(syllables))
                .collect(),
        };
        while !taken.insert(name.clone()) {
            name.push(char::from(b'0' + random.below(10) as u8));
        }
        // 1500 ± 350: the sum of 12 uniforms less 6 is nearly normal (±6 σ at most).
        let normal = (0..12).map(|_| random.unit()).sum::<f64>() - 6.0;
        players.push(((1500.0 + 350.0 * normal).clamp(400.0, 2900.0) as u32, name));
    }
    players.sort_unstable();
    players
}

/// Time controls as lichess's Chess960 players choose them, and how often (in 110).
#[rustfmt::skip]
const CONTROLS: [(&str, u64); 13] = [
    ("15+0", 1), ("60+0", 12), ("120+1", 5), ("180+0", 18), ("180+2", 15), ("300+0", 10),
    ("300+3", 12), ("600+0", 12), ("600+5", 6), ("900+10", 4), ("1800+0", 2), ("1800+20", 2),
    ("-", 1),
];

struct Setting {
    seed: u64,
    /// The first month, counted from year 0's January.
    month: u64,
    months: u64,
    distinct: bool,
    players: Vec<(u32, String)>,
    /// Each start's FEN as lichess writes it, and its board.
    starts: Vec<(String, Board)>,
}

/// The chance of playing a position's most popular move at ply `ply` (the next most popular
/// with p(1-p), and so on): 0.9 in the first 8 plies, down to 0.45 at ply 20.
fn popularity(ply: usize) -> f64 {
    0.9 - 0.035 * ply.clamp(7, 20).saturating_sub(7) as f64
}

/// A game's moves from `board` in UCI, and its result if it ended on the board.
fn play(set: &Setting, random: &mut Random, mut board: Board) -> (String, Option<&'static str>) {
    let (mut uci, mut seen, mut legal) = (String::new(), Vec::new(), Vec::new());
    for ply in 0..20 + random.below(101) as usize {
        let hash = board.hash();
        seen.push(hash);
        if seen.iter().filter(|&&h| h == hash).count() >= 3 || board.halfmove_clock() >= 100 {
            return (uci, Some("1/2-1/2"));
        }
        legal.clear();
        board.generate_moves(|moves| {
            legal.extend(moves.into_iter().map(|mv: Move| {
                let code = (mv.from as u64) << 12 | (mv.to as u64) << 6;
                let code = code | mv.promotion.map_or(0, |piece| piece as u64 + 1);
                (mix(hash ^ mix(code)), mv)
            }));
            false
        });
        let mut rank = 0;
        if set.distinct {
            rank = random.below(legal.len() as u64) as usize;
        } else {
            legal.sort_unstable_by_key(|&(key, _)| key);
            while rank + 1 < legal.len() && random.unit() >= popularity(ply) {
                rank += 1;
            }
        }
        let Some(&(_, mv)) = legal.get(rank) else {
            let result = match board.side_to_move() {
                _ if board.checkers().is_empty() => "1/2-1/2",
                Color::White => "0-1",
                Color::Black => "1-0",
            };
            return (uci, Some(result));
        };
        uci += &format!("{mv} ");
        board.play_unchecked(mv);
    }
    (uci, None)
}

/// Games `from..from + RUN`, each ended by a NUL.
fn run(set: &Setting, from: u64) -> Result<String, Error> {
    let (mut text, mut replay) = (String::new(), Replay::default());
    for number in from..from + RUN {
        game(set, number, &mut text, &mut replay)?;
        text.push('\u{0}');
    }
    Ok(text)
}

/// Game number `game`, appended to `text`.
fn game(set: &Setting, game: u64, text: &mut String, replay: &mut Replay) -> Result<(), Error> {
    let mut random = Random::new(set.seed ^ mix(game.wrapping_add(0x5EED)));
    let (fen, start) = set
        .starts
        .get(random.below(set.starts.len() as u64) as usize)
        .ok_or("")?;
    let (uci, ended) = play(set, &mut random, start.clone());
    replay.begin(game, Some(fen), "Chess960");
    replay.feed(uci.as_bytes());
    replay.finish();
    if let Some(error) = replay.error() {
        return Err(error.to_string().into());
    }
    // Two players of about the same rating: within 2,000 places of the pool, by rating.
    let count = set.players.len();
    let at = random.below(count as u64) as usize;
    let offset = 1 + random.below(2000) as usize;
    let near = match at.checked_sub(offset) {
        Some(below) if random.below(2) == 0 || at + offset >= count => below,
        _ => at + offset,
    };
    let pair = [set.players.get(at), set.players.get(near)];
    let [Some((white_elo, white)), Some((black_elo, black))] = pair else {
        return Err("no player".into());
    };
    let gap = f64::from(*black_elo) - f64::from(*white_elo);
    let expected = 1.0 / (1.0 + 10f64.powf(gap / 400.0));
    let result = ended.unwrap_or_else(|| match random.unit() {
        u if u < 0.05 => "1/2-1/2",
        u if u < 0.05 + 0.95 * expected => "1-0",
        _ => "0-1",
    });
    let mut roll = random.below(CONTROLS.iter().map(|c| c.1).sum());
    let control = CONTROLS
        .iter()
        .find(|c| roll.checked_sub(c.1).map(|left| roll = left).is_none());
    let control = control.map_or("-", |c| c.0);
    let (base, increment): (u32, u32) = match control.split_once('+') {
        Some((base, increment)) => (base.parse()?, increment.parse()?),
        None => (0, 0),
    };
    let month = set.month + random.below(set.months);
    let (year, month) = (month / 12, month % 12 + 1);
    let days = match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    let date = format!("{year}.{month:02}.{:02}", 1 + random.below(days));
    let second = random.below(86_400);
    let (h, m, s) = (second / 3600, second / 60 % 60, second % 60);
    let rated = random.below(10) != 0;
    let mode = if rated { "Rated" } else { "Casual" };
    let event = match random.below(8) {
        0 => format!(
            "{mode} Chess960 tournament https://lichess.org/tournament/{}",
            lichess_id(!set.seed, random.below(5000))
        ),
        _ => format!("{mode} Chess960 game"),
    };
    let id = lichess_id(set.seed, game);
    write!(
        text,
        "[Event \"{event}\"]\n[Site \"https://lichess.org/{id}\"]\n[Date \"{date}\"]\n[Round \"-\"]\n\
         [White \"{white}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n[UTCDate \"{date}\"]\n\
         [UTCTime \"{h:02}:{m:02}:{s:02}\"]\n[WhiteElo \"{white_elo}\"]\n[BlackElo \"{black_elo}\"]\n",
    )?;
    if rated {
        let score = match result {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        let k = 8.0 + 12.0 * random.unit();
        let white = (k * (score - expected)).round() as i64;
        let black = -((k + 2.0 * random.unit() - 1.0) * (score - expected)).round() as i64;
        write!(
            text,
            "[WhiteRatingDiff \"{white:+}\"]\n[BlackRatingDiff \"{black:+}\"]\n"
        )?;
    }
    write!(
        text,
        "[Variant \"Chess960\"]\n[TimeControl \"{control}\"]\n[ECO \"?\"]\n[Termination \"Normal\"]\n\
         [FEN \"{fen}\"]\n[SetUp \"1\"]\n\n"
    )?;
    let mut clocks = [base; 2];
    for (ply, san) in replay.san().enumerate() {
        let number = ply / 2 + 1;
        match (ply % 2, base) {
            (0, _) => write!(text, "{number}. {san} ")?,
            (_, 0) => write!(text, "{san} ")?,
            _ => write!(text, "{number}... {san} ")?,
        }
        if let (Some(clock), true) = (clocks.get_mut(ply % 2), base > 0) {
            if ply >= 2 {
                *clock = *clock + increment - (f64::from(*clock) * 0.09 * random.unit()) as u32;
            }
            let (h, m, s) = (*clock / 3600, *clock / 60 % 60, *clock % 60);
            write!(text, "{{ [%clk {h}:{m:02}:{s:02}] }} ")?;
        }
    }
    text.push_str(result);
    text.push_str("\n\n");
    Ok(())
}

fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: lichess_games SEED BYTES [--month YYYY-MM] [--months N] [--distinct] [--first-id N] [--threads N] [--starts ID,ID…]";
    let (Some(seed), Some(bytes)) = (args.first(), args.get(1)) else {
        return Err(usage.into());
    };
    let (seed, bytes): (u64, u64) = (seed.parse()?, bytes.parse()?);
    let mut starts = Vec::with_capacity(960);
    for id in 0..960 {
        let start = StartingPosition::from_id(id)?;
        let shredder = Fen::new(start, CastlingNotation::Shredder).to_string();
        let board = Board::from_fen(&shredder, true).map_err(|err| format!("{err:?}"))?;
        starts.push((Fen::new(start, CastlingNotation::XFen).to_string(), board));
    }
    let (players, month) = (players(), 2024 * 12);
    let mut set = Setting {
        seed: mix(seed),
        month,
        months: 1,
        distinct: false,
        players,
        starts,
    };
    let (mut rest, mut number, mut threads) = (args.iter().skip(2), 0, 1);
    while let Some(flag) = rest.next() {
        let mut value = || rest.next().map(String::as_str).ok_or(usage);
        match flag.as_str() {
            "--month" => {
                let (year, month) = value()?.split_once('-').ok_or(usage)?;
                let (year, month): (u64, u64) = (year.parse()?, month.parse()?);
                if !(1..=12).contains(&month) || year > 9999 {
                    return Err(usage.into());
                }
                set.month = year * 12 + month - 1;
            }
            "--months" => set.months = value()?.parse::<u64>()?.max(1),
            "--first-id" => number = value()?.parse()?,
            "--distinct" => set.distinct = true,
            "--threads" => threads = value()?.parse::<usize>()?.max(1),
            "--starts" => {
                let ids: Vec<usize> = value()?
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()?;
                let all = std::mem::take(&mut set.starts);
                set.starts = ids.iter().filter_map(|&id| all.get(id).cloned()).collect();
                if set.starts.len() != ids.len() {
                    return Err(usage.into());
                }
            }
            _ => return Err(usage.into()),
        }
    }
    let mut out = BufWriter::with_capacity(1 << 20, std::io::stdout().lock());
    let mut written = 0;
    // Each thread writes a run of games, numbered in turn: the output is the same on any
    // number of threads (games past BYTES are made and left out).
    while written < bytes {
        let first = number;
        let runs: Vec<Result<String, Error>> = std::thread::scope(|scope| {
            let set = &set;
            let handles: Vec<_> = (0..threads as u64)
                .map(|k| scope.spawn(move || run(set, first + k * RUN)))
                .collect();
            let joined = handles.into_iter().map(|handle| handle.join());
            joined
                .map(|run| run.unwrap_or_else(|_| Err("a thread stopped".into())))
                .collect()
        });
        for run in runs {
            for text in run?.split_terminator('\u{0}') {
                if written >= bytes {
                    break;
                }
                match out.write_all(text.as_bytes()) {
                    // `| head` has read enough.
                    Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => return Ok(()),
                    done => done?,
                }
                written += text.len() as u64;
                number += 1;
            }
        }
    }
    match out.flush() {
        Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        done => Ok(done?),
    }
}

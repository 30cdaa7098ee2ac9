//! Step 0: counts before code. The positions by the number of games that reached them, and
//! the projected bytes of the sketch's layout: shared positions' aggregates (three
//! encodings, each through zstd in 16 KiB blocks), one-game positions as (fingerprint, game)
//! lists, and today's game records with and without a player dictionary.

use std::collections::HashMap;
use std::io;
use std::path::Path;

use chess960_pgn::tree::STARTS;
use chess960_pgn::{Game, PartStart};

use crate::aggregate::{Aggregator, put};
use crate::radix::in_memory;
use crate::replay::{Column, Out, Rec, rec_bucket, rec_game, rec_move, replay};

/// Bytes through zstd (level 3) in blocks of 16 KiB, as a segment's blocks would be.
#[derive(Default)]
struct Blocks {
    raw: u64,
    compressed: u64,
    pending: Vec<u8>,
}

const BLOCK: usize = 16 << 10;

impl Blocks {
    fn push(&mut self, bytes: &[u8]) {
        self.raw += bytes.len() as u64;
        self.pending.extend_from_slice(bytes);
        if self.pending.len() >= BLOCK {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if !self.pending.is_empty() {
            let out = zstd::bulk::compress(&self.pending, 3).expect("zstd");
            self.compressed += out.len() as u64;
            self.pending.clear();
        }
    }

    fn add(&mut self, other: &mut Blocks) {
        other.flush();
        self.raw += other.raw;
        self.compressed += other.compressed;
    }
}

/// Games-reached classes: 1, 2, 3–9, 10–99, 100+.
const CLASSES: [&str; 5] = ["1", "2", "3–9", "10–99", "100+"];

fn class(games: usize) -> usize {
    match games {
        1 => 0,
        2 => 1,
        3..=9 => 2,
        10..=99 => 3,
        _ => 4,
    }
}

#[derive(Default)]
struct Detail {
    agg: Aggregator,
    /// Positions and visits by class.
    classes: [(u64, u64); 5],
    lone: Vec<(u32, u32)>,
    /// The simple aggregate (key, each move's counts by bucket and result).
    a: Blocks,
    /// Postings: the key, each move's games, delta-coded.
    b: Blocks,
    /// The simple aggregate plus top and recent games (4 each a bucket), as today keeps them.
    c: Blocks,
    keys_only: Blocks,
    buf: Vec<u8>,
    pairs: Vec<(u16, u32)>,
    ranked: Vec<(u8, u16, u32, u16)>,
    moves: Vec<u16>,
}

impl Detail {
    fn group(&mut self, recs: &[Rec], columns: &[Column]) {
        let Some(first) = recs.first() else {
            return;
        };
        let class = class(recs.len());
        self.classes[class].0 += 1;
        self.classes[class].1 += recs.len() as u64;
        if recs.len() == 1 {
            self.lone.push(((first[0] >> 32) as u32, rec_game(first)));
            self.agg.group(recs);
            return;
        }
        self.agg.group(recs);
        self.a.push(&self.agg.buf);
        self.keys_only.push(&self.agg.buf[..12]);
        // Postings.
        self.buf.clear();
        self.buf.extend_from_slice(&self.agg.buf[..12]);
        self.pairs.clear();
        self.pairs
            .extend(recs.iter().map(|rec| (rec_move(rec), rec_game(rec))));
        self.pairs.sort_unstable();
        let mut at = 0;
        while let Some(&(mv, _)) = self.pairs.get(at) {
            let end = self.pairs[at..]
                .iter()
                .position(|p| p.0 != mv)
                .map_or(self.pairs.len(), |n| at + n);
            self.buf.extend_from_slice(&mv.to_le_bytes());
            put(&mut self.buf, (end - at) as u64);
            let mut before = 0;
            for &(_, game) in &self.pairs[at..end] {
                put(&mut self.buf, u64::from(game - before));
                before = game;
            }
            at = end;
        }
        self.b.push(&self.buf);
        // Top and recent games, 4 each a bucket, where a bucket's games are not each alone on
        // their move (those are the counts' lone games already).
        self.buf.clear();
        self.buf.extend_from_slice(&self.agg.buf);
        self.moves.clear();
        self.moves.extend(self.agg.counts.iter().map(|c| c.mv));
        self.moves.dedup();
        self.ranked.clear();
        self.ranked.extend(recs.iter().map(|rec| {
            let game = rec_game(rec);
            let rating = columns.get(game as usize).map_or(0, |c| c.rating);
            (rec_bucket(rec), rec_move(rec), game, rating)
        }));
        self.ranked.sort_unstable_by_key(|r| (r.0, r.2));
        let mut at = 0;
        let mut kept: Vec<(u32, u16)> = Vec::new();
        while let Some(&(bucket, ..)) = self.ranked.get(at) {
            let end = self.ranked[at..]
                .iter()
                .position(|r| r.0 != bucket)
                .map_or(self.ranked.len(), |n| at + n);
            let games = &mut self.ranked[at..end];
            let all_lone = self
                .agg
                .counts
                .iter()
                .filter(|c| c.bucket == bucket)
                .all(|c| c.lone.is_some());
            if !all_lone {
                kept.clear();
                // Recent: the latest 4 (sorted by game).
                kept.extend(games.iter().rev().take(4).map(|r| (r.2, r.1)));
                games.sort_unstable_by_key(|r| (std::cmp::Reverse(r.3), r.2));
                kept.extend(games.iter().take(4).map(|r| (r.2, r.1)));
                kept.sort_unstable();
                kept.dedup();
                self.buf.push(bucket);
                put(&mut self.buf, kept.len() as u64);
                let mut before = 0;
                for &(game, mv) in &kept {
                    put(&mut self.buf, u64::from(game - before));
                    before = game;
                    // The move by its place among the entry's moves: a byte.
                    let place = self.moves.iter().position(|&m| m == mv).unwrap_or(0);
                    self.buf.push(place as u8);
                }
            }
            at = end;
        }
        self.c.push(&self.buf);
    }
}

/// A game's record as `explorer/src/store/games.rs` writes it, in parts: the players' names,
/// the rest of the head, the line.
pub struct GameRecord {
    pub number: u32,
    names: [String; 2],
    rest: Vec<u8>,
    line: Vec<u8>,
}

impl GameRecord {
    /// The record's bytes as today's index stores them (names, rest of the head, line).
    pub fn today(&self, out: &mut Vec<u8>) {
        for name in &self.names {
            put_text(out, name);
        }
        out.extend_from_slice(&self.rest);
        out.extend_from_slice(&self.line);
    }
}

pub struct RecordsOut {
    pub bytes_before: u64,
    pub games: Vec<GameRecord>,
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    put(out, text.len() as u64);
    out.extend_from_slice(text.as_bytes());
}

impl Out for RecordsOut {
    const LINES: bool = true;

    fn record(&mut self, _rec: Rec) {}

    fn game(&mut self, number: u32, column: Column, game: &Game, places: &[u8]) {
        let mut rest = Vec::with_capacity(32);
        let id = game.lichess_id();
        put_text(&mut rest, id.unwrap_or(""));
        for elo in game.elo {
            put(&mut rest, elo.map_or(0, |elo| u64::from(elo) + 1));
        }
        let speed = game.speed.map_or(7, |s| s.index());
        let mode = game.mode().map_or(0, |mode| mode.index() + 1);
        rest.push(column.outcome | speed << 2 | mode << 5 | u8::from(id.is_some()) << 7);
        let month = game.month.map_or(0, |m| {
            u64::from(m.year) * 12 + u64::from(m.month.clamp(1, 12))
        });
        put(&mut rest, month);
        put(&mut rest, self.bytes_before + game.offset);
        let mut line = Vec::with_capacity(4 + places.len());
        match &game.start {
            Ok(pair) => {
                line.push(0);
                put(&mut line, u64::from(STARTS.number(*pair)));
            }
            Err(_) => line.push(1),
        }
        let places: Vec<u8> = places
            .iter()
            .copied()
            .take_while(|&p| p != u8::MAX)
            .collect();
        put(&mut line, places.len() as u64);
        line.extend_from_slice(&places);
        self.games.push(GameRecord {
            number,
            names: game.players.clone().map(|name| name.into_owned()),
            rest,
            line,
        });
    }
}

fn per_game(bytes: u64, games: u64) -> f64 {
    bytes as f64 / games as f64
}

pub fn counts(path: &Path, threads: usize) -> io::Result<()> {
    let (run, details, _) = in_memory(path, threads, Detail::default, |d, g, columns| {
        d.group(g, columns)
    })?;
    let games = run.games;
    let mut classes = [(0u64, 0u64); 5];
    let mut lone = Vec::new();
    let (mut a, mut b, mut c, mut keys) = (
        Blocks::default(),
        Blocks::default(),
        Blocks::default(),
        Blocks::default(),
    );
    for mut d in details {
        for (total, one) in classes.iter_mut().zip(d.classes) {
            total.0 += one.0;
            total.1 += one.1;
        }
        lone.append(&mut d.lone);
        a.add(&mut d.a);
        b.add(&mut d.b);
        c.add(&mut d.c);
        keys.add(&mut d.keys_only);
    }
    let positions: u64 = classes.iter().map(|c| c.0).sum();
    let visits: u64 = classes.iter().map(|c| c.1).sum();
    println!("## {}", path.display());
    println!(
        "games counted {games}, visits {visits} ({:.2} a game), distinct positions {positions}",
        visits as f64 / games as f64
    );
    println!();
    println!("| games that reached it | positions | % positions | visits | % visits |");
    println!("|---|---:|---:|---:|---:|");
    for (name, (p, v)) in CLASSES.iter().zip(classes) {
        println!(
            "| {name} | {p} | {:.1} | {v} | {:.1} |",
            100.0 * p as f64 / positions as f64,
            100.0 * v as f64 / visits as f64
        );
    }
    println!();
    println!(
        "plies on one-game positions: {:.1}% of visits, {:.1} a game; shared (≥ 2 games) positions {} ({:.2} a game)",
        100.0 * classes[0].1 as f64 / visits as f64,
        classes[0].1 as f64 / games as f64,
        positions - classes[0].0,
        (positions - classes[0].0) as f64 / games as f64
    );

    // One-game positions: (32-bit fingerprint, game).
    lone.sort_unstable();
    let n = lone.len() as u64;
    let max_game = lone.iter().map(|l| l.1).max().unwrap_or(0);
    let game_bits = 64 - u64::from(max_game).leading_zeros() as u64;
    let universe = 1u64 << 32;
    let low = universe
        .checked_div(n)
        .map_or(0, |per| 63 - per.max(1).leading_zeros() as u64);
    let ef_bits = n * low + n + (universe >> low);
    let fingerprints_collide = lone.windows(2).filter(|w| w[0].0 == w[1].0).count();
    let mut lone_blocks = Blocks::default();
    let mut buf = Vec::new();
    let mut before = 0u32;
    for &(fp, game) in &lone {
        buf.clear();
        put(&mut buf, u64::from(fp - before));
        put(&mut buf, u64::from(game));
        before = fp;
        lone_blocks.push(&buf);
    }
    lone_blocks.flush();
    println!();
    println!(
        "one-game positions {n}: fingerprints sharing 32 bits with another {fingerprints_collide}; a game number needs {game_bits} bits"
    );
    let ef_total = ef_bits + n * game_bits;
    println!(
        "| one-game encoding | bytes | a position | a game |\n|---|---:|---:|---:|\n| fixed (u32 fingerprint, u32 game) | {} | 8.00 | {:.1} |\n| Elias–Fano fingerprints ({low} low bits) + {game_bits}-bit games | {} | {:.2} | {:.1} |\n| delta varints through zstd, 16 KiB blocks | {} | {:.2} | {:.1} |",
        8 * n,
        per_game(8 * n, games),
        ef_total / 8,
        ef_total as f64 / 8.0 / n as f64,
        per_game(ef_total / 8, games),
        lone_blocks.compressed,
        lone_blocks.compressed as f64 / n as f64,
        per_game(lone_blocks.compressed, games),
    );

    println!();
    println!("| shared positions' encoding | raw bytes | zstd bytes | zstd a game |");
    println!("|---|---:|---:|---:|");
    for (name, blocks) in [
        ("keys alone (12 bytes)", &keys),
        ("A: key + each move's counts by bucket and result", &a),
        ("B: key + each move's games (postings, delta varints)", &b),
        ("C: A + top and recent games (4 + 4 a bucket)", &c),
    ] {
        println!(
            "| {name} | {} | {} | {:.1} |",
            blocks.raw,
            blocks.compressed,
            per_game(blocks.compressed, games)
        );
    }

    // Game records, read again with each line's places.
    let parts = replay(path, |part: PartStart| RecordsOut {
        bytes_before: part.bytes_before,
        games: Vec::new(),
    })?;
    let mut records: Vec<GameRecord> = parts.into_iter().flat_map(|p| p.out.games).collect();
    records.sort_unstable_by_key(|r| r.number);
    let mut today = Blocks::default();
    let mut heads = Blocks::default();
    let mut lines = Blocks::default();
    let mut coded = Blocks::default();
    let mut names: HashMap<String, u32> = HashMap::new();
    let mut dictionary = Vec::new();
    for record in &records {
        buf.clear();
        for name in &record.names {
            put_text(&mut buf, name);
        }
        buf.extend_from_slice(&record.rest);
        heads.push(&buf);
        buf.extend_from_slice(&record.line);
        today.push(&buf);
        lines.push(&record.line);
        buf.clear();
        for name in &record.names {
            let next = names.len() as u32;
            let id = *names.entry(name.clone()).or_insert_with(|| {
                dictionary.extend_from_slice(name.as_bytes());
                dictionary.push(b'\n');
                next
            });
            put(&mut buf, u64::from(id));
        }
        buf.extend_from_slice(&record.rest);
        buf.extend_from_slice(&record.line);
        coded.push(&buf);
    }
    today.flush();
    heads.flush();
    lines.flush();
    coded.flush();
    let dictionary_z = zstd::bulk::compress(&dictionary, 19)?.len() as u64;
    let n_games = records.len() as u64;
    println!();
    println!(
        "| game records ({n_games}; {} distinct players) | raw bytes | a game | zstd bytes | a game |",
        names.len()
    );
    println!("|---|---:|---:|---:|---:|");
    for (name, raw, z) in [
        ("today's records (head + line)", today.raw, today.compressed),
        ("  heads alone", heads.raw, heads.compressed),
        (
            "  lines alone (start + a byte a ply)",
            lines.raw,
            lines.compressed,
        ),
        (
            "players by dictionary number, + the dictionary (zstd 19)",
            coded.raw + dictionary.len() as u64,
            coded.compressed + dictionary_z,
        ),
    ] {
        println!(
            "| {name} | {raw} | {:.1} | {z} | {:.1} |",
            per_game(raw, n_games),
            per_game(z, n_games)
        );
    }
    println!();
    let shared_c = c.compressed;
    let records_best = coded.compressed + dictionary_z;
    for (name, one) in [
        ("EF", ef_total / 8),
        ("zstd deltas", lone_blocks.compressed),
    ] {
        let total = shared_c + one + records_best;
        println!(
            "projection ({name} one-game list): shared C {:.1} + one-game {:.1} + records {:.1} = {:.1} bytes a game",
            per_game(shared_c, games),
            per_game(one, games),
            per_game(records_best, games),
            per_game(total, games)
        );
    }
    Ok(())
}

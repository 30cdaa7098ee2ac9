//! Every conversion over all 960 inputs per iteration, with baselines measured in the same run:
//! the crate's own direct arithmetic (tests/it/direct), shakmaty, cozy-chess, chess-startpos-rs,
//! and the floor of each lookup's data structure: a bare load from the generated array and a
//! bare lookup in the generated phf map, on the same keys the library uses.
//! `scripts/bench-table.py` turns the medians into ns per conversion and ratios.

use std::hint::black_box;

use chess960::book::Book;
use chess960::fen::{CastlingNotation, Fen, FenReader};
use chess960::set::PositionSet;
use chess960::{Piece, StartingPosition};
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};

#[path = "../tests/it/direct/mod.rs"]
mod direct;

/// The library's own table and map, written again by its generator (`build.rs`) so their bare
/// lookups can be timed.
mod generated {
    #![allow(clippy::unreadable_literal, reason = "phf's generated hash keys")]
    use chess960::Piece;

    include!(concat!(env!("OUT_DIR"), "/back_ranks.rs"));
}

fn group<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(960));
    group
}

fn id_to_back_rank(c: &mut Criterion) {
    let ids: Vec<u16> = (0..960).collect();
    let problem = chess_startpos_rs::chess::chess_960();
    let mut g = group(c, "id to back rank");
    g.bench_function("chess960", |b| {
        b.iter(|| {
            for &id in &ids {
                let _ = black_box(
                    StartingPosition::from_id(black_box(id)).map(StartingPosition::pieces),
                );
            }
        })
    });
    // The value itself goes to black_box: a copied Option<[Piece; 8]> compiles to a slower
    // byte-wise copy than the load it is meant to time.
    g.bench_function("floor: bare array load", |b| {
        b.iter(|| {
            for &id in &ids {
                if let Some(rank) = generated::BACK_RANKS.get(usize::from(black_box(id))) {
                    black_box(*rank);
                }
            }
        })
    });
    g.bench_function("direct arithmetic", |b| {
        b.iter(|| {
            for &id in &ids {
                let _ = black_box(direct::back_rank(black_box(id)));
            }
        })
    });
    g.bench_function("shakmaty", |b| {
        b.iter(|| {
            for &id in &ids {
                let _ = black_box(shakmaty::Board::chess960(u32::from(black_box(id))));
            }
        })
    });
    g.bench_function("cozy-chess", |b| {
        b.iter(|| {
            for &id in &ids {
                let _ = black_box(cozy_chess::Board::chess960_startpos(u32::from(black_box(
                    id,
                ))));
            }
        })
    });
    g.bench_function("chess-startpos-rs", |b| {
        b.iter(|| {
            for &id in &ids {
                let _ = black_box(problem.sp_id(u32::from(black_box(id))));
            }
        })
    });
    g.finish();
}

fn back_rank_to_id(c: &mut Criterion) {
    let ranks: Vec<[Piece; 8]> = StartingPosition::all()
        .map(StartingPosition::pieces)
        .collect();
    let ascii: Vec<[u8; 8]> = StartingPosition::all()
        .map(StartingPosition::to_ascii)
        .collect();
    let problem = chess_startpos_rs::chess::chess_960();
    let theirs: Vec<Vec<chess_startpos_rs::chess::Piece>> =
        (0..960).filter_map(|id| problem.sp_id(id)).collect();
    assert_eq!(theirs.len(), 960);
    let mut g = group(c, "back rank to id");
    g.bench_function("chess960", |b| {
        b.iter(|| {
            for &rank in &ranks {
                let _ = black_box(StartingPosition::from_pieces(black_box(rank)));
            }
        })
    });
    g.bench_function("floor: bare phf lookup", |b| {
        b.iter(|| {
            for rank in &ascii {
                if let Some(&id) = generated::IDS.get(black_box(rank)) {
                    black_box(id);
                }
            }
        })
    });
    g.bench_function("direct arithmetic", |b| {
        b.iter(|| {
            for &rank in &ascii {
                let _ = black_box(direct::id(black_box(rank)));
            }
        })
    });
    g.bench_function("chess-startpos-rs", |b| {
        b.iter(|| {
            for rank in &theirs {
                let _ = black_box(problem.sp_id_of(black_box(rank)));
            }
        })
    });
    g.finish();
}

fn text(c: &mut Criterion) {
    let letters: Vec<String> = StartingPosition::all().map(|sp| sp.to_string()).collect();
    let symbols: Vec<String> = StartingPosition::all()
        .map(|sp| sp.pieces().iter().map(|p| p.white_symbol()).collect())
        .collect();
    // Each back rank with its first two different pieces swapped: mostly illegal.
    let invalid: Vec<String> = letters
        .iter()
        .filter_map(|s| {
            let mut b = s.clone().into_bytes();
            let first = *b.first()?;
            let j = b.iter().position(|&x| x != first)?;
            b.swap(0, j);
            String::from_utf8(b).ok()
        })
        .filter(|s| s.parse::<StartingPosition>().is_err())
        .collect();
    let mut g = group(c, "text to id");
    g.bench_function("chess960 letters", |b| {
        b.iter(|| {
            for s in &letters {
                let _ = black_box(black_box(s.as_str()).parse::<StartingPosition>());
            }
        })
    });
    g.bench_function("chess960 symbols", |b| {
        b.iter(|| {
            for s in &symbols {
                let _ = black_box(black_box(s.as_str()).parse::<StartingPosition>());
            }
        })
    });
    g.finish();
    let mut g = c.benchmark_group("invalid text rejected");
    g.throughput(Throughput::Elements(invalid.len() as u64));
    g.bench_function("chess960", |b| {
        b.iter(|| {
            for s in &invalid {
                let _ = black_box(black_box(s.as_str()).parse::<StartingPosition>().is_err());
            }
        })
    });
    g.finish();
}

fn fen(c: &mut Criterion) {
    let all: Vec<StartingPosition> = StartingPosition::all().collect();
    let fens: Vec<String> = all
        .iter()
        .map(|&sp| Fen::new(sp, CastlingNotation::Shredder).to_string())
        .collect();
    let mut g = group(c, "start FEN written");
    g.bench_function("chess960 X-FEN", |b| {
        b.iter(|| {
            for &sp in &all {
                let _ = black_box(Fen::new(black_box(sp), CastlingNotation::XFen));
            }
        })
    });
    g.bench_function("chess960 Shredder-FEN", |b| {
        b.iter(|| {
            for &sp in &all {
                let _ = black_box(Fen::new(black_box(sp), CastlingNotation::Shredder));
            }
        })
    });
    g.finish();
    let mut g = group(c, "FEN read back");
    g.bench_function("chess960 strict", |b| {
        b.iter(|| {
            for fen in &fens {
                let _ = black_box(FenReader::STRICT.read::<StartingPosition>(black_box(fen)));
            }
        })
    });
    g.finish();
}

/// One draw from a book, per random word: the pick step and `nth` in the book's set, against
/// the floor of the multiply-shift alone (no rejection test, no set).
fn draw(c: &mut Criterion) {
    let mut state = 960u64;
    let words: Vec<u64> = (0..960)
        .map(|_| {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let z = (state ^ (state >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            let z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect();
    let chess960 = Book::CHESS960.difference(PositionSet::STANDARD_AND_MIRROR);
    let dfrc = Book::DFRC.difference(PositionSet::STANDARD_AND_MIRROR);
    let mut g = group(c, "position drawn");
    g.bench_function("chess960 pick from 958", |b| {
        b.iter(|| {
            let mut words = black_box(&words).iter().copied();
            while let Some(sp) = black_box(chess960).pick(&mut words) {
                black_box(sp);
            }
        })
    });
    g.bench_function("chess960 pick pair from 958²", |b| {
        b.iter(|| {
            let mut words = black_box(&words).iter().copied();
            while let Some(pair) = black_box(dfrc).pick(&mut words) {
                black_box(pair);
            }
        })
    });
    g.bench_function("floor: multiply-shift alone", |b| {
        b.iter(|| {
            for &word in black_box(&words) {
                black_box(((u128::from(word) * 958) >> 64) as u16);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, id_to_back_rank, back_rank_to_id, text, fen, draw);
criterion_main!(benches);

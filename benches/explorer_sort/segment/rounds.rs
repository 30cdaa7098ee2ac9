//! The rounds: each format written, looked up and merged, interleaved; the medians printed.

#[allow(clippy::wildcard_imports)]
use super::*;

/// One round's measurements of a format.
#[derive(Default)]
pub(super) struct Round {
    pub(super) write_s: f64,
    pub(super) half_write_s: f64,
    pub(super) merge_s: f64,
    pub(super) bytes: Vec<(String, u64)>,
    pub(super) merged_bytes: u64,
    pub(super) cold: Vec<(&'static str, [f64; 3])>,
    pub(super) warm: Vec<(&'static str, [f64; 3])>,
}

pub(super) fn dir_bytes(format: Format, dir: &Path) -> Res<u64> {
    Ok(format
        .files(dir)
        .iter()
        .map(|(_, p)| fs::metadata(p).map_or(0, |m| m.len()))
        .sum())
}

pub(super) fn round(format: Format, built: &Built, probes: &Probes, root: &Path) -> Res<Round> {
    let mut r = Round::default();
    let full = root.join("full");
    let t = Instant::now();
    format.write(&built.full, &full)?;
    r.write_s = t.elapsed().as_secs_f64();
    r.bytes = format.bytes(&full)?;
    evict(format, &full)?;
    let mut lookup = format.open(&full)?;
    r.cold = probe(lookup.as_mut(), probes)?;
    r.warm = probe(lookup.as_mut(), probes)?;
    drop(lookup);
    let (a, b, merged) = (root.join("a"), root.join("b"), root.join("merged"));
    let t = Instant::now();
    format.write(&built.halves[0], &a)?;
    format.write(&built.halves[1], &b)?;
    r.half_write_s = t.elapsed().as_secs_f64() / 2.0;
    evict(format, &a)?;
    evict(format, &b)?;
    let t = Instant::now();
    let visits = format.merge(&a, &b, &merged)?;
    r.merge_s = t.elapsed().as_secs_f64();
    r.merged_bytes = dir_bytes(format, &merged)?;
    let expected = built.full.visits();
    if visits != expected {
        return Err(format!("merged visits {visits}, full segment's {expected}").into());
    }
    for dir in [&a, &b, &merged] {
        let _ = fs::remove_dir_all(dir);
    }
    Ok(r)
}

pub(super) fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// `segment FILE DIR ROUNDS FORMAT…`: the rounds interleaved by format, medians printed.
pub fn run(
    path: &Path,
    dir: &Path,
    rounds: usize,
    formats: &[(String, Format)],
    threads: usize,
) -> Res<()> {
    let built = build(path, threads)?;
    println!(
        "full segment's visits {} (halves split at game {})",
        built.full.visits(),
        built.half
    );
    let probes = Probes::new(&built.full, 100_000);
    let mut all: BTreeMap<usize, Vec<Round>> = BTreeMap::new();
    for round_at in 0..rounds {
        for (at, (_, format)) in formats.iter().enumerate() {
            let format = *format;
            let load = fs::read_to_string("/proc/loadavg").unwrap_or_default();
            let root = dir.join(format!("f{at}"));
            let r = round(format, &built, &probes, &root)?;
            println!(
                "round {round_at} {}: write {:.3} s, half {:.3} s, merge {:.3} s, bytes {:?}, merged {}; cold {:?}; warm {:?}; load {}",
                format.name(),
                r.write_s,
                r.half_write_s,
                r.merge_s,
                r.bytes,
                r.merged_bytes,
                r.cold,
                r.warm,
                load.trim()
            );
            all.entry(at).or_default().push(r);
        }
    }
    println!("\nmedians of {rounds} rounds (seconds; bytes; µs p50 / p99 / max)");
    println!("| format | write s | half write s | merge s | bytes by part | merged bytes |");
    println!("|---|---:|---:|---:|---|---:|");
    for (&at, rs) in &all {
        let med = |f: &dyn Fn(&Round) -> f64| median(rs.iter().map(f).collect());
        println!(
            "| {} | {:.2} | {:.2} | {:.2} | {} | {} |",
            formats[at].1.name(),
            med(&|r| r.write_s),
            med(&|r| r.half_write_s),
            med(&|r| r.merge_s),
            rs[0]
                .bytes
                .iter()
                .map(|(part, n)| format!("{part} {n}"))
                .collect::<Vec<_>>()
                .join(", "),
            rs[0].merged_bytes
        );
    }
    println!(
        "\n| format | probe | cold p50 | cold p99 | cold max | warm p50 | warm p99 | warm max |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|");
    for (&at, rs) in &all {
        for (k, (kind, _)) in rs[0].cold.iter().enumerate() {
            let q = |warm: bool, i: usize| {
                median(
                    rs.iter()
                        .map(|r| if warm { r.warm[k].1[i] } else { r.cold[k].1[i] })
                        .collect(),
                )
            };
            println!(
                "| {} | {kind} | {:.1} | {:.1} | {:.0} | {:.1} | {:.1} | {:.0} |",
                formats[at].1.name(),
                q(false, 0),
                q(false, 1),
                q(false, 2),
                q(true, 0),
                q(true, 1),
                q(true, 2)
            );
        }
    }
    for (at, (spec, format)) in formats.iter().enumerate() {
        crash(*format, spec, &built.full, &dir.join(format!("f{at}")))?;
    }
    Ok(())
}

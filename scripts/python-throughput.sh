#!/usr/bin/env bash
# The Python package's read_games and read_stats, against baselines timed in the same run, on
# the 1 GiB corpus of engine games (scripts/bench-corpus.sh):
#   - read_games into a polars DataFrame against `chess960 games --format csv` (its output read
#     through a pipe and dropped), on the plain file and on the .zst;
#   - read_stats against `chess960 games --stats`;
#   - on the first 64 MiB: read_games against python-chess's `read_headers` loop;
#   - peak memory (/usr/bin/time) of a process that makes the DataFrame, beside one that only
#     imports chess960 and polars, and the DataFrame's own size.
# Medians of RUNS interleaved rounds (python-chess: 3), one of each in turn, each round
# starting one further on; the Python calls are timed in this process, the commands as
# processes. The wheel is built with maturin (release) and installed into a venv of its own.
# Usage: scripts/python-throughput.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
cache="${XDG_CACHE_HOME:-$HOME/.cache}/chess960"
venv="$cache/throughput-venv"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/pip" install -q maturin==1.16.0 polars==2.1.0 chess==1.11.2
wheels=$(mktemp -d)
trap 'rm -rf "$wheels"' EXIT
(cd python && "$venv/bin/maturin" build --release --quiet --interpreter "$venv/bin/python" --out "$wheels") >/dev/null
"$venv/bin/pip" install -q --force-reinstall --no-deps "$wheels"/chess960_rs-*.whl
cargo build -q --release -p chess960-cli
bin=$PWD/target/release/chess960
bash scripts/bench-corpus.sh "$venv/bin/python"
cd target/bench

"$venv/bin/python" - "$runs" "$bin" <<'PY'
import fcntl, statistics, subprocess, sys, time
import chess.pgn
import polars as pl
import chess960

runs, bin = int(sys.argv[1]), sys.argv[2]
F_SETPIPE_SZ = 1031

def command(args):
    def run():
        child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        try:
            fcntl.fcntl(child.stdout.fileno(), F_SETPIPE_SZ, 1 << 20)
        except OSError:
            pass
        while child.stdout.read(1 << 20):
            pass
        assert child.wait() == 0, args
    return run

def read_headers(path):
    def run():
        with open(path, encoding="utf-8") as f:
            while chess.pgn.read_headers(f) is not None:
                pass
    return run

def interleaved(rounds, jobs):
    times = {name: [] for name in jobs}
    names = list(jobs)
    for round_ in range(rounds + 1):
        turn = round_ % len(names)
        for name in names[turn:] + names[:turn]:
            start = time.perf_counter()
            jobs[name]()
            if round_:
                times[name].append(time.perf_counter() - start)
    return {name: statistics.median(t) for name, t in times.items()}

med = interleaved(runs, {
    "csv": command([bin, "games", "--format", "csv", "engine.pgn"]),
    "read_games": lambda: pl.DataFrame(chess960.read_games("engine.pgn")),
    "csv-zst": command([bin, "games", "--format", "csv", "engine.pgn.zst"]),
    "read_games-zst": lambda: pl.DataFrame(chess960.read_games("engine.pgn.zst")),
    "stats": command([bin, "games", "--stats", "engine.pgn"]),
    "read_stats": lambda: pl.DataFrame(chess960.read_stats("engine.pgn")),
})
med.update(interleaved(3, {
    "python-chess-64m": read_headers("engine-64m.pgn"),
    "read_games-64m": lambda: pl.DataFrame(chess960.read_games("engine-64m.pgn")),
}))
frame = pl.DataFrame(chess960.read_games("engine.pgn"))

def peak(code):
    out = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-c", code],
                         capture_output=True, text=True, check=True)
    return int(out.stderr.split()[-1]) / 1024

imports = "import chess960, polars as pl"
peak_imports = peak(imports)
peak_games = peak(imports + "; pl.DataFrame(chess960.read_games('engine.pgn'))")

import os
size, small = os.path.getsize("engine.pgn"), os.path.getsize("engine-64m.pgn")
print(f"input: {size / 2**30:.2f} GiB of PGN, {frame.height:,} games (engine games, a comment "
      f"on every move); medians of {runs} interleaved rounds (64 MiB: 3)")
print()
print("| what | median s | GB/s | vs baseline |")
print("|---|---:|---:|---:|")
def row(name, bytes_, base=None):
    s = med[name]
    ratio = f"{s / med[base]:.2f}× {base}" if base else "baseline"
    print(f"| {name} | {s:.3f} | {bytes_ / s / 1e9:.2f} | {ratio} |")
row("csv", size)
row("read_games", size, "csv")
row("csv-zst", size)
row("read_games-zst", size, "csv-zst")
row("stats", size)
row("read_stats", size, "stats")
row("python-chess-64m", small)
row("read_games-64m", small, "python-chess-64m")
print()
print(f"read_games is {med['python-chess-64m'] / med['read_games-64m']:.0f}× faster than "
      f"python-chess's read_headers (64 MiB)")
print(f"peak RSS: {peak_games:.0f} MiB making the DataFrame of 1 GiB, {peak_imports:.0f} MiB "
      f"after the imports alone; the DataFrame is {frame.estimated_size() / 2**20:.0f} MiB")
PY

#!/usr/bin/env bash
# `chess960 games` throughput, against baselines timed in the same run:
#   - on >= 1 GiB of plain PGN (engine-match games, 80 to 240 plies, a comment on every move,
#     written by python-chess with scripts/python-chess-games.py ... engine, then repeated):
#     `games --stats` and `games --format csv` against `grep -c '^\[Event '`;
#   - on the same as .zst: `games --stats` against `zstd -dc`;
#   - on its first 64 MiB: `games --stats` against python-chess's `read_headers` loop;
#   - peak memory (/usr/bin/time) of each, and of two inputs that never end a line or a
#     comment: a 1 GiB comment and a 1 GiB tag line.
# hyperfine (median of RUNS runs, output through a pipe: grep may not see /dev/null), then a
# Markdown table with the ratios. Needs hyperfine, zstd, /usr/bin/time and python-chess
# (CHESS960_PYTHON, or the venv .ci/run makes). Usage: scripts/games-throughput.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
python=${CHESS960_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/chess960/venv/bin/python}
work=target/bench
mkdir -p "$work"
cargo build -q --release -p chess960-cli
bin=$PWD/target/release/chess960
cd "$work"

if [ ! -s base-engine.pgn ]; then
    echo "writing a 5 MB corpus with python-chess (about two minutes)"
    "$python" ../../scripts/python-chess-games.py write 7 1 200 engine > base-engine.pgn
fi
if [ ! -s engine.pgn ] || [ "$(stat -c %s engine.pgn)" -lt $((1 << 30)) ]; then
    : > engine.pgn
    while [ "$(stat -c %s engine.pgn)" -lt $((1 << 30)) ]; do cat base-engine.pgn >> engine.pgn; done
    zstd -q -3 -T0 -f engine.pgn -o engine.pgn.zst
    head -c $((64 << 20)) engine.pgn > engine-64m.pgn
fi
size=$(stat -c %s engine.pgn)
cat > read_headers.py <<'PY'
import sys, chess.pgn
n = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while chess.pgn.read_headers(f) is not None:
        n += 1
print(n)
PY

hyperfine -w 1 -r "$runs" --output=pipe --export-json plain.json \
    -n grep "grep -c '^\[Event ' engine.pgn" \
    -n stats "$bin games --stats engine.pgn" \
    -n csv "$bin games --format csv engine.pgn"
hyperfine -w 1 -r "$runs" --output=pipe --export-json zst.json \
    -n zstd "zstd -dc engine.pgn.zst" \
    -n stats-zst "$bin games --stats engine.pgn.zst"
hyperfine -w 0 -r 3 --output=pipe --export-json python.json \
    -n python-chess "$python read_headers.py engine-64m.pgn" \
    -n stats-64m "$bin games --stats engine-64m.pgn"

peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
{
    echo "stats $(peak "$bin" games --stats engine.pgn)"
    echo "csv $(peak "$bin" games --format csv engine.pgn)"
    echo "stats-zst $(peak "$bin" games --stats engine.pgn.zst)"
    echo "grep $(peak grep -c '^\[Event ' engine.pgn)"
    echo "zstd $(peak zstd -dc engine.pgn.zst)"
    echo "python-chess $(peak "$python" read_headers.py engine-64m.pgn)"
    comment() { printf '[Event "x"]\n\n1. e4 {'; head -c $((1 << 30)) /dev/zero | tr '\0' x; }
    tag() { printf '[Event "'; head -c $((1 << 30)) /dev/zero | tr '\0' x; }
    echo "1-GiB-comment $(comment | /usr/bin/time -f %M "$bin" games 2>&1 >/dev/null | tail -n 1)"
    echo "1-GiB-tag-line $(tag | /usr/bin/time -f %M "$bin" games 2>&1 >/dev/null | tail -n 1)"
} > peak.txt

python3 - "$size" <<'PY'
import json, sys
size = int(sys.argv[1])
peak = dict(line.split() for line in open("peak.txt"))
med = {}
for name in ("plain", "zst", "python"):
    for r in json.load(open(f"{name}.json"))["results"]:
        med[r["command"]] = r["median"]
print(f"input: {size / 2**30:.2f} GiB of PGN (engine games, a comment on every move); medians")
print()
print("| command | median s | GB/s | vs baseline | peak RSS MiB |")
print("|---|---:|---:|---:|---:|")
def row(name, bytes_, base=None):
    s = med[name]
    ratio = f"{s / med[base]:.2f}× {base}" if base else "baseline"
    print(f"| {name} | {s:.3f} | {bytes_ / s / 1e9:.2f} | {ratio} | {int(peak.get(name, 0)) / 1024:.0f} |")
row("grep", size)
row("stats", size, "grep")
row("csv", size, "grep")
row("zstd", size)
row("stats-zst", size, "zstd")
small = 64 << 20
row("python-chess", small)
row("stats-64m", small, "python-chess")
print()
print(f"python-chess read_headers is {med['python-chess'] / med['stats-64m']:.0f}× slower than games --stats")
print(f"peak RSS on a 1 GiB comment: {int(peak['1-GiB-comment']) / 1024:.1f} MiB; "
      f"on a 1 GiB tag line: {int(peak['1-GiB-tag-line']) / 1024:.1f} MiB")
PY

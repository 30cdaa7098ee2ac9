#!/usr/bin/env bash
# `chess960 games` throughput, against baselines timed in the same run:
#   - on >= 1 GiB of plain PGN (engine-match games, 80 to 240 plies, a comment on every move,
#     written by python-chess with scripts/python-chess-games.py ... engine, then repeated):
#     `games --stats` and `games --format csv` against `grep -c '^\[Event '`, and the library
#     (chess960-pgn's `Stats::read_files`, pgn/examples/count_starts.rs) beside the CLI;
#   - on the same as .zst: `games --stats` and the library against `zstd -dc`;
#   - `games --fix` (which writes every byte and reports on stderr) against `cat`, through a
#     pipe and into a file (and on the .zst against `zstd -dc`), and
#     `games --check` on its output (a database with nothing to change) against grep;
#   - on its first 64 MiB: `games --stats` against python-chess's `read_headers` loop;
#   - peak memory (/usr/bin/time) of each, and of two inputs that never end a line or a
#     comment: a 1 GiB comment and a 1 GiB tag line.
#   - with BEFORE=path/to/an/earlier/chess960, that binary's stats, csv, stats on .zst and fix
#     in the same interleaved runs, each beside today's.
# Medians of RUNS interleaved runs (python-chess: 3), then a Markdown table with the ratios.
# Needs zstd, /usr/bin/time and python-chess (CHESS960_PYTHON, or the venv .ci/run makes).
# Usage: [BEFORE=old/chess960] scripts/games-throughput.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
python=${CHESS960_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/chess960/venv/bin/python}
work=target/bench
mkdir -p "$work"
cargo build -q --release -p chess960-cli
cargo build -q --release -p chess960-pgn --example count_starts
bin=$PWD/target/release/chess960
lib=$PWD/target/release/examples/count_starts
cd "$work"

bash ../../scripts/bench-corpus.sh "$python"
size=$(stat -c %s engine.pgn)
# Where `cat` and `--fix` also write a file, as a user repairing a database does: in memory
# (tmpfs), so that the disk's write-back does not time them.
out=/dev/shm/chess960-throughput.pgn
[ -d /dev/shm ] || out=$PWD/out.pgn
trap 'rm -f "$out"' EXIT
if [ ! -s engine-fixed.pgn ] || [ engine-fixed.pgn -ot engine.pgn ]; then
    "$bin" games --fix engine.pgn 2>/dev/null > engine-fixed.pgn
fi
cat > read_headers.py <<'PY'
import sys, chess.pgn
n = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while chess.pgn.read_headers(f) is not None:
        n += 1
print(n)
PY

# Interleaved runs of each command: scripts/interleaved.py.
commands() { python3 -c 'import json, sys; print(json.dumps(dict(zip(sys.argv[1::2], sys.argv[2::2]))))' "$@"; }
before=()
if [ -n "${BEFORE:-}" ]; then
    before=(before-stats "$BEFORE games --stats engine.pgn 2>/dev/null"
        before-csv "$BEFORE games --format csv engine.pgn"
        before-stats-zst "$BEFORE games --stats engine.pgn.zst 2>/dev/null"
        before-fix "$BEFORE games --fix engine.pgn 2>/dev/null"
        before-fix-zst "$BEFORE games --fix engine.pgn.zst 2>/dev/null")
fi
python3 ../../scripts/interleaved.py "$runs" "$(commands "${before[@]}" \
    grep "grep -c '^\[Event ' engine.pgn" \
    stats "$bin games --stats engine.pgn 2>/dev/null" \
    library "$lib engine.pgn" \
    csv "$bin games --format csv engine.pgn" \
    zstd "zstd -dc engine.pgn.zst" \
    stats-zst "$bin games --stats engine.pgn.zst 2>/dev/null" \
    fix-zst "$bin games --fix engine.pgn.zst 2>/dev/null" \
    library-zst "$lib engine.pgn.zst" \
    cat "cat engine.pgn" \
    fix "$bin games --fix engine.pgn 2>/dev/null" \
    cat-file "cat engine.pgn > $out" \
    fix-file "$bin games --fix engine.pgn 2>/dev/null > $out" \
    check "$bin games --check engine-fixed.pgn 2>/dev/null")" > times.json
python3 ../../scripts/interleaved.py 3 "$(commands \
    python-chess "$python read_headers.py engine-64m.pgn" \
    stats-64m "$bin games --stats engine-64m.pgn 2>/dev/null")" > times-python.json

peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
{
    echo "stats $(peak "$bin" games --stats engine.pgn)"
    echo "library $(peak "$lib" engine.pgn)"
    echo "library-zst $(peak "$lib" engine.pgn.zst)"
    echo "csv $(peak "$bin" games --format csv engine.pgn)"
    echo "stats-zst $(peak "$bin" games --stats engine.pgn.zst)"
    echo "fix $(peak "$bin" games --fix engine.pgn)"
    echo "fix-zst $(peak "$bin" games --fix engine.pgn.zst)"
    echo "check $(peak "$bin" games --check engine-fixed.pgn)"
    echo "cat $(peak cat engine.pgn)"
    echo "grep $(peak grep -c '^\[Event ' engine.pgn)"
    echo "zstd $(peak zstd -dc engine.pgn.zst)"
    echo "python-chess $(peak "$python" read_headers.py engine-64m.pgn)"
    echo "stats-64m $(peak "$bin" games --stats engine-64m.pgn)"
    comment() { printf '[Event "x"]\n\n1. e4 {'; head -c $((1 << 30)) /dev/zero | tr '\0' x; }
    tag() { printf '[Event "'; head -c $((1 << 30)) /dev/zero | tr '\0' x; }
    echo "1-GiB-comment $(comment | /usr/bin/time -f %M "$bin" games 2>&1 >/dev/null | tail -n 1)"
    echo "1-GiB-tag-line $(tag | /usr/bin/time -f %M "$bin" games 2>&1 >/dev/null | tail -n 1)"
} > peak.txt

python3 - "$size" <<'PY'
import json, os, sys
size = int(sys.argv[1])
peak = dict(line.split() for line in open("peak.txt"))
times = json.load(open("times.json"))
times.update(json.load(open("times-python.json")))
med = {name: sorted(t)[len(t) // 2] for name, t in times.items()}
runs = len(times["stats"])
print(f"input: {size / 2**30:.2f} GiB of PGN (engine games, a comment on every move); "
      f"medians of {runs} interleaved runs (python-chess and stats-64m: 3)")
print()
print("| command | median s | GB/s | vs baseline | peak RSS MiB |")
print("|---|---:|---:|---:|---:|")
def row(name, bytes_, base=None):
    s = med[name]
    ratio = f"{s / med[base]:.2f}× {base}" if base else "baseline"
    print(f"| {name} | {s:.3f} | {bytes_ / s / 1e9:.2f} | {ratio} | {int(peak.get(name, 0)) / 1024:.0f} |")
row("grep", size)
row("stats", size, "grep")
row("library", size, "grep")
row("csv", size, "grep")
row("zstd", size)
row("stats-zst", size, "zstd")
row("library-zst", size, "zstd")
row("fix-zst", size, "zstd")
row("cat", size)
row("fix", size, "cat")
row("cat-file", size)
row("fix-file", size, "cat-file")
row("check", os.path.getsize("engine-fixed.pgn"), "grep")
small = 64 << 20
for name in ["stats", "csv", "stats-zst", "fix", "fix-zst"]:
    if "before-" + name in med:
        row("before-" + name, size, name)
row("python-chess", small)
row("stats-64m", small, "python-chess")
print()
print(f"library / CLI: {med['library'] / med['stats']:.3f} (plain), "
      f"{med['library-zst'] / med['stats-zst']:.3f} (zstd)")
print(f"python-chess read_headers is {med['python-chess'] / med['stats-64m']:.0f}× slower than games --stats")
print(f"peak RSS on a 1 GiB comment: {int(peak['1-GiB-comment']) / 1024:.1f} MiB; "
      f"on a 1 GiB tag line: {int(peak['1-GiB-tag-line']) / 1024:.1f} MiB")
PY

#!/usr/bin/env bash
# The replay's throughput (`chess960 games --moves`), against baselines timed in the same run:
#   - on >= 1 GiB of plain PGN (engine games, 80 to 240 plies, a comment on every move:
#     scripts/bench-corpus.sh): the library's replay on one thread (pgn/examples/replay.rs)
#     against pgn-reader + shakmaty's validating replay on one thread (benches/replay_peer.rs,
#     GPL-3.0, built only in benches/); `games --moves --format csv` (every move written),
#     `check --moves`, `--max-plies 20` and `games --format csv` (no replay: the scan alone);
#     two files of half the size at once, for both cores;
#   - on its first 64 MiB: python-chess's replay (`read_game`, which plays every move) against
#     `games --moves`;
#   - peak memory (/usr/bin/time) of each, and of inputs that never end: a game of 1 GiB of
#     null moves, and a 1 GiB word.
# Medians of RUNS interleaved runs (scripts/interleaved.py; python-chess: 3), then a Markdown
# table with the ratios. Needs zstd, /usr/bin/time and python-chess (CHESS960_PYTHON, or the
# venv .ci/run makes).
# Usage: scripts/moves-throughput.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
python=${CHESS960_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/chess960/venv/bin/python}
cargo build -q --release -p chess960-cli
cargo build -q --release -p chess960-pgn --example replay
(cd benches && cargo build -q --release --bin replay_peer)
bin=$PWD/target/release/chess960
lib=$PWD/target/release/examples/replay
peer=$PWD/benches/target/release/replay_peer
mkdir -p target/bench
cd target/bench
bash ../../scripts/bench-corpus.sh "$python"
size=$(stat -c %s engine.pgn)
if [ ! -s engine-half.pgn ] || [ engine-half.pgn -ot base-engine.pgn ]; then
    : > engine-half.pgn
    while [ "$(stat -c %s engine-half.pgn)" -lt $((size / 2)) ]; do cat base-engine.pgn >> engine-half.pgn; done
fi
cat > replay.py <<'PY'
import logging, sys, chess.pgn
# The corpus's games whose castling letters fit no rook stop at a castling; not worth a log line.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
plies = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        plies += sum(1 for _ in game.mainline_moves())
print(plies)
PY

commands() { python3 -c 'import json, sys; print(json.dumps(dict(zip(sys.argv[1::2], sys.argv[2::2]))))' "$@"; }
python3 ../../scripts/interleaved.py "$runs" "$(commands \
    peer "$peer engine.pgn" \
    library "$lib engine.pgn" \
    moves "$bin games --moves --format csv engine.pgn" \
    check "$bin check --moves engine.pgn 2>/dev/null; true" \
    plies-20 "$bin games --moves --max-plies 20 --format csv engine.pgn" \
    scan "$bin games --format csv engine.pgn" \
    two-files "$bin games --moves --format csv engine-half.pgn engine-half.pgn")" > moves-times.json
python3 ../../scripts/interleaved.py 3 "$(commands \
    python-chess "$python replay.py engine-64m.pgn" \
    moves-64m "$bin games --moves --format csv engine-64m.pgn")" > moves-times-python.json

peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
{
    echo "peer $(peak "$peer" engine.pgn)"
    echo "library $(peak "$lib" engine.pgn)"
    echo "moves $(peak "$bin" games --moves --format csv engine.pgn)"
    echo "check $(peak "$bin" check --moves engine.pgn)"
    echo "plies-20 $(peak "$bin" games --moves --max-plies 20 --format csv engine.pgn)"
    echo "scan $(peak "$bin" games --format csv engine.pgn)"
    echo "two-files $(peak "$bin" games --moves --format csv engine-half.pgn engine-half.pgn)"
    echo "python-chess $(peak "$python" replay.py engine-64m.pgn)"
    echo "moves-64m $(peak "$bin" games --moves --format csv engine-64m.pgn)"
    nulls() { printf '[Event "x"]\n\n'; yes -- '-- ' | head -c $((1 << 30)); }
    word() { printf '[Event "x"]\n\n1. e4 '; head -c $((1 << 30)) /dev/zero | tr '\0' x; }
    echo "1-GiB-null-moves $(nulls | /usr/bin/time -f %M "$bin" games --moves 2>&1 >/dev/null | tail -n 1)"
    echo "1-GiB-word $(word | /usr/bin/time -f %M "$bin" games --moves 2>&1 >/dev/null | tail -n 1)"
} > moves-peak.txt

python3 - "$size" <<'PY'
import json, sys
size = int(sys.argv[1])
peak = dict(line.split() for line in open("moves-peak.txt"))
times = json.load(open("moves-times.json"))
times.update(json.load(open("moves-times-python.json")))
med = {name: sorted(t)[len(t) // 2] for name, t in times.items()}
runs = len(times["peer"])
print(f"input: {size / 2**30:.2f} GiB of PGN (engine games, a comment on every move); "
      f"medians of {runs} interleaved runs (python-chess and moves-64m: 3)")
print()
print("| command | median s | MB/s | vs baseline | peak RSS MiB |")
print("|---|---:|---:|---:|---:|")
def row(name, bytes_, base=None, faster=False):
    s = med[name]
    if not base:
        ratio = "baseline"
    elif faster:
        ratio = f"{med[base] / s:.0f}× faster"
    else:
        ratio = f"{s / med[base]:.2f}× {base}"
    print(f"| {name} | {s:.3f} | {bytes_ / s / 1e6:.0f} | {ratio} | {int(peak.get(name, 0)) / 1024:.0f} |")
row("peer", size)
row("library", size, "peer")
row("moves", size, "peer")
row("check", size, "peer")
row("plies-20", size, "moves")
row("scan", size, "moves")
row("two-files", 2 * (size // 2), "moves")
small = 64 << 20
row("python-chess", small)
row("moves-64m", small, "python-chess", faster=True)
print()
print(f"library (one thread) / pgn-reader + shakmaty (one thread): {med['library'] / med['peer']:.3f}")
print(f"a full replay / --max-plies 20: {med['moves'] / med['plies-20']:.1f}×")
print(f"python-chess's replay is {med['python-chess'] / med['moves-64m']:.0f}× slower than games --moves")
print(f"peak RSS on a game of 1 GiB of null moves: {int(peak['1-GiB-null-moves']) / 1024:.1f} MiB; "
      f"on a 1 GiB word: {int(peak['1-GiB-word']) / 1024:.1f} MiB")
PY

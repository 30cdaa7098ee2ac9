#!/usr/bin/env bash
# The opening tree's throughput (`chess960 tree`), against baselines timed in the same run:
#   - on the 1 GiB engine corpus (scripts/bench-corpus.sh: ~1,200 distinct games repeated) and
#     on 1 GiB of distinct random games (pgn/examples/random_games.rs, lichess's tags): one
#     start's tree (`tree --sp 518`) against `games --stats` on the same file (the scan alone,
#     which the tree of one start must stay within 1.5× of), and every start's tree to 12
#     plies (`tree --all --plies 12 --nodes`), whole and pruned to nodes of 5 games or more
#     (two passes, the first into a 64 MiB sketch);
#   - on the random corpus's first 64 MiB: python-chess building the same counts
#     (scripts/python-chess-tree.py 12) against `tree --all --plies 12 --nodes`;
#   - the peak memory (/usr/bin/time) of each.
# Medians of RUNS interleaved runs (scripts/interleaved.py; python-chess: one run, its output
# compared with ours), then a Markdown
# table with the ratios. Needs zstd, /usr/bin/time and python-chess (CHESS960_PYTHON, or the
# venv .ci/run makes).
# Usage: scripts/tree-throughput.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
python=${CHESS960_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/chess960/venv/bin/python}
cargo build -q --release -p chess960-cli
cargo build -q --release -p chess960-pgn --example random_games
bin=$PWD/target/release/chess960
random_games=$PWD/target/release/examples/random_games
tree_py=$PWD/scripts/python-chess-tree.py
mkdir -p target/bench
cd target/bench
bash ../../scripts/bench-corpus.sh "$python"
if [ ! -s random.pgn ] || [ "$(stat -c %s random.pgn)" -lt $((1 << 30)) ]; then
    echo "writing 1 GiB of random games (about a minute)"
    "$random_games" 7 $((1 << 30)) > random.pgn
fi
head -c $((64 << 20)) random.pgn > random-64m.pgn

commands() { python3 -c 'import json, sys; print(json.dumps(dict(zip(sys.argv[1::2], sys.argv[2::2]))))' "$@"; }
python3 ../../scripts/interleaved.py "$runs" "$(commands \
    stats "$bin games --stats --format csv engine.pgn" \
    sp "$bin tree --sp 518 --format json engine.pgn" \
    all-12 "$bin tree --all --plies 12 --nodes --format json engine.pgn" \
    random-stats "$bin games --stats --format csv random.pgn" \
    random-sp "$bin tree --sp 518 --format json random.pgn" \
    random-sp-nodes "$bin tree --sp 518 --nodes --format json random.pgn" \
    random-all-12 "$bin tree --all --plies 12 --nodes --format json random.pgn" \
    random-all-12-k5 "$bin tree --all --plies 12 --min-games 5 --nodes --format json random.pgn")" > tree-times.json
python3 ../../scripts/interleaved.py "$runs" "$(commands \
    all-12-64m "$bin tree --all --plies 12 --nodes --format json random-64m.pgn" \
    all-12-64m-k5 "$bin tree --all --plies 12 --min-games 5 --nodes --format json random-64m.pgn")" > tree-times-64m.json
# python-chess once (minutes), its time and peak memory from the same run.
/usr/bin/time -f "%e %M" -o python-chess-time.txt "$python" "$tree_py" 12 < random-64m.pgn > python-nodes.jsonl
"$bin" tree --all --plies 12 --nodes --format json random-64m.pgn | python3 -c '
import json, sys
for line in sys.stdin: print(json.dumps(json.loads(line)))' | cmp -s - python-nodes.jsonl \
    && echo "the 64 MiB trees: ours equal python-chess's" || echo "the 64 MiB trees DIFFER from python-chess's"

peak() { /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1; }
{
    echo "stats $(peak "$bin" games --stats --format csv engine.pgn)"
    echo "sp $(peak "$bin" tree --sp 518 --format json engine.pgn)"
    echo "all-12 $(peak "$bin" tree --all --plies 12 --nodes --format json engine.pgn)"
    echo "random-stats $(peak "$bin" games --stats --format csv random.pgn)"
    echo "random-sp $(peak "$bin" tree --sp 518 --format json random.pgn)"
    echo "random-sp-nodes $(peak "$bin" tree --sp 518 --nodes --format json random.pgn)"
    echo "random-all-12 $(peak "$bin" tree --all --plies 12 --nodes --format json random.pgn)"
    echo "random-all-12-k5 $(peak "$bin" tree --all --plies 12 --min-games 5 --nodes --format json random.pgn)"
    echo "python-chess $(cut -d' ' -f2 python-chess-time.txt)"
    echo "all-12-64m $(peak "$bin" tree --all --plies 12 --nodes --format json random-64m.pgn)"
    echo "all-12-64m-k5 $(peak "$bin" tree --all --plies 12 --min-games 5 --nodes --format json random-64m.pgn)"
} > tree-peak.txt
nodes() { "$bin" tree --all --plies 12 "$@" --nodes --format json random.pgn | wc -l; }
echo "random-all-12 $(nodes) random-all-12-k5 $(nodes --min-games 5)" > tree-nodes.txt

python3 - "$(stat -c %s engine.pgn)" "$(stat -c %s random.pgn)" <<'PY'
import json, sys
engine, random_ = int(sys.argv[1]), int(sys.argv[2])
peak = dict(line.split() for line in open("tree-peak.txt"))
nodes = open("tree-nodes.txt").read().split()
nodes = dict(zip(nodes[::2], map(int, nodes[1::2])))
times = json.load(open("tree-times.json"))
times.update(json.load(open("tree-times-64m.json")))
times["python-chess"] = [float(open("python-chess-time.txt").read().split()[0])]
med = {name: sorted(t)[len(t) // 2] for name, t in times.items()}
print(f"inputs: engine.pgn {engine / 2**30:.2f} GiB (engine games, repeated); random.pgn "
      f"{random_ / 2**30:.2f} GiB (distinct random games); medians of {len(times['stats'])} "
      f"interleaved runs (python-chess: 1)")
print()
print("| command | median s | MB/s | vs baseline | peak RSS MiB | nodes |")
print("|---|---:|---:|---:|---:|---:|")
def row(name, bytes_, base=None, faster=False):
    s = med[name]
    if not base:
        ratio = "baseline"
    elif faster:
        ratio = f"{med[base] / s:.0f}× faster"
    else:
        ratio = f"{s / med[base]:.2f}× {base}"
    print(f"| {name} | {s:.3f} | {bytes_ / s / 1e6:.0f} | {ratio} | "
          f"{int(peak.get(name, 0)) / 1024:.0f} | {nodes.get(name, '')} |")
row("stats", engine)
row("sp", engine, "stats")
row("all-12", engine, "stats")
row("random-stats", random_)
row("random-sp", random_, "random-stats")
row("random-sp-nodes", random_, "random-stats")
row("random-all-12", random_, "random-stats")
row("random-all-12-k5", random_, "random-all-12")
small = 64 << 20
row("python-chess", small)
row("all-12-64m", small, "python-chess", faster=True)
row("all-12-64m-k5", small, "python-chess", faster=True)
print()
print(f"one start's tree / games --stats: engine {med['sp'] / med['stats']:.2f}, "
      f"random {med['random-sp'] / med['random-stats']:.2f}")
print(f"python-chess's tree of 64 MiB is {med['python-chess'] / med['all-12-64m']:.0f}× slower "
      f"({med['python-chess'] / med['all-12-64m-k5']:.0f}× than ours pruned to 5 games)")
PY

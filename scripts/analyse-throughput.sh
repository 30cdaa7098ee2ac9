#!/usr/bin/env bash
# The driver's overhead on an explorer's positions: `chess960 eval --from-index` with three
# lines (MultiPV 3) at --nodes NODES (default 1000), one engine, one thread, against Stockfish
# fed the same commands from a file (uci, the options, MultiPV 3, and per position ucinewgame,
# isready, position fen, go nodes): the engine's own time, the baseline; and python-chess's
# `engine.analyse(..., multipv=3)` over the same positions (scripts/python-chess-analyse.py).
# The positions: every one of MIN_GAMES games or more (default 3) up to 4 plies of an index of
# lichess-like games (pgn/examples/lichess_games.rs, 8 MB, seed 7). RUNS interleaved rounds
# (default 5), medians.
# Usage: scripts/analyse-throughput.sh [RUNS] [NODES] [MIN_GAMES]   (needs /usr/games/stockfish;
# python-chess in $CHESS960_PYTHON or the cache's venv)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
nodes=${2:-1000}
min_games=${3:-3}
engine=/usr/games/stockfish
python=${CHESS960_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/chess960/venv/bin/python}
cargo build -q --release -p chess960-cli
cargo build -q --release -p chess960-pgn --example lichess_games
bin=$PWD/target/release/chess960
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target/release/examples/lichess_games 7 8000000 --months 1 > "$work/games.pgn"
"$bin" index add --index "$work/index" "$work/games.pgn" 2>/dev/null
positions=(--from-index "$work/index" --min-games "$min_games" --plies 4 --multipv 3)
"$bin" eval "${positions[@]}" --engine "$engine" --nodes 1 --jobs 1 --format csv \
    | awk -F, 'NR > 1 && $2 == 1 { print $1 }' > "$work/fens"
count=$(wc -l < "$work/fens")
{
    printf 'uci\nsetoption name UCI_Chess960 value true\nsetoption name UCI_ShowWDL value true\n'
    printf 'setoption name Threads value 1\nsetoption name MultiPV value 3\nisready\n'
    while IFS= read -r fen; do
        printf 'ucinewgame\nisready\nposition fen %s 0 1\ngo nodes %s\n' "$fen" "$nodes"
    done < "$work/fens"
    printf 'ucinewgame\n'
} > "$work/commands"

seconds() { # COMMAND...: its wall time in seconds
    local start end
    start=$(date +%s.%N)
    "$@"
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}
from_file() {
    "$engine" < "$work/commands" > "$work/sf.out"
    [ "$(grep -c '^bestmove' "$work/sf.out")" = "$count" ]
}
driver() {
    "$bin" eval "${positions[@]}" --engine "$engine" --nodes "$nodes" --jobs 1 --format csv > "$work/eval.csv"
    [ "$(awk -F, 'NR > 1 && $2 == 1' "$work/eval.csv" | wc -l)" = "$count" ]
}
python_chess() {
    "$python" scripts/python-chess-analyse.py "$engine" "$nodes" 3 < "$work/fens" > "$work/pc.out"
    [ "$(awk -F'\t' '$2 == 1' "$work/pc.out" | wc -l)" = "$count" ]
}

names=(from_file driver python_chess)
declare -A times
for ((round = 0; round < runs; round++)); do
    for ((i = 0; i < 3; i++)); do
        name=${names[(i + round) % 3]}
        times[$name]+="$(seconds "$name") "
    done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
base=$(echo "${times[from_file]}" | median)
printf '%s, %s positions of an explorer (3 lines each) at go nodes %s, one thread, medians of %s rounds (load %s):\n' \
    "$(echo quit | "$engine" | sed -n 1p | cut -d " " -f 1-2)" "$count" "$nodes" "$runs" "$(cut -d ' ' -f 1 /proc/loadavg)"
for name in "${names[@]}"; do
    m=$(echo "${times[$name]}" | median)
    printf '  %-13s %7.3f s  %6.0f positions/s  %5.3fx the engine fed from a file  (rounds: %s)\n' \
        "$name" "$m" "$(awk -v m="$m" -v n="$count" 'BEGIN { print n / m }')" \
        "$(awk -v m="$m" -v b="$base" 'BEGIN { print m / b }')" "${times[$name]}"
done

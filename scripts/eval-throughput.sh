#!/usr/bin/env bash
# The driver's overhead: all 960 starts at --nodes 1000 (one engine, one thread), timed three
# ways in the same run, RUNS interleaved rounds each (default 5), medians quoted:
#   - Stockfish fed the same commands from a file (uci, the options, and per start ucinewgame,
#     isready, position fen, go nodes 1000): the engine's own time, the baseline;
#   - `chess960 eval --jobs 1 --nodes 1000 --format csv` (release build);
#   - python-chess's `engine.play` loop over the same FENs (scripts/python-chess-eval.py).
# Prints each median in seconds, starts per second, and the ratio to the baseline. Then the
# reading of eval files: `book --evals` with a --draw-rate window over an eval file of all
# 921,600 pairs (made up by awk from `book --dfrc --format csv`: 95 MB) against `grep -c`
# over the same file (its count written to a file: GNU grep stops at the first match when
# its output is /dev/null).
# Usage: scripts/eval-throughput.sh [RUNS]   (needs /usr/games/stockfish; python-chess in
# $CHESS960_PYTHON or the cache's venv)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
engine=/usr/games/stockfish
nodes=1000
python=${CHESS960_PYTHON:-${XDG_CACHE_HOME:-$HOME/.cache}/chess960/venv/bin/python}
cargo build -q --release -p chess960-cli
bin=$PWD/target/release/chess960
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bin" book --format fen > "$work/fens"
{
    printf 'uci\nsetoption name UCI_Chess960 value true\nsetoption name UCI_ShowWDL value true\n'
    printf 'setoption name Threads value 1\nisready\n'
    while IFS= read -r fen; do
        printf 'ucinewgame\nisready\nposition fen %s\ngo nodes %s\n' "$fen" "$nodes"
    done < "$work/fens"
    # ucinewgame waits for the last search; the end of input then quits.
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
    [ "$(grep -c '^bestmove' "$work/sf.out")" = 960 ]
}
driver() {
    "$bin" eval --all --engine "$engine" --nodes "$nodes" --jobs 1 --format csv > "$work/eval.csv"
    [ "$(wc -l < "$work/eval.csv")" = 961 ]
}
python_chess() {
    "$python" scripts/python-chess-eval.py "$engine" "$nodes" < "$work/fens" > "$work/pc.out"
    [ "$(wc -l < "$work/pc.out")" = 960 ]
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
printf '%s, 960 starts at go nodes %s, one thread, medians of %s rounds:\n' \
    "$(echo quit | "$engine" | sed -n 1p | cut -d " " -f 1-2)" "$nodes" "$runs"
for name in "${names[@]}"; do
    m=$(echo "${times[$name]}" | median)
    printf '  %-13s %7.3f s  %6.0f starts/s  %5.2fx the engine fed from a file\n' \
        "$name" "$m" "$(awk -v m="$m" 'BEGIN { print 960 / m }')" \
        "$(awk -v m="$m" -v b="$base" 'BEGIN { print m / b }')"
done

# Eval files: all 921,600 pairs, scores made up from the ids.
"$bin" book --dfrc --format csv | awk -F, 'NR == 1 {
        print $0 ",cp,mate,win,draw,loss,depth,seldepth,nodes,time_ms,best_move,best_move_kxr,engine,limit,status,error"; next }
    { d = 200 + ($1 * 7 + $3 * 13) % 790; w = int((1000 - d) / 2)
      print $0 "," (($1 + $3) % 200 - 80) ",," w "," d "," 1000 - d - w ",20,28,1000000,900,e2e4,e2e4,Stockfish 15.1,nodes=1000000,ok," }' \
    > "$work/dfrc.csv"
book() { "$bin" book --evals "$work/dfrc.csv" --draw-rate 0.4..0.6 --format text > /dev/null; }
grep_count() { grep -c ",ok," "$work/dfrc.csv" > "$work/count"; }
declare -A reads
for ((round = 0; round < runs; round++)); do
    reads[grep]+="$(seconds grep_count) "
    reads[book]+="$(seconds book) "
done
g=$(echo "${reads[grep]}" | median)
b=$(echo "${reads[book]}" | median)
printf 'an eval file of 921,600 pairs (%s bytes), medians of %s rounds:\n' "$(wc -c < "$work/dfrc.csv")" "$runs"
printf '  grep -c        %7.3f s\n' "$g"
printf '  book --evals   %7.3f s  %5.1fx grep\n' "$b" "$(awk -v b="$b" -v g="$g" 'BEGIN { print b / g }')"

#!/usr/bin/env bash
# Every core against two, on a machine of many (issue 61), with release binaries built
# beforehand (carried to a machine that has no Rust):
#   1. 1 GiB of lichess-like games (pgn/examples/lichess_games.rs, SEED 7, 3 months: the file
#      scripts/segments-throughput.sh measures) made on every core;
#   2. `games --moves --max-plies 50 --format csv` and `index add` of it, on every core and
#      pinned to two cores of two different physical cores (taskset), RUNS interleaved
#      rounds: seconds and peak RSS of each;
#   3. GAMES games (20 million by default) streamed from the generator through a pipe into
#      one `index add -` on every core: time, peak RSS, the most temporary disk the index's
#      folder held, bytes a game after.
# Peak RSS is sampled from /proc (VmHWM), temporary disk by `du` every half second: no tool beyond
# coreutils and util-linux is needed. Prints Markdown-ready lines; its log is $OUT/scaling.txt
# when $OUT is set.
# Usage: scripts/cores-scaling.sh [RUNS] [GAMES] (RUNS 0: the stream alone; GAMES 0: no stream)
#   BIN (default target/release/chess960), GEN (target/release/examples/lichess_games),
#   WORK (a folder with room for 1 GiB, the indexes and the stream's runs: /tmp/scaling).
set -euo pipefail
runs=${1:-3}
games=${2:-20000000}
bin=$(realpath "${BIN:-target/release/chess960}")
gen=$(realpath "${GEN:-target/release/examples/lichess_games}")
work=${WORK:-/tmp/scaling}
log=${OUT:-$work}/scaling.txt
mkdir -p "$work" "$(dirname "$log")"
cd "$work"
exec > >(tee "$log") 2>&1

cores=$(nproc)
# Two CPUs of two different physical cores: cpu0 and the first that is not its sibling.
siblings=$(cat /sys/devices/system/cpu/cpu0/topology/thread_siblings_list 2>/dev/null || echo 0)
other=$(for cpu in $(seq 1 $((cores - 1))); do
    case ",$siblings," in *",$cpu,"*) ;; *) echo "$cpu"; break ;; esac
done)
two="0,${other:-1}"
echo "machine: $cores CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); cpu0's siblings $siblings; two cores: $two; $(free -g | awk '/Mem/ {print $2}') GiB"

# Seconds since the epoch, to the millisecond.
now() { date +%s.%N; }
# The seconds from $1 to now.
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# Waits for process $1 (a child of this shell), sampling its peak RSS into $peak (MiB);
# fails as it did.
peak_of() {
    local hwm
    peak=0
    while kill -0 "$1" 2>/dev/null; do
        hwm=$(awk '/VmHWM/ {print $2}' "/proc/$1/status" 2>/dev/null || true)
        [ "${hwm:-0}" -gt "$peak" ] && peak=$hwm
        sleep 0.1
    done
    peak=$((peak / 1024))
    wait "$1"
}

# Runs "$@", its output dropped, into $line: seconds, peak RSS in MiB.
measure() {
    local start
    start=$(now)
    "$@" > /dev/null 2>&1 &
    peak_of $!
    line="$(since "$start") s, peak $peak MiB"
}

if [ "$runs" -gt 0 ]; then
echo "## making 1 GiB on $cores threads"
start=$(now)
[ -s human.pgn ] || "$gen" 7 $((1 << 30)) --month 2024-01 --months 3 --threads "$cores" > human.pgn
echo "$(stat -c %s human.pgn) bytes in $(since "$start") s"

echo "## rounds (seconds, peak RSS)"
for round in $(seq 1 "$runs"); do
    for pin in all two; do
        case $pin in all) run=() ;; two) run=(taskset -c "$two") ;; esac
        measure "${run[@]}" "$bin" games --moves --max-plies 50 --format csv human.pgn
        games_line=$line
        rm -rf idx
        measure "${run[@]}" "$bin" index add --index idx human.pgn
        add_line=$line
        echo "round $round $pin: games $games_line; add $add_line"
    done
done
fi

[ "$games" -gt 0 ] || exit 0
echo "## $games games streamed through stdin into one index on $cores cores"
rm -rf big
# 2342 bytes a game, about, at SEED 7 (1 GiB is 458,545 games): a few more bytes than needed.
bytes=$((games * 2350))
(
    while sleep 0.5; do du -sb big 2>/dev/null | cut -f1; done > du.txt
) &
sampler=$!
start=$(now)
"$gen" 11 "$bytes" --month 2013-01 --months 120 --threads "$cores" | "$bin" index add --index big - 2> big.log &
peak_of $!
line="$(since "$start") s, peak $peak MiB"
kill "$sampler"
tail -2 big.log
echo "stream: $line; most disk in the index's folder $(( $(sort -n du.txt | tail -1) / 1048576 )) MiB; after $(( $(du -sb big | cut -f1) / 1048576 )) MiB"
counted=$(grep -o '[0-9]* games counted' big.log | cut -d' ' -f1)
echo "bytes a game: $(( $(du -sb big | cut -f1) / counted ))"

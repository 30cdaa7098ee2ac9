#!/usr/bin/env bash
# The explorer's index month after month (issue 61), on lichess-like games
# (pgn/examples/lichess_games.rs, SEED 7, about 300,000 games a month, each month's ids its own):
#   1. 17 monthly adds, 2023-01 to 2024-05, into one index (5.1 million games): each add's
#      seconds (the month's PGN made beforehand), the segments and merges after it, the
#      index's bytes a game, and the bytes in its folder no manifest names (dead);
#   2. month 18 into a copy of that index against the same month into an empty index, RUNS
#      interleaved rounds (the copy timed apart and taken off), and the adds' slope: seconds
#      a million games indexed, fitted over the 17 adds that merged nothing;
#   3. `chess960 serve` on the 5.1M index: the 960 roots and a ply deep on one keep-alive
#      connection (p50, p99), then `wrk` on 32 connections for 20 s over the same queries
#      (answers a second), the server's peak RSS;
#   4. answers flat in months: 40,000 games of six starts made twice, their months drawn from
#      3 and from 140 (the same games re-dated), each indexed alone; the six roots' p50 on
#      one connection, 200 askings each.
# Disk: about 3 GB; about 15 minutes with RUNS=3.
# Usage: scripts/months-throughput.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
target=${CARGO_TARGET_DIR:-$PWD/target}
cargo build -q --release -p chess960-cli
cargo build -q --release -p chess960-pgn --example lichess_games
bin=$target/release/chess960
gen=$target/release/examples/lichess_games
interleaved=$PWD/scripts/interleaved.py
script=$PWD/scripts
mkdir -p "$target/months-bench"
cd "$target/months-bench"
load() { cut -d' ' -f1 /proc/loadavg; }
commands() { python3 -c 'import json, sys; print(json.dumps(dict(zip(sys.argv[1::2], sys.argv[2::2]))))' "$@"; }
median() { python3 -c 'import json, statistics, sys; t = json.load(open(sys.argv[1])); print(" ".join(f"{k}={statistics.median(v):.2f}" for k, v in t.items()))' "$1"; }
# A month's games (about 300,000): month $1 (YYYY-MM), its ids from $2.
month() { "$gen" 7 702500000 --month "$1" --months 1 --first-id "$2" --threads "$(nproc)"; }
# A field of the index $1's manifest (its JSON between the format line and the CRC line):
# `live` for the bytes of its segments.
manifest() {
    python3 -c '
import json, sys
text = open(sys.argv[1] + "/MANIFEST").read().split("\n", 1)[1].rsplit("crc32", 1)[0]
m = json.loads(text)
print(sum(s["bytes"] for s in m["segments"]) if sys.argv[2] == "live" else m[sys.argv[2]])' "$1" "$2"
}

echo "## 17 monthly adds (load $(load))"
rm -rf idx adds.txt
for m in $(seq 0 16); do
    name=$(printf '%04d-%02d' $((2023 + m / 12)) $((m % 12 + 1)))
    month "$name" $((m * 1000000)) > month.pgn
    before=$( [ -e idx/MANIFEST ] && manifest idx next_game || echo 0)
    start=$(date +%s.%N)
    "$bin" index add --index idx month.pgn 2> add.log
    seconds=$(python3 -c "import sys, time; print(f'{time.time() - float(sys.argv[1]):.2f}')" "$start")
    total=$(du -sb idx | cut -f1)
    live=$(manifest idx live)
    games=$(manifest idx next_game)
    segments=$(ls -d idx/seg-* | wc -l)
    echo "$name ${before:-0} $seconds $segments $total $live $games $(tail -1 add.log)" | tee -a adds.txt
done
python3 - adds.txt <<'EOF'
import sys
rows = [line.split(maxsplit=7) for line in open(sys.argv[1])]
print("| month | games before | add s | segments | bytes a game | dead | summary |")
print("|---|---:|---:|---:|---:|---:|---|")
for name, before, seconds, segments, total, live, games, said in rows:
    dead = 1 - int(live) / int(total)
    print(f"| {name} | {int(before):,} | {seconds} | {segments} | {int(total) // int(games)} | {dead:.1%} | {said.strip()} |")
# The slope: seconds a million games indexed, over every add and over those that merged
# nothing (a merge's time is the merge's, not the month's).
for kind, points in [
    ("every add", [(int(b) / 1e6, float(s)) for _, b, s, *_ in rows]),
    ("the adds that merged nothing", [(int(b) / 1e6, float(s)) for _, b, s, *_, said in rows if "merged" not in said]),
]:
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    slope = sum((x - mx) * (y - my) for x, y in points) / sum((x - mx) ** 2 for x, _ in points)
    print(f"slope over {kind} ({n}): {slope:.3f} s a million games indexed;"
          f" an add projected at 30 M: {my + slope * (30 - mx):.1f} s, at 60 M: {my + slope * (60 - mx):.1f} s")
EOF
"$bin" index compact --index idx 2> compact.log || true
echo "after index compact: $(du -sb idx | cut -f1) bytes, $(( $(du -sb idx | cut -f1) / $(manifest idx next_game) )) a game; $(tail -1 compact.log)"

echo "## month 18 into the 5.1M index (load $(load))"
month 2024-06 17000000 > month.pgn
python3 "$interleaved" "$runs" "$(commands \
    into_empty "rm -rf idx-empty && $bin index add --index idx-empty month.pgn 2>/dev/null" \
    into_large "rm -rf idx-large && cp -r idx idx-large && sync && $bin index add --index idx-large month.pgn 2>/dev/null")" > month.json
python3 "$interleaved" "$runs" "$(commands copy "rm -rf idx-large && cp -r idx idx-large && sync")" > copy.json
echo "medians, s: $(median month.json) $(median copy.json) (load $(load) after)"
rm -rf idx-large idx-empty

echo "## answers on the 5.1M index"
"$bin" list | cut -d' ' -f1 | "$bin" fen > roots.txt
"$bin" serve --index idx --listen 127.0.0.1:9108 2>/dev/null &
server=$!
trap 'kill $server 2>/dev/null' EXIT
sleep 1
python3 "$script/explorer-queries.py" 127.0.0.1:9108 roots.txt urls.txt 2
wrk -t 2 -c 32 -d 20s --latency -s "$script/wrk-urls.lua" http://127.0.0.1:9108 -- urls.txt | grep -E "Requests/sec|50%|99%|requests in|Non-2xx|errors"
echo "server peak RSS: $(awk '/VmHWM/ {print $2, $3}' /proc/$server/status)"
kill $server

echo "## flat in months: 40,000 games of six starts over 3 and over 140 months"
for months in 3 140; do
    "$gen" 9 94000000 --month 2013-01 --months "$months" --starts 518,105,0,959,300,700 > "six-$months.pgn"
    rm -rf "six-$months"
    "$bin" index add --index "six-$months" "six-$months.pgn" 2>/dev/null
done
printf '%s\n' 518 105 0 959 300 700 | "$bin" fen > six.txt
for months in 3 140; do
    "$bin" serve --index "six-$months" --listen 127.0.0.1:9109 2>/dev/null &
    server=$!
    sleep 1
    echo "$months months: $(python3 "$script/explorer-queries.py" 127.0.0.1:9109 six.txt - 200)"
    kill $server
    wait $server 2>/dev/null || true
done

#!/usr/bin/env bash
# Reading hostile PGN as fast as ordinary games of the same size: `games --stats` and `games`
# (the listing) on 200 MB of long tags, long comments and one endless line
# (scripts/hostile-pgn.py), against ordinary games of lichess's shape, with `grep -c` of each
# file as the baseline, medians of interleaved rounds (scripts/interleaved.py), in MB/s.
#
#   scripts/hostile-throughput.sh [CHESS960] [ROUNDS]   (default: target/release/chess960, 5)
set -euo pipefail
cd "$(dirname "$0")/.."
chess960=${1:-target/release/chess960}
rounds=${2:-5}
[ -x "$chess960" ] || cargo build -q --release -p chess960-cli
dir=target/bench/hostile
mkdir -p "$dir"
[ -s "$dir/long-tags.pgn" ] || python3 scripts/hostile-pgn.py "$dir" 200
[ -s "$dir/ordinary.pgn" ] || python3 scripts/hostile-pgn.py "$dir" 200 --ordinary
commands=$(python3 - "$chess960" "$dir" <<'PY'
import json, sys
chess960, folder = sys.argv[1:]
commands = {}
for name in ["ordinary", "long-tags", "long-comments", "endless-line"]:
    path = f"{folder}/{name}.pgn"
    commands[f"{name}: grep -c"] = f"grep -c '^\\[Event' {path}"
    commands[f"{name}: games --stats"] = f"{chess960} games --stats {path} 2>/dev/null"
    commands[f"{name}: games"] = f"{chess960} games {path} 2>/dev/null"
print(json.dumps(commands))
PY
)
python3 scripts/interleaved.py "$rounds" "$commands" > "$dir/times.json"
python3 - "$dir" <<'PY'
import json, os, statistics, sys
folder = sys.argv[1]
times = json.load(open(f"{folder}/times.json"))
print(f"{'file':<15} {'command':<14} {'median s':>9} {'MB/s':>7} {'× grep':>7}")
for name, runs in times.items():
    file, command = name.split(": ")
    size = os.path.getsize(f"{folder}/{file}.pgn") / 1e6
    median = statistics.median(runs)
    grep = statistics.median(times[f"{file}: grep -c"])
    print(f"{file:<15} {command:<14} {median:9.3f} {size / median:7.0f} {median / grep:7.2f}")
PY

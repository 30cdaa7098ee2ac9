#!/usr/bin/env bash
# Every core for one file: the commands that read games, on 1 thread and on all of this
# machine's (`--threads`), on one file of lichess-like games (pgn/examples/lichess_games.rs,
# SEED 7), medians of RUNS interleaved rounds (scripts/interleaved.py), the load average before
# and after; the baselines `cat` and `zstd -dc` in the same rounds. The same commands on the
# zstd copy of the file (decompressed on one thread, parsed on the others). Prints a Markdown
# table: each command's median on 1 thread and on N, and N's speed-up.
# Usage: scripts/threads-throughput.sh [RUNS] [BYTES]   (defaults: 5, 1 GiB)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
bytes=${2:-$((1 << 30))}
target=${CARGO_TARGET_DIR:-$PWD/target}
cargo build -q --release -p chess960-cli
cargo build -q --release -p chess960-pgn --example lichess_games
bin=$target/release/chess960
cores=$(nproc)
dir=$target/threads-bench
mkdir -p "$dir"
cd "$dir"
if [ ! -s games.pgn ] || [ "$(stat -c %s games.pgn)" -ne "$bytes" ]; then
    "$target/release/examples/lichess_games" 7 "$bytes" --month 2024-01 --months 3 > games.pgn
    truncate -s "$bytes" games.pgn
    rm -f games.pgn.zst
fi
[ -s games.pgn.zst ] || zstd -q -3 games.pgn -o games.pgn.zst
commands() { python3 -c 'import json, sys; print(json.dumps(dict(zip(sys.argv[1::2], sys.argv[2::2]))))' "$@"; }
declare -A jobs=(
    ["games --moves --max-plies 50 --format csv"]="games --moves --max-plies 50 --format csv"
    ["games --format csv"]="games --format csv"
    ["games --stats"]="games --stats"
    ["check --moves"]="check --moves"
    ["tree --all --plies 12 --format json"]="tree --all --plies 12 --format json"
    ["index add"]="index add"
)
args=(cat "cat games.pgn" "zstd -dc" "zstd -dc games.pgn.zst")
for name in "${!jobs[@]}"; do
    for threads in 1 "$cores"; do
        for file in games.pgn games.pgn.zst; do
            [ "$name" = "index add" ] && [ "$file" = games.pgn.zst ] && continue
            case $name in
                "index add") run="rm -rf idx-$threads && $bin index add --threads $threads --index idx-$threads $file 2>/dev/null" ;;
                "check --moves") run="$bin check --moves --threads $threads $file 2>/dev/null; true" ;;
                *) run="$bin ${jobs[$name]} --threads $threads $file 2>/dev/null" ;;
            esac
            args+=("$name|$threads|$file" "$run")
        done
    done
done
before=$(cut -d' ' -f1 /proc/loadavg)
python3 ../../scripts/interleaved.py "$runs" "$(commands "${args[@]}")" > times.json
after=$(cut -d' ' -f1 /proc/loadavg)
python3 - "$cores" "$before" "$after" "$bytes" <<'PY'
import json, statistics, sys
cores, before, after, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
times = {name: statistics.median(t) for name, t in json.load(open("times.json")).items()}
print(f"{size / 2**20:.0f} MiB, medians of the rounds; load {before} before, {after} after; {cores} cores\n")
print(f"| command | file | 1 thread s | {cores} threads s | speed-up |")
print("|---|---|---:|---:|---:|")
for base in ("cat", "zstd -dc"):
    print(f"| `{base}` (baseline) | | {times[base]:.2f} | | |")
rows = sorted({tuple(k.split("|")[::2]) for k in times if "|" in k})
for name, file in rows:
    one, many = times[f"{name}|1|{file}"], times[f"{name}|{cores}|{file}"]
    print(f"| `{name}` | {file} | {one:.2f} | {many:.2f} | {one / many:.2f}× |")
PY

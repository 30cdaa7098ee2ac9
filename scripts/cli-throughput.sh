#!/usr/bin/env bash
# CLI throughput: `chess960 rank -` on 10 million ids and `chess960 id -` on 10 million back
# ranks, timed by /usr/bin/time (wall clock and peak memory) over seven runs each.
# Usage: scripts/cli-throughput.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/.."
lines=${1:-10000000}
cargo build -q --release -p chess960-cli
bin=target/release/chess960
work=target/throughput
mkdir -p "$work"
# Every id, then every back rank, repeated to $lines lines.
python3 - "$lines" "$work" <<'PY'
import subprocess, sys
lines, work = int(sys.argv[1]), sys.argv[2]
ranks = subprocess.run(["target/release/chess960", "list"], capture_output=True, text=True, check=True).stdout.split("\n")[:960]
ids = "".join(f"{i}\n" for i in range(960)).encode()
text = "".join(r.split()[1] + "\n" for r in ranks).encode()
for name, block in (("ids", ids), ("ranks", text)):
    whole, rest = divmod(lines, 960)
    with open(f"{work}/{name}.txt", "wb") as f:
        f.write(block * whole)
        f.write(b"".join(block.splitlines(keepends=True)[:rest]))
PY
# Seven runs each; the median wall-clock time and the largest peak RSS are reported.
runs=7
for run in "rank ids" "id ranks"; do
    set -- $run
    times=()
    peak=0
    for _ in $(seq "$runs"); do
        report=$( { /usr/bin/time -f '%e %M' "$bin" "$1" - < "$work/$2.txt" > "$work/out.txt"; } 2>&1 )
        read -r seconds kib <<< "$report"
        times+=("$seconds")
        [ "$kib" -gt "$peak" ] && peak=$kib
        out_lines=$(wc -l < "$work/out.txt")
        [ "$out_lines" -eq "$lines" ] || { echo "expected $lines output lines, got $out_lines"; exit 1; }
    done
    python3 -c "import statistics, sys; m = statistics.median(map(float, sys.argv[1:])); print(f'chess960 $1 - < $2: {$lines:,} lines, median of $runs runs {m:.2f} s = {$lines / max(m, 0.01) / 1e6:.1f} M lines/s, peak RSS $peak KiB')" "${times[@]}"
done

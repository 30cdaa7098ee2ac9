#!/usr/bin/env bash
# CLI throughput: `chess960 rank -` on 10 million ids and `chess960 id -` on 10 million back
# ranks, and the whole Double Fischer Random book (921,600 lines) as FEN, EPD and PGN, timed
# by /usr/bin/time (wall clock and peak memory) over seven runs each, written to a file.
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

# The DFRC book, in each format, to a file; timed with a microsecond clock, as a run takes
# well under a second.
python3 - "$bin" "$work" "$runs" <<'PY'
import statistics, subprocess, sys, time
bin, work, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
entries = 921_600
for form in ("fen", "epd", "pgn"):
    times, peak = [], 0
    for _ in range(runs):
        with open(f"{work}/book.txt", "wb") as out:
            start = time.perf_counter()
            run = subprocess.run(["/usr/bin/time", "-f", "%M", bin, "book", "--dfrc", "--castling", "shredder", "--format", form],
                                 stdout=out, stderr=subprocess.PIPE, check=True)
            times.append(time.perf_counter() - start)
        peak = max(peak, int(run.stderr.split()[-1]))
    with open(f"{work}/book.txt", "rb") as book:
        data = book.read()
    count = data.count(b"\n") if form != "pgn" else data.count(b"[Event ")
    size = len(data)
    del data
    assert count == entries, (form, count)
    median = statistics.median(times)
    print(f"chess960 book --dfrc --castling shredder --format {form}: {entries:,} entries, {size / 1e6:.1f} MB, "
          f"median of {runs} runs {median * 1000:.0f} ms = {entries / median / 1e6:.1f} M entries/s, peak RSS {peak} KiB")
PY

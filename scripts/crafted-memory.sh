#!/usr/bin/env bash
# Peak memory on a crafted PGN file: 3,000 games, each with a distinct 100 kB Variant tag and a
# distinct 100 kB FEN tag (600 MB), which every cache keyed by a tag's value would keep. The
# tool's memory must stay bounded whatever the input (docs/performance.md quotes the result).
#
#   scripts/crafted-memory.sh [CHESS960]    (default: target/release/chess960, built if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
chess960=${1:-target/release/chess960}
[ -x "$chess960" ] || cargo build -q --release -p chess960-cli
crafted=$(mktemp --suffix=.pgn)
trap 'rm -f "$crafted"' EXIT
python3 - "$crafted" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    for n in range(3000):
        f.write(f'[Variant "Chess960 {n:06}{"x" * 100_000}"]\n[FEN "{n:08}{"8/" * 50_000}"]\n\n1. e4 *\n\n')
PY
for args in "games --stats" "games" "fix" "games --moves"; do
    # shellcheck disable=SC2086
    python3 - "$chess960" $args "$crafted" <<'PY'
import resource, subprocess, sys, time
start = time.time()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{' '.join(sys.argv[2:-1])}: {peak:.1f} MiB peak, {time.time() - start:.2f} s")
PY
done

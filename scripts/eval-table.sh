#!/usr/bin/env bash
# Remakes engine/data/evals-960.csv, the table of all 960 starts that chess960-engine ships: Debian's
# Stockfish (/usr/games/stockfish), one thread, Hash 16 MB, 3,000,000 nodes a search, which
# with one thread is deterministic: the same binary gives the same table on any machine, at
# any load, with any --jobs. Takes about half an hour on two cores. With --check it writes
# the table to target/ and compares every field but the time with the shipped one.
set -euo pipefail
cd "$(dirname "$0")/.."
engine=/usr/games/stockfish
nodes=3000000
jobs=${JOBS:-$(nproc)}
table=engine/data/evals-960.csv
[ "${1:-}" = --check ] && table=target/evals-960.csv

cargo build --release --quiet -p chess960-cli
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A run stopped on the way resumes from target/evals-960.partial.csv.
partial=target/evals-960.partial.csv
target/release/chess960 eval --all --engine "$engine" --option Hash=16 --nodes "$nodes" \
    --jobs "$jobs" --out "$partial"
version=$(echo quit | "$engine" | sed -n 1p | cut -d " " -f 1-2)
package=$(dpkg-query -W -f '${Version}' stockfish 2>/dev/null || echo unknown)
{
    echo "# The 960 Chess960 starts evaluated by $version (Debian package stockfish $package):"
    echo "# one thread, Hash 16 MB, $nodes nodes a search, UCI_Chess960 and UCI_ShowWDL on; scores are White's."
    echo "# Made by: chess960 eval --all --engine $engine --option Hash=16 --nodes $nodes --out FILE"
    echo "# (scripts/eval-table.sh); docs/engine-balance.md describes what it shows."
    cat "$partial"
} > "$work/table.csv"
mv "$work/table.csv" "$table"
rm -f "$partial"
if [ "${1:-}" = --check ]; then
    # The time each search took is the one field that may differ.
    cut_time() { grep -v '^#' "$1" | cut -d, -f1-10,12-; }
    if cmp -s <(cut_time "$table") <(cut_time engine/data/evals-960.csv); then
        echo "the remade table is the shipped one (every field but time_ms)"
    else
        diff <(cut_time "$table") <(cut_time engine/data/evals-960.csv) | head -20
        exit 1
    fi
else
    echo "wrote $table"
fi

#!/usr/bin/env bash
# The explorer's sorted block tables (explorer/src/store/table/) against tantivy-sstable's and
# lsm-tree's, on the same entries (ENTRIES, shaped like the explorer's rows: 14-byte keys,
# values of 20 to 400 bytes; benches/explorer_tables/data.rs): build time, bytes on disk,
# open, point reads (100,000 present keys, 10,000 absent), a full ordered scan, and FLIPS
# bytes flipped one at a time, each table read by a child process after each. Medians of
# ROUNDS rounds, the tables in turn in each; then a Markdown table with ratios against ours
# (docs/performance.md#the-explorers-tables-against-tantivy-sstable-and-lsm-tree).
# Usage: scripts/table-peers.sh [ENTRIES] [ROUNDS] [FLIPS]   (defaults 1000000 3 20)
set -euo pipefail
cd "$(dirname "$0")/.."
entries=${1:-1000000}
rounds=${2:-3}
flips=${3:-20}
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$PWD/target/bench}
(cd benches && cargo build -q --release --bin explorer_tables)
work=$CARGO_TARGET_DIR/table-peers
rm -rf "$work"
echo "$(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(uname -m)"
echo "scripts/table-peers.sh $entries $rounds $flips"
"$CARGO_TARGET_DIR"/release/explorer_tables bench "$work" "$entries" "$rounds" "$flips"
rm -rf "$work"

#!/bin/bash
# A file's games taken out of an index, against the add of the games left: a big file and a
# small one (BIG, SMALL: two parts of one PGN, e.g. 90% and 10% of the 1 GiB human-like file
# of scripts/segments-throughput.sh) added and compacted into one segment, then the small
# one removed (the big one's games written again), added back, and the big one removed.
# Run from the repository: bash scripts/remove-throughput.sh BIG SMALL.
set -euo pipefail
BIG=$(realpath "$1"); SMALL=$(realpath "$2")
cargo build --release -q -p chess960-cli
C=$PWD/target/release/chess960
cd "$(mktemp -d)"
ln -s "$BIG" big90.pgn; ln -s "$SMALL" small10.pgn
t() { local s=$(date +%s.%N); "$@"; local e=$(date +%s.%N); echo "TIME $(echo "$e - $s" | bc) s: $*"; }
t $C index add --index rm-idx big90.pgn
t $C index add --index rm-idx small10.pgn
t $C index compact --index rm-idx
$C index files --index rm-idx
t $C index remove --index rm-idx small10.pgn
t $C index add --index rm-idx small10.pgn
t $C index compact --index rm-idx
t $C index remove --index rm-idx big90.pgn
$C index files --index rm-idx
du -sh rm-idx

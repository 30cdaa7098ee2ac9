#!/usr/bin/env bash
# The throughput scripts' corpus, in target/bench: engine-match games from every start and 200
# DFRC pairs written by python-chess (scripts/python-chess-games.py ... engine: 80 to 240 plies,
# a comment on every move), repeated to 1 GiB (engine.pgn), as .zst (engine.pgn.zst) and its
# first 64 MiB (engine-64m.pgn); each made when missing or older than what it is made from.
# Usage: scripts/bench-corpus.sh PYTHON (a Python with python-chess)
set -euo pipefail
python=$1
mkdir -p "$(dirname "$0")/../target/bench"
cd "$(dirname "$0")/../target/bench"
if [ ! -s base-engine.pgn ]; then
    echo "writing a 5 MB corpus with python-chess (about two minutes)"
    "$python" ../../scripts/python-chess-games.py write 7 1 200 engine > base-engine.pgn
fi
if [ ! -s engine.pgn ] || [ "$(stat -c %s engine.pgn)" -lt $((1 << 30)) ]; then
    : > engine.pgn
    while [ "$(stat -c %s engine.pgn)" -lt $((1 << 30)) ]; do cat base-engine.pgn >> engine.pgn; done
fi
if [ ! -s engine.pgn.zst ] || [ engine.pgn.zst -ot engine.pgn ]; then
    zstd -q -3 -T0 -f engine.pgn -o engine.pgn.zst
fi
if [ ! -s engine-64m.pgn ] || [ engine-64m.pgn -ot engine.pgn ]; then
    head -c $((64 << 20)) engine.pgn > engine-64m.pgn
fi

#!/usr/bin/env bash
# A player's explorer (`/player`) and what players and whole games cost an index, on
# lichess-like games (pgn/examples/lichess_games.rs):
#   1. 1 GiB over 3 months (SEED 7, 458,545 games): `index add` against `games --moves
#      --max-plies 50 --format csv` (the replay of the plies the index counts, alone), RUNS
#      interleaved rounds (scripts/interleaved.py); the index's bytes a game, by table;
#   2. /player of the busiest player of that file (the name with the most games as White) at
#      the start of their most played start and 1 to 4 plies down their most played line,
#      on one keep-alive connection (scripts/player-queries.py: every position warmed, then
#      ROUNDS interleaved rounds; p50 and p99);
#   3. the same for a generated player of 20,000 games in an index of 5 million: BIG_GAMES
#      games (SEED 8, 12 months) streamed into `index add -`, every 250th game's White renamed
#      "Heavy" on the way (spread over the whole index, as a real player's games are).
# Prints Markdown tables. Needs /usr/bin/time. Disk: 1 GiB of PGN, about 2 GB of index for the
# 5 million, and the add's spool (about 1 KB a game) while it runs; about 25 minutes.
# Usage: scripts/player-throughput.sh [RUNS]  (environment: BIN (target/release/chess960), GEN
# (target/release/examples/lichess_games), DIR ($CARGO_TARGET_DIR or target, /player-bench),
# BIG_GAMES=5000000, ROUNDS=50, STAGES="small big")
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-2}
bin=$(realpath "${BIN:-target/release/chess960}")
gen=$(realpath "${GEN:-target/release/examples/lichess_games}")
dir=${DIR:-${CARGO_TARGET_DIR:-target}/player-bench}
big_games=${BIG_GAMES:-5000000}
rounds=${ROUNDS:-50}
stages=${STAGES:-small big}
mkdir -p "$dir"
dir=$(realpath "$dir")

# Bytes a game of index $1 holding $2 games: in all, then each table's.
sizes() {
    local index=$1 games=$2 total
    total=$(du -sb "$index" | cut -f1)
    printf '| all | %d | %.1f |\n' "$total" "$(bc -l <<<"$total / $games")"
    for table in games ids players rows postings facts; do
        local bytes
        bytes=$(find "$index" -name "$table.tbl" -printf '%s\n' | awk '{s += $1} END {print s + 0}')
        printf '| %s.tbl | %d | %.1f |\n' "$table" "$bytes" "$(bc -l <<<"$bytes / $games")"
    done
}

# /player timed on a server of index $1 for player $2 (White) at FEN $3.
queries() {
    local log="$dir/serve.log" pid addr
    "$bin" serve --index "$1" --listen 127.0.0.1:0 2>"$log" &
    pid=$!
    for _ in $(seq 100); do
        addr=$(grep -o 'http://[0-9.:]*' "$log" | head -1 | sed 's|http://||') || true
        [ -n "$addr" ] && break
        sleep 0.1
    done
    python3 scripts/player-queries.py "$addr" "$2" white "$3" "$rounds"
    kill "$pid"
    wait "$pid" || true
}

# The start most games of White player $2 in file $1 began at, as its FEN.
busiest_start() {
    awk -v who="[White \"$2\"]" '$0 == who { mine = 1 } /^\[FEN / && mine { sub(/^\[FEN "/, ""); sub(/"\]$/, ""); print; mine = 0 }' "$1" \
        | sort | uniq -c | sort -rn | awk 'NR == 1' | sed 's/^ *[0-9]* //'
}

if [[ " $stages " == *" small "* ]]; then
    pgn="$dir/games.pgn"
    [ -s "$pgn" ] || "$gen" 7 1073741824 --months 3 --threads "$(nproc)" >"$pgn"
    echo "## 1 GiB, SEED 7, 3 months ($(grep -c '^\[Event ' "$pgn") games): $runs interleaved rounds"
    rm -rf "$dir/small"
    python3 scripts/interleaved.py "$runs" "$(printf '{"index add": "rm -rf %s/small && %s index add --index %s/small %s 2>/dev/null", "games --moves --max-plies 50": "%s games --moves --max-plies 50 --format csv %s"}' \
        "$dir" "$bin" "$dir" "$pgn" "$bin" "$pgn")"
    echo
    games=$("$bin" index files --index "$dir/small" --format csv | awk -F, 'NR > 1 {s += $3} END {print s}')
    echo
    echo "| table | bytes | a game ($games games) |"
    echo "|---|---|---|"
    sizes "$dir/small" "$games"
    player=$(grep -o '^\[White "[^"]*"\]' "$pgn" | sort | uniq -c | sort -rn | awk 'NR == 1' | sed 's/.*\[White "//; s/"\]$//')
    fen=$(busiest_start "$pgn" "$player")
    echo
    echo "### /player: $player as White at $fen"
    queries "$dir/small" "$player" "$fen"
fi

if [[ " $stages " == *" big "* ]]; then
    echo
    echo "## $big_games games, SEED 8, 12 months, \"Heavy\" White in every 250th"
    rm -rf "$dir/big"
    start=$SECONDS
    "$gen" 8 $((big_games * 2342)) --months 12 --threads "$(nproc)" \
        | awk '/^\[Event / { n++ } /^\[White / && n % 250 == 0 { print "[White \"Heavy\"]"; next } { print }' \
        | tee >(awk '$0 == "[White \"Heavy\"]" { mine = 1 } /^\[FEN / && mine { sub(/^\[FEN "/, ""); sub(/"\]$/, ""); print; mine = 0 }' \
            | sort | uniq -c | sort -rn >"$dir/heavy-starts.txt") \
        | "$bin" index add --index "$dir/big" - 2>"$dir/big-add.log"
    games=$("$bin" index files --index "$dir/big" --format csv | awk -F, 'NR > 1 {s += $3} END {print s}')
    echo "generated, renamed and added in $((SECONDS - start)) s: $games games"
    echo
    echo "| table | bytes | a game |"
    echo "|---|---|---|"
    sizes "$dir/big" "$games"
    sleep 1 # the tee's reader done
    heavy=$(awk '{ s += $1 } END { print s }' "$dir/heavy-starts.txt")
    fen=$(head -1 "$dir/heavy-starts.txt" | sed 's/^ *[0-9]* //')
    echo
    echo "### /player: Heavy as White ($heavy games, spread over the index) at their most played start, $fen"
    queries "$dir/big" Heavy "$fen"
fi

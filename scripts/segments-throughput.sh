#!/usr/bin/env bash
# The explorer's segments (issue 61) against baselines timed in the same run, on lichess-like
# games (pgn/examples/lichess_games.rs, SEED 7: 1 GiB over 3 months, 458,545 games):
#   - build: `index add` of the 1 GiB against `games --moves --max-plies 50 --format csv` on
#     the same file, medians of RUNS interleaved rounds (scripts/interleaved.py), on every core;
#     peak RSS (/usr/bin/time) with the default --memory (512 MiB) and with --memory 200;
#   - bytes: each table of the index over the games counted; the same for 1 GiB of
#     `--distinct` games (SEED 8, every game a line of its own), once;
#   - a month (SEED 7, about 300,000 games, 2024-04) into a copy of the 1 GiB index against the
#     same month into an empty index, RUNS interleaved rounds;
#   - answers: `chess960 serve` on the 1 GiB index, one keep-alive connection (Python's
#     http.client): the 960 starts' roots, then each root's two most played moves, each
#     asked twice (the second timed), p50 and p99.
# Prints each as Markdown. Disk: about 3 GiB of PGN and 1 GB of indexes in
# $CARGO_TARGET_DIR/segments-bench; about 10 minutes with RUNS=3.
# Usage: scripts/segments-throughput.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
target=${CARGO_TARGET_DIR:-$PWD/target}
cargo build -q --release -p chess960-cli
cargo build -q --release -p chess960-pgn --example lichess_games
bin=$target/release/chess960
gen=$target/release/examples/lichess_games
interleaved=$PWD/scripts/interleaved.py
mkdir -p "$target/segments-bench"
cd "$target/segments-bench"
load() { cut -d' ' -f1 /proc/loadavg; }
commands() { python3 -c 'import json, sys; print(json.dumps(dict(zip(sys.argv[1::2], sys.argv[2::2]))))' "$@"; }
median() { python3 -c 'import json, statistics, sys; t = json.load(open(sys.argv[1])); print(" ".join(f"{k}={statistics.median(v):.2f}" for k, v in t.items()))' "$1"; }
[ -s human.pgn ] || "$gen" 7 $((1 << 30)) --month 2024-01 --months 3 > human.pgn
[ -s distinct.pgn ] || "$gen" 8 $((1 << 30)) --month 2024-01 --months 3 --distinct > distinct.pgn
[ -s month.pgn ] || "$gen" 7 702500000 --month 2024-04 --months 1 --first-id 9000000 > month.pgn

echo "## build (load $(load))"
python3 "$interleaved" "$runs" "$(commands \
    games "$bin games --moves --max-plies 50 --format csv human.pgn" \
    add "rm -rf idx && $bin index add --index idx human.pgn 2>/dev/null")" > build.json
echo "medians, s: $(median build.json) (load $(load) after)"
for memory in 512 200; do
    rm -rf idx
    /usr/bin/time -f "%e s, peak RSS %M KB" -o rss.txt "$bin" index add --memory "$memory" --index idx human.pgn 2> add.log
    echo "--memory $memory: $(cat rss.txt); $(tail -1 add.log)"
done

echo "## bytes"
for name in human distinct; do
    rm -rf "idx-$name"
    "$bin" index add --index "idx-$name" "$name.pgn" 2> "add-$name.log"
    games=$(grep -o '[0-9]* games counted' "add-$name.log" | cut -d' ' -f1)
    total=$(du -sb "idx-$name" | cut -f1)
    parts=$(for table in "idx-$name"/seg-*/*.tbl; do
        printf '%s %d, ' "$(basename "$table")" $(( $(stat -c %s "$table") / games ))
    done)
    echo "$name: $games games, $total bytes, $((total / games)) a game ($parts)"
done

echo "## a month into the 1 GiB index (load $(load))"
python3 "$interleaved" "$runs" "$(commands \
    into_empty "rm -rf idx-empty && $bin index add --index idx-empty month.pgn 2>/dev/null" \
    into_large "rm -rf idx-large && cp -r idx-human idx-large && sync && $bin index add --index idx-large month.pgn 2>/dev/null")" > month.json
# The copy is timed with the large add: time it alone, to take it off.
python3 "$interleaved" "$runs" "$(commands copy "rm -rf idx-large && cp -r idx-human idx-large && sync")" > copy.json
echo "medians, s: $(median month.json) $(median copy.json) (load $(load) after)"

echo "## answers, one connection"
"$bin" list | cut -d' ' -f1 | "$bin" fen > roots.txt
"$bin" serve --index idx-human --listen 127.0.0.1:9107 2>/dev/null &
server=$!
trap 'kill $server' EXIT
sleep 1
python3 - <<'EOF'
import http.client, json, statistics, time, urllib.parse
conn = http.client.HTTPConnection("127.0.0.1", 9107)
def ask(query):
    conn.request("GET", "/lichess?variant=chess960&" + urllib.parse.urlencode(query))
    response = conn.getresponse()
    body = response.read()
    assert response.status == 200, body
    return json.loads(body)
roots = [line.strip() for line in open("roots.txt") if line.strip()]
queries = [{"fen": fen} for fen in roots]
for fen in roots:
    for move in ask({"fen": fen})["moves"][:2]:
        queries.append({"fen": fen, "play": move["uci"]})
for name, asked in [("roots", queries[:960]), ("1 ply", queries[960:])]:
    times = []
    for query in asked:
        ask(query)
        start = time.perf_counter()
        ask(query)
        times.append(time.perf_counter() - start)
    times.sort()
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"{name}: {len(times)} queries, p50 {statistics.median(times) * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms")
EOF

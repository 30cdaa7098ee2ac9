#!/usr/bin/env bash
# The explorer's throughput (`chess960 index add`, `chess960 serve`), against baselines timed in
# the same run, on lichess-like games (pgn/examples/lichess_games.rs):
#   - build: `index add` of 1 GiB of human-like games over 3 months (SEED 7) against
#     `games --moves --max-plies 50 --format csv` on the same file (the replay of the 50 plies
#     the index counts, alone), medians of RUNS interleaved rounds (scripts/interleaved.py),
#     peak RSS of every round from /usr/bin/time; the same once on 1 GiB of `--distinct` games
#     (SEED 8: every game a line of its own);
#   - size: the index's directory over the games counted, both indexes;
#   - incremental: MONTHS monthly files of about 300,000 games (SEED 7, 2023-01 on, lichess ids
#     from distinct --first-id ranges) added one by one into one index (each add timed, its
#     load average noted), then one more month added to copies of that index (copied and
#     synced before the clock starts) against the same month into an empty index, RUNS
#     interleaved rounds; the PGN files are deleted once added;
#   - queries: `chess960 serve` on that index; the 960 starts' roots and the positions 1 and
#     2 plies deep (each root's 2 most played moves, then theirs: 6,720 URLs), warmed by one
#     pass, then wrk (HTTP/1.1 keep-alive, 2 threads) for 20 s a run: 32 connections on the
#     roots, on the 1-2 ply positions, and 1 connection on all of them, RUNS interleaved
#     rounds; the server's RssAnon and RssFile at their highest during each run
#     (/proc/PID/status every 0.2 s); the access log to /dev/null.
# Prints a Markdown table of each, with the load average before and after each measurement.
# Needs /usr/bin/time, curl and wrk (apt-get install wrk). Disk: about 1.2 GB a million games
# of the large index (its file 1.6 GB), twice during the incremental rounds, plus 3 GiB of PGN;
# about 70 minutes with RUNS=3. The tables' breakdown by table is benches/explorer_stores/'s
# `stats` (docs/performance.md#the-explorer).
# Usage: scripts/explorer-throughput.sh [RUNS]   (environment: MONTHS=17, STAGES="build big
# incremental queries"; a stage's results are kept in $CARGO_TARGET_DIR/explorer-bench, so
# the table can be printed again with STAGES=)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
months=${MONTHS:-17}
stages=${STAGES-build big incremental queries}
target=${CARGO_TARGET_DIR:-$PWD/target}
cargo build -q --release -p chess960-cli
cargo build -q --release -p chess960-pgn --example lichess_games
bin=$target/release/chess960
gen=$target/release/examples/lichess_games
interleaved=$PWD/scripts/interleaved.py
lua=$PWD/scripts/wrk-urls.lua
mkdir -p "$target/explorer-bench"
cd "$target/explorer-bench"
load() { cut -d' ' -f1 /proc/loadavg; }
has() { [[ " $stages " == *" $1 "* ]]; }
commands() { python3 -c 'import json, sys; print(json.dumps(dict(zip(sys.argv[1::2], sys.argv[2::2]))))' "$@"; }
counted() { grep -o '[0-9]* games counted' "$1" | cut -d' ' -f1; }
# About 300,000 games of SEED 7 (2,342 bytes a game).
month_bytes=702500000
month_of() { python3 -c "import sys; m = int(sys.argv[1]) - 1; print(f'{2023 + m // 12}-{m % 12 + 1:02}')" "$1"; }

if has build; then
    if [ ! -s human.pgn ] || [ "$(stat -c %s human.pgn)" -lt $((1 << 30)) ]; then
        "$gen" 7 $((1 << 30)) --month 2024-01 --months 3 > human.pgn
    fi
    if [ ! -s distinct.pgn ] || [ "$(stat -c %s distinct.pgn)" -lt $((1 << 30)) ]; then
        "$gen" 8 $((1 << 30)) --month 2024-01 --months 3 --distinct > distinct.pgn
    fi
    rm -f rss-*.txt
    echo "build: load $(load)" > build-load.txt
    python3 "$interleaved" "$runs" "$(commands \
        games "/usr/bin/time -f %M -a -o rss-games.txt $bin games --moves --max-plies 50 --format csv human.pgn" \
        add "rm -rf idx-human && /usr/bin/time -f %M -a -o rss-add.txt $bin index add --index idx-human human.pgn 2> add-human.log")" > build-times.json
    echo "build: load $(load) after the rounds" >> build-load.txt
    # The worst case once: the add, then the replay alone.
    rm -rf idx-distinct
    echo "distinct: load $(load)" >> build-load.txt
    /usr/bin/time -f "%e %M" -o distinct-add.txt "$bin" index add --index idx-distinct distinct.pgn 2> add-distinct.log
    /usr/bin/time -f "%e %M" -o distinct-games.txt "$bin" games --moves --max-plies 50 --format csv distinct.pgn > /dev/null
    echo "distinct: load $(load) after" >> build-load.txt
    echo "human $(counted add-human.log) $(du -sB1 idx-human | cut -f1)" > sizes.txt
    echo "distinct $(counted add-distinct.log) $(du -sB1 idx-distinct | cut -f1)" >> sizes.txt
fi

if has big; then
    # Month by month into one index; resumed where a previous run stopped.
    touch big-adds.txt
    for m in $(seq 1 "$months"); do
        grep -q "^$m " big-adds.txt && continue
        month=$(month_of "$m")
        "$gen" 7 "$month_bytes" --month "$month" --months 1 --first-id $((m * 1000000)) > "month-$m.pgn"
        before=$(load)
        /usr/bin/time -f "%e %M" -o add-time.txt "$bin" index add --index big "month-$m.pgn" 2> add-month.log
        echo "$m $month $(counted add-month.log) $(cat add-time.txt) $(stat -c %s big/index.redb) $before $(load) $(du -sB1 big | cut -f1)" >> big-adds.txt
        rm "month-$m.pgn"
        tail -n 1 big-adds.txt
    done
fi

if has incremental; then
    m=$((months + 1))
    month=$(month_of "$m")
    [ -s "month-$m.pgn" ] || "$gen" 7 "$month_bytes" --month "$month" --months 1 --first-id $((m * 1000000)) > "month-$m.pgn"
    : > incremental.txt
    for round in $(seq 0 "$runs"); do
        # Round 0 warms up; each round starts with the other command.
        order="big empty"
        [ $((round % 2)) = 1 ] && order="empty big"
        for which in $order; do
            rm -rf inc
            if [ "$which" = big ]; then cp -r big inc; fi
            sync
            before=$(load)
            /usr/bin/time -f "%e %M" -o add-time.txt "$bin" index add --index inc "month-$m.pgn" 2> add-inc.log
            [ "$round" = 0 ] || echo "$which $(counted add-inc.log) $(cat add-time.txt) $(du -sB1 inc | cut -f1) $before $(load)" >> incremental.txt
        done
    done
    rm -rf inc "month-$m.pgn"
fi

if has queries; then
    port=29402
    "$bin" serve --index big --listen "127.0.0.1:$port" 2> /dev/null &
    server=$!
    trap 'kill $server 2> /dev/null || true' EXIT
    for _ in $(seq 100); do
        curl -sf -o /dev/null "http://127.0.0.1:$port/lichess?variant=chess960&moves=0" && break
        sleep 0.1
    done
    # The URLs: each start's root, its 2 most played moves, and their 2 most played replies.
    "$bin" book > starts.txt
    python3 - "$port" <<'PY'
import json, sys, urllib.parse, urllib.request
port = sys.argv[1]
def url(fen, play):
    query = {"variant": "chess960", "fen": fen}
    if play:
        query["play"] = ",".join(play)
    return "/lichess?" + urllib.parse.urlencode(query)
def moves(path):
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}") as answer:
        return [m["uci"] for m in json.load(answer)["moves"][:2]]
roots, deeper = [], []
for fen in open("starts.txt").read().splitlines():
    roots.append(url(fen, []))
    for first in moves(roots[-1]):
        deeper.append(url(fen, [first]))
        for second in moves(deeper[-1]):
            deeper.append(url(fen, [first, second]))
open("urls-roots.txt", "w").write("\n".join(roots) + "\n")
open("urls-deeper.txt", "w").write("\n".join(deeper) + "\n")
open("urls-all.txt", "w").write("\n".join(roots + deeper) + "\n")
print(f"{len(roots)} roots, {len(deeper)} positions 1-2 plies deep", file=sys.stderr)
PY
    # Warm: every URL once (the page cache and redb's), then 5 s of load.
    python3 -c '
import sys, urllib.request
for path in open("urls-all.txt").read().split():
    urllib.request.urlopen("http://127.0.0.1:" + sys.argv[1] + path).read()' "$port"
    wrk -t2 -c32 -d5s -s "$lua" "http://127.0.0.1:$port" -- urls-all.txt > /dev/null
    : > queries.txt
    for round in $(seq 1 "$runs"); do
        runs_here="roots-c32 deeper-c32 all-c1"
        case $((round % 3)) in
            2) runs_here="deeper-c32 all-c1 roots-c32" ;;
            0) runs_here="all-c1 roots-c32 deeper-c32" ;;
        esac
        for name in $runs_here; do
            urls=urls-${name%-c*}.txt
            connections=${name##*-c}
            before=$(load)
            rm -f wrk-done
            (
                anon=0 file=0
                while kill -0 "$server" 2> /dev/null && [ ! -e wrk-done ]; do
                    a=$(awk '/^RssAnon/ {print $2}' "/proc/$server/status")
                    f=$(awk '/^RssFile/ {print $2}' "/proc/$server/status")
                    a=${a:-0} f=${f:-0}
                    [ "$a" -gt "$anon" ] && anon=$a
                    [ "$f" -gt "$file" ] && file=$f
                    sleep 0.2
                done
                echo "$anon $file" > rss-server.txt
            ) &
            sampler=$!
            result=$(wrk "-t$((connections < 2 ? 1 : 2))" "-c$connections" -d20s -s "$lua" "http://127.0.0.1:$port" -- "$urls" | tail -n 1) || true
            touch wrk-done
            # A server that exited is a zombie until waited for: say how it ended.
            state=$(awk '{print $3}' "/proc/$server/stat" 2> /dev/null || true)
            if [ -z "$state" ] || [ "$state" = Z ]; then
                status=0
                wait "$server" || status=$?
                echo "the server exited during $name (status $status)" >&2
                exit 1
            fi
            wait "$sampler"
            rm -f wrk-done
            echo "$name $(cat rss-server.txt) $before $(load) $result" >> queries.txt
        done
    done
    kill "$server"
    wait "$server" 2> /dev/null || true
    trap - EXIT
fi

python3 - "$runs" "$bin" <<'PY'
import json, os, statistics, sys
runs, bin_ = sys.argv[1], sys.argv[2]
med = statistics.median
if os.path.exists("build-times.json"):
    times = json.load(open("build-times.json"))
    rss = {name: [int(x) for x in open(f"rss-{name}.txt").read().split()] for name in ("games", "add")}
    sizes = {line.split()[0]: list(map(int, line.split()[1:])) for line in open("sizes.txt")}
    human = os.path.getsize("human.pgn")
    distinct = os.path.getsize("distinct.pgn")
    g, a = med(times["games"]), med(times["add"])
    d_add, d_rss = open("distinct-add.txt").read().split()
    d_games, d_games_rss = open("distinct-games.txt").read().split()
    print(f"**Build**, {human / 2**30:.2f} GiB of human-like games ({sizes['human'][0]:,} games), "
          f"medians of {len(times['add'])} interleaved rounds; the distinct GiB once:")
    print()
    print("| command | median s | MB/s | games/s | vs baseline | peak RSS MiB |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| `games --moves --max-plies 50 --format csv` | {g:.2f} | {human / g / 1e6:.0f} | "
          f"{sizes['human'][0] / g:,.0f} | baseline | {max(rss['games']) / 1024:.0f} |")
    print(f"| `index add` | {a:.2f} | {human / a / 1e6:.0f} | {sizes['human'][0] / a:,.0f} | "
          f"{a / g:.1f}× | {max(rss['add']) / 1024:.0f} |")
    print(f"| `games --moves --max-plies 50 --format csv`, distinct | {float(d_games):.2f} | "
          f"{distinct / float(d_games) / 1e6:.0f} | {sizes['distinct'][0] / float(d_games):,.0f} | "
          f"baseline | {int(d_games_rss) / 1024:.0f} |")
    print(f"| `index add`, distinct | {float(d_add):.2f} | {distinct / float(d_add) / 1e6:.0f} | "
          f"{sizes['distinct'][0] / float(d_add):,.0f} | {float(d_add) / float(d_games):.1f}× | "
          f"{int(d_rss) / 1024:.0f} |")
    print()
    print("rounds, s: " + "; ".join(f"{n} " + ", ".join(f"{t:.2f}" for t in ts) for n, ts in times.items()))
    print(open("build-load.txt").read().strip().replace("\n", "; "))
    print()
    print("**Size** on disk:")
    print()
    print("| games | counted | index bytes | bytes a game | PGN bytes a game |")
    print("|---|---:|---:|---:|---:|")
    for name, label, pgn in (("human", "human-like", human), ("distinct", "`--distinct`", distinct)):
        n, b = sizes[name]
        print(f"| {label}, 1 GiB | {n:,} | {b:,} | {b / n:.0f} | {pgn / n:.0f} |")
    print()
if os.path.exists("big-adds.txt") and os.path.getsize("big-adds.txt"):
    adds = [line.split() for line in open("big-adds.txt")]
    total = sum(int(a[2]) for a in adds)
    print(f"**Adds over time**: {len(adds)} months of about 300,000 games into one index "
          f"({total:,} games):")
    print()
    print("| month | games | games in the index | add s | games/s | peak RSS MiB | file bytes (allocated) | allocated bytes a game | load before, after |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    so_far = 0
    for m, month, n, s, rss, size, before, after, *used in adds:
        so_far += int(n)
        allocated = f" ({int(used[0]):,})" if used else ""
        per_game = f"{int(used[0]) / so_far:.0f}" if used else ""
        print(f"| {month} | {int(n):,} | {so_far:,} | {float(s):.1f} | {int(n) / float(s):,.0f} | "
              f"{int(rss) / 1024:.0f} | {int(size):,}{allocated} | {per_game} | {before}, {after} |")
    used = int(os.popen("du -sB1 big").read().split()[0])
    print()
    print(f"The index now: {os.path.getsize('big/index.redb'):,} bytes of file, {used:,} allocated "
          f"(du): {used / so_far:.0f} bytes a game.")
    print()
if os.path.exists("incremental.txt") and os.path.getsize("incremental.txt"):
    rows = [line.split() for line in open("incremental.txt")]
    by = {w: [r for r in rows if r[0] == w] for w in ("big", "empty")}
    b = med(float(r[2]) for r in by["big"])
    e = med(float(r[2]) for r in by["empty"])
    print(f"**Incremental**: one month ({int(by['empty'][0][1]):,} games) added, medians of "
          f"{len(by['big'])} interleaved rounds:")
    print()
    print("| into | median s | peak RSS MiB | vs empty | rounds s | load before, after |")
    print("|---|---:|---:|---:|---|---|")
    for name, label, t in (("empty", "an empty index", e), ("big", "the index of the months above", b)):
        rs = by[name]
        print(f"| {label} | {t:.1f} | {max(int(r[3]) for r in rs) / 1024:.0f} | "
              f"{'baseline' if name == 'empty' else f'{t / e:.2f}×'} | "
              f"{', '.join(f'{float(r[2]):.1f}' for r in rs)} | "
              f"{'; '.join(f'{r[5]}, {r[6]}' for r in rs)} |")
    print()
if os.path.exists("queries.txt") and os.path.getsize("queries.txt"):
    rows = {}
    for line in open("queries.txt"):
        name, anon, file_, before, after, result = line.split(maxsplit=5)
        r = json.loads(result)
        r.update(anon=int(anon), file=int(file_), load=f"{before}, {after}")
        rows.setdefault(name, []).append(r)
    labels = {"roots-c32": "the 960 roots, 32 connections",
              "deeper-c32": "1-2 plies deep (5,760), 32 connections",
              "all-c1": "all 6,720, 1 connection"}
    print(f"**Queries** (`serve` on the index above, wrk 20 s a run, medians of {len(rows['roots-c32'])} interleaved rounds):")
    print()
    print("| positions | requests/s | p50 ms | p90 ms | p99 ms | errors | RssAnon MiB | RssFile MiB | load before, after |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for name, label in labels.items():
        rs = rows.get(name, [])
        if not rs:
            continue
        m = lambda k: med(r[k] for r in rs)
        print(f"| {label} | {med(r['requests'] / r['seconds'] for r in rs):,.0f} | "
              f"{m('p50_us') / 1000:.2f} | {m('p90_us') / 1000:.2f} | {m('p99_us') / 1000:.2f} | "
              f"{sum(r['errors'] + r['non2xx'] for r in rs)} | {max(r['anon'] for r in rs) / 1024:.0f} | "
              f"{max(r['file'] for r in rs) / 1024:.0f} | {'; '.join(r['load'] for r in rs)} |")
PY

#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ and prints, per target, libFuzzer's executions and
# seconds. Needs a nightly toolchain and cargo-fuzz. A crash stops the script with libFuzzer's
# report; the input is saved under fuzz/artifacts/<target>/.
#
#   scripts/fuzz.sh [SECONDS]          each target for SECONDS (default 30)
#   scripts/fuzz.sh --total SECONDS    SECONDS in all, shared by the targets in proportion to
#                                      their minimums: every target at least 8 s, and the
#                                      explorer's, which read untrusted bytes (explorer_*: an
#                                      index's files, a query), at least 15 s. The budget is
#                                      the sum of the minimums (279 s for the 27 targets of
#                                      now: 9 explorer_* x 15 s + 18 x 8 s; .ci/run's, within
#                                      its 30 minutes); a smaller total (0) is raised to it,
#                                      and said so: a new target raises the budget rather
#                                      than thinning every target. Longer runs by hand:
#                                      scripts/fuzz.sh 300 (each target 5 minutes).
#   scripts/fuzz.sh --budget           prints the budget in seconds (no build, no run)
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

# Each target's least seconds under --total (the usage above says them).
MIN_SECONDS=8
MIN_UNTRUSTED=15
least() {
    if [[ $1 == explorer_* ]]; then echo "$MIN_UNTRUSTED"; else echo "$MIN_SECONDS"; fi
}

targets=$(cargo +nightly fuzz list)
count=$(wc -w <<<"$targets")
budget=0
for target in $targets; do
    budget=$(( budget + $(least "$target") ))
done
if [ "${1:-}" = --budget ]; then
    echo "$budget"
    exit 0
fi

cargo +nightly fuzz build
total=
if [ "${1:-}" = --total ]; then
    total=${2:?--total needs SECONDS}
    if [ "$total" -lt "$budget" ]; then
        echo "$count targets need $budget s at least (each $MIN_SECONDS s, explorer_* $MIN_UNTRUSTED s): --total $total raised to $budget"
        total=$budget
    fi
    echo "$count targets, $total s in all (at least $budget s)"
else
    seconds=${1:-30}
fi
summary=()
for target in $targets; do
    if [ -n "$total" ]; then
        # Its minimum's share of the total, rounded down: never below the minimum.
        seconds=$(( total * $(least "$target") / budget ))
    fi
    mkdir -p "corpus/$target"
    # A single input running over 10 s is a hang (a pick that never ends): a failure.
    flags=(-max_total_time="$seconds" -timeout=10 -dict=chess.dict)
    # Longer inputs than libFuzzer's default 4,096 bytes, so lines over MAX_LINE occur.
    [[ $target == cli_lines ]] && flags+=(-max_len=20000)
    # Threads that end as a read ends free their thread-local destructors' list only after
    # join has returned: LeakSanitizer, checking at each input's end (and at exit), would
    # count it a leak.
    sanitizer=()
    [[ $target == pgn_parts ]] && flags+=(-detect_leaks=0) && sanitizer=(ASAN_OPTIONS=detect_leaks=0)
    log=$(mktemp)
    printf '\n--- %s, %s s\n' "$target" "$seconds"
    if ! env "${sanitizer[@]}" cargo +nightly fuzz run "$target" "corpus/$target" "seeds/$target" -- "${flags[@]}" \
        >"$log" 2>&1; then
        tail -n 40 "$log"
        exit 1
    fi
    done_line=$(grep '^Done ' "$log" | tail -n 1)
    rm -f "$log"
    echo "$done_line"
    summary+=("$(printf '%-15s %s, corpus %s inputs' "$target" "${done_line#Done }" \
        "$(find "corpus/$target" -type f | wc -l)")")
done
printf '\nfuzzing summary:\n'
printf '  %s\n' "${summary[@]}"

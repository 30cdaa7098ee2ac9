#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ and prints, per target, libFuzzer's executions and
# seconds. Needs a nightly toolchain and cargo-fuzz. A crash stops the script with libFuzzer's
# report; the input is saved under fuzz/artifacts/<target>/.
#
#   scripts/fuzz.sh [SECONDS]          each target for SECONDS (default 30)
#   scripts/fuzz.sh --total SECONDS    SECONDS in all, shared evenly by the targets (at least
#                                      10 s each), so that adding a target keeps the budget
set -euo pipefail
cd "$(dirname "$0")/../fuzz"

cargo +nightly fuzz build
targets=$(cargo +nightly fuzz list)
count=$(wc -w <<<"$targets")
if [ "${1:-}" = --total ]; then
    seconds=$(( ${2:?--total needs SECONDS} / count ))
    [ "$seconds" -ge 10 ] || seconds=10
    echo "$count targets, ${2} s in all: $seconds s each"
else
    seconds=${1:-30}
fi
summary=()
for target in $targets; do
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

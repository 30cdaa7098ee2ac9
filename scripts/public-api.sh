#!/usr/bin/env bash
# The public API of the four library crates, one item per line (cargo-public-api, on the
# nightly rustdoc's JSON), committed in docs/public-api/ so that a change to it shows in
# review. `scripts/public-api.sh` checks the files are current (as .ci/run does);
# `scripts/public-api.sh --write` writes them.
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.52.0
if [ "$(cargo public-api --version 2>/dev/null)" != "cargo-public-api $version" ]; then
    cargo install --quiet --locked cargo-public-api --version "$version"
fi
rustup toolchain list | grep -q '^nightly' || rustup toolchain install --profile minimal nightly
status=0
WRITE=0
[ "${1:-}" = --write ] && WRITE=1
# chess960 with every feature (the conversions and serde are API); chess960-pgn with its
# defaults (its `recorder` feature is only for cargo-fuzz).
for crate in "chess960 --all-features" "chess960-pgn" "chess960-engine --all-features" "chess960-explorer --features server"; do
    set -- $crate
    file=docs/public-api/$1.txt
    listed=$(cargo public-api -p "$@" -s 2>/dev/null)
    if [ "$WRITE" = 1 ]; then
        printf '%s\n' "$listed" > "$file"
    elif ! diff -u "$file" <(printf '%s\n' "$listed") > /tmp/public-api.diff; then
        echo "the public API of $1 is not $file: run scripts/public-api.sh --write and review the change"
        head -40 /tmp/public-api.diff
        status=1
    fi
done
exit $status

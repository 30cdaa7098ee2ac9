#!/usr/bin/env bash
# The dependencies each crate links, checked: none unused (cargo-machete, every crate of the
# workspace, the benches and the fuzz crate included), and the layers' promises kept: the
# explorer without its `server` feature links no HTTP stack, and the Python module links
# neither an HTTP stack nor the command line (its command is the wheel chess960-cli).
#
#   scripts/dependencies.sh        (.ci/run; installs cargo-machete when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-machete >/dev/null 2>&1 || cargo install cargo-machete --locked --quiet
cargo machete
# crate names that must not appear in `cargo tree` of the package given.
forbid() {
    local package=$1 features=$2 pattern=$3 found
    found=$(cargo tree -p "$package" $features -e normal --prefix none | grep -E "^($pattern) v" | sort -u || true)
    if [ -n "$found" ]; then
        echo "$package ${features:-(default features)} links what it must not:"
        echo "$found"
        exit 1
    fi
    echo "$package ${features:-(default features)}: none of $pattern"
}
http='axum|hyper|hyper-util|tokio|tower|tower-http|governor|h2|http-body'
forbid chess960-explorer "" "$http"
forbid chess960-python "" "$http|clap|clap_builder|indicatif|chess960-cli"
# The other way round: the command line serves, so its explorer has the server.
cargo tree -p chess960-cli -e normal --prefix none | grep -q "^axum v" || {
    echo "chess960-cli links no axum: its explorer lost the server feature"
    exit 1
}
echo "chess960-cli: the explorer's server linked"

#!/usr/bin/env bash
# Builds the npm package's generated files into js/dist/ from the chess960-wasm crate:
#   1. cargo, for wasm32-unknown-unknown in the `wasm` profile (opt-level z, LTO, abort);
#   2. wasm-opt -Oz (Debian's binaryen) on the .wasm;
#   3. wasm-bindgen --target web: dist/chess960.js (an ES module), dist/chess960.d.ts and
#      dist/chess960_bg.wasm.
# Needs the target (`rustup target add wasm32-unknown-unknown`), wasm-bindgen-cli at the
# version Cargo.lock locks wasm-bindgen to, and wasm-opt (`apt-get install binaryen`); it
# says which is missing and how to get it. Prints the package's files with their sizes.
set -euo pipefail
cd "$(dirname "$0")/.."

locked=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' Cargo.lock)
missing=""
rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
    || missing+="  rustup target add wasm32-unknown-unknown"$'\n'
[ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $locked" ] \
    || missing+="  cargo install wasm-bindgen-cli --version $locked"$'\n'
command -v wasm-opt >/dev/null || missing+="  apt-get install binaryen"$'\n'
if [ -n "$missing" ]; then
    printf 'js/build.sh needs:\n%s' "$missing" >&2
    exit 1
fi

# SHA-256 (event draws) in its compact form: a loop instead of 64 unrolled rounds.
RUSTFLAGS='--cfg sha2_backend_soft="compact"' \
    cargo build -p chess960-wasm --target wasm32-unknown-unknown --profile wasm
raw=target/wasm32-unknown-unknown/wasm/chess960_wasm.wasm
# wasm-opt before wasm-bindgen: Debian's binaryen 108, run on wasm-bindgen's output, points
# the export of the externref table at the function table, and the module fails to load.
# The flags are the features rustc's wasm32-unknown-unknown enables by default.
wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
    --enable-reference-types --enable-multivalue --enable-nontrapping-float-to-int \
    "$raw" -o target/wasm32-unknown-unknown/wasm/chess960_wasm.opt.wasm
rm -rf js/dist
wasm-bindgen --target web --out-dir js/dist --out-name chess960 \
    target/wasm32-unknown-unknown/wasm/chess960_wasm.opt.wasm

# npm packs the licence files only from the package's own folder.
cp LICENSE-MIT LICENSE-APACHE js/

wasm=js/dist/chess960_bg.wasm
printf '%s: %d bytes, %d gzipped (gzip -9)\n' "$wasm" "$(wc -c < "$wasm")" "$(gzip -9c "$wasm" | wc -c)"

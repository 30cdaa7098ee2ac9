#!/usr/bin/env bash
# What the library adds to a no_std firmware image, and what build.rs costs.
#
# Builds two minimal #![no_std] staticlibs for thumbv7em-none-eabihf in release (opt-level "s",
# fat LTO, panic = "abort"): one exporting a function that does nothing with chess960, one
# exporting from_id + pieces, from_pieces and FromStr. Prints the .text and .rodata of each and
# the difference: the bytes the library adds. Then times the build script on its own.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
target=thumbv7em-none-eabihf
rustup target list --installed | grep -qx "$target" || rustup target add "$target"
work=$root/target/footprint
mkdir -p "$work/src"

cat > "$work/Cargo.toml" <<TOML
[package]
name = "footprint"
version = "0.0.0"
edition = "2024"
publish = false
[lib]
crate-type = ["staticlib"]
path = "src/lib.rs"
[features]
use = ["dep:chess960"]
[dependencies]
chess960 = { path = "$root", optional = true }
[profile.release]
opt-level = "s"
lto = "fat"
codegen-units = 1
panic = "abort"
[workspace]
TOML

cat > "$work/src/lib.rs" <<'RUST'
#![no_std]
#[cfg(feature = "use")]
use chess960::{Piece, StartingPosition};
/// Back rank of `id` as ASCII into `out`; the id of `text` (letters or symbols); -1 if none.
#[unsafe(no_mangle)]
pub extern "C" fn consumer(id: u16, out: &mut [u8; 8], text: &[u8; 32], len: usize) -> i32 {
    #[cfg(feature = "use")]
    {
        if let Ok(sp) = StartingPosition::from_id(id) {
            *out = sp.pieces().map(Piece::to_ascii);
            if let Ok(again) = StartingPosition::from_pieces(sp.pieces()) {
                return i32::from(again.id());
            }
        }
        let Some(Ok(text)) = text.get(..len).map(core::str::from_utf8) else { return -1 };
        text.parse::<StartingPosition>().map_or(-1, |sp| i32::from(sp.id()))
    }
    #[cfg(not(feature = "use"))]
    {
        out[0] = id as u8;
        i32::from(text[len % 32])
    }
}
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
RUST

sections() {  # sums .text* and .rodata* over every ELF member of a static archive
    python3 - "$1" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
pos, text, rodata = 8, 0, 0
while pos + 60 <= len(data):
    size = int(data[pos + 48:pos + 58].decode().strip())
    member = data[pos + 60:pos + 60 + size]
    pos += 60 + size + (size & 1)
    if member[:4] != b"\x7fELF" or member[4] != 1:
        continue
    shoff, = struct.unpack_from("<I", member, 0x20)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", member, 0x2E)
    def header(i):
        return struct.unpack_from("<IIIIIIIIII", member, shoff + i * shentsize)
    names = header(shstrndx)[4]
    for i in range(shnum):
        name_off, _type, flags, _a, _o, sec_size = header(i)[:6]
        name = member[names + name_off:member.index(b"\0", names + name_off)].decode()
        if name.startswith(".text"):
            text += sec_size
        elif name.startswith(".rodata"):
            rodata += sec_size
print(text, rodata)
PY
}

build() {
    cargo build -q --release --target "$target" --manifest-path "$work/Cargo.toml" \
        --target-dir "$work/target-$1" ${2:+--features "$2"}
    sections "$work/target-$1/$target/release/libfootprint.a"
}

read -r base_text base_rodata < <(build base "")
read -r with_text with_rodata < <(build with use)
printf 'thumbv7em-none-eabihf, release (opt-level s, fat LTO), no_std consumer:\n'
printf '  without chess960: .text %6d  .rodata %6d bytes\n' "$base_text" "$base_rodata"
printf '  with chess960:    .text %6d  .rodata %6d bytes\n' "$with_text" "$with_rodata"
printf '  added:            .text %6d  .rodata %6d  total %d bytes\n' \
    $((with_text - base_text)) $((with_rodata - base_rodata)) \
    $((with_text - base_text + with_rodata - base_rodata))

# build.rs on its own: compiling it (its dependencies already built) and running it.
cargo build -q --release -p chess960 --lib
touch build.rs
start=$(date +%s.%N)
cargo build -q --release -p chess960 --lib
end=$(date +%s.%N)
script=$(ls -t target/release/build/chess960-*/build-script-build | head -n 1)
out=$(mktemp -d)
run_start=$(date +%s.%N)
OUT_DIR=$out "$script" >/dev/null
run_end=$(date +%s.%N)
rm -rf "$out"
printf 'build.rs: rebuilding after touching it (compile build.rs + run it + compile the lib): %.2f s\n' \
    "$(python3 -c "print($end - $start)")"
printf 'build.rs: running it alone: %.3f s\n' "$(python3 -c "print($run_end - $run_start)")"

//! The `chess960` crate for JavaScript: the npm package `chess960`, built with `wasm-bindgen`
//! (`js/build.sh`). Each class here wraps one of the crate's types and says in JavaScript what
//! the crate says in Rust; the comments on them become the package's TypeScript declarations.
//!
//! Numbers from JavaScript are read in `args.rs` (a fraction or a number out of range is an
//! error, never silently cut), errors become JavaScript `Error`s in `error.rs`.

// The bindings are for wasm32: elsewhere (the workspace's native build) the crate is empty.
#![cfg(target_arch = "wasm32")]
#![cfg_attr(target_arch = "wasm32", no_std)]

extern crate alloc;

mod args;
mod book;
mod castling;
mod draw;
mod error;
mod fen;
mod game;
mod pair;
mod position;
mod set;

/// A panic cannot happen (the crate is proven panic-free, and this one indexes nothing); were one
/// to, the module traps. Without std's panic machinery, which formats messages nobody reads,
/// the module is kilobytes smaller.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    core::arch::wasm32::unreachable()
}

/// talc, much smaller than std's dlmalloc; the heap grows with `memory.grow`.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

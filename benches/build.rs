//! Writes the library's generated table and map again, with the library's own generator, so
//! that the benchmarks can time bare lookups in them.

#[path = "../build.rs"]
#[allow(dead_code, reason = "the generator's own `main` is not called here")]
mod generator;

fn main() -> std::io::Result<()> {
    println!("cargo::rerun-if-changed=../build.rs");
    println!("cargo::rerun-if-changed=../src/piece.rs");
    println!("cargo::rerun-if-changed=../src/tables.rs");
    let out_dir =
        std::env::var_os("OUT_DIR").ok_or_else(|| std::io::Error::other("OUT_DIR is not set"))?;
    generator::generate(std::path::Path::new(&out_dir))
}

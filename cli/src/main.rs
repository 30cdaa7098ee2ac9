//! The `chess960` command-line tool.
fn main() {}

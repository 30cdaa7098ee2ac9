//! Indexing without a panic path, and the one way to mark a branch that cannot be taken.

/// `table[index]`, or `None` past its end: how the library indexes its tables at run time,
/// without a panic path (`<[T]>::get` is not `const`).
pub(crate) const fn get<T: Copy>(table: &[T], index: usize) -> Option<T> {
    match table.split_at_checked(index) {
        Some((_, [entry, ..])) => Some(*entry),
        _ => None,
    }
}

/// A branch that the types rule out (an id of 960 or more, a byte that is not ASCII where only
/// ASCII is written). Debug builds, and so every test, fail loudly here; release builds, which
/// `checks/no-panic` proves free of panics, return `fallback`.
#[inline(always)]
#[cfg_attr(debug_assertions, track_caller)]
#[allow(
    clippy::panic,
    reason = "debug builds only: the release build has no panic path (checks/no-panic)"
)]
pub(crate) const fn cannot_happen<T: Copy>(fallback: T) -> T {
    if cfg!(debug_assertions) {
        panic!("a branch the types rule out was taken");
    }
    fallback
}

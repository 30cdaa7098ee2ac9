//! Several inputs read at once: one thread per core, each taking the next input in order.

use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Runs `each(i)` for every `i` in `0..jobs` on as many threads as there are cores (the jobs
/// taken in order), while `meanwhile` runs on this thread (a writer that puts the jobs'
/// output in order, say); whether every job returned `true`.
///
/// # Errors
///
/// The first error of a job or of `meanwhile`, after every thread has stopped; a job that
/// panicked is an error too.
///
/// ```
/// use std::sync::atomic::{AtomicU64, Ordering};
///
/// let sum = AtomicU64::new(0);
/// let all = chess960_pgn::in_parallel(10, |i| {
///     sum.fetch_add(i as u64, Ordering::Relaxed);
///     Ok(true)
/// }, || Ok(()))?;
/// assert!(all);
/// assert_eq!(sum.into_inner(), 45);
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn in_parallel(
    jobs: usize,
    each: impl Fn(usize) -> io::Result<bool> + Sync,
    meanwhile: impl FnOnce() -> io::Result<()>,
) -> io::Result<bool> {
    let next = AtomicUsize::new(0);
    let workers = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(jobs)
        .max(1);
    thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| -> io::Result<bool> {
                    let mut all = true;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= jobs {
                            return Ok(all);
                        }
                        all &= each(i)?;
                    }
                })
            })
            .collect();
        let written = meanwhile();
        let mut all = true;
        for handle in handles {
            all &= handle
                .join()
                .map_err(|_| io::Error::other("a reader failed"))??;
        }
        written.map(|()| all)
    })
}

//! Several jobs at once: one thread per core, each taking the next job in order.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// Runs `each(i)` for every `i` in `0..jobs` on as many threads as there are cores (the jobs
/// taken in order), while `meanwhile` runs on this thread (a writer that puts the jobs'
/// output in order, say), and returns what `meanwhile` returned once every thread has
/// stopped. A job that panics ends its thread: the caller sees what that job left undone.
pub(crate) fn in_parallel<R>(
    jobs: usize,
    each: impl Fn(usize) + Sync,
    meanwhile: impl FnOnce() -> R,
) -> R {
    let next = AtomicUsize::new(0);
    let workers = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(jobs)
        .max(1);
    thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= jobs {
                            return;
                        }
                        each(i);
                    }
                })
            })
            .collect();
        let result = meanwhile();
        for handle in handles {
            // A panic is seen by the caller as the job's result missing.
            let _ = handle.join();
        }
        result
    })
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn every_job_runs_once_while_meanwhile_runs() {
        let sum = AtomicU64::new(0);
        let out = super::in_parallel(
            10,
            |i| {
                sum.fetch_add(1 << i, Ordering::Relaxed);
            },
            || "written",
        );
        assert_eq!((out, sum.into_inner()), ("written", 0b11_1111_1111));
    }
}

//! A larger pipe for standard output. Linux's pipe holds 64 KiB, so a reader and a writer
//! that are both quick (`games --fix` into `cat`, or into a script that reads a megabyte at a
//! time) wake each other every 64 KiB; on a virtual machine whose processors wake each other
//! slowly, that cost more than the work (a gigabyte through `games --fix | cat` took 1.2 to
//! 2.3 s with 64 KiB, 0.58 to 0.70 s with 1 MiB).

use std::os::fd::AsFd;

/// The bytes the pipe is made to hold.
pub const SIZE: usize = 1 << 20;

/// Makes `out`'s pipe hold [`SIZE`] bytes when `out` is a pipe and the system lets it (not
/// more than `/proc/sys/fs/pipe-max-size`); anything else is left as it is.
pub fn enlarge(out: impl AsFd) {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{FileType, fstat};
        let is_pipe =
            fstat(&out).is_ok_and(|stat| FileType::from_raw_mode(stat.st_mode) == FileType::Fifo);
        if is_pipe {
            // A pipe that stays at 64 KiB is only slower.
            let _ = rustix::pipe::fcntl_setpipe_size(&out, SIZE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = out;
}

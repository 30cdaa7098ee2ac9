//! Engines started so that none outlives the program: each leads a process group of its own
//! (a wrapper script and the engine it runs are killed together), and on Linux it is sent
//! SIGKILL when the program dies, however it dies (`kill -9`, a batch job's time limit).
//!
//! Linux sends that parent-death signal when the *thread* that started a child ends, not the
//! process; so every engine is started by one thread that lives as long as the program, and a
//! worker thread that finishes takes no engine with it.

use std::io;
use std::process::{Child, Command};
use std::sync::OnceLock;
use std::sync::mpsc::{self, Sender};
use std::thread;

/// A command to start, and where its child goes.
type Request = (Command, Sender<io::Result<Child>>);

/// Starts `command` in a process group of its own, killed with the program (on Linux).
pub(super) fn spawn(mut command: Command) -> io::Result<Child> {
    own_group(&mut command);
    static SPAWNER: OnceLock<Option<Sender<Request>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (requests, received) = mpsc::channel::<Request>();
        let started = thread::Builder::new()
            .name("chess960-engine-spawner".to_owned())
            .spawn(move || {
                for (mut command, reply) in received {
                    let _ = reply.send(command.spawn());
                }
            });
        started.ok().map(|_| requests)
    });
    let Some(spawner) = spawner else {
        // No thread could be started for it: this thread starts the engine.
        return command.spawn();
    };
    let (reply, child) = mpsc::channel();
    spawner
        .send((command, reply))
        .map_err(|_| io::Error::other("the thread that starts engines has ended"))?;
    child
        .recv()
        .map_err(|_| io::Error::other("the thread that starts engines has ended"))?
}

/// Kills `child`'s process group (the engine and anything it started); the child itself where
/// there are no process groups.
pub(super) fn kill(child: &mut Child) {
    #[cfg(unix)]
    {
        let group = rustix::process::Pid::from_child(child);
        // Pid 1 would mean every process; a child is never pid 1.
        if !group.is_init() {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
    }
    let _ = child.kill();
}

#[cfg(unix)]
fn own_group(command: &mut Command) {
    use std::os::unix::process::CommandExt;
    command.process_group(0);
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{Signal, getpid, getppid, set_parent_process_death_signal};
        let parent = getpid();
        let die_with_parent = move || -> io::Result<()> {
            set_parent_process_death_signal(Some(Signal::KILL))?;
            // The program may have died before the line above: then nobody kills the engine.
            if getppid() != Some(parent) {
                return Err(io::Error::from(rustix::io::Errno::SRCH));
            }
            Ok(())
        };
        // SAFETY: the closure runs between fork and exec, where only async-signal-safe calls
        // are allowed: it makes two system calls (prctl, getppid) and allocates nothing (an
        // `Errno` becomes an `io::Error` without a box).
        #[allow(unsafe_code)]
        unsafe {
            command.pre_exec(die_with_parent);
        }
    }
}

#[cfg(not(unix))]
fn own_group(_: &mut Command) {}

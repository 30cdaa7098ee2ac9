#!/usr/bin/env python3
"""Times shell commands in interleaved runs and prints their times as JSON:

  interleaved.py RUNS '{"name": "command", ...}'

Interleaved runs (one of each command in turn, RUNS rounds, after a warm-up round), so that
the machine's drifts hit every command alike (a command run after grep was up to 10% slower,
so each round starts one command further on); each command's output is read through a pipe
and dropped (grep stops at once when its output is /dev/null). The pipe holds 1 MiB, not
Linux's 64 KiB: on a virtual machine whose processors wake each other slowly, a pipe that
fills every 64 KiB timed the wake-ups more than the commands (`cat` took 1.0 s there, 0.36 s
with the larger pipe, and a faster `--fix` could take longer).
"""
import fcntl, json, shlex, subprocess, sys, time
F_SETPIPE_SZ = 1031
runs, commands = int(sys.argv[1]), json.loads(sys.argv[2])
times = {name: [] for name in commands}
names = list(commands)
for round_ in range(runs + 1):
    # Each round starts one command further on, so that no command always follows the same.
    turn = round_ % len(names)
    for name in names[turn:] + names[:turn]:
        command = commands[name]
        start = time.perf_counter()
        child = subprocess.Popen(command, shell=True, stdout=subprocess.PIPE)
        try:
            fcntl.fcntl(child.stdout.fileno(), F_SETPIPE_SZ, 1 << 20)
        except OSError:
            pass
        while child.stdout.read(1 << 20):
            pass
        if child.wait() != 0 and not command.startswith("grep"):
            sys.exit(f"{command}: exit {child.returncode}")
        if round_:
            times[name].append(time.perf_counter() - start)
json.dump(times, sys.stdout)

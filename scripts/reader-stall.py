#!/usr/bin/env python3
"""A server's answers while an add writes to its index: the slowest answer, and when.

Usage: reader-stall.py CHESS960 INDEX FILE

Serves INDEX with CHESS960, then adds FILE to it while one client asks the same root
position without a pause; prints each answer's latency percentiles, the slowest answer and
when it came (seconds from the add's start), and the add's time. A reader must never wait
on a writer: the slowest answer should be milliseconds, not seconds.
"""
import subprocess
import sys
import threading
import time
import urllib.request

chess960, index, pgn = sys.argv[1:4]
server = subprocess.Popen([chess960, "serve", "--index", index, "--listen", "127.0.0.1:0"],
                          stderr=subprocess.PIPE, text=True)
line = server.stderr.readline()
address = line.rsplit("http://", 1)[1].strip().rstrip("/")
# The access log drained, so that the server never waits on a full pipe.
threading.Thread(target=lambda: server.stderr.read(), daemon=True).start()
query = (f"http://{address}/lichess?variant=chess960&fen="
         "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR%20w%20HChc%20-%200%201")
urllib.request.urlopen(query).read()
started = time.monotonic()
adding = subprocess.Popen([chess960, "index", "add", "--index", index, pgn],
                          stderr=subprocess.DEVNULL)
latencies = []
while adding.poll() is None:
    asked = time.monotonic()
    urllib.request.urlopen(query).read()
    latencies.append((time.monotonic() - asked, asked - started))
took = time.monotonic() - started
# A few answers after the commit (the new state opened).
for _ in range(20):
    asked = time.monotonic()
    urllib.request.urlopen(query).read()
    latencies.append((time.monotonic() - asked, asked - started))
server.kill()
ordered = sorted(latency for latency, _ in latencies)
slowest, when = max(latencies)
print(f"add: {took:.1f} s, exit {adding.returncode}; {len(latencies)} answers: "
      f"p50 {ordered[len(ordered) // 2] * 1000:.1f} ms, "
      f"p99 {ordered[len(ordered) * 99 // 100] * 1000:.1f} ms, "
      f"slowest {slowest * 1000:.0f} ms at {when:.1f} s")

"""`chess960 serve` started for a test script: on a port of the system's choosing, its access
log drained so that the server never blocks on a full pipe. Imported by the berserk scripts
(their folder is on Python's path when they run)."""

import subprocess
import sys
import threading


def serve(chess960, index, *args):
    """The server process on `index` (more arguments `args`) and its `host:port`."""
    server = subprocess.Popen(
        [chess960, "serve", "--index", str(index), "--listen", "127.0.0.1:0", *args],
        stderr=subprocess.PIPE, text=True)
    said = server.stderr.readline()
    if "http://" not in said:
        server.kill()
        sys.exit(f"chess960 serve said: {said}{server.stderr.read()}")
    addr = said.rsplit("http://", 1)[1].strip().rstrip("/")
    threading.Thread(target=lambda: server.stderr.read(), daemon=True).start()
    return server, addr

"""Asks a `chess960 serve` at ADDR the positions of FENS (a FEN a line) on one keep-alive
connection, each asked once to warm it then timed: with `-` for OUT, ASKS timed askings of
each (p50 and p99 printed); else each FEN's root and its two most played moves a ply deep,
timed once each (p50 and p99 of each kind printed), and every query's path written to OUT
(for wrk).

Usage: python3 scripts/explorer-queries.py ADDR FENS OUT [ASKS]
"""

import http.client
import json
import statistics
import sys
import time
import urllib.parse

addr, fens, out = sys.argv[1:4]
asks = int(sys.argv[4]) if len(sys.argv) > 4 else 1
host, port = addr.rsplit(":", 1)
conn = http.client.HTTPConnection(host, int(port))


def path(query):
    return "/lichess?variant=chess960&" + urllib.parse.urlencode(query)


def ask(query):
    conn.request("GET", path(query))
    response = conn.getresponse()
    body = response.read()
    assert response.status == 200, body
    return json.loads(body)


def timed(queries, times):
    """Each query asked once, then `times` timed askings: the seconds of each."""
    seconds = []
    for query in queries:
        ask(query)
        for _ in range(times):
            start = time.perf_counter()
            ask(query)
            seconds.append(time.perf_counter() - start)
    return sorted(seconds)


def summary(seconds):
    p99 = seconds[max(int(len(seconds) * 0.99) - 1, 0)]
    return f"{len(seconds)} askings, p50 {statistics.median(seconds) * 1000:.3f} ms, p99 {p99 * 1000:.3f} ms"


roots = [{"fen": line.strip()} for line in open(fens) if line.strip()]
if out == "-":
    print(summary(timed(roots, asks)))
    sys.exit()
deeper = [
    {"fen": root["fen"], "play": move["uci"]}
    for root in roots
    for move in ask(root)["moves"][:2]
]
print(f"roots: {summary(timed(roots, asks))}")
print(f"a ply deep: {summary(timed(deeper, asks))}")
with open(out, "w") as paths:
    paths.write("".join(path(query) + "\n" for query in roots + deeper))

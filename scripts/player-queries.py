"""Times `/player` on a `chess960 serve` at ADDR on one keep-alive connection: PLAYER's games
with COLOR, from the start FEN, at its root and down the player's most played line (the most
played move at each position, DEPTH plies), each position asked once to warm it, then ROUNDS
rounds of all of them in turn (interleaved, so that drifts hit every depth alike). Prints a
JSON line a depth (`{"plies": N, "games": G, "p50_ms": ..., "p99_ms": ..., "askings": A}`)
and one of them all (`"plies": "all"`).

Usage: python3 scripts/player-queries.py ADDR PLAYER COLOR FEN [ROUNDS [DEPTH]]
"""

import http.client
import json
import statistics
import sys
import time
import urllib.parse

addr, player, color, fen = sys.argv[1:5]
rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 50
depth = int(sys.argv[6]) if len(sys.argv) > 6 else 4
host, port = addr.rsplit(":", 1)
conn = http.client.HTTPConnection(host, int(port))


def ask(play):
    query = {"variant": "chess960", "player": player, "color": color, "fen": fen,
             "play": ",".join(play)}
    conn.request("GET", "/player?" + urllib.parse.urlencode(query))
    response = conn.getresponse()
    body = response.read()
    assert response.status == 200, body
    lines = body.decode().strip().split("\n")
    assert len(lines) == 1, lines
    return json.loads(lines[0])


# The line: the most played move at each position, as far as DEPTH or the player's games go.
lines = [[]]
while len(lines) <= depth:
    answer = ask(lines[-1])
    if not answer["moves"]:
        break
    lines.append(lines[-1] + [answer["moves"][0]["uci"]])
games = [sum(ask(play)[k] for k in ("white", "draws", "black")) for play in lines]
seconds = {len(play): [] for play in lines}
for _ in range(rounds):
    for play in lines:
        start = time.perf_counter()
        ask(play)
        seconds[len(play)].append(time.perf_counter() - start)


def summary(plies, times, games):
    times = sorted(times)
    p99 = times[max(int(len(times) * 0.99) - 1, 0)]
    return {"plies": plies, "games": games, "p50_ms": round(statistics.median(times) * 1000, 2),
            "p99_ms": round(p99 * 1000, 2), "askings": len(times)}


for (plies, times), count in zip(seconds.items(), games):
    print(json.dumps(summary(plies, times, count)))
print(json.dumps(summary("all", [t for times in seconds.values() for t in times], games[0])))

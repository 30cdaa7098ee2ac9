#!/usr/bin/env python3
"""lichess's shape on a club's own games: an index of games each missing one tag lichess's
games always have (TimeControl, Event's rated or casual, the Elos, the date, the players'
names, the Site) and one missing them all, served by `chess960 serve` (the same index
answering /lichess and /masters), asked through berserk (its `opening_explorer` client), and
every answer validated by berserk's own model (`berserk.types.opening_explorer.
OpeningStatistic`, pydantic, strict: an int is an int, a missing field is an error).

    berserk-any-games.py CHESS960 DIR

Prints one JSON line: the answers validated and the games they showed (each game's fields
seen in a move's `game`, in `recentGames` and in `topGames`). Exits 1 naming the answer and
the field berserk's model refuses.
"""

import json
import subprocess
import sys
from pathlib import Path

from served import serve

# Every game from the standard start (518) under a Chess960 tag, each with a first move of
# its own, so that the root's moves show each game as the move's one `game`.
FULL = {
    "Event": "Rated Blitz game",
    "Site": "https://lichess.org/{id}",
    "Date": "2024.03.05",
    "White": "alice",
    "Black": "bob",
    "WhiteElo": "1850",
    "BlackElo": "1790",
    "TimeControl": "180+2",
}
# What each game lacks: a tag, a pair of tags, or all of them.
LACKS = [
    [],
    ["TimeControl"],
    ["Event"],
    ["WhiteElo", "BlackElo"],
    ["BlackElo"],
    ["Date"],
    ["White", "Black"],
    ["Site"],
    list(FULL),
]
FIRST_MOVES = ["e4", "d4", "c4", "Nf3", "g3", "b3", "f4", "Nc3", "a3"]
RESULTS = ["1-0", "0-1", "1/2-1/2"]


def pgn():
    games = []
    for n, (lacks, first) in enumerate(zip(LACKS, FIRST_MOVES)):
        tags = {"Variant": "Chess960"}
        tags.update({name: value.format(id=f"club{n:04d}") for name, value in FULL.items()
                     if name not in lacks})
        result = RESULTS[n % 3]
        tags["Result"] = result
        head = "".join(f'[{name} "{value}"]\n' for name, value in tags.items())
        games.append(f"{head}\n1. {first} e5 2. h3 Nc6 {result}\n")
    return "\n".join(games)


def main():
    chess960, work = sys.argv[1], Path(sys.argv[2])
    import berserk
    import pydantic
    from berserk.types.opening_explorer import OpeningStatistic

    games = work / "club.pgn"
    games.write_text(pgn())
    index = work / "club-index"
    added = subprocess.run([chess960, "index", "add", "--index", str(index), str(games)],
                           capture_output=True, text=True)
    if added.returncode != 0:
        sys.exit(f"index add: {added.stderr}")
    server, addr = serve(chess960, index, "--masters", str(index))
    adapter = pydantic.TypeAdapter(OpeningStatistic)
    client = berserk.Client(explorer_url=f"http://{addr}")
    explorer = client.opening_explorer
    answers, shown = 0, set()
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"
    try:
        asks = []
        for play in [None, ["e2e4"], ["a2a3", "e7e5"]]:
            # The server's defaults list 4 top and 4 recent games.
            asks.append(("lichess", lambda play=play: explorer.get_lichess_games(
                variant="chess960", position=start, play=play)))
            asks.append(("masters", lambda play=play: explorer.get_masters_games(
                position=start, play=play)))
        for endpoint, ask in asks:
            response = ask()
            try:
                adapter.validate_python(response, strict=True)
            except pydantic.ValidationError as err:
                sys.exit(f"/{endpoint}: berserk's model refuses the answer: {err}\n"
                         f"{json.dumps(response)}")
            answers += 1
            for game in [m["game"] for m in response["moves"] if m["game"]] \
                    + response["recentGames"] + response["topGames"]:
                shown.add(game["id"])
    finally:
        server.kill()
    print(json.dumps({"answers": answers, "games": len(LACKS), "shown": len(shown)}))


if __name__ == "__main__":
    main()

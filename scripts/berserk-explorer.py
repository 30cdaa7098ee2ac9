"""Reads `chess960 tree --format json` lines on stdin and validates each with berserk's typed
model of lichess's explorer response (berserk.types.opening_explorer.OpeningStatistic, with
pydantic, strict: an int is an int, a missing field is an error), then checks that lichess's
fields come first, in lichess's order, and only then our additions. Prints how many lines it
validated; exits 1 at the first that fails.

Usage: berserk-explorer.py < responses.jsonl"""

import json
import sys

import pydantic
from berserk.types.opening_explorer import OpeningStatistic

LICHESS = ["white", "draws", "black", "moves", "recentGames", "topGames", "opening"]
MOVE = ["uci", "san", "averageRating", "white", "draws", "black", "game", "opening"]
GAME = ["uci", "id", "winner", "speed", "mode", "white", "black", "year", "month"]
OURS = {"fen", "whiteSp", "blackSp", "play", "through"}

adapter = pydantic.TypeAdapter(OpeningStatistic)
count = 0
for number, line in enumerate(sys.stdin, 1):
    response = json.loads(line)
    try:
        adapter.validate_python(response, strict=True)
    except pydantic.ValidationError as err:
        sys.exit(f"line {number}: berserk's model refuses it: {err}\n{line}")
    keys = list(response)
    if keys[:len(LICHESS)] != LICHESS or not set(keys[len(LICHESS):]) <= OURS:
        sys.exit(f"line {number}: fields {keys}, lichess's are {LICHESS}, then ours {OURS}")
    for move in response["moves"]:
        if list(move) != MOVE:
            sys.exit(f"line {number}: a move's fields {list(move)}, lichess's are {MOVE}")
        if move["game"] is not None and list(move["game"])[:len(GAME) - 1] != GAME[1:]:
            sys.exit(f"line {number}: a move's game's fields {list(move['game'])}")
    for game in response["recentGames"] + response["topGames"]:
        if list(game)[:len(GAME)] != GAME:
            sys.exit(f"line {number}: a game's fields {list(game)}, lichess's are {GAME}")
    count += 1
print(f"{count} responses valid")

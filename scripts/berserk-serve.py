"""lichess's own Python client, berserk (0.14), unchanged against `chess960 serve`: a
lichess-like corpus is written, indexed with `chess960 index add` and served on a free port;
berserk's `opening_explorer.get_lichess_games` then walks each start's tree (its root and the
most played moves, a few plies deep, and lines only one game played, ten plies deep) under
several filters, every response validated with
berserk's own model (`berserk.types.opening_explorer.OpeningStatistic`, pydantic, strict), and
a bad parameter must raise berserk's `ResponseError` with status 400 naming it.

Usage: berserk-serve.py write SEED GAMES > games.pgn
       berserk-serve.py CHESS960 DIR

`write` makes lichess-like games: starts 518, 105 and 314 and the Double Fischer Random pairs
105/451 and 0/959 (lichess's tags: Event Rated or Casual, Site with an 8-character id, each
game its own, players, WhiteElo and BlackElo from 600 to 2899 on every game as on lichess,
berserk's model having no missing rating), TimeControl of every speed of lichess
(ultraBullet to correspondence), UTCDate on any day of 2024-01, 2024-02 and 2024-03, in
order of date as lichess's dumps are; moves one of the first three legal moves by UCI
mostly, so that lines repeat and transpose, 2 to 70 plies; results of every kind, about one
game in twenty unfinished (`*`).

With CHESS960 (the binary) and DIR, it writes DIR/lichess-like.pgn (seed 960, 2,400 games),
adds it to the index DIR/index, starts `CHESS960 serve --listen 127.0.0.1:0`, asks it through
`berserk.Client(session=..., explorer_url=...)` and prints one JSON line per answer:
`{"kind": "answer", "sp": "105 451", "play": [...], "by": "play" | "fen", "filters": {...},
"url": ..., "response": {...}}` (`filters` holds the arguments given to get_lichess_games
besides position and play; `by` says whether the position was given as the start's FEN and
`play`, or as the FEN python-chess computes after the moves), a `{"kind": "refused", ...}`
line if the server refuses berserk's `history=True` (then asked again with "true"), then
`{"kind": "error", ...}` lines for the bad parameters, and last `{"kind": "done", "answers":
N, "seconds": S}`.
The Rust test cli/tests/it/serve_berserk.rs compares each answer with `chess960 tree`."""

import json
import subprocess
import sys
import time
from pathlib import Path

from lichess_like import STARTS, start_board, write_games
from served import serve

# The filters asked at the nodes near each root: get_lichess_games's keyword arguments.
FILTERS = [
    {"speeds": ["blitz"]},
    {"speeds": ["bullet", "rapid"]},
    {"speeds": ["ultraBullet", "classical", "correspondence"]},
    {"ratings": ["1600", "1800"]},
    {"ratings": ["2200", "2500"]},
    {"ratings": ["0", "1000", "1200", "1400"]},
    {"since": "2024-02"},
    {"until": "2024-01"},
    {"since": "2024-02", "until": "2024-02"},
    {"speeds": ["blitz", "rapid"], "ratings": ["2000", "2200"], "since": "2024-02"},
    {"history": True},
    {"history": True, "speeds": ["bullet", "blitz"], "ratings": ["1800", "2000"]},
    {"history": True, "since": "2024-02"},
    {"moves": 2, "top_games": 2, "recent_games": 1},
    {"top_games": 0, "recent_games": 0},
]
# How deep the walk goes (plies) and how many of each node's moves it follows.
DEPTH = 3
BRANCHES = 3
# The filters are asked at the nodes this deep or less, and at each start's first node of
# one game.
FILTER_DEPTH = 1
# How deep the line of a game alone goes.
ONE_GAME_DEPTH = 10


def ask(addr):
    import berserk
    import pydantic
    import requests
    from berserk.types.opening_explorer import OpeningStatistic

    adapter = pydantic.TypeAdapter(OpeningStatistic)
    history = pydantic.TypeAdapter(list[dict[str, int | str]])
    urls = []

    def client(session):
        # The URL of each request, to name it when an answer differs: seen, not changed.
        session.hooks["response"].append(lambda response, *args, **kwargs: urls.append(response.url))
        return berserk.Client(session=session, explorer_url=f"http://{addr}")

    # One plain session, one with a (fake) personal token: lichess's explorer ignores the
    # Authorization header, and so must this server.
    plain = client(requests.Session())
    token = client(berserk.TokenSession("lip_fake"))
    answers = 0
    refused = []

    def get(api, sp, play, by, filters):
        nonlocal answers
        white, black = sp
        board = start_board(white, black)
        for uci in play:
            board.push(board.parse_uci(uci))
        if by == "play":
            position, moves = start_board(white, black).fen(shredder=True), play
        else:
            position, moves = board.fen(shredder=True), None
        try:
            response = api.opening_explorer.get_lichess_games(
                variant="chess960", position=position, play=moves, **filters)
        except berserk.exceptions.ResponseError as err:
            # berserk sends history=True as `history=True` (requests writes a bool with
            # str()), which this server reads as true; were it refused, that is said once and
            # asked again with the string "true" (the Rust test fails on such a line).
            if filters.get("history") is not True or err.status_code != 400:
                raise
            if not refused:
                refused.append(urls[-1])
                print(json.dumps({"kind": "refused", "param": "history", "url": urls[-1],
                                  "status": err.status_code, "body": err.cause}))
            filters = {**filters, "history": "true"}
            response = api.opening_explorer.get_lichess_games(
                variant="chess960", position=position, play=moves, **filters)
        try:
            adapter.validate_python(response, strict=True)
            if filters.get("history"):
                history.validate_python(response["history"], strict=True)
        except (pydantic.ValidationError, KeyError) as err:
            sys.exit(f"{urls[-1]}: berserk's model refuses the answer: {err}\n{json.dumps(response)}")
        answers += 1
        name = f"{white}" if white == black else f"{white} {black}"
        print(json.dumps({"kind": "answer", "sp": name, "play": play, "by": by, "filters": filters,
                          "url": urls[-1], "response": response}))
        return response

    for sp in STARTS:
        queue = [([], None)]
        one_game_filtered = False
        while queue:
            play, arrived = queue.pop(0)
            # The nodes an even number of plies deep that two games or more reached are asked
            # by their own FEN, the others by the start's FEN and the moves (a position one game
            # reached is found by following that game, so its moves are needed: docs/explorer.md).
            by = "fen" if len(play) > 1 and len(play) % 2 == 0 and arrived >= 2 else "play"
            node = get(plain, sp, play, by, {})
            games = node["white"] + node["draws"] + node["black"]
            count = lambda move: move["white"] + move["draws"] + move["black"]
            if len(play) < DEPTH:
                queue.extend((play + [move["uci"]], count(move)) for move in node["moves"][:BRANCHES])
                # And the line of one game, down to ONE_GAME_DEPTH: positions only it reached.
                single = [move for move in node["moves"] if move["game"] is not None]
                queue.extend((play + [move["uci"]], 1) for move in single[:1])
            elif games == 1 and len(play) < ONE_GAME_DEPTH and node["moves"]:
                queue.append((play + [node["moves"][0]["uci"]], 1))
            if len(play) <= FILTER_DEPTH or (games == 1 and not one_game_filtered):
                one_game_filtered |= games == 1
                for filters in FILTERS:
                    get(token, sp, play, by, filters)
    # The same query through both sessions: the same answer.
    same = [get(api, STARTS[3], [], "play", {"history": True}) for api in (plain, token)]
    if same[0] != same[1]:
        sys.exit(f"with and without a token, two answers:\n{same[0]}\n{same[1]}")

    # Bad parameters: berserk raises its ResponseError, 400, and lichess's body names the
    # parameter.
    bad = [("speeds", {"speeds": ["warp"]}), ("ratings", {"ratings": ["1500"]}),
           ("since", {"since": "2024-13"}), ("play", {"play": ["e2e5"]}),
           ("fen", {"position": "not a fen"}), ("variant", {"variant": "atomic"})]
    for param, kwargs in bad:
        kwargs.setdefault("variant", "chess960")
        try:
            response = token.opening_explorer.get_lichess_games(**kwargs)
        except berserk.exceptions.ResponseError as err:
            print(json.dumps({"kind": "error", "param": param, "url": urls[-1],
                              "status": err.status_code, "body": err.cause,
                              "message": str(err)}))
            continue
        sys.exit(f"{urls[-1]}: answered, not refused: {response}")
    return answers


def main():
    if sys.argv[1] == "write":
        write_games(int(sys.argv[2]), int(sys.argv[3]))
        return
    chess960, directory = sys.argv[1], Path(sys.argv[2])
    directory.mkdir(parents=True, exist_ok=True)
    pgn = directory / "lichess-like.pgn"
    with open(pgn, "w") as out:
        write_games(960, 2400, out)
    index = directory / "index"
    began = time.monotonic()
    added = subprocess.run([chess960, "index", "add", "--index", str(index), str(pgn)],
                           capture_output=True, text=True)
    if added.returncode != 0:
        sys.exit(f"chess960 index add: {added.stderr}")
    print(f"index add: {time.monotonic() - began:.2f} s: {added.stderr.strip()}", file=sys.stderr)
    server, addr = serve(chess960, index)
    try:
        began = time.monotonic()
        answers = ask(addr)
        seconds = time.monotonic() - began
    finally:
        server.terminate()
        server.wait(timeout=30)
    if server.returncode != 0:
        sys.exit(f"chess960 serve exited with {server.returncode} on SIGTERM")
    print(json.dumps({"kind": "done", "answers": answers, "seconds": round(seconds, 2)}))


if __name__ == "__main__":
    main()

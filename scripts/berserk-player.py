"""lichess's own Python client, berserk (0.14), unchanged against `chess960 serve` for the rest
of lichess's explorer API: a player's explorer, a game's PGN, lichess's defaults. Each answer is
checked against python-chess's reading of the same games (not the index's), and the script
exits 1 at the first that differs.

Usage: berserk-player.py CHESS960 DIR

It writes DIR/lichess-like.pgn (seed 960, 2,400 games, as berserk-serve.py does) and
DIR/masters.pgn (over-the-board games: no lichess id, an Event, Site, Date and Round of their
own), adds each to an index of its own and serves them (`--masters`). Then:

- `/player`: for the players of most games with each colour (and one of them asked in capitals,
  as lichess matches user ids whatever their case), at the start and positions their games
  reached up to 3 plies deep, under speeds, months and modes: `get_player_games` (waiting, and
  not), `stream_player_games` (exactly one line, `queuePosition` 0), and `modes` through
  requests (berserk has no such argument). Each answer is validated strictly with a pydantic
  model of lichess's player row (berserk's `Game` for its games), and its totals, each move's
  results, `averageOpponentRating` (rounded, as lichess does), `performance` (lichess's formula
  written again here from FIDE's table), a move's game and the recent games (the 8 latest, the
  newest first) equal python-chess's count of the PGN's games.
- `/master/pgn/{id}` by `get_otb_master_game` and `/masters/pgn/{id}` for every top game listed
  at each start by `get_masters_games`, and `/lichess/pgn/{id}` for the recent games listed:
  read by python-chess, each is its source game, every move, with its tags.
- `get_lichess_games` without a variant (berserk sends `variant=standard`) and lichess's
  analysis board's request (`source=analysis`) answer as `variant=chess960` does.

It prints one JSON line a check (`{"kind": "player" | "pgn" | "variant", ...}`) and last
`{"kind": "done", "player": N, "pgn": M, "variant": V}`.
The Rust test cli/tests/it/serve_berserk_player.rs runs it."""

import io
import json
import math
import subprocess
import sys
from pathlib import Path

import chess
import chess.pgn

from lichess_like import STARTS, start_board, write_games, write_masters
from served import serve

PLIES = 50  # how deep the explorer follows a game, lichess's 50
PLAYER_FILTERS = [{}, {"speeds": ["blitz", "rapid"]}, {"since": "2024-02"},
                  {"since": "2024-02", "until": "2024-02", "speeds": ["bullet", "blitz", "classical"]},
                  {"modes": ["casual"]}, {"modes": ["rated"], "speeds": ["correspondence", "blitz"]}]
# lichess's speed of a TimeControl: base + 40 × increment seconds under each limit.
SPEEDS = [(30, "ultraBullet"), (180, "bullet"), (480, "blitz"), (1500, "rapid"), (21600, "classical")]
# FIDE's table (B.02.2017): the rating difference of each percentage, 0 to 100.
FIDE = [-800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309,
        -296, -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158,
        -149, -141, -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36,
        -29, -21, -14, -7, 0]
FIDE += [-d for d in reversed(FIDE[:50])]


def speed(control):
    if control == "-":
        return "correspondence"
    base, _, increment = control.partition("+")
    total = int(base) + 40 * int(increment)
    return next((name for limit, name in SPEEDS if total < limit), "correspondence")


def rounded(x):
    """`x` to the nearest integer, a half away from zero (Rust's `f64::round`, which lichess
    uses; Python's `round` takes a half to the even)."""
    return int(math.copysign(math.floor(abs(x) + 0.5), x))


def performance(wins, draws, games, opponents):
    """lichess's performance: the opponents' average plus FIDE's difference of the score's
    percentage, between its two nearest rows."""
    p = (100 * wins + 50 * draws) / games
    low = FIDE[int(p)]
    high = FIDE[int(p) + 1] if int(p) < 100 else 800
    return rounded(opponents + low * (1 - p % 1) + high * (p % 1))


def read_games(path):
    """Each game of `path` as python-chess reads it: its tags, its moves (UCI), and the move it
    played last at each position of its first PLIES plies."""
    games = []
    with open(path) as pgn:
        while (game := chess.pgn.read_game(pgn)) is not None:
            board = game.board()
            moves, last, lines = [], {}, [[]]
            for move in game.mainline_moves():
                uci = board.uci(move, chess960=True)
                if len(moves) < PLIES:
                    last[board._transposition_key()] = uci
                moves.append(uci)
                lines.append(moves[:])
                board.push(move)
            games.append({"headers": dict(game.headers), "moves": moves, "last": last,
                          "lines": lines[:4], "board": game.board()})
    return games


def model():
    """lichess's row of `/player` as a pydantic model, strict and closed: no field missing,
    none more (berserk's own `OpeningStatistic` wants `topGames` and `averageRating`, which
    lichess's player explorer never writes)."""
    import pydantic
    from berserk.types.opening_explorer import Game, GameWithoutUci, Opening
    from typing_extensions import NotRequired, TypedDict

    closed = pydantic.ConfigDict(extra="forbid", strict=True)

    class PlayerMove(TypedDict):
        __pydantic_config__ = closed
        uci: str
        san: str
        averageOpponentRating: NotRequired[int]
        performance: NotRequired[int]
        white: int
        draws: int
        black: int
        game: GameWithoutUci | None
        opening: Opening | None

    class PlayerStatistic(TypedDict):
        __pydantic_config__ = closed
        white: int
        draws: int
        black: int
        moves: list[PlayerMove]
        recentGames: list[Game]
        opening: Opening | None
        queuePosition: int

    return pydantic.TypeAdapter(PlayerStatistic)


def expected(games, name, side, key, filters):
    """python-chess's count: `name`'s games with colour `side` (0 White) that reached `key`."""
    totals = {"1-0": 0, "1/2-1/2": 0, "0-1": 0}
    moves, recent = {}, []
    for game in games:
        h = game["headers"]
        if h["Result"] not in totals or h[["White", "Black"][side]].lower() != name.lower():
            continue
        month = h["UTCDate"][:7].replace(".", "-")
        if (filters.get("speeds") and speed(h["TimeControl"]) not in filters["speeds"]
                or filters.get("modes") and h["Event"].split()[0].lower() not in filters["modes"]
                or filters.get("since", month) > month or filters.get("until", month) < month
                or key not in game["last"]):
            continue
        totals[h["Result"]] += 1
        uci = game["last"][key]
        move = moves.setdefault(uci, {"1-0": 0, "1/2-1/2": 0, "0-1": 0, "sum": 0, "ids": []})
        move[h["Result"]] += 1
        move["sum"] += int(h[["BlackElo", "WhiteElo"][side]])
        move["ids"].append(h["Site"].rsplit("/", 1)[1])
        recent.append(h["Site"].rsplit("/", 1)[1])  # the file is in order of date
    return totals, moves, recent[::-1][:8]


def check_player(name, side, line, filters, answer, games, url):
    totals, moves, recent = expected(games, name, side, line["key"], filters)
    got = (answer["white"], answer["draws"], answer["black"])
    want = (totals["1-0"], totals["1/2-1/2"], totals["0-1"])
    problems = [f"totals {got}, python-chess {want}"] if got != want else []
    played = [mv["white"] + mv["draws"] + mv["black"] for mv in answer["moves"]]
    if sorted(mv["uci"] for mv in answer["moves"]) != sorted(moves) or played != sorted(played, reverse=True):
        problems.append(f"moves {[mv['uci'] for mv in answer['moves']]} (games {played}), "
                        f"python-chess {sorted(moves)}")
    for mv in answer["moves"]:
        want = moves.get(mv["uci"])
        if want is None:
            continue
        n = want["1-0"] + want["1/2-1/2"] + want["0-1"]
        wins = want[["1-0", "0-1"][side]]
        expect = {"white": want["1-0"], "draws": want["1/2-1/2"], "black": want["0-1"],
                  "averageOpponentRating": rounded(want["sum"] / n),
                  "performance": performance(wins, want["1/2-1/2"], n, want["sum"] / n),
                  "game": want["ids"][0] if n == 1 else None}
        seen = {k: mv[k] for k in expect if k != "game"} | {"game": mv["game"] and mv["game"]["id"]}
        if seen != expect:
            problems.append(f"move {mv['uci']}: {seen}, python-chess {expect}")
    ids = [game["id"] for game in answer["recentGames"]]
    if ids != recent:
        problems.append(f"recent games {ids}, python-chess {recent}")
    if problems:
        sys.exit(f"{url}\n  " + "\n  ".join(problems))


def ask_players(addr, games):
    import berserk
    import requests

    urls = []
    session = requests.Session()
    session.hooks["response"].append(lambda response, *args, **kwargs: urls.append(response.url))
    api = berserk.Client(session=session, explorer_url=f"http://{addr}").opening_explorer
    adapter = model()
    count = 0
    for side, color in enumerate(["white", "black"]):
        names = {}
        for game in games:
            player = game["headers"][["White", "Black"][side]]
            names[player] = names.get(player, 0) + 1
        busiest = sorted(names, key=lambda n: (-names[n], n))[:3]
        for rank, name in enumerate(busiest):
            asked = name.upper() if rank == 0 else name
            theirs = [g for g in games if g["headers"][["White", "Black"][side]] == name]
            lines = {}
            for game in theirs[:5]:
                for line in game["lines"]:
                    board = game["board"].copy()
                    for uci in line:
                        board.push(board.parse_uci(uci))
                    lines.setdefault((board.fen(shredder=True), board._transposition_key()),
                                     {"key": board._transposition_key(), "start": game["board"].fen(shredder=True), "play": line})
            for line in lines.values():
                for filters in PLAYER_FILTERS:
                    if "modes" in filters:
                        params = {"player": asked, "color": color, "variant": "chess960", "fen": line["start"],
                                  "play": ",".join(line["play"]), "modes": ",".join(filters["modes"]),
                                  **{k: ",".join(v) if isinstance(v, list) else v for k, v in filters.items() if k != "modes"}}
                        response = session.get(f"http://{addr}/player", params=params, timeout=30)
                        if response.headers["Content-Type"] != "application/x-ndjson" or response.status_code != 200:
                            sys.exit(f"{response.url}: {response.status_code} {response.headers['Content-Type']}")
                        rows = [json.loads(row) for row in response.text.splitlines()]
                    else:
                        args = dict(variant="chess960", position=line["start"], play=line["play"] or None, **filters)
                        rows = list(api.stream_player_games(asked, color, **args))
                        waited = api.get_player_games(asked, color, **args)
                        first = api.get_player_games(asked, color, wait_for_indexing=False, **args)
                        if waited != rows[-1] or first != rows[0]:
                            sys.exit(f"{urls[-1]}: waiting {waited}, not waiting {first}, streamed {rows}")
                    if len(rows) != 1 or rows[0]["queuePosition"] != 0:
                        sys.exit(f"{urls[-1]}: {len(rows)} rows, not one ready at once: {rows}")
                    adapter.validate_python(rows[0])
                    check_player(name, side, line, filters, rows[0], games, urls[-1])
                    count += 1
                    print(json.dumps({"kind": "player", "player": asked, "color": color,
                                      "play": line["play"], "filters": filters, "url": urls[-1],
                                      "games": rows[0]["white"] + rows[0]["draws"] + rows[0]["black"],
                                      "moves": len(rows[0]["moves"]), "recentGames": len(rows[0]["recentGames"])}))
    return count


def same_game(pgn, source, url):
    """`pgn` (the server's) read by python-chess is `source`: its moves, every one, and tags."""
    game = chess.pgn.read_game(io.StringIO(pgn))
    if game is None or game.errors:
        sys.exit(f"{url}: python-chess cannot read it: {pgn}")
    board = game.board()
    moves = []
    for move in game.mainline_moves():
        moves.append(board.uci(move, chess960=True))
        board.push(move)
    tags = ["Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteElo", "BlackElo",
            "Variant", "SetUp", "FEN"]
    theirs = {tag: source["headers"].get(tag) for tag in tags}
    if source["headers"].get("UTCDate"):
        theirs["Date"] = source["headers"]["UTCDate"]
    if theirs.get("Round") is None:
        theirs["Round"] = "-"
    ours = {tag: game.headers.get(tag) for tag in tags}
    if moves != source["moves"] or ours != theirs:
        sys.exit(f"{url}: read back as {ours} {moves}\n  the source game: {theirs} {source['moves']}")


def ask_pgns(addr, games, masters):
    import berserk
    import requests

    session = requests.Session()
    api = berserk.Client(session=session, explorer_url=f"http://{addr}").opening_explorer
    count = 0
    by_round = {g["headers"]["Round"]: g for g in masters}
    for white, black in STARTS:
        start = start_board(white, black).fen(shredder=True)
        node = api.get_masters_games(position=start)
        for game in node["topGames"]:
            pgn = api.get_otb_master_game(game["id"])
            source = by_round[chess.pgn.read_headers(io.StringIO(pgn))["Round"]]
            same_game(pgn, source, f"/master/pgn/{game['id']}")
            again = session.get(f"http://{addr}/masters/pgn/{game['id']}", timeout=30)
            if again.text != pgn or again.headers["Content-Type"] != "application/x-chess-pgn":
                sys.exit(f"/masters/pgn/{game['id']}: {again.headers['Content-Type']} {again.text}")
            print(json.dumps({"kind": "pgn", "path": "master", "id": game["id"]}))
            count += 1
        node = api.get_lichess_games(variant="chess960", position=start)
        for game in node["recentGames"] + node["topGames"]:
            response = session.get(f"http://{addr}/lichess/pgn/{game['id']}", timeout=30)
            source = next(g for g in games if g["headers"]["Site"].endswith("/" + game["id"]))
            same_game(response.text, source, response.url)
            print(json.dumps({"kind": "pgn", "path": "lichess", "id": game["id"]}))
            count += 1
    try:
        api.get_otb_master_game("Zz9Zz9Zz")
        sys.exit("/master/pgn/Zz9Zz9Zz: answered")
    except berserk.exceptions.ResponseError as err:
        if err.status_code != 404:
            raise
    return count


def ask_variants(addr):
    """berserk's default variant (standard) and lichess's analysis board's `source=analysis`."""
    import berserk
    import requests

    session = requests.Session()
    api = berserk.Client(session=session, explorer_url=f"http://{addr}").opening_explorer
    count = 0
    for white, black in STARTS:
        start = start_board(white, black).fen(shredder=True)
        for play in ([], ["e2e4"] if white == 518 else []):
            chess960 = api.get_lichess_games(variant="chess960", position=start, play=play or None)
            standard = api.get_lichess_games(position=start, play=play or None)
            board = lambda: {"variant": "chess960", "fen": start, "play": ",".join(play),
                             "speeds": "blitz,rapid,classical", "ratings": "1600,1800,2000,2200,2500",
                             "source": "analysis"}
            analysis = session.get(f"http://{addr}/lichess", params=board(), timeout=30)
            filtered = api.get_lichess_games(variant="chess960", position=start, play=play or None,
                                             speeds=["blitz", "rapid", "classical"],
                                             ratings=["1600", "1800", "2000", "2200", "2500"])
            if standard != chess960 or analysis.status_code != 200 or analysis.json() != filtered:
                sys.exit(f"{start} {play}: variant=standard {standard}, chess960 {chess960}; "
                         f"{analysis.url}: {analysis.status_code} {analysis.text}")
            print(json.dumps({"kind": "variant", "fen": start, "play": play,
                              "games": chess960["white"] + chess960["draws"] + chess960["black"]}))
            count += 1
    return count


def main():
    chess960, directory = sys.argv[1], Path(sys.argv[2])
    directory.mkdir(parents=True, exist_ok=True)
    files = {"lichess": directory / "lichess-like.pgn", "masters": directory / "masters.pgn"}
    with open(files["lichess"], "w") as out:
        write_games(960, 2400, out)
    with open(files["masters"], "w") as out:
        write_masters(1960, 400, out)
    for name, pgn in files.items():
        added = subprocess.run([chess960, "index", "add", "--index", str(directory / name), str(pgn)],
                               capture_output=True, text=True)
        if added.returncode != 0:
            sys.exit(f"chess960 index add {pgn}: {added.stderr}")
    games, masters = read_games(files["lichess"]), read_games(files["masters"])
    server, addr = serve(chess960, directory / "lichess", "--masters", str(directory / "masters"))
    try:
        counts = {"player": ask_players(addr, games), "pgn": ask_pgns(addr, games, masters),
                  "variant": ask_variants(addr)}
    finally:
        server.terminate()
        server.wait(timeout=30)
    if server.returncode != 0:
        sys.exit(f"chess960 serve exited with {server.returncode} on SIGTERM")
    print(json.dumps({"kind": "done", **counts}))


if __name__ == "__main__":
    main()

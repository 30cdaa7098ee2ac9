"""open_index: the opening explorer on disk that `chess960 index add` makes, asked without a
server. Index.explore equals what `chess960 serve` answers on /lichess for the same query,
Index.moves equals explore's moves, a bad value is a ValueError naming it as the server's 400
does, and Index.files equals `chess960 index files`. The index and the server are the
wheel's own `chess960` command."""

import csv
import datetime
import hashlib
import io
import json
import random
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import chess
import chess.pgn
import polars as pl
import pyarrow as pa
import pytest

import chess960
from conftest import REPO

TREE = REPO / "scripts" / "python-chess-tree.py"
FEN105 = chess960.StartingPosition.from_id(105).fen()
FEN0 = chess960.StartingPosition.from_id(0).fen(castling="shredder")
PAIR = chess960.DoubleStartingPosition.parse("105 451").fen()


def command() -> str:
    """The chess960 command the wheel installs beside python."""
    path = Path(sys.executable).parent / "chess960"
    assert path.exists(), "the wheel installs a chess960 command beside python"
    return str(path)


def elsewhere(seed: int, count: int) -> str:
    """Games from start 0 that are not lichess's (no Site tag): their ids are the index's,
    11 letters and digits made from what identifies each game."""
    rng = random.Random(seed)
    games = []
    for i in range(count):
        board = chess.Board.from_chess960_pos(0)
        game = chess.pgn.Game.from_board(board)
        node: chess.pgn.GameNode = game
        for _ in range(rng.randrange(4, 12)):
            legal = sorted(board.legal_moves, key=lambda m: board.uci(m, chess960=True))
            move = rng.choice(legal[:2])
            node = node.add_variation(move)
            board.push(move)
        result = rng.choice(["1-0", "0-1", "1/2-1/2"])
        game.headers.update({
            "Event": "Casual Chess960 game", "Site": "?", "White": f"engine{i % 5}",
            "Black": f"engine{(i + 2) % 5}", "Variant": "Chess960", "Result": result,
            "TimeControl": rng.choice(["300+0", "900+10"]),
            "UTCDate": rng.choice(["2023.11.05", "2024.02.10", "2024.06.30"]),
            "WhiteElo": str(rng.randrange(2000, 3000)), "BlackElo": str(rng.randrange(2000, 3000)),
        })
        games.append(str(game))
    return "\n\n".join(games) + "\n"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """An index of two files made with `chess960 index add`: lichess's games from 518, 105
    and 105/451 (python-chess-tree.py's), and games from start 0 that are not lichess's."""
    dir = tmp_path_factory.mktemp("index")
    lichess = dir / "lichess.pgn"
    lichess.write_bytes(subprocess.run([sys.executable, str(TREE), "write", "11", "240"],
                                       capture_output=True, check=True).stdout)
    other = dir / "other.pgn"
    other.write_text(elsewhere(3, 24))
    index = dir / "explorer"
    out = subprocess.run([command(), "index", "add", "--index", str(index), str(lichess), str(other)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return index, [lichess, other]


@pytest.fixture(scope="module")
def index(built):
    return chess960.open_index(built[0])


@pytest.fixture(scope="module")
def server(built):
    """`chess960 serve` on the index, on a port of the system's choosing: a function of a
    query string giving the status and the JSON body of /lichess."""
    proc = subprocess.Popen([command(), "serve", "--index", str(built[0]), "--listen", "127.0.0.1:0"],
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    first = proc.stderr.readline()
    found = re.search(r"serving .* on (http://\S+)/$", first.strip())
    assert found, first
    base = found.group(1)
    # The access log, a line per request: read so that the pipe never fills.
    log = threading.Thread(target=proc.stderr.read)
    log.start()

    def ask(query: str, path: str = "lichess") -> tuple[int, dict]:
        try:
            with urllib.request.urlopen(f"{base}/{path}?{query}", timeout=30) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as err:
            return err.code, json.load(err)

    ask.base = base  # type: ignore[attr-defined]
    yield ask
    proc.terminate()
    assert proc.wait(timeout=30) == 0
    log.join(timeout=30)
    proc.stderr.close()


def query_string(kwargs: dict) -> str:
    """explore's keyword arguments as lichess's query string."""
    params = {"variant": "chess960"}
    for key, value in kwargs.items():
        name = {"top_games": "topGames", "recent_games": "recentGames"}.get(key, key)
        if isinstance(value, (list, tuple)):
            value = ",".join(str(item) for item in value)
        elif isinstance(value, bool):
            value = "true" if value else "false"
        params[name] = str(value)
    return urllib.parse.urlencode(params)


def most_played(index: chess960.Index, fen: str | None, plies: int) -> list[str]:
    """The line of the most played move at each node, `plies` long."""
    line: list[str] = []
    for _ in range(plies):
        moves = index.explore(fen, line)["moves"]
        if not moves:
            break
        line.append(moves[0]["uci"])
    return line


@pytest.fixture(scope="module")
def queries(index):
    """Queries at the roots and after moves, with every filter and limit."""
    at518, at105, at0 = most_played(index, None, 3), most_played(index, FEN105, 4), most_played(index, FEN0, 2)
    assert len(at518) == 3 and len(at105) == 4 and len(at0) == 2
    return [
        {},
        {"fen": FEN105},
        {"fen": PAIR, "history": True},
        {"play": at518[:1]},
        {"play": at518, "speeds": ["blitz", "rapid"]},
        {"fen": FEN105, "play": at105[:2], "ratings": [1600, "2000", 2200], "since": "2024-03", "until": "2024-09"},
        {"fen": FEN105, "play": at105, "history": True, "since": "2024-02"},
        {"play": at518[:2], "moves": 2, "top_games": 1, "recent_games": 0},
        {"fen": FEN105, "speeds": "bullet,classical", "ratings": "1800", "top_games": 9},
        {"speeds": []},
        {"play": ",".join(at518[:2]), "ratings": []},
        {"fen": FEN0},
        {"fen": FEN0, "play": at0, "history": True},
        {"fen": FEN0, "play": at0[:1], "since": "2024-01", "until": "2024-03"},
        {"since": "2024-09", "until": "2024-03"},
    ]


def test_explore_equals_the_servers_answer(index: chess960.Index, server, queries):
    games = 0
    for kwargs in queries:
        status, body = server(query_string(kwargs))
        assert status == 200, (kwargs, body)
        assert index.explore(**kwargs) == body, kwargs
        games += body["white"] + body["draws"] + body["black"]
    assert games > 200
    # Some queries answer games, history and a move of one game: the comparison saw them.
    answers = [index.explore(**kwargs) for kwargs in queries]
    assert any(a["topGames"] and a["recentGames"] for a in answers)
    assert any(a.get("history") for a in answers)
    assert any(m["game"] for a in answers for m in a["moves"])


def rows_of(answer: dict) -> list[dict]:
    """The moves of explore's answer as the rows of Index.moves."""
    return [{"uci": m["uci"], "san": m["san"], "white": m["white"], "draws": m["draws"],
             "black": m["black"], "games": m["white"] + m["draws"] + m["black"],
             # lichess writes 0 where no mover's Elo is known; the table null
             "average_rating": m["averageRating"] or None,
             "game_id": m["game"]["id"] if m["game"] else None} for m in answer["moves"]]


def test_moves_table_equals_the_answers_moves(index: chess960.Index, queries):
    with_id = 0
    for kwargs in queries:
        table = index.moves(**kwargs)
        assert table.column_names == ["uci", "san", "white", "draws", "black", "games",
                                      "average_rating", "game_id"]
        rows = table.to_pylist()
        assert rows == rows_of(index.explore(**kwargs)), kwargs
        with_id += sum(row["game_id"] is not None for row in rows)
    assert with_id > 0
    # Every node a few plies from start 0, whose moves of one game have the stable ids of
    # games that are not lichess's.
    lines: list[list[str]] = [[]]
    for line in lines:
        answer = index.explore(FEN0, line)
        rows = index.moves(FEN0, line).to_pylist()
        assert rows == rows_of(answer), line
        with_id += sum(row["game_id"] is not None for row in rows)
        lines.extend(line + [m["uci"]] for m in answer["moves"] if len(line) < 3)
    assert len(lines) > 10 and with_id > 10


def test_moves_is_arrow_for_pyarrow_and_polars(index: chess960.Index):
    table = index.moves(FEN105)
    arrow = pa.table(table)
    assert arrow.schema.field("uci").type == pa.string()
    assert arrow.schema.field("white").type == pa.uint64()
    assert arrow.schema.field("average_rating").nullable
    assert arrow.schema.field("game_id").nullable
    frame = pl.from_arrow(arrow)
    assert isinstance(frame, pl.DataFrame)
    assert frame["uci"].to_list() == [m["uci"] for m in index.explore(FEN105)["moves"]]
    assert table.to_polars().equals(frame)
    assert (frame["white"] + frame["draws"] + frame["black"] == frame["games"]).all()


BAD = [
    ({"fen": "not a fen"}, "fen"),
    ({"fen": ""}, "fen"),
    ({"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}, "fen"),
    ({"play": ["e2e5"]}, "play"),
    ({"fen": FEN105, "play": ["f1g3", "f8g6", "e1e2"]}, "play"),
    ({"play": ["e2"]}, "play"),
    ({"play": "e2e4,e7e5,zz"}, "play"),
    ({"play": ["e2e4", "e7e5"] * 26}, "play"),
    ({"speeds": ["blitz", "lightning"]}, "speeds"),
    ({"speeds": "blitz,,rapid"}, "speeds"),
    ({"ratings": [1300]}, "ratings"),
    ({"since": "2024-3"}, "since"),
    ({"until": "2024-13"}, "until"),
    ({"moves": -1}, "moves"),
    ({"top_games": -1}, "top_games"),
    ({"recent_games": -2}, "recent_games"),
]


@pytest.mark.parametrize("kwargs,name", BAD)
def test_a_bad_value_is_a_value_error_naming_it_as_the_server_does(index: chess960.Index, server, kwargs, name):
    with pytest.raises(ValueError, match=f"^{name}: ") as raised:
        index.explore(**kwargs)
    with pytest.raises(ValueError) as moves:
        index.moves(**kwargs)
    assert str(moves.value) == str(raised.value)
    status, body = server(query_string(kwargs))
    parameter = {"top_games": "topGames", "recent_games": "recentGames"}.get(name, name)
    assert (status, body["parameter"]) == (400, parameter)
    assert body["error"] == parameter + str(raised.value)[len(name):]


def test_values_of_the_wrong_type_and_items_that_hold_lists(index: chess960.Index):
    with pytest.raises(ValueError, match="^play: \"e2e4,e7e5\": one name or move per item"):
        index.explore(play=["e2e4,e7e5"])
    with pytest.raises(TypeError, match="speeds"):
        index.explore(speeds=[1.5])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="play"):
        index.explore(play=7.5)  # type: ignore[arg-type]
    # One name, not in a list, is a list of one.
    assert index.explore(speeds="blitz") == index.explore(speeds=["blitz"])
    assert index.explore(ratings=1600) == index.explore(ratings=["1600"])


def test_files_equal_the_command_and_the_bytes(built, index: chess960.Index):
    dir, pgns = built
    files = index.files()
    listed = subprocess.run([command(), "index", "files", "--index", str(dir), "--format", "json"],
                            capture_output=True, text=True, check=True).stdout
    want = [json.loads(line) for line in listed.splitlines()]
    for file in want:
        added = datetime.datetime.fromisoformat(file["added"].replace("Z", "+00:00"))
        file["added"] = int(added.timestamp())
    assert files == want
    assert [f["bytes"] for f in files] == [p.stat().st_size for p in pgns]
    assert [f["sha256"] for f in files] == [hashlib.sha256(p.read_bytes()).hexdigest() for p in pgns]
    assert [f["name"] for f in files] == [str(p) for p in pgns]
    total = sum(f["games"] for f in files)
    assert 200 < total <= 264
    assert repr(index) == f"<chess960.Index {str(dir)!r}: 2 files, {total} games>"


def test_an_add_is_seen_by_an_index_open_meanwhile(tmp_path):
    dir = tmp_path / "growing"
    first, second = tmp_path / "first.pgn", tmp_path / "second.pgn"
    first.write_text(elsewhere(5, 6))
    second.write_text(elsewhere(77, 9))
    subprocess.run([command(), "index", "add", "--index", str(dir), str(first)],
                   capture_output=True, check=True)
    index = chess960.open_index(str(dir))
    before = index.explore(FEN0)
    assert before["white"] + before["draws"] + before["black"] == 6
    subprocess.run([command(), "index", "add", "--index", str(dir), str(second)],
                   capture_output=True, check=True)
    # The moves of one game of the file added since, where no top or recent game is listed to
    # tell that a file was added: their ids as an index opened now has them.
    fresh = chess960.open_index(str(dir))
    lines: list[list[str]] = [[]]
    for line in lines:
        answer = index.explore(FEN0, line, top_games=0, recent_games=0)
        assert answer == fresh.explore(FEN0, line, top_games=0, recent_games=0), line
        assert index.moves(FEN0, line).to_pylist() == rows_of(answer)
        lines.extend(line + [m["uci"]] for m in answer["moves"] if len(line) < 4)
    assert len(lines) > 10
    after = index.explore(FEN0)
    assert after["white"] + after["draws"] + after["black"] == 15
    assert sum(row["games"] for row in index.moves(FEN0)) == 15
    assert len(index.files()) == 2 and "2 files, 15 games" in repr(index)


def test_no_index_there(tmp_path):
    with pytest.raises(FileNotFoundError) as raised:
        chess960.open_index(tmp_path / "nothing")
    assert raised.value.errno == 2 and raised.value.filename == str(tmp_path / "nothing")
    assert "not an index" in str(raised.value)


FAKE_ENGINE = Path(__file__).resolve().parents[2] / "engine" / "tests" / "fake-engine.sh"


def test_cloud_eval_equals_the_servers_and_read_evals_the_files_rows(built, index: chess960.Index, server, tmp_path, cli):
    """`chess960 eval --from-index` (the scripted engine, two lines), `chess960 index evals`,
    then each position's `Index.cloud_eval` equals the server's `/api/cloud-eval` body, and
    `read_evals` gives the eval file's rows, a row a line."""
    evals = tmp_path / "evals.csv"
    cli("eval", "--from-index", str(built[0]), "--min-games", "20", "--plies", "1", "--multipv", "2",
        "--engine", str(FAKE_ENGINE), "--out", str(evals))
    out = subprocess.run([command(), "index", "evals", "--index", str(built[0]), str(evals)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    with open(evals, newline="") as file:
        rows = list(csv.DictReader(file))
    fens = list(dict.fromkeys(row["fen"] for row in rows))
    assert len(fens) >= 3 and len(rows) == 2 * len(fens)
    for fen in fens:
        for lines in (1, 2):
            status, body = server(urllib.parse.urlencode({"fen": fen, "multiPv": lines, "variant": "chess960"}),
                                  "api/cloud-eval")
            assert status == 200, body
            assert index.cloud_eval(fen, lines) == body
            mine = [r for r in rows if r["fen"] == fen][:lines]
            assert [pv["moves"] for pv in body["pvs"]] == [r["pv"] for r in mine]
            assert [pv.get("cp") for pv in body["pvs"]] == [int(r["cp"]) for r in mine]
    nowhere = "8/8/8/4k3/8/8/8/R3K3 w Q - 0 1"
    assert index.cloud_eval(nowhere) is None
    assert server(urllib.parse.urlencode({"fen": nowhere}), "api/cloud-eval")[0] == 404
    with pytest.raises(ValueError, match="fen: "):
        index.cloud_eval("not a fen")
    table = chess960.read_evals(evals)
    assert table.column_names == list(rows[0].keys())
    assert len(table) == len(rows)
    for mine, row in zip(table, rows):
        for column, value in mine.items():
            assert ("" if value is None else str(value)) == row[column], (column, mine, row)


def test_a_listed_games_pgn_is_the_whole_game_python_chess_reads(built, index: chess960.Index, server):
    """Index.pgn gives each listed game whole, as the server's /lichess/pgn/ID does, and
    python-chess reads it back as the game of the file it came from: players, result and
    every move."""
    sources = set()
    for path in built[1]:
        with open(path) as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                board = game.board()
                moves = []
                for move in game.mainline_moves():
                    moves.append(board.uci(move, chess960=True))
                    board.push(move)
                headers = game.headers
                sources.add((headers["White"], headers["Black"], headers["Result"], tuple(moves)))
    ids = set()
    for fen in [None, FEN105, FEN0, PAIR]:
        answer = index.explore(fen, top_games=4, recent_games=8)
        ids.update(game["id"] for game in answer["topGames"] + answer["recentGames"])
    assert len(ids) >= 12, ids
    for id in sorted(ids):
        pgn = index.pgn(id)
        assert pgn is not None, id
        with urllib.request.urlopen(f"{server.base}/lichess/pgn/{id}", timeout=30) as served:
            assert served.headers["Content-Type"] == "application/x-chess-pgn"
            assert served.read().decode() == pgn
        game = chess.pgn.read_game(io.StringIO(pgn))
        assert game is not None and not game.errors, pgn
        assert game.headers["Variant"] == "Chess960" and game.headers["SetUp"] == "1"
        board = game.board()
        moves = []
        for move in game.mainline_moves():
            moves.append(board.uci(move, chess960=True))
            board.push(move)
        headers = game.headers
        assert (headers["White"], headers["Black"], headers["Result"], tuple(moves)) in sources, pgn
    assert index.pgn("Zz9Zz9Zz") is None and index.pgn("not an id") is None


def lichess_speed(control: str) -> str | None:
    """lichess's speed of a TimeControl tag: base + 40 × increment seconds."""
    if control == "-":
        return "correspondence"
    base, _, increment = control.partition("+")
    if not base.isdigit() or not increment.isdigit():
        return None
    total = int(base) + 40 * int(increment)
    for limit, name in [(30, "ultraBullet"), (180, "bullet"), (480, "blitz"), (1500, "rapid"), (21600, "classical")]:
        if total < limit:
            return name
    return "correspondence"


def test_player_counts_equal_python_chess(built, index: chess960.Index, server):
    """Index.player equals the server's /player line, and python-chess's count of the same
    games: for the players of most games, each colour, positions their games reached, with
    and without a mode, speed or month filter, the totals and each move's results."""
    games = []
    for path in built[1]:
        with open(path) as pgn:
            while (game := chess.pgn.read_game(pgn)) is not None:
                headers = game.headers
                if headers.get("Result") not in ("1-0", "0-1", "1/2-1/2"):
                    continue
                board = game.board()
                last: dict = {}
                lines: list[list[str]] = [[]]
                for ply, move in enumerate(game.mainline_moves()):
                    if ply >= 50:
                        break
                    last[board._transposition_key()] = board.uci(move, chess960=True)
                    lines.append(lines[-1] + [board.uci(move, chess960=True)])
                    board.push(move)
                date = headers.get("UTCDate", "")
                games.append({
                    "players": (headers["White"].lower(), headers["Black"].lower()),
                    "result": headers["Result"], "last": last, "lines": lines[:4],
                    "fen": game.board().fen(shredder=True),
                    "mode": headers.get("Event", "").split(" ")[0].lower(),
                    "speed": lichess_speed(headers.get("TimeControl", "")),
                    "month": date[:7].replace(".", "-") if len(date) >= 7 else None,
                })
    by_games: dict = {}
    for game in games:
        for side, name in enumerate(game["players"]):
            by_games[(name, side)] = by_games.get((name, side), 0) + 1
    asked = sorted(by_games, key=lambda key: -by_games[key])[:4]
    filters = [{}, {"modes": ["rated"]}, {"modes": ["casual"], "since": "2024-06"}, {"speeds": ["bullet", "rapid"]}]
    compared = with_games = 0
    for name, side in asked:
        color = ["white", "black"][side]
        theirs = [game for game in games if game["players"][side] == name]
        for game in theirs[:6]:
            for line in game["lines"]:
                board = chess.Board(game["fen"], chess960=True)
                for uci in line:
                    board.push(board.parse_uci(uci))
                key = board._transposition_key()
                for kwargs in filters:
                    def admitted(other):
                        return (("modes" not in kwargs or other["mode"] in kwargs["modes"])
                                and ("speeds" not in kwargs or other["speed"] in kwargs["speeds"])
                                and ("since" not in kwargs or (other["month"] or "") >= kwargs["since"]))
                    totals = {"1-0": 0, "1/2-1/2": 0, "0-1": 0}
                    moves: dict = {}
                    for other in theirs:
                        if admitted(other) and key in other["last"]:
                            totals[other["result"]] += 1
                            counts = moves.setdefault(other["last"][key], {"1-0": 0, "1/2-1/2": 0, "0-1": 0})
                            counts[other["result"]] += 1
                    # The player's name in another case is the same player.
                    answer = index.player(name.upper(), color, game["fen"], line, **kwargs)
                    got = (answer["white"], answer["draws"], answer["black"])
                    assert got == (totals["1-0"], totals["1/2-1/2"], totals["0-1"]), (name, color, line, kwargs)
                    got_moves = {mv["uci"]: {"1-0": mv["white"], "1/2-1/2": mv["draws"], "0-1": mv["black"]}
                                 for mv in answer["moves"]}
                    assert got_moves == moves, (name, color, line, kwargs)
                    query = urllib.parse.urlencode({"player": name, "color": color, "fen": game["fen"],
                                                    "play": ",".join(line), **{k: ",".join(v) if isinstance(v, list) else v
                                                                               for k, v in kwargs.items()}})
                    with urllib.request.urlopen(f"{server.base}/player?{query}", timeout=30) as served:
                        assert served.headers["Content-Type"] == "application/x-ndjson"
                        assert json.loads(served.read().decode()) == answer
                    compared += 1
                    with_games += sum(totals.values()) > 0
    assert compared >= 100 and with_games >= 60, (compared, with_games)
    with pytest.raises(ValueError, match="^color: "):
        index.player("player1", "green")

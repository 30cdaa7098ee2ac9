"""read_tree: the opening trees of `chess960 tree`, a row per node and move, equal to the
command's JSON (`--all --nodes`) and to python-chess's own count (scripts/python-chess-tree.py)."""

import io
import json
import subprocess
import sys

import pyarrow as pa
import pytest

import chess960
from conftest import REPO

TREE = REPO / "scripts" / "python-chess-tree.py"


def rows_of(lines):
    """JSON lines of nodes, flattened to read_tree's rows (without rating_sum and rated)."""
    rows = []
    for line in lines:
        node = json.loads(line)
        for move in node["moves"]:
            rows.append({"white_sp": node["whiteSp"], "black_sp": node["blackSp"],
                         "fen": node["fen"], "uci": move["uci"], "san": move["san"],
                         "white": move["white"], "draws": move["draws"], "black": move["black"],
                         # lichess writes 0 where no mover's Elo is known; the table null
                         "average_rating": move["averageRating"] or None})
    return rows


def ours(table):
    return [{k: v for k, v in row.items() if k not in ("rating_sum", "rated")} for row in table]


@pytest.fixture(scope="module")
def meeting(tmp_path_factory):
    """Games that meet often: three starts, each move one of three (python-chess-tree.py)."""
    path = tmp_path_factory.mktemp("tree") / "meet.pgn"
    path.write_bytes(subprocess.run([sys.executable, str(TREE), "write", "7", "1500"],
                                    capture_output=True, check=True).stdout)
    return path


@pytest.mark.parametrize("plies,min_games", [(50, 1), (8, 1), (50, 5)])
def test_rows_equal_the_command_json(meeting, cli, plies, min_games):
    args = ["tree", "--all", "--nodes", "--format", "json", "--plies", str(plies),
            "--min-games", str(min_games), str(meeting)]
    want = rows_of(cli(*args).splitlines())
    got = ours(chess960.read_tree(str(meeting), plies=plies, min_games=min_games))
    assert len(got) == len(want) > 100
    assert got == want


def test_rows_equal_python_chess(meeting):
    with open(meeting, "rb") as pgn:
        out = subprocess.run([sys.executable, str(TREE), "12"], stdin=pgn,
                             capture_output=True, check=True).stdout.decode()
    assert ours(chess960.read_tree(str(meeting), plies=12)) == rows_of(out.splitlines())


def test_starts_filters_and_file_objects(meeting, cli):
    pgn = meeting.read_bytes()
    table = chess960.read_tree(io.BytesIO(pgn), sp=["105 451", 518], plies=6, speed=["blitz", "rapid"],
                               since="2024-03", min_elo=1500)
    starts = {(row["white_sp"], row["black_sp"]) for row in table}
    assert starts == {(105, 451), (518, 518)}
    want = cli("tree", "--sp", "105 451,518", "--nodes", "--format", "json", "--plies", "6",
               "--speed", "blitz,rapid", "--since", "2024-03", "--min-elo", "1500", str(meeting))
    assert ours(table) == rows_of(want.splitlines())
    one = chess960.read_tree(str(meeting), sp=chess960.StartingPosition.from_id(105), plies=4)
    assert {row["white_sp"] for row in one} == {105}


def test_arrow_types_and_errors(meeting):
    table = pa.table(chess960.read_tree(str(meeting), plies=2))
    assert table.schema.field("white_sp").type == pa.uint16()
    assert table.schema.field("average_rating").nullable
    assert table.schema.field("white").type == pa.uint64()
    with pytest.raises(ValueError, match="lightning: a speed is one of"):
        chess960.read_tree(str(meeting), speed="lightning")
    with pytest.raises(ValueError, match="2024-3: a month is YYYY-MM"):
        chess960.read_tree(str(meeting), since="2024-3")
    with pytest.raises(ValueError, match="sp"):
        chess960.read_tree(str(meeting), sp="XYZ")
    with pytest.raises(FileNotFoundError):
        chess960.read_tree("no-such-file.pgn")


FILTERS = [
    (["--speed", "blitz,rapid"], {"speed": ["blitz", "rapid"]}),
    (["--ratings", "1600,2000"], {"ratings": [1600, "2000"]}),
    (["--since", "2024-03", "--until", "2024-08", "--min-elo", "1500"],
     {"since": "2024-03", "until": "2024-08", "min_elo": 1500}),
]


@pytest.mark.parametrize("flags,kwargs", FILTERS)
def test_every_reader_takes_the_commands_filters(meeting, cli, flags, kwargs):
    """read_games, read_stats and read_tree keep the games `games`, `games --stats` and
    `tree` keep with the same filters: one implementation behind all of them."""
    from test_games import same_table
    path = str(meeting)
    every = len(chess960.read_games(path))
    kept = chess960.read_games(path, **kwargs)
    assert 0 < len(kept) < every
    same_table(kept, cli("games", "--format", "csv", *flags, path))
    same_table(chess960.read_stats(path, **kwargs), cli("games", "--stats", "--format", "csv", *flags, path))
    want = cli("tree", "--all", "--nodes", "--format", "json", "--plies", "4", *flags, path)
    assert ours(chess960.read_tree(path, plies=4, **kwargs)) == rows_of(want.splitlines())


def test_filters_that_keep_nothing_or_name_nothing_are_errors(meeting):
    with pytest.raises(ValueError, match="since 2024-05 is after until 2024-01"):
        chess960.read_games(str(meeting), since="2024-05", until="2024-01")
    with pytest.raises(ValueError, match="1300: a rating group is one of lichess's lower bounds"):
        chess960.read_stats(str(meeting), ratings=1300)


def test_max_moves_keeps_the_most_played(meeting):
    every = chess960.read_tree(str(meeting), sp=105, plies=2)
    capped = chess960.read_tree(str(meeting), sp=105, plies=2, max_moves=1)
    nodes = {row["fen"] for row in every}
    assert len(capped) == len(nodes) < len(every)

"""read_games(moves=True): each game's mainline as python-chess plays it, the same columns as
`chess960 games --moves`, an Arrow list of UCI moves, and a cap on the plies."""

import csv
import io
import subprocess
import sys

import pyarrow as pa
import pytest

import chess960
from conftest import SCRIPT


def python_chess_moves(path):
    """Per game, python-chess's `ok|moves`, `error|moves` or `variant`."""
    with open(path, "rb") as pgn:
        out = subprocess.run(
            [sys.executable, str(SCRIPT), "moves"], stdin=pgn, capture_output=True, check=True
        ).stdout.decode()
    return out.splitlines()


def as_python_says(table):
    lines = []
    for row in table:
        if row["kind"] == "variant":
            lines.append("variant")
        else:
            state = "ok" if row["move_error"] is None else "error"
            lines.append(f"{state}|{' '.join(row['moves'])}")
    return lines


@pytest.mark.parametrize("kind", ["pgn", "zst"])
def test_each_games_moves_are_python_chess_mainline(corpus, kind):
    want = python_chess_moves(corpus["pgn"])
    got = as_python_says(chess960.read_games(str(corpus[kind]), moves=True))
    assert len(got) == len(want) > 1260
    assert got == want


def test_the_moves_columns_equal_the_command_csv(corpus, cli):
    path = str(corpus["gz"])
    table = chess960.read_games(path, moves=True)
    theirs = list(csv.DictReader(io.StringIO(cli("games", "--moves", "--format", "csv", path))))
    assert table.column_names[-3:] == ["plies", "moves", "move_error"]
    assert table.column_names == list(theirs[0].keys())
    ours = list(table)
    assert len(ours) == len(theirs)
    for mine, row in zip(ours, theirs):
        assert str(mine["plies"]) == row["plies"]
        assert " ".join(mine["moves"]) == row["moves"]
        assert (mine["move_error"] or "") == row["move_error"]


def test_moves_are_an_arrow_list_of_strings_and_max_plies_cuts_them(corpus):
    table = pa.table(chess960.read_games(str(corpus["pgn"]), max_plies=4))
    assert table.schema.field("moves").type.value_type == pa.string()
    assert table.schema.field("plies").type == pa.uint64()
    rows = table.to_pylist()
    assert max(row["plies"] for row in rows) == 4
    full = chess960.read_games(str(corpus["pgn"]), moves=True)
    for short, whole in zip(rows, full):
        if whole["kind"] != "variant" and whole["move_error"] is None:
            assert short["moves"] == whole["moves"][:4]


def test_without_moves_there_are_no_moves_columns(corpus):
    assert "moves" not in chess960.read_games(str(corpus["pgn"])).column_names


def test_a_move_that_cannot_be_played_is_named(tmp_path):
    pgn = tmp_path / "one.pgn"
    pgn.write_text('[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
    [row] = list(chess960.read_games(str(pgn), moves=True))
    assert (row["plies"], row["moves"]) == (2, ["e2e4", "e7e5"])
    assert row["move_error"] == "ply 3 (2. Ke3): no legal move is Ke3"


def test_one_large_file_in_parts_gives_the_same_moves(corpus, tmp_path):
    big = tmp_path / "big.pgn"
    plain = corpus["pgn"].read_bytes()
    big.write_bytes(plain * ((64 << 20) // len(plain) + 1))
    parts = chess960.read_games(str(big), max_plies=8)
    with open(big, "rb") as handle:
        whole = chess960.read_games(handle, max_plies=8)
    keep = ("game", "plies", "moves", "move_error")
    assert [[r[k] for k in keep] for r in parts] == [[r[k] for k in keep] for r in whole]
    one = chess960.read_games(str(big), max_plies=8, threads=1)
    assert [[r[k] for k in keep] for r in one] == [[r[k] for k in keep] for r in whole]
    assert chess960.read_stats(str(big), threads=1).to_pylist() == chess960.read_stats(str(big), threads=3).to_pylist()

"""docs/glossary.md names every table's columns once: each Python table has the glossary's
columns, in order, and a Castling its attributes."""

import io
import re
from pathlib import Path

import chess960

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "glossary.md").read_text()
TABLES = {name: header.split(",") for name, header in re.findall(r"```columns (\w+)\n(.*)\n```", PAGE)}


def test_every_table_has_the_glossarys_columns():
    pgn = io.BytesIO(b'[Variant "Chess960"]\n\n1-0\n')
    assert chess960.read_games(pgn).column_names == TABLES["games"]
    pgn.seek(0)
    assert chess960.read_games(pgn, moves=True).column_names == TABLES["games"] + TABLES["moves"]
    pgn.seek(0)
    assert chess960.read_stats(pgn).column_names == TABLES["stats"]
    pgn.seek(0)
    assert chess960.read_tree(pgn).column_names == TABLES["tree_rows"]
    assert chess960.engine_table().column_names == TABLES["evals"]


def test_a_castling_has_the_glossarys_attributes():
    castling = chess960.StartingPosition.STANDARD.castlings()[0]
    for name in TABLES["castling"]:
        assert hasattr(castling, name), name
    assert castling.color == "white"


def test_the_concepts_table_names_pythons_words():
    concepts = PAGE.split("## Tables")[0]
    words = ["allow_repeats=True", "min_elo=", "read_evals()", "engine_table()", "Castling.color",
             "read_games(moves=True)", "max_plies=", "read_tree()", "plies=", "min_games=",
             "speed=", "since=", "until="]
    for word in words:
        assert f"`{word}`" in concepts, word

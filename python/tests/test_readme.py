"""python/README.md's examples run, in order, on files made from the generated corpus under
the names they use; a line `EXPRESSION  # VALUE` (VALUE a Python literal, then words after
`;` or `:`) must give VALUE."""

import ast
import re
import shutil
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)


def claims(block):
    """(expression, value) for each line that says what it gives."""
    for line in block.splitlines():
        code, sep, comment = line.partition("  # ")
        if not sep or "=" in code.split("(")[0]:
            continue
        said = re.split(r"[;:] ", comment, maxsplit=1)[0]
        try:
            yield code.strip(), ast.literal_eval(said)
        except (ValueError, SyntaxError):
            continue


def test_the_examples_run_and_give_what_they_say(corpus, cli, tmp_path, monkeypatch):
    pytest.importorskip("polars")
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    for name in ["lichess_db_chess960_rated_2024-01.pgn.zst", "2024-01.pgn.zst", "2024-02.pgn.zst"]:
        shutil.copy(corpus["zst"], tmp_path / name)
    shutil.copy(README.parents[1] / "engine" / "data" / "evals-960.csv", tmp_path / "evals.csv")
    # The index the README's explorer makes with `chess960 index add`.
    cli("index", "add", "--index", str(tmp_path / "explorer"),
        str(tmp_path / "lichess_db_chess960_rated_2024-01.pgn.zst"))
    # The lines the README's engine would write (the scripted engine here), added to the index.
    fake = README.parents[1] / "engine" / "tests" / "fake-engine.sh"
    cli("eval", "--from-index", str(tmp_path / "explorer"), "--min-games", "5", "--plies", "2",
        "--multipv", "3", "--engine", str(fake), "--out", str(tmp_path / "lines.csv"))
    cli("index", "evals", "--index", str(tmp_path / "explorer"), str(tmp_path / "lines.csv"))
    monkeypatch.chdir(tmp_path)
    namespace: dict = {}
    checked = 0
    for block in blocks():
        exec(compile(block, str(README), "exec"), namespace)
        for expression, value in claims(block):
            assert eval(expression, namespace) == value, expression
            checked += 1
    assert checked >= 6, checked

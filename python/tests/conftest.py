"""Fixtures of the package's tests, which run against the installed wheel (never the source
tree) and compare it with the ``chess960`` command and with python-chess.

``CHESS960_CLI`` names the command built by cargo to compare with (``.ci/run`` sets it);
without it, the ``chess960`` command the wheel installed is used.
"""

import bz2
import gzip
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "python-chess-games.py"


def cli_path() -> str:
    path = os.environ.get("CHESS960_CLI") or shutil.which("chess960")
    assert path, "no chess960 command: set CHESS960_CLI or install the wheel"
    return path


@pytest.fixture(scope="session")
def cli():
    """Runs the chess960 command with the given arguments and stdin; gives its stdout."""

    def run(*args: str, stdin: bytes = b"", code: int = 0) -> str:
        out = subprocess.run([cli_path(), *args], input=stdin, capture_output=True)
        assert out.returncode == code, out.stderr.decode()
        return out.stdout.decode()

    return run


@pytest.fixture(scope="session")
def corpus(tmp_path_factory):
    """python-chess's random legal games from every start, 300 DFRC pairs and a mixed
    database's other games (scripts/python-chess-games.py --mixed), plain and compressed:
    {"pgn": path, "gz": path, "zst": path, "bz2": path}."""
    dir = tmp_path_factory.mktemp("corpus")
    plain = subprocess.run(
        [sys.executable, str(SCRIPT), "write", "960", "1", "300", "--mixed"],
        capture_output=True,
        check=True,
    ).stdout
    paths = {kind: dir / f"corpus.{kind}" for kind in ("pgn", "gz", "zst", "bz2")}
    paths["pgn"].write_bytes(plain)
    paths["gz"].write_bytes(gzip.compress(plain))
    paths["bz2"].write_bytes(bz2.compress(plain))
    zstd = shutil.which("zstd")
    assert zstd, "the zstd command is needed to write the .zst corpus"
    subprocess.run([zstd, "-q", "-f", str(paths["pgn"]), "-o", str(paths["zst"])], check=True)
    return paths


@pytest.fixture(scope="session")
def python_chess_reading(corpus):
    """python-chess's reading of the corpus: per game, [white_sp, black_sp, result,
    white_elo, black_elo, kind] as strings."""
    with corpus["pgn"].open("rb") as pgn:
        out = subprocess.run(
            [sys.executable, str(SCRIPT), "read"], stdin=pgn, capture_output=True, check=True
        ).stdout.decode()
    return [line.split(",") for line in out.splitlines()]

"""The `chess960` command installed with the package (the wheel `chess960-cli`, a dependency)
is the program `cargo install` builds."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import cli_path


def installed() -> str:
    path = Path(sys.executable).parent / "chess960"
    assert path.exists(), "the package installs a chess960 command beside python"
    return str(path)


@pytest.mark.parametrize(
    "args,stdin",
    [
        (["518", "105"], b""),
        (["fen", "105", "--castling", "shredder", "--black", "451"], b""),
        (["rank"], b"451\nRNBQRBKN\n"),
        (["castling", "105", "--format", "json"], b""),
        (["draw", "--seed-text", "Freestyle 2026 round 3", "--exclude-standard", "--count", "3"], b""),
        (["book", "--format", "epd"], b""),
        (["id", "nonsense"], b""),
    ],
)
def test_the_same_output_and_exit_code(args, stdin):
    ours = subprocess.run([installed(), *args], input=stdin, capture_output=True)
    theirs = subprocess.run([cli_path(), *args], input=stdin, capture_output=True)
    assert (ours.returncode, ours.stdout, ours.stderr) == (theirs.returncode, theirs.stdout, theirs.stderr)


def test_usage_errors_and_help():
    bad = subprocess.run([installed(), "--no-such-flag"], capture_output=True)
    assert bad.returncode == 2 and b"--no-such-flag" in bad.stderr
    help = subprocess.run([installed(), "--help"], capture_output=True)
    assert help.returncode == 0 and b"Usage: chess960" in help.stdout


def test_a_closed_pipe_ends_quietly():
    shell = f"'{installed()}' book --dfrc | head -1"
    out = subprocess.run(["sh", "-c", shell], capture_output=True)
    assert out.stdout.count(b"\n") == 1 and out.stderr == b""

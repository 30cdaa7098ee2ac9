"""Reads that fail say how, as Python does: an errno's own OSError subclass with errno and
filename, the file object's own exception, an error for a file cut short, and Ctrl-C stops a
long read."""

import errno
import gzip
import subprocess
import sys
import textwrap

import pytest

import chess960

GAME = b'[Variant "Chess960"]\n[FEN "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1"]\n\n1. g3 1-0\n\n'


@pytest.mark.parametrize("read", [chess960.read_games, chess960.read_stats])
def test_a_missing_file_is_file_not_found_with_errno_and_filename(read, tmp_path):
    missing = tmp_path / "missing.pgn"
    for source in (missing, [missing], str(missing)):
        with pytest.raises(FileNotFoundError) as raised:
            read(source)
        assert raised.value.errno == errno.ENOENT
        assert raised.value.filename == str(missing)
        assert raised.value.strerror == "No such file or directory"


@pytest.mark.parametrize("read", [chess960.read_games, chess960.read_stats])
def test_a_directory_is_is_a_directory_error(read, tmp_path):
    with pytest.raises(IsADirectoryError) as raised:
        read(tmp_path)
    assert raised.value.errno == errno.EISDIR
    assert raised.value.filename == str(tmp_path)


class DiskOnFire(Exception):
    pass


class Breaks:
    """A binary file object that gives `data`, then raises its own exception."""

    def __init__(self, data: bytes):
        self.data = data

    def read(self, n: int) -> bytes:
        if not self.data:
            raise DiskOnFire("the disk is on fire")
        chunk, self.data = self.data[:n], self.data[n:]
        return chunk


@pytest.mark.parametrize("compress", [lambda b: b, gzip.compress])
@pytest.mark.parametrize("read", [chess960.read_games, chess960.read_stats])
def test_a_file_objects_own_exception_is_raised_as_it_was(read, compress):
    with pytest.raises(DiskOnFire, match="the disk is on fire"):
        read(Breaks(compress(GAME * 1000)))


@pytest.mark.parametrize("read", [chess960.read_games, chess960.read_stats])
def test_a_file_cut_short_is_an_error_not_a_short_table(read, tmp_path):
    whole = gzip.compress(GAME * 1000)
    cut = tmp_path / "cut.pgn.gz"
    cut.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(OSError, match="reading stopped after"):
        read(cut)


def test_ctrl_c_stops_a_long_read():
    """A read of an endless file object: Ctrl-C (SIGINT half a second in) raises
    KeyboardInterrupt, as in a notebook; without it the read would never end."""
    script = textwrap.dedent(
        """
        import os, signal, threading
        import chess960

        class Endless:
            def read(self, n):
                return GAME * (n // len(GAME) or 1) if n >= len(GAME) else b""

        GAME = %r
        threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        try:
            chess960.read_games(Endless())
        except KeyboardInterrupt:
            print("interrupted")
        """
        % GAME
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert done.stdout == "interrupted\n", done.stderr

"""read_games and read_stats against python-chess's reading of a generated corpus and against
`chess960 games`, through polars, pyarrow and pandas and without them."""

import csv
import io
import math
import sys
from pathlib import Path

import pytest

import chess960


def rows(table):
    """Each game's white_sp, black_sp, result and kind, as python-chess's reading has them."""
    cell = lambda v: "" if v is None else str(v)  # noqa: E731
    return [
        [cell(r["white_sp"]), cell(r["black_sp"]), r["result"], r["kind"]] for r in table
    ]


def expected(reading):
    return [[r[0], r[1], r[2], r[5]] for r in reading]


def same_table(table, text):
    """A table holds what the command's CSV writes: the same columns, and each cell the same
    value (the CSV writes a float exactly, as Rust writes it back; null is empty)."""
    reader = csv.DictReader(io.StringIO(text))
    theirs = list(reader)
    assert table.column_names == reader.fieldnames
    ours = list(table)
    assert len(ours) == len(theirs) > 0
    for mine, row in zip(ours, theirs):
        for column, value in mine.items():
            cell = row[column]
            if value is None or isinstance(value, str):
                assert (value or "") == cell, (column, mine, row)
            else:
                assert value == type(value)(cell), (column, mine, row)


def test_the_package_is_the_installed_wheel_with_its_stubs():
    assert "site-packages" in Path(chess960.__file__).parts, chess960.__file__
    installed = Path(chess960.__file__).parent
    assert (installed / "py.typed").exists() and (installed / "_chess960.pyi").exists()


@pytest.mark.parametrize("kind", ["pgn", "gz", "zst", "bz2"])
def test_every_game_equals_python_chess_reading(corpus, python_chess_reading, kind):
    want = expected(python_chess_reading)
    assert len(want) > 1260
    for k, least in [("standard", 20), ("variant", 10), ("unknown", 4), ("dfrc", 290)]:
        assert sum(r[3] == k for r in want) >= least, k
    table = chess960.read_games(corpus[kind])
    assert len(table) == len(want)
    assert rows(table) == want


def test_a_file_object_and_a_list_of_paths(corpus, python_chess_reading):
    want = expected(python_chess_reading)
    with open(corpus["zst"], "rb") as handle:
        table = list(chess960.read_games(handle))
        assert rows(table) == want
        # A file's name is its file column; an object without one gives "".
        assert {r["file"] for r in table} == {str(corpus["zst"])}
    with open(corpus["pgn"], "rb") as handle:
        table = list(chess960.read_games(io.BytesIO(handle.read())))
        assert rows(table) == want
        assert {r["file"] for r in table} == {""}
    paths = [corpus[k] for k in ("pgn", "gz", "zst", "bz2")]
    table = chess960.read_games([str(p) for p in paths])
    got = list(table)
    assert [r["file"] for r in got] == [str(p) for p in paths for _ in want]
    assert rows(got) == want * 4


@pytest.mark.parametrize("flags,kwargs", [([], {}), (["--min-elo", "2000"], {"min_elo": 2000})])
def test_columns_equal_the_command_csv(corpus, cli, flags, kwargs):
    """The same columns as the command's CSV, in order, cell for cell."""
    path = str(corpus["bz2"])
    same_table(chess960.read_games(path, **kwargs), cli("games", "--format", "csv", *flags, path))


def test_elos_and_assume_chess960(corpus, python_chess_reading):
    table = list(chess960.read_games(corpus["pgn"], assume_chess960=True))
    for mine, theirs in zip(table, python_chess_reading):
        # An Elo tag that is no number ("?", "-") is null.
        elo = lambda tag: int(tag) if tag.isdigit() else None  # noqa: E731
        assert (mine["white_elo"], mine["black_elo"]) == (elo(theirs[3]), elo(theirs[4]))
        if theirs[5] == "standard":
            assert (mine["white_sp"], mine["black_sp"], mine["kind"]) == (518, 518, "chess960")


@pytest.mark.parametrize(
    "flags,kwargs",
    [([], {}), (["--min-elo", "2000"], {"min_elo": 2000}), (["--assume-chess960"], {"assume_chess960": True})],
)
def test_read_stats_equals_the_command(corpus, cli, flags, kwargs):
    path = str(corpus["zst"])
    want = cli("games", "--stats", "--format", "csv", *flags, path)
    same_table(chess960.read_stats(path, **kwargs), want)
    with open(path, "rb") as handle:
        same_table(chess960.read_stats(handle, **kwargs), want)
    same_table(
        chess960.read_stats([path, str(corpus["gz"])], **kwargs),
        cli("games", "--stats", "--format", "csv", *flags, path, str(corpus["gz"])),
    )


def test_polars_pyarrow_and_pandas_take_the_tables(corpus):
    pl = pytest.importorskip("polars")
    pa = pytest.importorskip("pyarrow")
    games = chess960.read_games(corpus["zst"])
    frame = pl.DataFrame(games)
    assert games.to_polars().equals(frame)
    # polars makes a struct Series of any Arrow stream that is not pyarrow's.
    assert pl.from_arrow(games).struct.unnest().equals(frame)
    assert frame.columns == games.column_names
    assert frame.height == len(games)
    assert frame.schema["white_sp"] == pl.UInt16
    assert frame.filter(pl.col("kind") == "chess960")["white_sp"].null_count() == 0
    arrow = pa.table(games)
    assert arrow.num_rows == len(games)
    assert arrow.column("game").to_pylist() == [r["game"] for r in games]
    pandas = games.to_pandas()
    assert len(pandas) == len(games)
    assert list(pandas.columns) == games.column_names
    assert pandas["game"].tolist() == arrow.column("game").to_pylist()
    stats = pl.DataFrame(chess960.read_stats(corpus["zst"]))
    assert stats["games"].sum() == frame.filter(pl.col("white_sp").is_not_null()).height
    assert pa.table(chess960.read_stats(corpus["zst"])).num_rows == stats.height
    # The same table taken twice gives the same columns.
    assert pl.DataFrame(games).equals(frame)


def test_a_missing_file_and_a_wrong_source_are_errors(tmp_path):
    with pytest.raises(OSError, match="no such file"):
        chess960.read_games(tmp_path / "no such file.pgn")
    with pytest.raises(OSError, match="no such file"):
        chess960.read_stats([tmp_path / "no such file.pgn"])
    with pytest.raises(TypeError, match="a source is a path"):
        chess960.read_games(42)
    with open(__file__, "r") as text:
        with pytest.raises(OSError, match="binary mode"):
            chess960.read_games(text)


def test_an_empty_input_is_an_empty_table():
    table = chess960.read_games(io.BytesIO(b""))
    assert len(table) == 0 and list(table) == []
    assert "file" in table.column_names and "white_sp" in table.column_names
    assert len(chess960.read_stats(io.BytesIO(b""))) == 0


def test_the_gil_is_released_while_reading(corpus, tmp_path):
    """Another Python thread runs all the while a read goes on (it could not run at all if
    the read held the GIL)."""
    import threading

    big = tmp_path / "big.pgn"
    plain = corpus["pgn"].read_bytes()
    big.write_bytes(plain * 20)
    ticks = 0
    stop = threading.Event()

    def count():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        for read in (chess960.read_games, chess960.read_stats):
            before = ticks
            read(big)
            assert ticks - before > 1000, read
    finally:
        stop.set()
        counter.join()


def test_one_large_plain_file_read_in_parts_gives_the_same_table(corpus, cli, tmp_path):
    """A plain file of 64 MiB is read in parts of about 4 MiB on every core; its game numbers
    and offsets are the file's, as one thread (a file object) and the command read them."""
    big = tmp_path / "big.pgn"
    plain = corpus["pgn"].read_bytes()
    big.write_bytes(plain * ((64 << 20) // len(plain) + 1))
    parts = list(chess960.read_games(big))
    with open(big, "rb") as handle:
        whole = list(chess960.read_games(handle))
    assert len(parts) == len(whole) > 40_000
    keep = ("game", "white_sp", "black_sp", "result", "offset", "kind", "note")
    assert [[r[k] for k in keep] for r in parts] == [[r[k] for k in keep] for r in whole]
    theirs = list(csv.DictReader(io.StringIO(cli("games", "--format", "csv", str(big)))))
    assert [(str(r["game"]), str(r["offset"])) for r in parts] == [(r["game"], r["offset"]) for r in theirs]


def test_a_file_object_that_reads_more_than_asked_is_an_error(corpus):
    """A reader whose read(n) gives more than n bytes would lose the rest: an error, not a
    table with games missing."""

    class Greedy:
        def __init__(self, data: bytes):
            self.data = data

        def read(self, n: int) -> bytes:
            chunk, self.data = self.data[: n + 1], self.data[n + 1 :]
            return chunk

    with pytest.raises(OSError, match="more than n bytes"):
        chess960.read_games(Greedy(corpus["pgn"].read_bytes()))


def test_iterating_a_table_gives_its_rows_one_at_a_time(corpus):
    table = chess960.read_games(corpus["gz"])
    rows_ = iter(table)
    assert iter(rows_) is rows_
    assert [next(rows_) for _ in range(3)] == table.to_pylist()[:3]
    assert len(list(rows_)) == len(table) - 3

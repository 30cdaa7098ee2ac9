"""read_evals and engine_table against the eval files themselves, as the command reads them:
the same columns as the CSV, cell for cell, each position's latest record."""

import csv
import io
from pathlib import Path

import pytest

import chess960

TABLE = Path(__file__).resolve().parents[2] / "engine" / "data" / "evals-960.csv"


def csv_rows(text):
    """The CSV's header and rows, after its `#` lines."""
    reader = csv.DictReader(io.StringIO("".join(l for l in text.splitlines(True) if not l.startswith("#"))))
    return reader.fieldnames, list(reader)


def same(table, header, rows):
    assert table.column_names == header
    ours = list(table)
    assert len(ours) == len(rows) > 0
    for mine, row in zip(ours, rows):
        for column, value in mine.items():
            assert ("" if value is None else str(value)) == row[column], (column, mine, row)


def test_engine_table_is_the_shipped_csv_and_reads_as_read_evals():
    header, rows = csv_rows(TABLE.read_text())
    table = chess960.engine_table()
    assert len(table) == table.num_rows == 960
    same(table, header, rows)
    assert [r["sp"] for r in table] == list(range(960))
    same(chess960.read_evals(TABLE), header, rows)


def test_a_positions_latest_record_counts(tmp_path, cli):
    header, rows = csv_rows(TABLE.read_text())
    lines = TABLE.read_text().splitlines(True)
    body = [l for l in lines if not l.startswith("#")]
    failed = "105,QNRBBNKR,,,,,,,,,,,,Stockfish 15.1,nodes=3000000,crash,its output ended\n"
    path = tmp_path / "history.csv"
    # 105 fails first, then its rerun's record (the table's) counts.
    path.write_text(body[0] + failed + "".join(body[1:]))
    latest = list(chess960.read_evals(path))
    assert len(latest) == 960
    assert latest[0]["sp"] == 105 and latest[0]["status"] == "ok"
    history = chess960.read_evals(path, latest=False)
    assert len(history) == 961 and list(history)[0]["status"] == "crash"
    # The command agrees: a book by balance of the file holds 105.
    assert "105" in cli("book", "--evals", str(path), "--format", "text").split()


def test_a_broken_line_and_a_missing_file(tmp_path):
    path = tmp_path / "broken.csv"
    path.write_text("sp,rank,cp\n518,RNBQKBNR,x\n")
    with pytest.raises(ValueError, match="broken.csv: line 2"):
        chess960.read_evals(path)
    with pytest.raises(FileNotFoundError):
        chess960.read_evals(tmp_path / "missing.csv")


def test_schema_num_rows_and_the_arrow_c_schema():
    table = chess960.engine_table()
    assert list(table.schema) == table.column_names
    assert table.schema["sp"] == "Int64" and table.schema["rank"] == "Utf8"
    games = chess960.read_games(io.BytesIO(b'[Variant "Chess960"]\n\n1-0\n'))
    assert games.schema["white_sp"] == "UInt16" and games.num_rows == 1
    pa = pytest.importorskip("pyarrow")
    schema = pa.schema(table)
    assert schema.names == table.column_names
    assert pa.schema(games).field("file").type == pa.dictionary(pa.uint32(), pa.utf8())

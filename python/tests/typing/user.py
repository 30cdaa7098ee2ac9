"""A user's script, checked with `mypy --strict` against the installed package's stubs."""

import io

import chess960
from chess960 import Book, Castling, DoubleStartingPosition, StartingPosition


def fens(ids: list[int]) -> list[str]:
    return [StartingPosition.from_id(i).fen(castling="shredder") for i in ids]


def king_squares(sp: StartingPosition) -> list[tuple[str, str]]:
    castlings: list[Castling] = sp.castlings()
    return [(c.king_from, c.king_to) for c in castlings]


def book_lines() -> list[str]:
    book: Book = Book.chess960().without(StartingPosition.STANDARD)
    return list(book.lines("epd", "x-fen"))


def rounds(seed: str) -> list[DoubleStartingPosition]:
    return [entry.pair for entry in Book.dfrc().draw(seed, 3)]


def starts(pgn: bytes) -> list[int | None]:
    table = chess960.read_games(io.BytesIO(pgn))
    return [row["white_sp"] for row in table]


def score_table(path: str) -> int:
    return len(chess960.read_stats([path], min_elo=2000))


try:
    StartingPosition.parse("RNBQKNBR")
except chess960.ParseStartError as err:
    message: str = str(err)


def first_entry() -> chess960.BookEntry:
    # BookIter is typed by what it yields: entries here, strings from lines().
    return next(Book.chess960().entries())


def balanced(path: str) -> list[int]:
    table = chess960.read_evals(path, latest=True)
    return [row["sp"] for row in table if table.schema["sp"] == "Int64"]


def shipped_rows() -> int:
    return chess960.engine_table().num_rows + len(chess960.read_games("db.pgn", min_elo=2200))


def most_played(pgn: bytes) -> list[str]:
    table = chess960.read_tree(io.BytesIO(pgn), sp=[105, "105 451"], plies=12, speed="blitz")
    return [row["san"] for row in table if row["white"] + row["draws"] + row["black"] > 10]


def explored(directory: str) -> tuple[int, list[str], list[str]]:
    index: chess960.Index = chess960.open_index(directory)
    node = index.explore(None, ["e2e4"], speeds=["blitz", "rapid"], ratings=[1600, "1800"],
                         since="2024-01", until="2024-06", moves=5, top_games=2, history=True)
    white: int = node["white"]
    table = index.moves(play=("e2e4", "e7e5"), speeds="blitz", recent_games=0)
    names: list[str] = [f["name"] for f in index.files()]
    return white, [row["san"] for row in table], names

"""Chess960 (Fischer Random) starting positions by Scharnagl's numbering, PGN databases
read into Arrow tables, and the opening explorer on disk that ``chess960 index add`` makes.

>>> import chess960
>>> sp = chess960.StartingPosition.from_id(105)
>>> str(sp), sp.fen(castling="shredder")
('QNRBBNKR', 'qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1')
"""

from chess960._chess960 import (
    Book,
    BookEntry,
    Castling,
    Chess960Error,
    DoubleStartingPosition,
    DrawError,
    IdError,
    Index,
    NumberError,
    ParseBackRankError,
    ParseFenError,
    ParseStartError,
    ParseUciMoveError,
    StartingPosition,
    Table,
    __version__,
    engine_table,
    open_index,
    read_evals,
    read_games,
    read_stats,
    read_tree,
)

__all__ = [
    "Book",
    "BookEntry",
    "Castling",
    "Chess960Error",
    "DoubleStartingPosition",
    "DrawError",
    "IdError",
    "Index",
    "NumberError",
    "ParseBackRankError",
    "ParseFenError",
    "ParseStartError",
    "ParseUciMoveError",
    "StartingPosition",
    "Table",
    "__version__",
    "engine_table",
    "open_index",
    "read_evals",
    "read_games",
    "read_stats",
    "read_tree",
]

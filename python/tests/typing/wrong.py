"""A script with type errors the stubs must catch (mypy fails on it)."""

from chess960 import StartingPosition

id: str = StartingPosition.from_id(105).id
StartingPosition.STANDARD.fen(castling="xfen")

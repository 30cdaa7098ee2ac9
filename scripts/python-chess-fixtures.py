#!/usr/bin/env python3
"""Writes the start FENs python-chess gives, for tests/it/fen.rs to compare with ours.

Run once (pip install chess==1.11.2) from the repository root; the outputs are committed:
  tests/it/fixtures/python-chess-960.txt   id|fen()|shredder_fen() of Board.from_chess960_pos(id)
  tests/it/fixtures/python-chess-dfrc.txt  white|black|fen()|shredder_fen() of a Double Fischer
                                        Random board built square by square, each FEN read
                                        back by python-chess before it is written down.
"""
import chess

from chess960_boards import dfrc_board

with open("tests/it/fixtures/python-chess-960.txt", "w") as out:
    for sp in range(960):
        board = chess.Board.from_chess960_pos(sp)
        assert board.chess960_pos() == sp
        out.write(f"{sp}|{board.fen()}|{board.shredder_fen()}\n")

# A deterministic sample: the corners, standard chess, the docs' pair, and 1,000 more.
pairs = [(0, 0), (0, 959), (959, 0), (959, 959), (518, 518), (105, 451), (451, 105)]
state = 0x9E3779B97F4A7C15
for _ in range(1000):
    state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
    pairs.append(((state >> 33) % 960, (state >> 13) % 960))

with open("tests/it/fixtures/python-chess-dfrc.txt", "w") as out:
    for white, black in pairs:
        board = dfrc_board(white, black)
        fen, shredder = board.fen(), board.shredder_fen()
        for text in (fen, shredder):
            again = chess.Board(text, chess960=True)
            assert again.is_valid() and again.shredder_fen() == shredder, text
            assert again.castling_rights == board.castling_rights, text
        out.write(f"{white}|{black}|{fen}|{shredder}\n")

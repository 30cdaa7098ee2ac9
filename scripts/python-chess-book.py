#!/usr/bin/env python3
"""Reads a book written by `chess960 book` from stdin with python-chess and checks every line.

  python-chess-book.py chess960 fen|epd|pgn      the 960 book: every line or game
  python-chess-book.py dfrc fen|epd STRIDE       the DFRC book: every STRIDE-th line

Each line or game must read without error in Chess960 mode and give the position that
python-chess itself builds for its number (line n of the DFRC book is White n // 960, Black
n % 960), with castling rights on all four rooks; EPD lines must carry hmvc 0, fmvn 1 and the
id `chess960 N` or `dfrc W B`, and PGN games Variant Chess960 with chess960_pos() == N.
Prints how many were checked; exits 1 at the first disagreement. cli/tests/it/book_tools.rs
runs it with the interpreter in CHESS960_PYTHON (a virtual environment with chess==1.11.2).
"""
import sys

import chess
import chess.pgn

from chess960_boards import dfrc_board


def fail(n, text, why):
    sys.exit(f"line {n}: {text!r}: {why}")


def same(n, text, board, want):
    if board.board_fen() != want.board_fen():
        fail(n, text, f"placement {board.board_fen()}, expected {want.board_fen()}")
    if board.castling_rights != want.castling_rights:
        rooks = [chess.square_name(s) for s in chess.SquareSet(board.castling_rights)]
        fail(n, text, f"castling rights on {rooks}")
    if board.turn != chess.WHITE or board.ep_square is not None or not board.is_valid():
        fail(n, text, f"not a valid start with White to move: {board.status()!r}")
    if (board.halfmove_clock, board.fullmove_number) != (0, 1):
        fail(n, text, "move counters are not 0 and 1")


def check_line(kind, form, n, line):
    white, black = (n, n) if kind == "chess960" else divmod(n, 960)
    want = dfrc_board(white, black)
    if form == "fen":
        board = chess.Board(line, chess960=True)
    else:
        board, ops = chess.Board.from_epd(line, chess960=True)
        name = f"chess960 {n}" if kind == "chess960" else f"dfrc {white} {black}"
        if ops != {"hmvc": 0, "fmvn": 1, "id": name}:
            fail(n, line, f"operations {ops}")
    same(n, line, board, want)
    if kind == "chess960" and board.chess960_pos() != n:
        fail(n, line, f"chess960_pos() is {board.chess960_pos()}")


def check_pgn():
    count = 0
    while (game := chess.pgn.read_game(sys.stdin)) is not None:
        n = count
        if game.errors:
            fail(n, game.headers.get("FEN"), f"errors {game.errors}")
        if game.headers.get("Variant") != "Chess960" or game.headers.get("Event") != f"chess960 {n}":
            fail(n, game.headers.get("FEN"), f"tags {dict(game.headers)}")
        if game.headers.get("Result") != "*" or game.next() is not None:
            fail(n, game.headers.get("FEN"), "not an empty game with result *")
        board = game.board()
        same(n, game.headers["FEN"], board, dfrc_board(n, n))
        if board.chess960_pos() != n:
            fail(n, game.headers["FEN"], f"chess960_pos() is {board.chess960_pos()}")
        count += 1
    return count


def main():
    kind, form = sys.argv[1], sys.argv[2]
    stride = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    if form == "pgn":
        count = check_pgn()
    else:
        count = 0
        for n, line in enumerate(sys.stdin):
            if n % stride == 0:
                check_line(kind, form, n, line.rstrip("\n"))
                count += 1
    print(f"python-chess {chess.__version__} checked {count} {kind} {form}")


main()

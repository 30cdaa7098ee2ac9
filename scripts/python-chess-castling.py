#!/usr/bin/env python3
"""Checks `chess960 castling --format json` with python-chess's own castling rules.

Reads lines `WHITE BLACK<TAB>JSON` from stdin: the Scharnagl ids of White's and Black's start
(the same for Chess960) and the JSON array the CLI printed for that start. For each of the
four castlings, on the board python-chess builds itself, with everything but the king and
that rook taken off the castling side's back rank:
- exactly one castling move is legal; its UCI with chess960=True is our uci_king_takes_rook,
  and with chess960=False our uci_king_two_squares, or king-takes-rook where we say null;
- a knight on any other square of that back rank makes it illegal exactly when we list the
  square in must_be_empty (and the move is legal again once the knight is gone);
- an enemy rook attacking a back-rank square down an opened file makes it illegal exactly
  when we list the square in king_passes.
Prints how many castlings were checked; exits 1 at the first disagreement. Run by
cli/tests/it/castling_tools.rs with the interpreter in CHESS960_PYTHON (chess==1.11.2).
"""
import json
import sys

import chess

from chess960_boards import dfrc_board


def fail(line, castling, why):
    sys.exit(f"{line.split(chr(9))[0]} {castling['color']} {castling['side']}: {why}")


def castling_moves(board):
    return [move for move in board.legal_moves if board.is_castling(move)]


def check(line, board, castling):
    colour = chess.WHITE if castling["color"] == "white" else chess.BLACK
    back_rank = 0 if colour == chess.WHITE else 7
    king = board.king(colour)
    rooks = sorted(board.pieces(chess.ROOK, colour) & chess.SquareSet(chess.BB_RANKS[back_rank]))
    rook = rooks[-1] if castling["side"] == "kingside" else rooks[0]
    if chess.square_name(king) != castling["king_from"]:
        fail(line, castling, f"king on {chess.square_name(king)}")
    if chess.square_name(rook) != castling["rook_from"]:
        fail(line, castling, f"rook on {chess.square_name(rook)}")

    base = board.copy()
    base.turn = colour
    for square in chess.SquareSet(chess.BB_RANKS[back_rank]):
        if square not in (king, rook):
            base.remove_piece_at(square)
    base.castling_rights = chess.BB_SQUARES[rook]

    moves = castling_moves(base)
    if len(moves) != 1:
        fail(line, castling, f"legal castlings {[base.uci(m, chess960=True) for m in moves]}")
    move = moves[0]
    if base.uci(move, chess960=True) != castling["uci_king_takes_rook"]:
        fail(line, castling, f"chess960=True spelling {base.uci(move, chess960=True)}")
    standard = castling["uci_king_two_squares"] or castling["uci_king_takes_rook"]
    if base.uci(move, chess960=False) != standard:
        fail(line, castling, f"chess960=False spelling {base.uci(move, chess960=False)}")
    # python-chess reads either spelling back as this castling.
    for text in {castling["uci_king_takes_rook"], standard}:
        if base.parse_uci(text) != move:
            fail(line, castling, f"parse_uci({text}) is {base.parse_uci(text)}")

    for square in chess.SquareSet(chess.BB_RANKS[back_rank]):
        if square in (king, rook):
            continue
        base.set_piece_at(square, chess.Piece(chess.KNIGHT, colour))
        blocked = not castling_moves(base)
        if blocked != (chess.square_name(square) in castling["must_be_empty"]):
            fail(line, castling, f"a knight on {chess.square_name(square)}: blocked={blocked}")
        base.remove_piece_at(square)
        if castling_moves(base) != [move]:
            fail(line, castling, f"not legal again after {chess.square_name(square)}")

    pawn_rank = 1 if colour == chess.WHITE else 6
    rook_rank = 3 if colour == chess.WHITE else 4
    for file in range(8):
        attacked = base.copy()
        attacked.remove_piece_at(chess.square(file, pawn_rank))
        attacked.set_piece_at(chess.square(file, rook_rank), chess.Piece(chess.ROOK, not colour))
        square = chess.square_name(chess.square(file, back_rank))
        blocked = not castling_moves(attacked)
        if blocked != (square in castling["king_passes"]):
            fail(line, castling, f"{square} attacked: blocked={blocked}")


def main():
    checked = 0
    for line in sys.stdin:
        ids, text = line.rstrip("\n").split("\t")
        white, black = map(int, ids.split())
        castlings = json.loads(text)
        if len(castlings) != 4:
            sys.exit(f"{ids}: {len(castlings)} castlings")
        for castling in castlings:
            check(line, dfrc_board(white, black), castling)
            checked += 1
    print(f"python-chess {chess.__version__}: checked {checked} castlings")


if __name__ == "__main__":
    main()

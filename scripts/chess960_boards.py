"""The Double Fischer Random start that python-chess builds, for the scripts beside this file."""
import chess


def dfrc_board(white, black):
    """White's half of the board from Chess960 start `white`, Black's from `black`, with
    castling rights on every rook of the two back ranks."""
    w, b = chess.Board.from_chess960_pos(white), chess.Board.from_chess960_pos(black)
    board = chess.Board.empty(chess960=True)
    for square in chess.SQUARES:
        source = w if chess.square_rank(square) < 4 else b
        board.set_piece_at(square, source.piece_at(square))
    board.castling_rights = board.rooks & (chess.BB_RANK_1 | chess.BB_RANK_8)
    return board

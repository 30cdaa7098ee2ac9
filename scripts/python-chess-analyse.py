#!/usr/bin/env python3
"""Analyses positions with a UCI engine through python-chess's `chess.engine`, MultiPV: the
peer that `chess960 eval --from-index`'s analyses must agree with.

Usage: python-chess-analyse.py ENGINE NODES MULTIPV < fens
Each line of stdin is a FEN or EPD. For each, python-chess runs one search of NODES nodes
(Threads 1, UCI_ShowWDL on; python-chess sets UCI_Chess960 itself for a Chess960 board) with
MULTIPV lines as a new game, and prints a tab-separated row a line: the FEN as given, the
line's number, cp, mate, win, draw, loss (White's view), the line's depth and seldepth (as
the engine last reported each line), the search's nodes (the best line's), and the line's moves in UCI's king-takes-rook spelling,
space-separated. Run by engine/tests/it/stockfish_tools.rs with the interpreter in
CHESS960_PYTHON (chess==1.11.2).
"""
import sys

import chess
import chess.engine


def main():
    engine_path, nodes, multipv = sys.argv[1:]
    fens = [line.strip() for line in sys.stdin if line.strip()]
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    engine.configure({"Threads": 1, "UCI_ShowWDL": True})
    limit = chess.engine.Limit(nodes=int(nodes))
    rows = []
    for game, fen in enumerate(fens):
        board = chess.Board(fen if len(fen.split()) == 6 else fen + " 0 1", chess960=True)
        infos = engine.analyse(board, limit, multipv=int(multipv), info=chess.engine.INFO_ALL, game=game)
        head = infos[0]
        for number, info in enumerate(infos, 1):
            score = info["score"].white()
            wdl = info.get("wdl")
            wdl = wdl.white() if wdl is not None else None
            moves = []
            play = board.copy()
            for move in info.get("pv", []):
                moves.append(play.uci(move, chess960=True))
                play.push(move)
            fields = [
                fen,
                number,
                score.score() if not score.is_mate() else None,
                score.mate(),
                wdl.wins if wdl else None,
                wdl.draws if wdl else None,
                wdl.losses if wdl else None,
                info.get("depth"),
                info.get("seldepth"),
                head.get("nodes"),
                " ".join(moves),
            ]
            rows.append("\t".join("" if f is None else str(f) for f in fields))
    engine.quit()
    print("\n".join(rows))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Evaluates start FENs with a UCI engine through python-chess's `chess.engine`: the peer that
`chess960 eval`'s driver must agree with.

Usage: python-chess-eval.py ENGINE NODES < fens
Each line of stdin is a FEN. For each, python-chess plays one search of NODES nodes (Threads 1,
UCI_ShowWDL on; python-chess sets UCI_Chess960 itself for a Chess960 board) as a new game,
and prints one tab-separated line: cp, mate, win, draw, loss, depth, seldepth, nodes, and the
best move in UCI's king-takes-rook spelling (empty where the engine said nothing). With
`--time` it prints only the total seconds spent, for the benchmark (scripts/eval-throughput.sh).
Run by engine/tests/it/stockfish_tools.rs with the interpreter in CHESS960_PYTHON
(chess==1.11.2).
"""
import sys
import time

import chess
import chess.engine


def main():
    timing = "--time" in sys.argv
    engine_path, nodes = [a for a in sys.argv[1:] if a != "--time"]
    fens = [line.strip() for line in sys.stdin if line.strip()]
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    engine.configure({"Threads": 1, "UCI_ShowWDL": True})
    limit = chess.engine.Limit(nodes=int(nodes))
    started = time.perf_counter()
    lines = []
    for game, fen in enumerate(fens):
        board = chess.Board(fen, chess960=True)
        result = engine.play(board, limit, info=chess.engine.INFO_ALL, game=game)
        info = result.info
        score = info["score"].white()
        wdl = info.get("wdl")
        wdl = wdl.white() if wdl is not None else None
        fields = [
            score.score() if not score.is_mate() else None,
            score.mate(),
            wdl.wins if wdl else None,
            wdl.draws if wdl else None,
            wdl.losses if wdl else None,
            info.get("depth"),
            info.get("seldepth"),
            info.get("nodes"),
            result.move.uci() if result.move else None,
        ]
        lines.append("\t".join("" if f is None else str(f) for f in fields))
    elapsed = time.perf_counter() - started
    engine.quit()
    if timing:
        print(f"{elapsed:.6f}")
    else:
        print("\n".join(lines))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes hostile PGN files of MB megabytes each into DIR: long-tags.pgn (distinct 100 kB FEN
and Variant values, a game with a Chess960 start between them), long-comments.pgn (100 kB
comments with blank lines and tag lines inside), endless-line.pgn (one game whose movetext
is one line to the end); with --ordinary, only ordinary.pgn, a baseline of the same size
(games of 80 plies with lichess's clock comments).

  scripts/hostile-pgn.py DIR MB [--ordinary]
"""
import os, sys
folder, size = sys.argv[1], int(sys.argv[2]) << 20
board = bytes.maketrans(bytes(range(256)), (b"pnbrqkPNBRQK12345678/" * 13)[:256])
start = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"
chess960 = f'[Variant "Chess960"]\n[FEN "{start}"]\n[SetUp "1"]\n'
moves = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 "
results = ["1-0", "0-1", "1/2-1/2"]

def write(name, games):
    with open(os.path.join(folder, name), "w") as f:
        written = 0
        for game in games:
            f.write(game)
            written += len(game)
            if written >= size:
                return

def long_tags():
    n = 0
    while True:
        fen = os.urandom(100_000).translate(board).decode()
        variant = os.urandom(100_000).translate(board).decode()
        r = results[n % 3]
        yield f'[Event "g{n}"]\n[Variant "Chess960 {variant}"]\n[FEN "{fen}"]\n[SetUp "1"]\n[Result "{r}"]\n\n{moves}{r}\n\n'
        # A game with a start between them, for the trees to count.
        yield f'[Event "s{n}"]\n{chess960}[Result "{r}"]\n\n{moves}{r}\n\n'
        n += 1

def long_comments():
    n = 0
    inside = "\n\n[Event \"inside a comment\"]\n\n" + "an annotation of some words\n" * 60
    while True:
        r = results[n % 3]
        comment = (inside * 60)[: 100_000]
        yield f'[Event "c{n}"]\n{chess960}[Result "{r}"]\n\n1. e4 {{{n} {comment}}} e5 2. Nf3 {r}\n\n'
        n += 1

def endless_line():
    yield f'[Event "endless"]\n{chess960}[Result "1-0"]\n\n{moves}'
    while True:
        yield "{ a comment } Nc3 Nc6 Nb1 Nb8 " * 1000


def ordinary():
    plies = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O a4 a6 Re1 Ba7 h3 h6 Nbd2 Re8 ".split() * 4
    n = 0
    while True:
        r = results[n % 3]
        movetext = " ".join(
            (f"{i // 2 + 1}. " if i % 2 == 0 else "") + f"{ply} {{ [%clk 0:0{i % 10}:{n % 60:02}] }}"
            for i, ply in enumerate(plies))
        yield (f'[Event "Rated Blitz game"]\n[Site "https://lichess.org/{n:08}"]\n[White "w{n % 997}"]\n'
               f'[Black "b{n % 991}"]\n[Result "{r}"]\n[WhiteElo "{1500 + n % 700}"]\n'
               f'[BlackElo "{1500 + n % 613}"]\n[TimeControl "180+0"]\n{chess960}\n{movetext} {r}\n\n')
        n += 1

if sys.argv[3:] == ["--ordinary"]:
    write("ordinary.pgn", ordinary())
else:
    write("long-tags.pgn", long_tags())
    write("long-comments.pgn", long_comments())
    write("endless-line.pgn", endless_line())

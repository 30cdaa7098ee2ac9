"""Generated games of lichess's kind, and of a masters' database, for the berserk scripts
(their folder is on Python's path when they run): starts 518, 105 and 314 and the Double
Fischer Random pairs 105/451 and 0/959, moves mostly one of the first three legal moves by UCI
so that lines repeat and transpose."""

import random
import sys

import chess

STARTS = [(518, 518), (105, 105), (314, 314), (105, 451), (0, 959)]
MONTHS = ["2024.01", "2024.02", "2024.03"]
TIME_CONTROLS = ["15+0", "60+0", "120+1", "180+2", "300+3", "600+5", "900+10", "1800+20", "-"]


def start_board(white, black):
    """The start of Chess960 position `white` (or the pair `white`/`black`) with all four
    castlings, as python-chess builds it."""
    board = chess.Board.from_chess960_pos(white)
    top = chess.Board.from_chess960_pos(black)
    for square in chess.SquareSet(chess.BB_RANK_7 | chess.BB_RANK_8):
        board.set_piece_at(square, top.piece_at(square))
    board.castling_rights = board.rooks & (chess.BB_RANK_1 | chess.BB_RANK_8)
    return board


def write_games(seed, count, out=sys.stdout):
    rng = random.Random(seed)
    # Dates first, in order, as a monthly dump lists its games.
    dates = sorted(f"{rng.choice(MONTHS)}.{rng.randrange(1, 29):02}" for _ in range(count))
    ids = set()
    for number, date in enumerate(dates):
        white, black = rng.choice(STARTS)
        fen, moves, result = play_game(rng, start_board(white, black))
        while True:
            lichess_id = "".join(rng.choice("abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789")
                                 for _ in range(8))
            if lichess_id not in ids:
                ids.add(lichess_id)
                break
        mode = "Rated" if rng.random() < 0.8 else "Casual"
        tags = [("Event", f"{mode} Chess960 game"), ("Site", f"https://lichess.org/{lichess_id}"),
                ("Date", date), ("White", f"player{rng.randrange(80)}"),
                ("Black", f"player{rng.randrange(80)}"), ("Result", result), ("UTCDate", date),
                ("UTCTime", f"{rng.randrange(24):02}:{rng.randrange(60):02}:00")]
        base = rng.randrange(600, 2700)
        tags += [("WhiteElo", str(base + rng.randrange(200))),
                 ("BlackElo", str(base + rng.randrange(200)))]
        tags += [("Variant", "Chess960"), ("TimeControl", rng.choice(TIME_CONTROLS)),
                 ("FEN", fen), ("SetUp", "1")]
        print_game(tags, moves, result, out)


def play_game(rng, board):
    """A game from `board`: its FEN, its moves in SAN (one of the first three legal moves by
    UCI mostly, 2 to 70 plies) and its result (about one in twenty `*` when unfinished)."""
    fen = board.fen(shredder=True)
    moves = []
    for _ in range(rng.randrange(2, 71)):
        legal = sorted(board.legal_moves, key=lambda m: board.uci(m, chess960=True))
        if not legal:
            break
        move = rng.choice(legal[:3]) if rng.random() < 0.85 else rng.choice(legal)
        moves.append(board.san(move))
        board.push(move)
    outcome = board.outcome()
    if outcome is not None:
        return fen, moves, outcome.result()
    return fen, moves, rng.choice(["1-0", "0-1", "1/2-1/2", "1-0", "0-1"] * 4 + ["*"])


def print_game(tags, moves, result, out):
    text = "".join(f'[{k} "{v}"]\n' for k, v in tags)
    numbered = [(f"{n // 2 + 1}. " if n % 2 == 0 else "") + san for n, san in enumerate(moves)]
    print(f"{text}\n{' '.join(numbered)} {result}\n", file=out)


def write_masters(seed, count, out):
    """Over-the-board games as a masters' database holds them: no lichess id, an Event, a
    Site, a Date and a Round of their own, titled players' Elos, every game finished."""
    rng = random.Random(seed)
    for number in range(count):
        white, black = rng.choice(STARTS)
        while True:
            fen, moves, result = play_game(rng, start_board(white, black))
            if result != "*":
                break
        year = rng.choice([2019, 2022, 2024])
        tags = [("Event", f"FIDE World Fischer Random {year}"), ("Site", "Reykjavik ISL"),
                ("Date", f"{year}.10.{rng.randrange(1, 29):02}"),
                ("Round", f"{number // 8 + 1}.{number % 8 + 1}"),
                ("White", f"Master, {rng.choice('ABCDEFGHIJKL')}"),
                ("Black", f"Master, {rng.choice('MNOPQRSTUVWX')}"), ("Result", result),
                ("WhiteElo", str(rng.randrange(2500, 2850))),
                ("BlackElo", str(rng.randrange(2500, 2850))),
                ("Variant", "Chess960"), ("FEN", fen), ("SetUp", "1")]
        print_game(tags, moves, result, out)

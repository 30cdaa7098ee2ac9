"""The opening trees of a PGN file (stdin) computed with python-chess, as `chess960 tree --all
--nodes --format json --plies N` writes them: a JSON line per node reachable from its roots,
breadth first, each move with its games and the mover's average Elo, in lichess's explorer
shape.

Usage: python-chess-tree.py PLIES [MIN_GAMES] < games.pgn
       python-chess-tree.py write SEED GAMES > games.pgn

`write` makes games that meet often: from starts 518, 105 and the pair 105/451 (one in ten
without castling rights), with lichess's tags (Event rated or casual, Site, players), each move one of the three first legal moves by UCI, so that lines
repeat, transpose and come back to a position (a knight out and back); random results
(some unfinished), Elo tags (some missing), TimeControl and UTCDate tags.

The rules, written independently of the Rust code: a game of a Chess960 start or Double
Fischer Random pair (as python-chess-games.py classifies it) with a finished result counts at
each position before each of its first PLIES moves, keyed by `board.epd(shredder=True)`
(en passant only where legal), once per game with the last move it played from there; a
null move ends it. A node's results are the sums of its moves'. A move some game played from
a position but no game counts there (each came back and played another) is listed under
`through`. A start's roots are its position with all four castlings, then each other
position its games begin at (by EPD): from the start with fewer castling rights. With
MIN_GAMES 1 every counted position must be reached from the roots (checked here)."""

import collections
import importlib.util
import json
import logging
import math
import os
import sys

import chess
import chess.pgn

spec = importlib.util.spec_from_file_location(
    "games", os.path.join(os.path.dirname(__file__), "python-chess-games.py"))
games = importlib.util.module_from_spec(spec)
spec.loader.exec_module(games)


def elo(value):
    try:
        number = int(value.strip())
    except (AttributeError, ValueError):
        return None
    return number if 0 <= number < 2**32 else None


def root(white, black):
    """The start of a pair with all four castlings."""
    board = chess.Board.from_chess960_pos(white)
    top = chess.Board.from_chess960_pos(black)
    for square in chess.SquareSet(chess.BB_RANK_7 | chess.BB_RANK_8):
        board.set_piece_at(square, top.piece_at(square))
    board.castling_rights = (board.castling_rights & chess.BB_RANK_1) | \
        (top.castling_rights & chess.BB_RANK_8)
    return board


def count(handle, plies):
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    # (white_sp, black_sp) -> epd -> uci -> [white, draws, black, rating_sum, rated, san]
    trees = collections.defaultdict(lambda: collections.defaultdict(dict))
    # (white_sp, black_sp) -> epd -> uci -> san: every move played there
    played = collections.defaultdict(lambda: collections.defaultdict(dict))
    # (white_sp, black_sp) -> epd -> board: the positions games begin at
    starts = collections.defaultdict(dict)
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        kind, ids = games.kind_of(game.headers)
        result = game.headers.get("Result", "")
        if kind not in ("chess960", "dfrc") or result not in ("1-0", "1/2-1/2", "0-1"):
            continue
        column = ["1-0", "1/2-1/2", "0-1"].index(result)
        ratings = [elo(game.headers.get("WhiteElo")), elo(game.headers.get("BlackElo"))]
        board = game.board()
        first = board.copy()
        last = {}  # epd -> (move, san, mover): the last move the game played there
        for move in list(game.mainline_moves())[:plies]:
            if not move:
                break
            key = board.epd(shredder=True)
            uci = board.uci(move, chess960=True)
            last[key] = (uci, board.san(move), board.turn)
            played[ids][key][uci] = board.san(move)
            board.push(move)
        if last:
            starts[ids].setdefault(first.epd(shredder=True), first)
        tree = trees[ids]
        for key, (uci, san, mover) in last.items():
            counts = tree[key].setdefault(uci, [0, 0, 0, 0, 0, san])
            counts[column] += 1
            rating = ratings[0 if mover == chess.WHITE else 1]
            if rating is not None:
                counts[3] += rating
                counts[4] += 1
    return trees, played, starts


def write_games(seed, count):
    import random
    rng = random.Random(seed)
    for i in range(count):
        white, black = rng.choice([(518, 518), (105, 105), (105, 451)])
        board = root(white, black)
        # One game in ten of a "no castling" event: the start without castling rights.
        no_castling = rng.random() < 0.1
        if no_castling:
            board.castling_rights = chess.BB_EMPTY
        start = board.copy()
        moves = []
        for _ in range(rng.randrange(2, 14)):
            legal = sorted(board.legal_moves, key=lambda m: board.uci(m, chess960=True))
            if not legal:
                break
            move = rng.choice(legal[:3])
            moves.append(board.san(move))
            board.push(move)
        result = rng.choice(["1-0", "0-1", "1/2-1/2", "1-0", "*"])
        fen = start.fen()
        mode = rng.choice(["Rated", "Casual"])
        site = "https://lichess.org/" + "".join(rng.choice("abcdefghXYZ0123456789") for _ in range(8))
        tags = [("Event", f"{mode} Chess960 game"), ("Site", site),
                ("White", f"player{rng.randrange(50)}"), ("Black", f"player{rng.randrange(50)}"),
                ("Variant", "Chess960"), ("FEN", fen),
                ("Result", result), ("TimeControl", rng.choice(["60+0", "180+2", "600+5", "-"])),
                ("UTCDate", f"2024.{rng.randrange(1, 13):02}.01")]
        if rng.random() < 0.8:
            tags += [("WhiteElo", str(rng.randrange(1200, 2800))),
                     ("BlackElo", str(rng.randrange(1200, 2800)))]
        text = "".join(f'[{k} "{v}"]\n' for k, v in tags)
        numbered = [(f"{n // 2 + 1}. " if n % 2 == 0 else "") + san for n, san in enumerate(moves)]
        print(f"{text}\n{' '.join(numbered)} {result}\n")


def move_line(uci, san, counts):
    w, d, b, rating_sum, rated = counts
    return {"uci": uci, "san": san, "averageRating": math.floor(rating_sum / rated + 0.5) if rated else 0,
            "white": w, "draws": d, "black": b, "game": None, "opening": None}


def write(counted, min_games=1):
    """Prints the nodes; says on stderr how many are reached from two or more nodes (the
    transpositions among them)."""
    trees, played, starts = counted
    parents = collections.defaultdict(set)
    for (white, black) in sorted(trees):
        tree = trees[(white, black)]
        full = root(white, black)
        roots = [full] + [board for key, board in sorted(starts[(white, black)].items())
                          if key != full.epd(shredder=True)]
        queue = collections.deque(roots)
        seen = set()
        while queue:
            board = queue.popleft()
            key = board.epd(shredder=True)
            if key not in tree or key in seen:
                continue
            if sum(sum(c[:3]) for c in tree[key].values()) < min_games:
                continue
            seen.add(key)
            moves = sorted(tree[key].items(), key=lambda kv: (-sum(kv[1][:3]), kv[0]))
            through = sorted((uci, san) for uci, san in played[(white, black)][key].items()
                             if uci not in tree[key])
            line = {"white": sum(c[0] for _, c in moves), "draws": sum(c[1] for _, c in moves),
                    "black": sum(c[2] for _, c in moves),
                    "moves": [move_line(uci, c[5], c[:5]) for uci, c in moves],
                    "recentGames": [], "topGames": [], "opening": None,
                    "fen": key, "whiteSp": white, "blackSp": black}
            if through:
                line["through"] = [move_line(uci, san, [0] * 5) for uci, san in through]
            for uci in [uci for uci, _ in moves] + [uci for uci, _ in through]:
                after = board.copy()
                after.push(board.parse_uci(uci))
                parents[(white, black, after.epd(shredder=True))].add(key)
                queue.append(after)
            print(json.dumps(line))
        if min_games <= 1 and seen != set(tree):
            sys.exit(f"{white} {black}: {len(set(tree) - seen)} counted positions not reached")
    met = sum(1 for keys in parents.values() if len(keys) > 1)
    print(f"transpositions {met}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write_games(int(sys.argv[2]), int(sys.argv[3]))
    else:
        min_games = int(sys.argv[2]) if len(sys.argv) > 2 else 1
        write(count(sys.stdin, int(sys.argv[1])), min_games)

#!/usr/bin/env python3
"""PGN test corpora of Chess960 games, written and read with python-chess.

  python-chess-games.py write SEED GAMES_PER_START DFRC_PAIRS [engine] [--truth FILE] [--mixed] > corpus.pgn
  python-chess-games.py read < corpus.pgn
  python-chess-games.py read FILE...          (each line begins with FILE,)
  python-chess-games.py replay < corpus.pgn
  python-chess-games.py moves < corpus.pgn
  python-chess-games.py standard SEED GAMES > standard.pgn

`write` plays random legal games (python-chess, Chess960 mode) from every one of the 960 starts
and from DFRC_PAIRS random Double Fischer Random pairs, and writes each with one of the header
conventions real writers use, in turn: Variant spellings (Chess960, fischerandom, Fischerandom,
chess 960, none, Standard on a 960 game), castling as X-FEN, Shredder, the other letter order,
`-`, letters that do not fit (HEhe), a 4-field FEN, two FEN tags, Variant after FEN, no SetUp,
CRLF line ends, multi-line comments with a tag-like line, `%` escape lines, games without
moves, `*`; plus standard games, 960 games without a FEN (SP 518) and mid-game setups. With
`engine`, games are as engine matches write them (cutechess, fastchess): 80 to 240 plies, an
engine comment on every move (`{+0.25/12 0.103s}`); scripts/games-throughput.sh uses that.

With `--mixed`, a real mixed database's games are added every 23 games, in turn: standard
games with the standard FEN tag (as many GUIs write them) and without, under no Variant,
`Standard` or `From Position`; 960 starts under `From Position`; games of other variants
(Crazyhouse, Atomic, Three-check, King of the Hill, Antichess, Racing Kings, Horde) from
Chess960 starts, played on python-chess's variant boards; games without a Result tag, and
with `[Result "*"]`, whose movetext ends in a decisive marker.

`read` reads a PGN with python-chess's `read_game` and prints, per game, the CSV line
`white_sp,black_sp,result,white_elo,black_elo,kind`: the kind of game as python-chess reads it
(`variant` for a variant board; `unknown` when the board cannot be made or is not a start;
`standard` for the standard start without a Chess960 Variant; else `chess960` or `dfrc`), the
start (`chess960_pos(ignore_castling=True)` for each side's back rank; empty unless Chess960 or
DFRC) and the result as `read_game` leaves the Result header (the termination marker when the
tag is missing or `*`). cli/tests/it/games_tools.rs compares these with `chess960 games`.

`replay` reads each game with python-chess's `read_game` and prints `placement|castling|moves`:
the start's placement, its castling rights (the bitboard of castling rooks, as an integer) and
the mainline in UCI, then `|errors: …` if python-chess could not play it. `write --truth FILE`
writes the same line for each game as it was played, so that a reading of the corpus (or of a
repaired copy) can be checked move for move.

`moves` prints, per game, `ok|moves` or `error|moves`: the mainline python-chess plays, each
move as `board.uci(move, chess960=True)` (castling as king takes rook), and whether
`read_game` recorded an error; `variant` for a game on a variant board.
cli/tests/it/moves_tools.rs compares these with `chess960 games --moves`.

`standard` writes GAMES random legal standard games (python-chess's SAN) in which every third
has one move made illegal, unreadable or ambiguous: for pgn-extract's validation.
"""
import logging
import random
import sys

import chess
import chess.pgn
import chess.variant

from chess960_boards import dfrc_board

RESULTS = ["1-0", "0-1", "1/2-1/2", "*"]


def movetext(board, plies, rng, comments):
    """Random legal moves from `board` as PGN movetext, the result, and the moves."""
    game = chess.pgn.Game()
    game.setup(board)
    node = game
    for _ in range(plies):
        moves = list(node.board().legal_moves)
        if not moves:
            break
        node = node.add_variation(rng.choice(moves))
        if comments:
            node.comment = f"{rng.uniform(-3, 3):+.2f}/{rng.randint(1, 30)} {rng.random():.3f}s"
    end = node.board()
    result = end.result() if end.is_game_over() else rng.choice(RESULTS)
    game.headers["Result"] = result
    exporter = chess.pgn.StringExporter(headers=False, variations=False, comments=comments)
    return game.accept(exporter), result, list(game.mainline_moves())


def side_fen(board):
    """The FEN fields of a start board: placement, and castling as X-FEN and Shredder."""
    return board.board_fen(), "KQkq", board.castling_shredder_fen()


def tags(pairs):
    return "".join(f'[{name} "{value}"]\n' for name, value in pairs)


def write(seed, per_start, dfrc_pairs, engine, truth, mixed=False):
    comments = engine
    rng = random.Random(seed)
    starts = [(n, n) for n in range(960) for _ in range(per_start)]
    starts += [(rng.randrange(960), rng.randrange(960)) for _ in range(dfrc_pairs)]
    out = sys.stdout
    out.write("% A corpus written by scripts/python-chess-games.py\n\n")
    for i, (white, black) in enumerate(starts):
        board = dfrc_board(white, black)
        placement, xfen, shredder = side_fen(board)
        if engine:
            plies = rng.randint(80, 240)
        else:
            plies = rng.choice([0, rng.randint(1, 12), rng.randint(20, 80)])
        style = i % 12
        if style == 6:  # castling -: an event without castling
            board.castling_rights = chess.BB_EMPTY
        moves, result, played = movetext(board, plies, rng, comments)
        elo = [rng.choice(["?", str(rng.randint(1200, 2800))]) for _ in range(2)]
        head = [("Event", f"corpus {i}"), ("Site", "?"), ("Round", "-"),
                ("White", "A, B"), ("Black", 'C "D"'.replace('"', '\\"')), ("Result", result),
                ("WhiteElo", elo[0]), ("BlackElo", elo[1])]
        full = f"{placement} w {{}} - 0 1"
        if style == 0:    # lichess
            head += [("Variant", "Chess960"), ("SetUp", "1"), ("FEN", full.format(xfen))]
        elif style == 1:  # cutechess, TCEC
            head += [("Variant", "fischerandom"), ("SetUp", "1"), ("FEN", full.format(shredder))]
        elif style == 2:  # FICS, DGT: the other letter order, no SetUp
            other = shredder[1::-1] + shredder[3:1:-1] if len(shredder) == 4 else shredder
            head += [("Variant", "Fischerandom"), ("FEN", full.format(other))]
        elif style == 3:  # ChessBase spelling; chess.com's 4-field FEN
            head += [("Variant", "chess 960"), ("FEN", f"{placement} w {xfen} -")]
        elif style == 4:  # CCRL, Arena: no Variant
            head += [("FEN", full.format(shredder))]
        elif style == 5:  # a broadcast: Standard, two FEN tags, Shredder first
            head += [("Variant", "Standard"), ("FEN", full.format(shredder)),
                     ("FEN", full.format(xfen))]
        elif style == 6:  # Variant after FEN, castling - (the game has none)
            head += [("SetUp", "1"), ("FEN", full.format("-")), ("Variant", "CHESS960")]
        elif style == 7:  # letters that do not fit the start, as in published dumps
            head += [("Variant", "fischer random"), ("FEN", full.format("HEhe"))]
        elif style == 8:  # CRLF line ends
            head += [("Variant", "Chess960"), ("FEN", full.format(xfen))]
        elif style == 9:  # comments and escapes around the game
            head += [("Variant", "fischerrandom"), ("FEN", full.format(shredder))]
            moves = '{ a note\n[Event "not a game"] } ' + moves
        elif style == 10:  # a book entry: no moves
            head += [("Variant", "Chess960"), ("FEN", full.format(xfen))]
            moves, played = "*", []
            head = [(n, "*" if n == "Result" else v) for n, v in head]
        else:              # halfmove clock and move number that are not 0 1
            head += [("Variant", "Chess960"), ("FEN", f"{placement} w {xfen} - 3 7")]
        text = tags(head) + "\n" + moves + "\n\n"
        if style == 8:
            text = text.replace("\n", "\r\n")
        if style == 9:
            text = "% escaped line\n" + text
        out.write(text)
        if truth is not None:
            truth.write(replay_line(board, played) + "\n")
        if i % 97 == 0:
            out.write(extra_game(rng, i, comments, truth))
        if mixed and i % 23 == 0:
            out.write(mixed_game(rng, i // 23, comments))


def extra_game(rng, i, comments, truth):
    """A game with no Chess960 start: standard chess, a 960 game without FEN, a setup."""
    kind = (i // 97) % 3
    board = chess.Board(chess960=True)
    moves, result, played = movetext(board, rng.randint(0, 30), rng, comments)
    if kind == 0:
        head = [("Event", "standard"), ("Result", result)]
    elif kind == 1:
        head = [("Event", "960 from 518"), ("Variant", "Chess960"), ("Result", result)]
    else:
        board.push(rng.choice(list(board.legal_moves)))
        moves, result, played = movetext(board, rng.randint(0, 30), rng, comments)
        head = [("Event", "setup"), ("Variant", "Chess960"), ("SetUp", "1"),
                ("FEN", board.fen()), ("Result", result)]
    if truth is not None:
        truth.write(replay_line(board, played) + "\n")
    return tags(head) + "\n" + moves + "\n\n"


VARIANTS = ["Crazyhouse", "Atomic", "Three-check", "King of the Hill", "Antichess",
            "Racing Kings", "Horde"]


def mixed_game(rng, n, comments):
    """One game of a mixed database (see --mixed), the n-th."""
    kind = n % 9
    standard = chess.STARTING_FEN
    start = chess.Board.from_chess960_pos(rng.randrange(960))
    head = [("Event", f"mixed {n}"), ("Site", "?"), ("Date", "????.??.??"), ("Round", "-"),
            ("White", "?"), ("Black", "?")]
    if kind == 0:    # a GUI's standard game: the standard FEN tag, no Variant
        board, tags = chess.Board(), [("SetUp", "1"), ("FEN", standard)]
    elif kind == 1:  # lichess's From Position on the standard start
        board, tags = chess.Board(), [("Variant", "From Position"), ("FEN", standard)]
    elif kind == 2:  # Standard, the standard FEN
        board, tags = chess.Board(), [("Variant", "Standard"), ("FEN", standard)]
    elif kind == 3:  # From Position on a 960 start
        board = chess.Board(start.fen(), chess960=True)
        tags = [("Variant", "From Position"), ("FEN", start.fen())]
    elif kind in (4, 5):  # another variant from a 960 start
        name = VARIANTS[(n // 9 * 2 + kind - 4) % len(VARIANTS)]
        variant = chess.variant.find_variant(name)
        fen = start.fen() if name not in ("Racing Kings", "Horde") else variant.starting_fen
        board = variant(fen, chess960=True)
        tags = [("Variant", name), ("FEN", fen)]
    elif kind == 6:  # no Result tag: the marker says it
        board, tags = chess.Board(start.fen(), chess960=True), [("FEN", start.fen())]
    elif kind == 7:  # Result "*", a decisive marker
        board = chess.Board(start.fen(), chess960=True)
        tags = [("Variant", "Chess960"), ("FEN", start.fen()), ("Result", "*")]
    else:            # a standard game, no FEN, no Result tag
        board, tags = chess.Board(), []
    moves, result, _ = movetext(board, rng.randint(0, 20), rng, comments)
    if kind in (6, 7, 8):
        decisive = rng.choice(["1-0", "0-1", "1/2-1/2"])
        moves = moves.rsplit(" ", 1)[0] + " " + decisive if " " in moves else decisive
    else:
        tags.append(("Result", result))
    return tags_text(head + tags) + "\n" + moves + "\n\n"


def tags_text(pairs):
    return tags(pairs)


def side_id(board, white):
    """The Chess960 id of one side's back rank, if the board is a start for that side."""
    rank = [board.piece_at(chess.square(f, 0 if white else 7)) for f in range(8)]
    mirror = board.copy()
    for f, piece in enumerate(rank):
        if piece is None:
            return None
        square = chess.square(f, 7 if white else 0)
        mirror.set_piece_at(square, chess.Piece(piece.piece_type, not piece.color))
    return mirror.chess960_pos(ignore_castling=True)


def kind_of(headers):
    """The kind of game python-chess makes of the headers, and its start's ids."""
    try:
        board = headers.board()
    except ValueError:
        return "unknown", (None, None)
    if type(board) is not chess.Board:
        return "variant", (None, None)
    if board.turn != chess.WHITE or board.ep_square is not None:
        return "unknown", (None, None)
    ids = (side_id(board, True), side_id(board, False))
    if None in ids or board.board_fen().split("/")[2:6] != ["8"] * 4 \
            or board.board_fen().split("/")[1] != "pppppppp" \
            or board.board_fen().split("/")[6] != "PPPPPPPP":
        return "unknown", (None, None)
    if ids == (518, 518) and not headers.is_chess960():
        return "standard", (None, None)
    return ("chess960" if ids[0] == ids[1] else "dfrc"), ids


def read(handle, prefix):
    # Games the corpus writes with castling letters that do not fit are read (their headers
    # are what counts here); python-chess's log of their moves is not wanted.
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        headers = game.headers
        kind, ids = kind_of(headers)
        cells = ["" if x is None else str(x) for x in ids]
        cells += [headers.get("Result", ""), headers.get("WhiteElo", ""),
                  headers.get("BlackElo", ""), kind]
        print(prefix + ",".join(cells))


def replay_line(board, moves):
    """A game as `replay` prints it: its start's placement and castling rights (python-chess's
    bitboard of castling rooks), and its moves in UCI (castling as king takes rook)."""
    return f"{board.board_fen()}|{int(board.castling_rights)}|{' '.join(m.uci() for m in moves)}"


def replay(handle):
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        line = replay_line(game.board(), game.mainline_moves())
        if game.errors:
            line += "|errors: " + "; ".join(str(e) for e in game.errors)
        print(line)


def moves(handle):
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        try:
            board = game.board()
        except ValueError:
            print("error|")
            continue
        if type(board) is not chess.Board:
            print("variant")
            continue
        played = []
        for move in game.mainline_moves():
            played.append(board.uci(move, chess960=True))
            board.push(move)
        print(("error" if game.errors else "ok") + "|" + " ".join(played))


def broken(board, san, rng):
    """A word for a move of `board` that python-chess cannot play: another piece's move to the
    same square (illegal), or the move without its disambiguation (ambiguous)."""
    square = san.rstrip("+#")[-2:]
    choices = []
    for word in [letter + square for letter in "NBRQK"] + [san[0] + square]:
        try:
            board.parse_san(word)
        except ValueError:
            choices.append(word)
    return rng.choice(choices) if choices else san


def standard(seed, games):
    rng = random.Random(seed)
    for i in range(games):
        board = chess.Board()
        words = []
        for ply in range(rng.randint(1, 60)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            san = board.san(move)
            if ply % 2 == 0:
                words.append(f"{ply // 2 + 1}.")
            words.append(san)
            board.push(move)
        if i % 3 == 0 and len(words) > 2:
            at = rng.randrange(1, len(words))
            if words[at].endswith("."):
                at -= 1 if at > 0 and not words[at - 1].endswith(".") else -1
            replay = chess.Board()
            for word in words[:at]:
                if not word.endswith("."):
                    replay.push_san(word)
            words[at] = broken(replay, words[at], rng)
        print(f'[Event "standard {i}"]\n[Result "*"]\n\n{" ".join(words)} *\n')


if __name__ == "__main__":
    if sys.argv[1] == "write":
        args = sys.argv[2:]
        truth = None
        if "--truth" in args:
            at = args.index("--truth")
            truth = open(args[at + 1], "w", encoding="utf-8")
            del args[at:at + 2]
        mixed = "--mixed" in args
        if mixed:
            args.remove("--mixed")
        write(int(args[0]), int(args[1]), int(args[2]), len(args) > 3, truth, mixed)
        if truth is not None:
            truth.close()
    elif sys.argv[1] == "replay":
        replay(sys.stdin)
    elif sys.argv[1] == "moves":
        moves(sys.stdin)
    elif sys.argv[1] == "standard":
        standard(int(sys.argv[2]), int(sys.argv[3]))
    elif len(sys.argv) > 2:
        for name in sys.argv[2:]:
            with open(name, encoding="utf-8", newline=None) as handle:
                read(handle, name + ",")
    else:
        read(sys.stdin, "")

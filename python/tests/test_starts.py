"""Starts, pairs, castlings, books and draws: the same answers as the `chess960` command, and
Python's habits (hashing, ordering, pickling, repr, exceptions)."""

import csv
import io
import json
import pickle

import pytest

import chess960
from chess960 import (
    Book,
    Chess960Error,
    DoubleStartingPosition,
    StartingPosition,
)

ALL = StartingPosition.all()
# What --exclude-standard leaves out.
STANDARD_AND_MIRROR = [StartingPosition.STANDARD, StartingPosition.STANDARD.mirrored()]


def test_every_id_and_back_rank_equal_the_command_list(cli):
    listed = list(csv.DictReader(io.StringIO(cli("list", "--format", "csv"))))
    assert [(sp.id, str(sp)) for sp in ALL] == [(int(r["sp"]), r["rank"]) for r in listed]
    for sp in ALL:
        assert StartingPosition.from_id(sp.id) == sp
        assert StartingPosition.parse(str(sp)) == sp
        assert StartingPosition.parse(str(sp).lower()) == sp
        assert StartingPosition.parse(sp.symbols) == sp
        assert StartingPosition.parse(str(sp.id)) == sp
        assert int(sp) == sp.id


def test_the_ids_named_in_scharnagls_list():
    named = {518: "RNBQKBNR", 105: "QNRBBNKR", 451: "BRNNKQRB", 0: "BBQNNRKR", 959: "RKRNNQBB"}
    for id, rank in named.items():
        assert str(StartingPosition.from_id(id)) == rank
    assert StartingPosition.STANDARD.id == 518


@pytest.mark.parametrize("castling", ["x-fen", "shredder"])
def test_fens_equal_the_command(cli, castling):
    lines = cli("book", "--format", "fen", "--castling", castling).splitlines()
    assert [sp.fen(castling=castling) for sp in ALL] == lines
    for sp, fen in zip(ALL, lines):
        assert StartingPosition.parse(fen) == sp
        # The board as an e-board turned 180° reads it: White's pieces at the top.
        turned = "/".join(row[::-1] for row in fen.split()[0].split("/")[::-1])
        assert StartingPosition.parse(turned) == sp


def test_pairs_equal_the_command(cli):
    pair = DoubleStartingPosition.parse("105 451")
    assert (pair.white.id, pair.black.id, pair.single) == (105, 451, None)
    assert pair.fen(castling="shredder") == cli("fen", "105", "--black", "451", "--castling", "shredder").strip()
    assert DoubleStartingPosition.parse(pair.fen()) == pair
    assert DoubleStartingPosition.parse("518").single == StartingPosition.STANDARD
    assert DoubleStartingPosition(StartingPosition.from_id(105), StartingPosition.from_id(451)) == pair
    for number, name in [(7, "viridithas"), (12345, "clover")]:
        p = DoubleStartingPosition.from_number(number, name)
        assert p.number(name) == number


def test_other_numberings_equal_the_command(cli):
    for name in ["one-based", "fritz"]:
        listed = list(csv.DictReader(io.StringIO(cli("list", "--format", "csv", "--numbering", name))))
        for row in listed:
            number = int(row[list(row)[0]])
            sp = StartingPosition.parse(row["rank"])
            assert sp.number(name) == number
            assert StartingPosition.from_number(number, name) == sp
            assert StartingPosition.parse(str(number), numbering=name) == sp


def test_castlings_equal_the_command(cli):
    for sp in ALL:
        want = json.loads(cli("castling", str(sp.id), "--format", "json"))
        got = [
            {key: getattr(c, key) for key in want[0]}
            for c in sp.castlings()
        ]
        assert got == want, sp
        for c in sp.castlings():
            assert sp.castling(c.uci_king_takes_rook) == c
            if c.uci_king_two_squares:
                assert sp.respell(c.uci_king_two_squares) == c.uci_king_takes_rook
                assert sp.respell(c.uci_king_takes_rook) == c.uci_king_two_squares
    assert StartingPosition.STANDARD.castling("e2e4") is None


@pytest.mark.parametrize("format", ["fen", "epd", "pgn"])
@pytest.mark.parametrize("castling", ["x-fen", "shredder"])
def test_books_equal_the_command(cli, format, castling):
    book = Book.chess960().difference(STANDARD_AND_MIRROR)
    want = cli("book", "--exclude-standard", "--format", format, "--castling", castling)
    end = "\n\n" if format == "pgn" else "\n"
    got = "".join(line + end for line in book.lines(format, castling))
    assert got == want
    entries = list(book)
    assert len(entries) == len(book) == 958
    assert [getattr(e, format)(castling) for e in entries] == list(book.lines(format, castling))


def test_the_dfrc_book_equals_the_command(cli):
    book = Book.dfrc()
    assert len(book) == 921_600 and book.is_dfrc
    head = cli("book", "--dfrc", "--format", "epd").splitlines()
    assert len(head) == 921_600
    lines = book.lines("epd")
    assert [next(lines) for _ in range(2000)] == head[:2000]
    assert book[-1].epd() == head[-1]
    assert str(book[2]) == "dfrc 0 2"
    smaller = Book.dfrc().difference([StartingPosition.STANDARD, StartingPosition.from_id(105)])
    assert len(smaller) == 958 * 958


@pytest.mark.parametrize("dfrc", [False, True])
def test_draws_equal_the_command(cli, dfrc):
    seed = "Freestyle 2026 round 3"
    book = (Book.dfrc() if dfrc else Book.chess960()).difference(STANDARD_AND_MIRROR)
    flags = ["--dfrc"] if dfrc else []
    want = cli("draw", "--seed-text", seed, "--count", "12", "--exclude-standard", "--format", "fen", *flags)
    assert [e.fen() for e in book.draw(seed, 12)] == want.splitlines()
    want = cli("draw", "--seed-text", seed, "--count", "1000", "--allow-repeats", "--exclude-standard", "--format", "fen", *flags)
    assert [e.fen() for e in book.draw(seed, 1000, allow_repeats=True)] == want.splitlines()


def test_too_many_draws_are_an_error():
    with pytest.raises(chess960.DrawError, match="allowing repeats lets a candidate come again"):
        Book.chess960().draw("x", 961)
    assert len(Book.chess960().draw("x", 961, allow_repeats=True)) == 961


def test_hashing_ordering_pickling_and_repr():
    assert len(set(ALL) | set(StartingPosition.all())) == 960
    assert sorted(ALL, reverse=True)[0].id == 959
    assert min(ALL) == StartingPosition.from_id(0)
    for sp in [ALL[0], ALL[105], ALL[959]]:
        assert pickle.loads(pickle.dumps(sp)) == sp
        assert eval(repr(sp)) == sp
        assert hash(sp) == hash(StartingPosition.parse(str(sp)))
    pair = DoubleStartingPosition.parse("105 451")
    assert pickle.loads(pickle.dumps(pair)) == pair
    assert eval(repr(pair)) == pair
    assert repr(pair) == 'DoubleStartingPosition.parse("QNRBBNKR BRNNKQRB")'
    assert {pair: 1}[DoubleStartingPosition.parse("QNRBBNKR BRNNKQRB")] == 1


@pytest.mark.parametrize(
    "call,error,message",
    [
        (lambda: StartingPosition.from_id(960), chess960.IdError, "id 960 is not in 0..=959"),
        (lambda: StartingPosition.from_id(-1), chess960.IdError, "is not in 0..=959"),
        (lambda: StartingPosition.parse("RNBQKNBR"), chess960.ParseStartError, "bishops on same-coloured squares (c1, g1)"),
        (lambda: StartingPosition.parse("105 451"), chess960.ParseStartError, ""),
        (lambda: DoubleStartingPosition.parse("0x10"), chess960.ParseStartError, "not a number, a back rank or a FEN"),
        (lambda: StartingPosition.from_number(0, "one-based"), chess960.NumberError, "not in 1..=960"),
        (lambda: StartingPosition.STANDARD.castling("e9"), chess960.ParseUciMoveError, ""),
    ],
)
def test_errors_are_value_errors_with_the_crate_message(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert isinstance(raised.value, Chess960Error) and isinstance(raised.value, ValueError)
    assert message in str(raised.value)


def test_unknown_names_say_the_names():
    with pytest.raises(ValueError, match='"xfen" is not a castling notation: x-fen or shredder'):
        StartingPosition.STANDARD.fen(castling="xfen")
    with pytest.raises(ValueError, match='"json" is not a book format: fen, epd or pgn'):
        Book.chess960().lines("json")

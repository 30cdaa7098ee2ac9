// The package's API over all its inputs where they are few: every id, every numbering, every
// start turned, and each error's name, kind and message (the Rust crate's).
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  Book,
  DoubleStartingPosition,
  FenReader,
  PositionSet,
  StartingPosition,
  gameStart,
  isChess960Variant,
} from "chess960";

test("Scharnagl's examples", () => {
  const known = { 518: "RNBQKBNR", 105: "QNRBBNKR", 451: "BRNNKQRB", 0: "BBQNNRKR", 959: "RKRNNQBB" };
  for (const [id, rank] of Object.entries(known)) {
    assert.equal(StartingPosition.fromId(Number(id)).toString(), rank);
    assert.equal(StartingPosition.parse(rank).id, Number(id));
  }
  assert.equal(StartingPosition.standard().id, 518);
  assert.equal(StartingPosition.parse("♖♘♗♕♔♗♘♖").id, 518);
  assert.equal(StartingPosition.parse("rnbqkbnr").id, 518);
  assert.deepEqual(StartingPosition.standard().bishopFiles, ["f", "c"]);
});

test("every id: back rank, symbols, FENs and JSON lead back to it", () => {
  const all = StartingPosition.all();
  assert.equal(all.length, 960);
  const ranks = new Set();
  all.forEach((sp, id) => {
    assert.equal(sp.id, id);
    const rank = sp.toString();
    ranks.add(rank);
    assert.equal(StartingPosition.parse(rank).id, id);
    assert.equal(StartingPosition.parse(sp.symbols).id, id);
    assert.ok(StartingPosition.fromId(id).equals(sp));
    for (const notation of ["x-fen", "shredder"]) {
      const fen = sp.fen(notation);
      assert.equal(fen.split(" ")[0].split("/")[7], rank);
      assert.equal(StartingPosition.fromFen(fen).id, id);
      assert.equal(new FenReader().read(fen).id, id);
    }
    assert.equal(JSON.stringify(sp), String(id));
    assert.equal(sp.mirrored().toString(), [...rank].reverse().join(""));
    assert.equal(rank[{ a: 0, b: 1, c: 2, d: 3, e: 4, f: 5, g: 6, h: 7 }[sp.kingFile]], "K");
    assert.deepEqual(sp.bishopFiles.map((f) => rank["abcdefgh".indexOf(f)]), ["B", "B"]);
    // The light-squared bishop first (b1, d1, f1, h1 are light), as documented.
    assert.deepEqual(sp.bishopFiles.map((f) => "bdfh".includes(f)), [true, false]);
  });
  assert.equal(ranks.size, 960);
});

test("every numbering leads back to the id, and refuses numbers outside its range", () => {
  const ranges = { scharnagl: [0, 959], "one-based": [1, 960], fritz: [1, 960] };
  for (const [numbering, [low, high]] of Object.entries(ranges)) {
    const seen = new Set();
    for (const sp of StartingPosition.all()) {
      const n = sp.number(numbering);
      assert.ok(n >= low && n <= high);
      seen.add(n);
      assert.equal(StartingPosition.fromNumber(n, numbering).id, sp.id);
    }
    assert.equal(seen.size, 960);
    for (const bad of [low - 1, high + 1, 1.5, NaN]) {
      assert.throws(() => StartingPosition.fromNumber(bad, numbering), { name: "NumberError", kind: "OutOfRange" });
    }
  }
  assert.equal(StartingPosition.standard().number("fritz"), 359);
  assert.equal(StartingPosition.fromNumber(960, "one-based").id, 0);
  assert.throws(() => StartingPosition.fromNumber(961, "one-based"), {
    message: "one-based id 961 is not in 1..=960",
  });
});

test("DFRC pairs: numbers both ways, FENs, JSON", () => {
  const pair = DoubleStartingPosition.fromIds(105, 451);
  assert.equal(pair.toString(), "QNRBBNKR BRNNKQRB");
  assert.equal(pair.fen(), "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1");
  assert.equal(pair.fen("shredder"), "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HCgb - 0 1");
  assert.equal(pair.single, undefined);
  assert.equal(pair.white.id, 105);
  assert.equal(pair.black.id, 451);
  assert.equal(JSON.stringify(pair), "[105,451]");
  assert.equal(pair.number("clover"), 105 * 960 + 451);
  assert.equal(pair.number("viridithas"), 105 + 960 * 451);
  assert.equal(DoubleStartingPosition.standard().number("clover"), 497798);
  for (let n = 0; n < 921600; n += 997) {
    for (const numbering of ["clover", "viridithas"]) {
      assert.equal(DoubleStartingPosition.fromNumber(n, numbering).number(numbering), n);
    }
  }
  assert.throws(() => DoubleStartingPosition.fromNumber(921600, "clover"), {
    name: "NumberError",
    kind: "DfrcOutOfRange",
    message: "Clover number 921600 is not in 0..=921599",
  });
  assert.ok(DoubleStartingPosition.fromFen(pair.fen("shredder")).equals(pair));
  assert.ok(new DoubleStartingPosition(pair.white, pair.black).equals(pair));
  assert.equal(StartingPosition.fromId(7).pair().single.id, 7);
});

test("every start read from a turned board, and which way it was", () => {
  const reader = new FenReader();
  for (const sp of StartingPosition.all()) {
    const [placement, ...rest] = sp.fen().split(" ");
    const turned = [[...placement].reverse().join(""), ...rest].join(" ");
    const read = reader.readEitherWay(turned);
    assert.equal(read.orientation, "turned");
    assert.equal(read.pair.single.id, sp.id);
    assert.equal(reader.readEitherWay(sp.fen()).orientation, "upright");
  }
});

test("the lax reader's three relaxations", () => {
  const fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 5 20";
  assert.throws(() => new FenReader().read(fen), { name: "ParseFenError", kind: "Turn" });
  assert.throws(() => new FenReader().ignoreTurn().read(fen), { kind: "Castling" });
  assert.throws(() => new FenReader().ignoreTurn().ignoreCastling().read(fen), { kind: "Counters" });
  assert.equal(new FenReader().ignoreTurn().ignoreCastling().ignoreCounters().read(fen).id, 518);
});

test("castling: the crate's example, and both UCI spellings", () => {
  const sp = StartingPosition.fromId(105);
  const [wk, wq, bk, bq] = sp.castlings();
  assert.equal(wq.toString(), "white queenside: king g1-c1, rook c1-d1");
  assert.deepEqual([wq.color, wq.side, wq.kingFrom, wq.kingTo, wq.rookFrom, wq.rookTo], ["white", "queenside", "g1", "c1", "c1", "d1"]);
  assert.deepEqual(wq.mustBeEmpty, ["d1", "e1", "f1"]);
  assert.deepEqual(wq.kingPasses, ["g1", "f1", "e1", "d1", "c1"]);
  assert.equal(wq.uciKingTakesRook, "g1c1");
  assert.equal(wq.uciKingTwoSquares, undefined);
  assert.equal(wk.uciKingTakesRook, "g1h1");
  assert.deepEqual([bk.color, bk.side, bq.side], ["black", "kingside", "queenside"]);
  assert.equal(sp.castling("g1c1").toString(), wq.toString());
  assert.equal(sp.castling("e2e4"), undefined);
  const standard = StartingPosition.standard();
  assert.equal(standard.respell("e1g1"), "e1h1");
  assert.equal(standard.respell("e8a8"), "e8c8");
  assert.equal(standard.respell("g1f3"), "g1f3");
  assert.equal(standard.castling("e1g1").side, "kingside");
  assert.throws(() => standard.respell("e9e4"), {
    name: "ParseUciMoveError",
    kind: "Rank",
    message: "character 2 is '9': expected a rank 1-8",
  });
});

test("errors: the crate's message, the type as name, the rule as kind", () => {
  const cases = [
    [() => StartingPosition.fromId(960), "IdError", "OutOfRange", "id 960 is not in 0..=959"],
    [() => StartingPosition.fromId(-1), "IdError", "OutOfRange", "id -1 is not in 0..=959"],
    [() => StartingPosition.fromId(2.5), "IdError", "OutOfRange", "id 2.5 is not in 0..=959"],
    [() => StartingPosition.parse("RNBQKBN"), "ParseBackRankError", "Length", undefined],
    [() => StartingPosition.parse("RNBQKBNX"), "ParseBackRankError", "UnknownSymbol", undefined],
    [() => StartingPosition.parse("RNBQKBNQ"), "ParseBackRankError", "BackRank", undefined],
    [() => StartingPosition.fromFen(""), "ParseFenError", "Empty", undefined],
    [() => StartingPosition.fromFen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), "ParseFenError", "NotEmpty", undefined],
    [() => StartingPosition.fromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1"), "ParseFenError", "BlackNotWhite", undefined],
    [() => StartingPosition.standard().castling("e1"), "ParseUciMoveError", "Length", undefined],
    [() => gameStart("Standard", undefined), "NoStart", "Standard", "standard chess: the standard start, and no Variant tag naming Chess960"],
    [() => gameStart("Crazyhouse", "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1"), "NoStart", "OtherVariant", "another variant: Crazyhouse"],
    [() => gameStart(undefined, "rnbqkbnr/pppppppp/8/8"), "NoStart", "BadFen", undefined],
    [() => Book.chess960().draw("seed", 961), "DrawError", "TooMany", "961 distinct draws asked for, but there are only 960 candidates (allowing repeats lets a candidate come again)"],
    [() => Book.chess960().difference(PositionSet.all()).draw("seed", 1, true), "DrawError", "NoCandidates", "no candidates: every position is excluded"],
  ];
  for (const [call, name, kind, message] of cases) {
    assert.throws(call, (error) => {
      assert.ok(error instanceof Error);
      assert.equal(error.name, name);
      assert.equal(error.kind, kind);
      if (message !== undefined) assert.equal(error.message, message);
      assert.ok(error.message.length > 10, error.message);
      return true;
    });
  }
});

test("arguments of the wrong kind are TypeErrors", () => {
  assert.throws(() => StartingPosition.standard().fen("xfen"), TypeError);
  assert.throws(() => StartingPosition.standard().number("fritz9"), TypeError);
  assert.throws(() => Book.chess960().lines("json"), TypeError); // at the call, not at the first line
  assert.throws(() => Book.chess960().draw("seed", -1), TypeError);
});

test("games: a start from PGN tags, and the Variant names", () => {
  const pair = gameStart("Chess960", "brnnkqrb/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HEhe -");
  assert.equal(pair.toString(), "QNRBBNKR BRNNKQRB");
  assert.equal(gameStart("chess 960").single.id, 518);
  assert.throws(() => gameStart("Chess960", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"), { kind: "NotAStart" });
  assert.ok(isChess960Variant("Fischerandom"));
  assert.ok(!isChess960Variant("Standard"));
});

test("sets and books", () => {
  const two = PositionSet.fromIds([0, 959]);
  assert.equal(two.size, 2);
  assert.deepEqual([...two.ids()], [0, 959]);
  assert.ok(two.has(StartingPosition.fromId(959)));
  assert.equal(two.complement().size, 958);
  assert.equal(two.union(PositionSet.standardAndMirror()).size, 4);
  assert.equal(two.intersection(PositionSet.standardAndMirror()).size, 0);
  assert.equal(PositionSet.all().difference(two).size, 958);
  assert.deepEqual(PositionSet.standardAndMirror().positions().map(String), ["RNBQKBNR", "RNBKQBNR"]);
  assert.throws(() => PositionSet.fromIds([0, 960]), { name: "IdError" });

  const book = Book.chess960().difference(PositionSet.standardAndMirror());
  assert.equal(book.length, 958);
  assert.equal(book.lines("epd", "shredder").next().value, 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - hmvc 0; fmvn 1; id "chess960 0";');
  assert.equal([...book.lines()].length, 958);
  assert.equal([...book.entries()][957].toString(), "chess960 959");
  assert.deepEqual([...book].map(String), [...book.entries()].map(String));
  assert.equal(Book.chess960().without(StartingPosition.standard()).length, 959);
  const dfrc = Book.dfrc();
  assert.equal(dfrc.length, 921600);
  assert.ok(dfrc.isDfrc && !book.isDfrc);
  assert.equal(dfrc.entry(105 * 960 + 451).toString(), "dfrc 105 451");
  assert.equal(dfrc.entry(921600), undefined);
  assert.equal(dfrc.entry(518 * 961).isDfrc, true);
  assert.equal(dfrc.entry(518 * 961).pair.single.id, 518);
  assert.ok(book.entry(0).pgn().includes('[Variant "Chess960"]'));
  assert.equal(book.positions.size, 958);
});

test("books iterate lazily: a loop over the 921,600 pairs that stops early makes few", () => {
  const lines = Book.dfrc().lines("fen", "shredder");
  assert.equal(typeof lines[Symbol.iterator], "function");
  let seen = 0;
  for (const line of lines) {
    assert.ok(line.endsWith(" - 0 1"));
    if (++seen === 3) break;
  }
  assert.equal(seen, 3);
  // Left early, the iterator is done (and its cursor freed).
  assert.deepEqual(lines.next(), { done: true, value: undefined });
  const entries = Book.dfrc().entries();
  assert.equal(entries.next().value.toString(), "dfrc 0 0");
  assert.equal(entries.next().value.toString(), "dfrc 0 1");
  // Every line of a small DFRC book, to the end.
  const four = Book.dfrc().difference(PositionSet.fromIds([0, 105, 451, 959]).complement());
  assert.deepEqual([...four].map(String).slice(0, 2), ["dfrc 0 0", "dfrc 0 105"]);
  assert.equal([...four.lines("epd")].length, 16);
});

test("errors are classes: instanceof, name and kind", async () => {
  const { Chess960Error, IdError, ParseFenError, NumberError, ParseUciMoveError, DrawError, NoStart, ParseBackRankError } =
    await import("chess960");
  const cases = [
    [() => StartingPosition.fromId(960), IdError, "OutOfRange"],
    [() => StartingPosition.parse("RNBQKBN"), ParseBackRankError, "Length"],
    [() => StartingPosition.fromFen("x"), ParseFenError, "RankCount"],
    [() => StartingPosition.fromNumber(0, "fritz"), NumberError, "OutOfRange"],
    [() => StartingPosition.standard().castling("e9e1"), ParseUciMoveError, "Rank"],
    [() => Book.chess960().draw("x", 961), DrawError, "TooMany"],
    [() => gameStart("Standard", undefined), NoStart, "Standard"],
  ];
  for (const [call, errorClass, kind] of cases) {
    try {
      call();
      assert.fail(`${errorClass.name}: nothing thrown`);
    } catch (err) {
      assert.ok(err instanceof errorClass, `${err} is not a ${errorClass.name}`);
      assert.ok(err instanceof Chess960Error && err instanceof Error);
      assert.equal(err.name, errorClass.name);
      assert.equal(err.kind, kind);
      assert.ok(String(err).startsWith(`${errorClass.name}: `));
    }
  }
  assert.ok(!(new TypeError("x") instanceof Chess960Error));
});

test("Node's console shows each object's value", async () => {
  const { inspect } = await import("node:util");
  const sp = StartingPosition.fromId(105);
  assert.equal(inspect(sp), "StartingPosition(105 QNRBBNKR)");
  assert.equal(inspect(DoubleStartingPosition.fromIds(105, 451)), "DoubleStartingPosition(105 451, QNRBBNKR BRNNKQRB)");
  assert.equal(inspect(Book.dfrc().entry(0)), "BookEntry(dfrc 0 0)");
  assert.equal(inspect(sp.castlings()[1]), "Castling(white queenside: king g1-c1, rook c1-d1)");
  assert.equal(inspect(PositionSet.standardAndMirror()), "PositionSet(2 starts)");
  assert.equal(inspect(Book.chess960().without(sp)), "Book(chess960, 959 entries)");
  assert.equal(inspect({ start: sp }), "{ start: StartingPosition(105 QNRBBNKR) }");
});

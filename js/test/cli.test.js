// The package says what the chess960 command says: the same list, castlings, books and
// event draws for the same seed text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";

import { Book, PositionSet, StartingPosition } from "chess960";
import { cli } from "./tools.js";

const run = (command, args, input) =>
  execFileSync(command, args, { input, encoding: "utf8", maxBuffer: 1 << 28 });

test("the list of 960: ids and back ranks", (t) => {
  const command = cli(t);
  if (!command) return;
  const ours = StartingPosition.all().map((sp) => `${sp.id} ${sp}\n`).join("");
  assert.equal(ours, run(command, ["list"]));
});

test("the castlings of every start, field by field", (t) => {
  const command = cli(t);
  if (!command) return;
  const ids = StartingPosition.all().map((sp) => sp.id).join("\n");
  const lines = run(command, ["castling", "--format", "json"], ids).trim().split("\n");
  assert.equal(lines.length, 960);
  lines.forEach((line, id) => {
    const theirs = JSON.parse(line);
    const ours = StartingPosition.fromId(id).castlings().map((c) => ({
      color: c.color,
      side: c.side,
      king_from: c.kingFrom,
      king_to: c.kingTo,
      rook_from: c.rookFrom,
      rook_to: c.rookTo,
      must_be_empty: c.mustBeEmpty,
      king_passes: c.kingPasses,
      uci_king_takes_rook: c.uciKingTakesRook,
      uci_king_two_squares: c.uciKingTwoSquares ?? null,
    }));
    assert.deepEqual(ours, theirs, `SP ${id}`);
  });
});

test("books: FEN, EPD and PGN text in both notations, byte for byte", (t) => {
  const command = cli(t);
  if (!command) return;
  const book = Book.chess960().difference(PositionSet.standardAndMirror());
  for (const format of ["fen", "epd", "pgn"]) {
    for (const notation of ["x-fen", "shredder"]) {
      const args = ["book", "--format", format, "--exclude-standard"];
      if (notation === "shredder") args.push("--castling", "shredder");
      assert.equal(book.text(format, notation), run(command, args), args.join(" "));
      assert.equal([...book.lines(format, notation)].join(format === "pgn" ? "\n\n" : "\n") + (format === "pgn" ? "\n\n" : "\n"), book.text(format, notation));
    }
  }
  // Double Fischer Random over four starts: 16 pairs, the other 956 starts excluded.
  const left = PositionSet.fromIds([0, 105, 451, 959]).complement();
  const dfrc = Book.dfrc().difference(left);
  assert.equal(dfrc.length, 16);
  const excluded = left.ids().map(String);
  const args = ["book", "--dfrc", "--format", "epd", "--castling", "shredder", "--exclude", ...excluded];
  assert.equal(dfrc.text("epd", "shredder"), run(command, args));
});

test("event draws: the same draws as chess960 draw for the same seed text", (t) => {
  const command = cli(t);
  if (!command) return;
  const cases = [
    ["Freestyle 2026 round 3", 3, Book.chess960().difference(PositionSet.standardAndMirror()), ["--exclude-standard"]],
    ["abc", 960, Book.chess960(), []],
    ["Open 2027: boards 1-40", 40, Book.dfrc(), ["--dfrc"]],
    ["", 5, Book.chess960().difference(PositionSet.fromIds([0, 1, 2])), ["--exclude", "0", "1", "2"]],
  ];
  for (const [seed, count, book, options] of cases) {
    const theirs = run(command, ["draw", "--seed-text", seed, "--count", String(count), "--format", "epd", ...options]);
    const ours = book.draw(seed, count).map((entry) => `${entry.epd()}\n`).join("");
    assert.equal(ours, theirs, `${seed} ${options}`);
    const repeats = run(command, ["draw", "--seed-text", seed, "--count", String(count), "--allow-repeats", ...options]);
    const ourRepeats = book.draw(seed, count, true).map((entry) => {
      const { white, black } = entry.pair;
      return entry.isDfrc ? `${white.id} ${white} ${black.id} ${black}\n` : `${white.id} ${white}\n`;
    });
    assert.equal(ourRepeats.join(""), repeats, `${seed} ${options} --allow-repeats`);
  }
});

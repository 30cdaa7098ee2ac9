// docs/glossary.md names every concept once: npm's names are its names in camelCase.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { Book, StartingPosition } from "chess960";
import { engineTable } from "chess960/evals";

const page = readFileSync(new URL("../../docs/glossary.md", import.meta.url), "utf8");
const tables = Object.fromEntries(
  [...page.matchAll(/```columns (\w+)\n(.*)\n```/g)].map(([, name, header]) => [name, header.split(",")]),
);
const camel = (name) => name.replace(/_(\w)/g, (_, c) => c.toUpperCase());

test("a castling's properties are the glossary's castling columns", () => {
  const castling = StartingPosition.standard().castlings()[0];
  for (const column of tables.castling) {
    assert.ok(camel(column) in castling, `Castling.${camel(column)}`);
  }
  assert.equal(castling.color, "white");
});

test("an eval record's keys are the glossary's evals columns", () => {
  assert.deepEqual(Object.keys(engineTable()[0]), tables.evals);
});

test("the words of the concepts table", () => {
  const words = page.split("## Tables")[0];
  for (const word of ["allowRepeats", "Castling.color", "Notation", "Numbering", "DfrcNumbering", "replay()", "error"]) {
    assert.ok(words.includes(`\`${word}\``), word);
  }
  // A draw that may repeat: the third argument of Book.draw.
  assert.equal(Book.chess960().draw("x", 961, true).length, 961);
});

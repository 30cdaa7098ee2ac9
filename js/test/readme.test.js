// Every JavaScript example in the README runs against the package, and each
// `console.log(…); // value` prints that value, in order among the lines it prints.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { format } from "node:util";

import * as main from "chess960";
import * as evals from "chess960/evals";
import * as moves from "chess960/moves";

const chess960 = { ...main, ...evals, ...moves };

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);

/** The values a `console.log(…); // value` line says it prints. */
function promised(block) {
  return block.split("\n").flatMap((line) => {
    const m = line.match(/^console\.log\(.*\);\s*\/\/ (.*)$/);
    return m ? [m[1]] : [];
  });
}

test("the README's examples run and print what they say", () => {
  assert.ok(blocks.length >= 4);
  for (const block of blocks) {
    const printed = [];
    const body = block.replace(/^import .*$/gm, "");
    const names = Object.keys(chess960);
    const run = new Function("console", ...names, body);
    run({ log: (...args) => printed.push(format(...args)) }, ...names.map((n) => chess960[n]));
    // The promised values are printed in order, among the other lines.
    let at = 0;
    for (const value of promised(block)) {
      while (at < printed.length && printed[at] !== value) at += 1;
      assert.ok(at < printed.length, `the README says ${JSON.stringify(value)}; printed:\n${printed.join("\n")}`);
      at += 1;
    }
  }
});

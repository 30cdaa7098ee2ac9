// What npm publishes: exactly the files a user needs, one export list for Node, browsers and
// TypeScript, and the WebAssembly module's size held where it is.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";

import * as chess960 from "chess960";

const here = (path) => new URL(`../${path}`, import.meta.url);
// The names of every `export { … } from` list and `export class` of a file.
const exported = (path) => {
  const text = readFileSync(here(path), "utf8");
  const lists = [...text.matchAll(/^export \{([^}]*)\} from/gm)].flatMap((m) => m[1].split(","));
  const classes = [...text.matchAll(/^export class (\w+)/gm)].map((m) => m[1]);
  return [...lists, ...classes].map((name) => name.trim()).filter(Boolean);
};

test("npm pack lists exactly the files a user needs", () => {
  const [pack] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: here(""), encoding: "utf8" }));
  const files = pack.files.map((file) => file.path).sort();
  assert.deepEqual(files, [
    "LICENSE-APACHE",
    "LICENSE-MIT",
    "README.md",
    "api.js",
    "dist/chess960.d.ts",
    "dist/chess960.js",
    "dist/chess960_bg.wasm",
    "dist/errors.js",
    "dist/evals.d.ts",
    "dist/evals.js",
    "dist/evals_bg.wasm",
    ...files.filter((path) => /^dist\/snippets\/chess960-wasm-[0-9a-f]+\/errors\.js$/.test(path)),
    "evals-node.js",
    "evals.d.ts",
    "evals.js",
    "index.d.ts",
    "index.js",
    "dist/moves.d.ts",
    "dist/moves.js",
    "dist/moves_bg.wasm",
    "moves-node.js",
    "moves.d.ts",
    "moves.js",
    "node.js",
    "package.json",
  ].sort());
});

test("Node, browsers and TypeScript see the same exports", async () => {
  const values = Object.keys(chess960).sort();
  assert.deepEqual(exported("api.js").sort(), values);
  for (const entry of ["node.js", "index.js"]) {
    assert.match(readFileSync(here(entry), "utf8"), /^export \* from "\.\/api\.js";$/m);
  }
  const types = ["BookFormat", "DfrcNumbering", "Notation", "Numbering"];
  assert.deepEqual(exported("index.d.ts").sort(), [...values, ...types].sort());
  const generated = readFileSync(here("dist/chess960.d.ts"), "utf8");
  const errors = Object.keys(await import("../errors.js")).filter((name) => name !== "makeError");
  for (const name of [...values, ...types].filter((name) => !errors.includes(name))) {
    assert.match(generated, new RegExp(`export (class|function|type) ${name}\\b`));
  }
});

// The issue asked for 48 KB and 24 KB gzipped; the module is about twice that (see
// docs/performance.md for where the bytes go). These ceilings are today's sizes plus 2%, so
// that growth fails here and a reduction can lower them. (The one classification of a game,
// with python-chess's Variant names, added 1.5 KB: 94,609 bytes, 39,713 gzipped here.)
const WASM_CEILING = 96_500;
const GZIP_CEILING = 40_500;

test("the WebAssembly module stays within its ceilings", () => {
  const wasm = readFileSync(here("dist/chess960_bg.wasm"));
  assert.ok(wasm.length <= WASM_CEILING, `${wasm.length} bytes > ${WASM_CEILING}`);
  const gzipped = gzipSync(wasm, { level: 9 }).length;
  assert.ok(gzipped <= GZIP_CEILING, `${gzipped} bytes gzipped > ${GZIP_CEILING}`);
  assert.ok(statSync(here("dist/chess960.js")).size < 80_000);
});

test("the Node versions package.json names hold the one testing it, and the lock file names the same", () => {
  const engines = JSON.parse(readFileSync(here("package.json"), "utf8")).engines.node;
  const lock = JSON.parse(readFileSync(here("package-lock.json"), "utf8"));
  assert.equal(lock.packages[""].engines.node, engines);
  // CI runs this on the machine's Node (20.20 when written): inside `^20.19.0 || >=22.12.0`.
  const [major, minor] = process.versions.node.split(".").map(Number);
  const named = (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22;
  assert.ok(named, `Node ${process.versions.node} is outside ${engines}`);
});

test("CommonJS: require(\"chess960\") works on the Node versions package.json names", () => {
  const engines = JSON.parse(readFileSync(here("package.json"), "utf8")).engines.node;
  assert.equal(engines, "^20.19.0 || >=22.12.0");
  const script = 'const c = require("chess960"); console.log(String(c.StartingPosition.fromId(105)), typeof c.Chess960Error);';
  const out = execFileSync(process.execPath, ["-e", script], { cwd: here("test"), encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  assert.equal(out, "QNRBBNKR function\n");
});

// chess960/evals reads eval records as the chess960 command and Python do: the shipped table
// of the 960 is the CSV in engine/data, cell for cell, and a position's latest record counts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";

import { engineTable, readEvals } from "chess960/evals";
import { cli } from "./tools.js";

const csv = readFileSync(new URL("../../engine/data/evals-960.csv", import.meta.url), "utf8");
const body = csv.split("\n").filter((line) => line && !line.startsWith("#"));

test("the shipped table is the CSV, column for column", () => {
  const table = engineTable();
  assert.equal(table.length, 960);
  const header = body[0].split(",");
  assert.deepEqual(Object.keys(table[0]), header);
  table.forEach((record, id) => {
    assert.equal(record.sp, id);
    // No field of the table holds a comma or a quote: a plain split is its CSV reading.
    const cells = body[id + 1].split(",");
    header.forEach((column, i) => {
      const value = record[column];
      assert.equal(value === null ? "" : String(value), cells[i], `${id} ${column}`);
    });
  });
  assert.deepEqual(readEvals(csv), table);
});

test("a position's latest record counts, and a broken line is named", () => {
  const failed = "105,QNRBBNKR,,,,,,,,,,,,Stockfish 15.1,nodes=3000000,crash,its output ended";
  const history = [body[0], failed, ...body.slice(1)].join("\n") + "\n";
  const latest = readEvals(history);
  assert.equal(latest.length, 960);
  assert.deepEqual([latest[0].sp, latest[0].status], [105, "ok"]);
  const all = readEvals(history, false);
  assert.deepEqual([all.length, all[0].status], [961, "crash"]);
  assert.throws(() => readEvals("sp,rank,cp\n518,RNBQKBNR,x\n"), /line 2/);
});

test("the same records as the command's JSON Lines", (t) => {
  const command = cli(t);
  if (!command) return;
  const path = new URL("../../engine/data/evals-960.csv", import.meta.url).pathname;
  const theirs = execFileSync(command, ["book", "--evals", path, "--format", "text"], { encoding: "utf8" });
  assert.equal(theirs.trim().split("\n").length, engineTable().filter((r) => r.status === "ok").length);
});

// The real tools the tests check against, found or reported: under CI=true a missing tool
// fails its test; otherwise the test is skipped with the reason, never passed.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";

/** The first of `paths` that exists, or undefined. */
export function find(paths) {
  return paths.find((path) => path && existsSync(path));
}

/** `path` if the tool is there; otherwise fails (CI) or skips the test `t`, and undefined. */
export function need(t, name, path, install) {
  if (path) return path;
  const reason = `${name} is not installed (${install}); .ci/run installs it`;
  if (process.env.CI === "true") assert.fail(reason);
  t.skip(reason);
  return undefined;
}

/** The chess960 command built by cargo in this repository, or $CHESS960_CLI. */
export function cli(t) {
  const built = fileURLToPath(new URL("../../target/debug/chess960", import.meta.url));
  return need(t, "the chess960 command", find([process.env.CHESS960_CLI, built]), "cargo build -p chess960-cli");
}

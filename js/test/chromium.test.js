// The package in a browser: headless Chromium loads demo/index.html from a local server, the
// page imports index.js (the browser entry, which fetches the .wasm), and the test reads the
// answer back from the rendered page.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { find, need } from "./tools.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
let server;
let port;

before(async () => {
  server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url, "http://x").pathname)));
    const file = path.endsWith("/") ? join(path, "index.html") : path;
    try {
      if (!file.startsWith(root)) throw new Error("outside the package");
      const body = readFileSync(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = server.address().port;
});

after(() => server.close());

/** The demo page for `query`, as Chromium renders it. */
async function page(chromium, query) {
  const profile = mkdtempSync(join(tmpdir(), "chess960-chromium-"));
  try {
    const url = `http://127.0.0.1:${port}/demo/?q=${encodeURIComponent(query)}`;
    const { stdout } = await promisify(execFile)(chromium, [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync",
      `--user-data-dir=${profile}`, "--virtual-time-budget=10000", "--dump-dom", url,
    ], { maxBuffer: 1 << 24 });
    return stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

const chromium = (t) => need(t, "Chromium", find(["/usr/bin/chromium", "/usr/bin/chromium-browser"]), "apt-get install chromium");
const text = (html, id) => html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1];

test("Chromium: an id gives the start, its board, FENs and castlings", async (t) => {
  const browser = chromium(t);
  if (!browser) return;
  const html = await page(browser, "105");
  assert.equal(text(html, "answer"), "105 QNRBBNKR");
  assert.equal(text(html, "shredder"), "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
  assert.equal(html.match(/<i class="(light|dark)">/g).length, 64);
  assert.match(html, /<td>white queenside<\/td><td>g1-c1<\/td><td>c1-d1<\/td><td>g1c1<\/td><td>—<\/td>/);
});

test("Chromium: a turned board's FEN, and an error's name, kind and message", async (t) => {
  const browser = chromium(t);
  if (!browser) return;
  const turned = await page(browser, "RNBKQBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbkqbnr w KQkq - 0 1");
  assert.equal(text(turned, "answer"), "518 RNBQKBNR (board turned)");
  const error = await page(browser, "960");
  assert.equal(text(error, "answer"), "IdError (OutOfRange): id 960 is not in 0..=959");
});

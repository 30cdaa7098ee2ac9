// `tree --format html` in headless Chromium, driven by the DevTools protocol over a pipe (no
// dependency: Chromium's --remote-debugging-pipe, NUL-terminated JSON on fds 3 and 4), as a
// player uses it: real mouse clicks and key presses, a reload with the fragment, the flip; then
// on a phone, 390 px wide. Prints what it saw as one JSON object for cli/tests/it/tree_tools.rs
// to check.
//
//   node tree_page.mjs CHROMIUM PAGE.html SCREENSHOT.png PROFILE_DIR PHONE.png
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [chromium, page, screenshot, profile, phoneShot] = process.argv.slice(2);
const url = pathToFileURL(page).href;

const browser = spawn(chromium, [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
  `--user-data-dir=${profile}`, "--remote-debugging-pipe", "about:blank",
], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
const [toChromium, fromChromium] = [browser.stdio[3], browser.stdio[4]];
const failed = (why) => { console.error(why); browser.kill(); process.exit(1); };
setTimeout(() => failed("Chromium did not finish in 60 s"), 60_000).unref();

let next = 1;
const waiting = new Map();
const listeners = [];
let buffer = "";
fromChromium.on("data", (chunk) => {
  buffer += chunk.toString("utf8");
  let end;
  while ((end = buffer.indexOf("\0")) >= 0) {
    const message = JSON.parse(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
    if (message.id && waiting.has(message.id)) {
      const { resolve, reject, method } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
    } else {
      listeners.forEach((listen) => listen(message));
    }
  }
});

function send(method, params = {}, sessionId = undefined) {
  const id = next++;
  toChromium.write(JSON.stringify({ id, method, params, sessionId }) + "\0");
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject, method }));
}

function event(name) {
  return new Promise((resolve) => {
    const listen = (message) => {
      if (message.method === name) {
        listeners.splice(listeners.indexOf(listen), 1);
        resolve(message.params);
      }
    };
    listeners.push(listen);
  });
}

const requests = [];
listeners.push((message) => {
  if (message.method === "Network.requestWillBeSent") requests.push(message.params.request.url);
});

const { targetId } = await send("Target.createTarget", { url: "about:blank" });
const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
const tab = (method, params) => send(method, params, sessionId);
await tab("Page.enable");
await tab("Network.enable");
await tab("Emulation.setDeviceMetricsOverride", { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false });

async function open(address) {
  const loaded = event("Page.loadEventFired");
  await tab("Page.navigate", { url: address });
  await loaded;
}

async function js(expression) {
  const { result, exceptionDetails } = await tab("Runtime.evaluate", { expression, returnByValue: true });
  if (exceptionDetails) failed(`${expression}: ${JSON.stringify(exceptionDetails)}`);
  return result.value;
}

async function click(selector) {
  const box = await js(`(() => { const r = document.querySelector(${JSON.stringify(selector)}).getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
  for (const type of ["mousePressed", "mouseReleased"]) {
    await tab("Input.dispatchMouseEvent", { type, x: box[0], y: box[1], button: "left", clickCount: 1 });
  }
}

const CODES = { ArrowLeft: 37, ArrowRight: 39, Home: 36, End: 35 };
async function key(name) {
  for (const type of ["keyDown", "keyUp"]) {
    await tab("Input.dispatchKeyEvent", { type, key: name, code: name, windowsVirtualKeyCode: CODES[name] });
  }
}

// What a player sees: the address's fragment, the board, the highlighted squares, whose move.
const seen = () => js(`(() => {
  const squares = [...document.querySelectorAll('#board i')];
  const rect = (name) => document.querySelector('#board i[data-square="' + name + '"]').getBoundingClientRect();
  const board = document.getElementById('board').getBoundingClientRect();
  const a1 = rect('a1');
  return {
    hash: location.hash,
    squares: squares.length,
    pieces: squares.filter((s) => s.firstChild && s.firstChild.nodeType === 3).length,
    board: squares.map((s) => s.firstChild && s.firstChild.nodeType === 3 ? s.firstChild.textContent : '.').join(''),
    last: squares.filter((s) => s.classList.contains('last')).map((s) => s.dataset.square).sort().join(','),
    turn: document.getElementById('turn').textContent,
    files: [...document.querySelectorAll('#board b.file')].map((b) => b.textContent).join(''),
    ranks: [...document.querySelectorAll('#board b.rank')].map((b) => b.textContent).join(''),
    a1: (a1.x > board.x + board.width / 2 ? 'right' : 'left') + '-' + (a1.y < board.y + board.height / 2 ? 'top' : 'bottom'),
    // The colours of a1 and h1 (a1 dark, h1 light).
    colours: ['a1', 'h1'].map((name) => getComputedStyle(document.querySelector('#board i[data-square="' + name + '"]')).backgroundColor),
    moves: [...document.querySelectorAll('#moves tr')].map((r) => r.dataset.uci),
    line: document.getElementById('line').textContent.trim(),
    total: document.getElementById('total').textContent,
    note: document.getElementById('note').textContent,
    games: [...document.querySelectorAll('#games tr')].map((r) => [...r.cells].map((c) => c.textContent)),
    through: [...document.querySelectorAll('#through tr')].map((r) => r.dataset.uci),
    text: document.body.innerText,
  };
})()`);

const report = {};
await open(url);
report.root = await seen();
const first = report.root.moves[0];
await click("#moves tr");
report.clicked = await seen();
const second = report.clicked.moves[0];
await click("#moves tr");
report.two = await seen();
await key("ArrowLeft");
report.left = await seen();
await key("ArrowRight");
report.right = await seen();
await key("Home");
report.home = await seen();
await key("End");
report.end = await seen();

await open("about:blank");
await open(`${url}#${report.end.hash.slice(1)}`);
report.reloaded = await seen();
report.played = [first, second];

await click("#flip");
report.flipped = await seen();
await click("#flip");

// A move whose position the page does not keep: the first one breadth first, reached by
// the fragment, then clicked.
const pruned = await js(`(() => {
  const paths = [[]];
  for (let i = 0; i < tree.nodes.length; i += 1) {
    const path = paths[i];
    if (!path) continue;
    for (const mv of tree.nodes[i][4]) {
      if (mv[6] < 0 && mv[2] + mv[3] + mv[4] < tree.minGames && path.length + 1 < tree.plies) return [path, mv[1]];
      if (mv[6] >= 0 && !paths[mv[6]]) paths[mv[6]] = [...path, mv[1]];
    }
  }
  return null;
})()`);
if (pruned) {
  const [path, uci] = pruned;
  await js(`location.hash = ${JSON.stringify(`${report.root.hash.slice(1).split("/")[0]}/${path.join(",")}`)}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
  report.beforePruned = await seen();
  await click(`#moves tr[data-uci="${uci}"]`);
  report.pruned = await seen();
}

// The screenshot: two moves in, the last one highlighted.
await open("about:blank");
await open(`${url}#${report.end.hash.slice(1)}`);
const { data } = await tab("Page.captureScreenshot", { format: "png" });
writeFileSync(screenshot, Buffer.from(data, "base64"));

// A phone, 390 px wide, three device pixels a CSS pixel: nothing wider than the screen, the
// board in it; its screenshot.
await tab("Emulation.setDeviceMetricsOverride", { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
await open("about:blank");
await open(`${url}#${report.end.hash.slice(1)}`);
report.phone = await js(`(() => { const board = document.getElementById('board').getBoundingClientRect();
  return { hash: location.hash, scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
    boardLeft: board.left, boardRight: board.right, bar: document.querySelector('#moves .bar').getBoundingClientRect().width }; })()`);
const phone = await tab("Page.captureScreenshot", { format: "png" });
writeFileSync(phoneShot, Buffer.from(phone.data, "base64"));
report.requests = requests.filter((address) => !address.startsWith("file:") && address !== "about:blank");

console.log(JSON.stringify(report));
await send("Browser.close").catch(() => {});
browser.kill();
process.exit(0);

// `chess960 serve`'s page (cli/src/serve/page.html) in headless Chromium against the running
// server, driven by the DevTools protocol over a pipe (no dependency: Chromium's
// --remote-debugging-pipe, NUL-terminated JSON on fds 3 and 4), as a player uses it: real
// clicks, keys and typing, a fresh tab opened on the shared address, the server stopped.
// Next to what the page showed at each step it asks /lichess itself (Node's fetch, its own
// Shredder-FEN), and prints both as one JSON object for cli/tests/it/explorer_page.rs to check:
// the engine's scores too (the index holds some, `chess960 index evals`), each as the page
// should show it from the side to move, worked out here from /lichess's `eval` fields.
//
//   node explorer_page.mjs CHROMIUM http://ADDR/ SCREENSHOT.png PROFILE_DIR SERVER_PID FENS_JSON RULES.json PHONE.png PLAYER.png
//
// FENS_JSON: {"105": FEN, "518": FEN, "0": FEN, "dfrc": FEN, "line": [UCI, …]}, the starts
// as the test knows them (Scharnagl's numbering written out, Shredder-FEN castling; the page
// writes its own, X-FEN) and a line from 105 for a link with moves alone. RULES.json: games
// ({white, black, moves}) the page replays by its own rules (`rulesOf`). SCREENSHOT.png at
// 1280 px wide, PHONE.png at 390 (a phone's, three pixels a CSS pixel), PLAYER.png at 390
// too, a player's games.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const [chromium, base, screenshot, profile, serverPid, fensJson, rulesPath, phoneShot, phonePlayerShot] = process.argv.slice(2);
const FENS = JSON.parse(fensJson);

const browser = spawn(chromium, [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars",
  "--font-render-hinting=none", `--user-data-dir=${profile}`, "--remote-debugging-pipe",
  "about:blank",
], { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
const [toChromium, fromChromium] = [browser.stdio[3], browser.stdio[4]];
const failed = (why) => { console.error(why); browser.kill(); process.exit(1); };
setTimeout(() => failed("Chromium did not finish in 90 s"), 90_000).unref();

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

function event(name, sessionId) {
  return new Promise((resolve) => {
    const listen = (message) => {
      if (message.method === name && message.sessionId === sessionId) {
        listeners.splice(listeners.indexOf(listen), 1);
        resolve(message.params);
      }
    };
    listeners.push(listen);
  });
}

// Every uncaught exception and console error of the page, and every request it made.
const exceptions = [];
const requests = [];
listeners.push((message) => {
  if (message.method === "Runtime.exceptionThrown") {
    exceptions.push(message.params.exceptionDetails.exception?.description ?? message.params.exceptionDetails.text);
  }
  if (message.method === "Network.requestWillBeSent") requests.push(message.params.request.url);
});

// A tab of its own: `tab.call(method, params)` asks it.
async function newTab() {
  const { targetId } = await send("Target.createTarget", { url: "about:blank" });
  const { sessionId } = await send("Target.attachToTarget", { targetId, flatten: true });
  const call = (method, params) => send(method, params, sessionId);
  await call("Page.enable");
  await call("Runtime.enable");
  await call("Network.enable");
  await call("Emulation.setDeviceMetricsOverride", { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false });
  return { call, sessionId, targetId };
}

let tab = await newTab();

async function js(expression) {
  const { result, exceptionDetails } = await tab.call("Runtime.evaluate", { expression, returnByValue: true, awaitPromise: true });
  if (exceptionDetails) failed(`${expression}: ${JSON.stringify(exceptionDetails)}`);
  return result.value;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const answers = () => js("Number(document.body.dataset.answers || 0)");

// Waits until the page has shown an answer after the `before`-th (its data-answers counter)
// and asks nothing more (aria-busy false on the results).
async function settled(before, what) {
  for (let i = 0; i < 400; i += 1) {
    const [count, busy] = await js(`[Number(document.body.dataset.answers || 0), document.getElementById('results').getAttribute('aria-busy')]`);
    if (count > before && busy === "false") return;
    await sleep(25);
  }
  failed(`${what}: the page showed no answer in 10 s`);
}

// Does `act` (a click, a key, typing) and waits for the answer it asks.
async function acting(what, act) {
  const before = await answers();
  await act();
  await settled(before, what);
}

// Sets the address's fragment in the tab (a hashchange, as a link followed or an edit).
const hash = (fragment) => acting(fragment, () => js(`location.hash = ${JSON.stringify(fragment)}`));

async function open(address) {
  const loaded = event("Page.loadEventFired", tab.sessionId);
  await tab.call("Page.navigate", { url: address });
  await loaded;
  if (address.startsWith("http")) await settled(0, address);
}

// Where the centre of `selector` is in the viewport (scrolled into view), or null.
const centre = (selector) => js(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
    if (!e) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
const square = (name) => `#board i[data-square="${name}"]`;

// A piece dragged by the mouse from one square to another, in a few steps.
async function dragMouse(from, to) {
  const [a, b] = [await centre(square(from)), await centre(square(to))];
  await tab.call("Input.dispatchMouseEvent", { type: "mousePressed", x: a[0], y: a[1], button: "left", clickCount: 1 });
  for (let i = 1; i <= 5; i += 1) {
    const at = [a[0] + ((b[0] - a[0]) * i) / 5, a[1] + ((b[1] - a[1]) * i) / 5];
    await tab.call("Input.dispatchMouseEvent", { type: "mouseMoved", x: at[0], y: at[1], button: "left", buttons: 1 });
  }
  await tab.call("Input.dispatchMouseEvent", { type: "mouseReleased", x: b[0], y: b[1], button: "left", clickCount: 1 });
}

// A finger on the screen at point `a` (a tap), or moved from there to `b` (a drag).
async function finger(a, b = null) {
  const point = (x, y) => [{ x, y, id: 1, radiusX: 2, radiusY: 2, force: 1 }];
  await tab.call("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(a[0], a[1]) });
  if (b) {
    for (let i = 1; i <= 5; i += 1) {
      await tab.call("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(a[0] + ((b[0] - a[0]) * i) / 5, a[1] + ((b[1] - a[1]) * i) / 5) });
    }
  }
  await tab.call("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

// A tap on a square (from alone) or a finger's drag from one square to another.
async function touch(from, to = null) {
  await finger(await centre(square(from)), to ? await centre(square(to)) : null);
}

// A tap on the centre of `selector` (scrolled into view).
async function tap(selector) {
  const at = await centre(selector);
  if (!at) failed(`nothing to tap: ${selector}`);
  await finger(at);
}

// Where a control is (scrolled into view) and whether a finger reaches it: its box, the box a
// tap on it may land in (its label's, which works it too), its text's size, and whether the
// element at the control's centre is it, within it or within its label (nothing over it).
const reach = (selector) => js(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
  if (!e) return null; e.scrollIntoView({block: 'center'});
  const box = (r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height });
  const r = e.getBoundingClientRect(), label = e.closest('label'), t = (label || e).getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return { ...box(r), target: box(t), hit: Boolean(hit && (e.contains(hit) || (label && label.contains(hit)))),
    fontSize: parseFloat(getComputedStyle(e).fontSize) }; })()`);

// Whether anything is wider than the window (the page scrolls sideways), and where the board is.
const fits = () => js(`(() => { const board = document.getElementById('board').getBoundingClientRect();
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
    boardLeft: board.left, boardRight: board.right, boardWidth: board.width }; })()`);

// The start picker and the games' links, as shown.
const picker = () => js(`(() => {
  const options = [...document.querySelectorAll('#starts option')].filter((o) => o.value !== '');
  return { count: options.length, value: document.getElementById('starts').value,
    options: Object.fromEntries(options.filter((o) => ['0', '105', '518'].includes(o.value))
      .map((o) => [o.value, { text: o.textContent, games: Number(o.dataset.games) }])) };
})()`);
const links = () => js(`[...document.querySelectorAll('#topgames tr, #recentgames tr')].map((r) => {
  const a = r.cells[7].querySelector('a');
  return { text: r.cells[7].textContent, href: a ? a.getAttribute("href") : null };
})`);

async function click(selector) {
  const box = await js(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
    if (!e) return null; e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2]; })()`);
  if (!box) failed(`nothing to click: ${selector}`);
  for (const type of ["mousePressed", "mouseReleased"]) {
    await tab.call("Input.dispatchMouseEvent", { type, x: box[0], y: box[1], button: "left", clickCount: 1 });
  }
}

const CODES = { ArrowDown: 40, ArrowLeft: 37, ArrowRight: 39, Home: 36, End: 35, Enter: 13, Tab: 9 };
async function key(name) {
  for (const type of ["keyDown", "keyUp"]) {
    await tab.call("Input.dispatchKeyEvent", {
      type, key: name, code: name, windowsVirtualKeyCode: CODES[name],
      ...(name === "Enter" && type === "keyDown" ? { text: "\r" } : {}),
    });
  }
}

// Types `text` into input `selector` in place of its value (a click, select all, the text),
// then Enter: the input's change event, as a player's.
async function type(selector, text, press = click) {
  await press(selector);
  await js(`document.querySelector(${JSON.stringify(selector)}).select()`);
  await tab.call("Input.insertText", { text });
  await key("Enter");
}

// What a player sees: the board (letters, rank 8 first), the address, the moves with their
// games and engine scores, the total, the filters, the status line, the evaluation bar (shown
// or not, its title, White's share of its height in %) and the score under the board.
const LETTERS = { "♔": "K", "♕": "Q", "♖": "R", "♗": "B", "♘": "N", "♙": "P",
  "♚": "k", "♛": "q", "♜": "r", "♝": "b", "♞": "n", "♟": "p" };
const seen = () => js(`(() => {
  const letters = ${JSON.stringify(LETTERS)};
  const squares = [...document.querySelectorAll('#board i')];
  const piece = (s) => s.firstChild && s.firstChild.nodeType === 3 ? letters[s.firstChild.textContent] || '?' : '.';
  const number = (text) => parseInt(text.replace(/,/g, ''), 10);
  const total = document.querySelector('#total b');
  return {
    hash: location.hash,
    board: squares.map(piece).join(''),
    squares: squares.map((s) => s.dataset.square).join(''),
    last: squares.filter((s) => s.classList.contains('last')).map((s) => s.dataset.square).sort().join(','),
    // The colours of a1 and h1 (a1 dark, h1 light).
    colours: ['a1', 'h1'].map((name) => getComputedStyle(document.querySelector('#board i[data-square="' + name + '"]')).backgroundColor),
    turn: document.getElementById('turn').textContent,
    line: document.getElementById('line').textContent.trim(),
    fen: document.getElementById('fen').textContent,
    status: document.getElementById('status').textContent,
    total: document.getElementById('total').textContent,
    games: total ? number(total.textContent) : 0,
    moves: [...document.querySelectorAll('#moves tr')].map((r) => ({
      uci: r.dataset.uci, san: r.cells[0].textContent, games: number(r.cells[1].textContent),
      elo: r.cells[4].textContent, engine: r.cells[5] ? r.cells[5].textContent : null,
    })),
    // The share of each move, then White's, the draws' and Black's ("White 40.1%, draws …").
    shares: [...document.querySelectorAll('#moves tr')].map((r) => Number(r.cells[2].textContent))
      .concat((document.getElementById('total').textContent.match(/White ([\\d.]+)%, draws ([\\d.]+)%, Black ([\\d.]+)%/) || []).slice(1).map(Number)),
    top: [...document.querySelectorAll('#topgames tr')].map((r) => [...r.cells].map((c) => c.textContent)),
    sp: document.getElementById('sp').value,
    black: document.getElementById('black').value,
    speeds: [...document.querySelectorAll('#speeds input:checked')].map((i) => i.value),
    ratings: [...document.querySelectorAll('#ratings input:checked')].map((i) => i.value),
    since: document.getElementById('since').value,
    until: document.getElementById('until').value,
    evalbar: (() => {
      const bar = document.getElementById('evalbar');
      const shown = getComputedStyle(bar).display !== 'none' && bar.getBoundingClientRect().height > 0;
      const white = shown ? (100 * bar.firstElementChild.getBoundingClientRect().height) / bar.clientHeight : null;
      return { shown, title: bar.title, white };
    })(),
    evalscore: document.getElementById('evalscore').textContent,
  };
})()`);

// An engine's score ({cp} or {mate}, White's view) as the side to move reads it: pawns with a
// sign and two decimals, or #N (N < 0: the side to move is mated); "" without one.
function sideToMoves(score, white) {
  if (!score) return "";
  if (score.mate !== undefined && score.mate !== null) return `#${white ? score.mate : -score.mate}`;
  const cp = white ? score.cp : -score.cp;
  return `${cp >= 0 ? "+" : ""}${(cp / 100).toFixed(2)}`;
}

// /lichess's answer from Node: `fen`, then `params` (play, speeds, ratings, since); with its
// moves (and each one's score from the side to move), total and exact shares in the fields of
// `seen`, the position's `eval` and its score from the side to move, and each move's `eval`.
// With `player` ({player, color}): /player's, the NDJSON's one line, each move's `elo` its
// opponents' average Elo and the player's performance as the page writes them.
async function api(fen, params = {}, player = null) {
  // Every move, as the page asks (lichess's default lists 12).
  const query = new URLSearchParams({ variant: "chess960", fen, moves: "256", ...params, ...(player || {}) });
  const response = await fetch(`${base}${player ? "player" : "lichess"}?${query}`);
  const lines = (await response.text()).trim().split("\n");
  const body = JSON.parse(lines[lines.length - 1]);
  if (!response.ok) return { status: response.status, body };
  if (player && (lines.length !== 1 || body.queuePosition !== 0)) failed(`/player: ${lines.length} lines`);
  const sum = (m) => m.white + m.draws + m.black;
  const games = sum(body);
  const plies = params.play ? params.play.split(",").length : 0;
  const white = (fen.split(" ")[1] === "w") === (plies % 2 === 0);
  const moves = body.moves.map((m) => ({
    uci: m.uci, san: m.san, games: sum(m),
    elo: player ? (m.averageOpponentRating ? `${m.averageOpponentRating} / ${m.performance}` : "") : m.averageRating ? String(m.averageRating) : "",
    engine: sideToMoves(m.eval, white),
  }));
  const share = (n) => (100 * n) / games;
  const shares = games ? [...moves.map((m) => share(m.games)), share(body.white), share(body.draws), share(body.black)] : [];
  const evals = body.moves.map((m) => m.eval ?? null);
  const eval_ = body.eval ?? null;
  return {
    status: response.status, body, games, moves, shares, toMove: white ? "White" : "Black",
    eval: eval_, score: sideToMoves(eval_, white), evals,
  };
}

// A step: what the page shows, and (when `asked`) the API's answer to the same question.
const report = { steps: {} };
async function step(name, asked) {
  report.steps[name] = { page: await seen(), api: asked ? await api(...asked) : null };
  return report.steps[name].page;
}

const started = Date.now();
const fen105 = FENS["105"];

// The start 105 from the address.
await open(`${base}#sp=105`);
const root = await step("root", [fen105]);
report.rootLinks = await links();
report.rootListed = (await api(fen105, { topGames: "4", recentGames: "8" })).body;

// The page's rules: the games the test drew, replayed.
report.rules = await js(`rulesOf(${readFileSync(rulesPath, "utf8")})`);

// The list of starts (waited for: /starts is asked once, at the start) and /lichess's totals
// at three starts' positions.
for (let i = 0; (await js("document.body.dataset.starts || ''")) !== "960"; i += 1) {
  if (i > 400) failed("the list of starts did not come in 10 s");
  await sleep(25);
}
report.picker = await picker();
// How fresh the index is: the page's line, and /summary's own answer.
for (let i = 0; (await js("document.body.dataset.summary || ''")) === ""; i += 1) {
  if (i > 400) failed("the summary did not come in 10 s");
  await sleep(25);
}
report.summary = { page: await js("document.getElementById('summary').textContent"), api: await (await fetch(`${base}summary`)).json() };
report.rootGames = {};
for (const id of ["0", "105", "518"]) report.rootGames[id] = (await api(FENS[id])).games;

// A click on the first move, then on the reply's first move.
const first = root.moves[0]?.uci;
if (!first) failed(`no move at the start 105: ${JSON.stringify(root)}`);
await acting("first move", () => click("#moves tr"));
const one = await step("one", [fen105, { play: first }]);
await acting("reply", () => click("#moves tr"));
const reply = one.moves[0].uci;
const two = await step("two", [fen105, { play: `${first},${reply}` }]);

// The keys: back, forward, the start, the end of the line.
await acting("ArrowLeft", () => key("ArrowLeft"));
await step("left");
await acting("ArrowRight", () => key("ArrowRight"));
await step("right");
await acting("Home", () => key("Home"));
await step("home");
await acting("End", () => key("End"));
await step("end");

// A row clicked while the answer to a key is on its way (held here by the Fetch domain) is
// the previous position's: it plays nothing.
const held = [];
listeners.push((message) => {
  if (message.method === "Fetch.requestPaused") held.push(message.params.requestId);
});
await tab.call("Fetch.enable", { patterns: [{ urlPattern: "*/lichess?*" }] });
const beforeHeld = await answers();
await key("ArrowLeft");
for (let i = 0; held.length === 0; i += 1) {
  if (i > 200) failed("the page asked nothing after ArrowLeft");
  await sleep(25);
}
await click("#moves tr");
await sleep(200);
report.whileAsked = await js(`[location.hash, document.getElementById('results').getAttribute('aria-busy')]`);
report.heldRequests = held.length;
for (const requestId of held.splice(0)) await tab.call("Fetch.continueRequest", { requestId });
await tab.call("Fetch.disable");
await settled(beforeHeld, "ArrowLeft, held");
await step("staleClick");
await hash(two.hash);

// The filters: a speed, a rating group (checkboxes clicked), a month (set with its change
// event: Chromium's month field takes keys segment by segment); then a key pressed right
// after a checkbox was clicked (the focus on the checkbox).
await acting("blitz", () => click('#speeds input[value="blitz"]'));
await acting("1800", () => click('#ratings input[value="1800"]'));
await acting("since", () => js(`(() => { const since = document.getElementById('since');
  since.value = '2024-02'; since.dispatchEvent(new Event('change', {bubbles: true})); })()`));
const filters = { speeds: "blitz", ratings: "1800", since: "2024-02" };
const filtered = await step("filtered", [fen105, { play: `${first},${reply}`, ...filters }]);
await acting("rapid", () => click('#speeds input[value="rapid"]'));
await acting("ArrowLeft after a checkbox", () => key("ArrowLeft"));
await step("checkboxLeft", [fen105, { play: first, ...filters, speeds: "blitz,rapid" }]);
await acting("ArrowRight after a checkbox", () => key("ArrowRight"));
await acting("rapid off", () => click('#speeds input[value="rapid"]'));
const shared = await step("shared", [fen105, { play: `${first},${reply}`, ...filters }]);

// The shared address in a fresh tab: the same position, moves and filters.
const firstTab = tab;
tab = await newTab();
await open(`${base}${shared.hash}`);
await step("reopened");
await send("Target.closeTarget", { targetId: tab.targetId });
tab = firstTab;

// The screenshot: three plies deep, two speeds ticked, 1280×800.
await tab.call("Emulation.setDeviceMetricsOverride", { width: 1280, height: 800, deviceScaleFactor: 1, mobile: false });
await acting("filters off", () => js(`(() => { for (const i of document.querySelectorAll('#ratings input:checked, #speeds input:checked')) i.checked = false;
  document.getElementById('speeds').dispatchEvent(new Event('change', {bubbles: true})); })()`));
await acting("ply 3", () => click("#moves tr"));
await acting("blitz", () => click('#speeds input[value="blitz"]'));
await acting("rapid", () => click('#speeds input[value="rapid"]'));
await js("window.scrollTo(0, 0)");
// /lichess's parameters of an address's fragment: its moves (UCI) and filters.
function paramsOf(fragment) {
  const params = Object.fromEntries(new URLSearchParams(fragment.slice(1)));
  for (const own of ["sp", "black", "db", "player", "color"]) delete params[own];
  if (params.play) params.play = params.play.split(",").map((s) => s.split(":")[0]).join(",");
  return params;
}
const pictured = await step("pictured", [fen105, paramsOf(await js("location.hash"))]);
// Where the moves are: beside the board (their left edge past its right one, their top above
// its bottom), as docs/explorer.png shows them.
report.picturedFits = await fits();
report.picturedLayout = await js(`(() => {
  const board = document.getElementById('board').getBoundingClientRect();
  const results = document.getElementById('results').getBoundingClientRect();
  return { boardRight: board.right, boardBottom: board.bottom, resultsLeft: results.left, resultsTop: results.top };
})()`);
const { data } = await tab.call("Page.captureScreenshot", { format: "png" });
writeFileSync(screenshot, Buffer.from(data, "base64"));
await tab.call("Emulation.setDeviceMetricsOverride", { width: 1280, height: 900, deviceScaleFactor: 1, mobile: false });
report.pictured = pictured.hash;

// Another start typed, then Black's (a Double Fischer Random pair), the filters unticked.
await acting("speeds off", () => js(`(() => { for (const i of document.querySelectorAll('#speeds input:checked, #ratings input:checked')) i.checked = false;
  const since = document.getElementById('since'); since.value = '';
  since.dispatchEvent(new Event('change', {bubbles: true})); })()`));
await acting("start 518", () => type("#sp", "518"));
await step("sp518");
await acting("Black's 0", () => type("#black", "0"));
await step("dfrc", [FENS.dfrc]);
await acting("a DFRC move", () => click("#moves tr"));
const dfrcMove = (await seen()).hash.match(/play=([a-h1-8qrbn]+)/)?.[1] ?? null;
await step("dfrcOne", [FENS.dfrc, { play: dfrcMove }]);
// A reply the index has no evaluation of (the least played, too few games): the bar goes.
await acting("a DFRC reply", () => click("#moves tr:last-child"));
await step("dfrcTwo", [FENS.dfrc, paramsOf(await js("location.hash"))]);

// Crafted addresses, in the same tab (hashchange): the start 0 alone; an impossible move
// after a position with moves; starts that do not exist; then back to a good one.
await hash("#sp=0");
await step("sp0");
await hash(`#sp=105&play=${first}`);
await step("beforeImpossible");
await hash("#sp=105&play=e1e8");
await step("impossible", [fen105, { play: "e1e8" }]);
await hash("#sp=960");
await step("sp960");
await hash("#sp=105&black=-3");
await step("black-3");
await hash("#sp=abc");
await step("spAbc");

// On the board, at 1280 px: a click on b2 then b4, a drag from c7 to c5, as /lichess answers
// them; the FEN shown and copied.
await hash("#sp=105");
await click(square("b2"));
await sleep(50);
report.clickSelected = await js(`[...document.querySelectorAll('#board i.sel, #board i.dest')].map((s) => s.dataset.square + ':' + s.className)`);
await acting("click b4", () => click(square("b4")));
await step("clicked", [fen105, { play: "b2b4" }]);
await acting("drag c7 c5", () => dragMouse("c7", "c5"));
await step("dragged", [fen105, { play: "b2b4,c7c5" }]);
// An illegal move tried, by click and by drag: nothing played, nothing asked.
const beforeIllegal = await answers();
await click(square("e1"));
await click(square("e4"));
await dragMouse("d1", "d5");
await sleep(200);
report.illegal = { hash: await js("location.hash"), answers: (await answers()) - beforeIllegal };
await send("Browser.grantPermissions", { permissions: ["clipboardReadWrite", "clipboardSanitizedWrite"], origin: new URL(base).origin });
await click("#copyfen");
for (let i = 0; (await js("document.getElementById('copied').textContent")) === ""; i += 1) {
  if (i > 200) failed("Copy said nothing in 5 s");
  await sleep(25);
}
report.copied = { said: await js("document.getElementById('copied').textContent"), text: await js("navigator.clipboard.readText()") };

// A link with moves alone (UCI): the line in SAN, the FEN after it.
await hash(`#sp=105&play=${FENS.line.join(",")}`);
await step("uciLink");

// A start picked from the list, then one at random.
await acting("pick 518", () => js(`(() => { const list = document.getElementById('starts'); list.value = '518';
  list.dispatchEvent(new Event('change', {bubbles: true})); })()`));
await step("picked", [FENS["518"]]);
report.randoms = [];
for (let i = 0; i < 5; i += 1) {
  await acting("random", () => click("#random"));
  report.randoms.push({ ...(await seen()), picker: await picker() });
}

// A phone, 390 px wide, three device pixels a CSS pixel, a finger: nothing wider than the
// screen; a tap on a piece then its square, a piece dragged; the screenshot.
const desk = tab;
tab = await newTab();
await tab.call("Emulation.setDeviceMetricsOverride", { width: 390, height: 844, deviceScaleFactor: 3, mobile: true });
await tab.call("Emulation.setTouchEmulationEnabled", { enabled: true, maxTouchPoints: 1 });
await open(`${base}#sp=105`);
report.phone = { fits: await fits() };
await touch("g2");
await sleep(50);
await acting("tap g3", () => touch("g3"));
report.phone.tapped = await step("phoneTapped", [fen105, paramsOf(await js("location.hash"))]);
await acting("finger drag", () => touch("g7", "g6"));
report.phone.dragged = await step("phoneDragged", [fen105, paramsOf(await js("location.hash"))]);
await hash(report.pictured);
report.phone.pictured = await fits();
await js("window.scrollTo(0, 0)");
const phone = await tab.call("Page.captureScreenshot", { format: "png" });
writeFileSync(phoneShot, Buffer.from(phone.data, "base64"));

// A player's games on the phone, by finger: "a player's" tapped, the name tapped in (in
// capitals), Black chosen from the colour's list (a tap opens it, ↓ and Enter choose), "rated"
// tapped, a move's row tapped. Each answer shown as /player's to Node; what the page asked of
// /player; each control within the screen, a finger's size and not covered; nothing wider than
// the screen; the screenshot, the moves at its top and the Games' fieldset under them.
const PLAYER = report.rootListed.topGames[0].white.name.toUpperCase();
const PLAYER_CONTROLS = { db: 'input[name="db"][value="player"]', name: "#player", color: "#color", rated: '#modes input[value="rated"]' };
// The page's latest request to /player: its path and parameters.
const askedOfPlayer = () => {
  const url = requests.filter((u) => u.startsWith(`${base}player?`)).at(-1);
  return url ? Object.fromEntries(new URL(url).searchParams) : null;
};
await hash("#sp=105");
report.phonePlayer = { controls: {}, asked: {} };
await acting("a player's, tapped", () => tap(PLAYER_CONTROLS.db));
report.phonePlayer.prompt = { hash: await js("location.hash"), status: await js("document.getElementById('status').textContent") };
for (const [what, selector] of Object.entries(PLAYER_CONTROLS)) report.phonePlayer.controls[what] = await reach(selector);
await acting("a name tapped in", () => type(PLAYER_CONTROLS.name, PLAYER, tap));
report.phonePlayer.asked.white = askedOfPlayer();
await step("phonePlayerWhite", [fen105, {}, { player: PLAYER, color: "white" }]);
await acting("Black from the list", async () => {
  await tap(PLAYER_CONTROLS.color);
  await sleep(100);
  await key("ArrowDown");
  await key("Enter");
});
report.phonePlayer.asked.black = askedOfPlayer();
await step("phonePlayerBlack", [fen105, {}, { player: PLAYER, color: "black" }]);
await acting("rated, tapped", () => tap(PLAYER_CONTROLS.rated));
report.phonePlayer.asked.rated = askedOfPlayer();
await step("phonePlayerRated", [fen105, paramsOf(await js("location.hash")), { player: PLAYER, color: "black" }]);
report.phonePlayer.row = await reach("#moves tr");
await acting("a player's move, tapped", () => tap("#moves tr"));
report.phonePlayer.asked.move = askedOfPlayer();
await step("phonePlayerOne", [fen105, paramsOf(await js("location.hash")), { player: PLAYER, color: "black" }]);
report.phonePlayer.shown = await js(`[document.getElementById('elohead').textContent,
  ...['who', 'speeds', 'ratings'].map((id) => document.getElementById(id).classList.contains('hidden'))]`);
report.phonePlayer.fits = await fits();
await js("document.getElementById('results').scrollIntoView({block: 'start'})");
report.phonePlayer.pictured = await js(`['results', 'database'].map((id) => { const r = document.getElementById(id).getBoundingClientRect();
  return [r.top, r.bottom]; })`);
const playerShot = await tab.call("Page.captureScreenshot", { format: "png" });
writeFileSync(phonePlayerShot, Buffer.from(playerShot.data, "base64"));
await send("Target.closeTarget", { targetId: tab.targetId });
tab = desk;

// A player's games: the first top game's White at 105, named in capitals (lichess matches
// names whatever their case), as /player answers Node; a move; then as Black, rated games
// only; the masters' (none on this server: said so); lichess's again.
const name = report.rootListed.topGames[0].white.name;
report.player = name;
await hash(`#sp=105&db=player&player=${encodeURIComponent(name.toUpperCase())}&color=white`);
await step("player", [fen105, {}, { player: name.toUpperCase(), color: "white" }]);
report.playerHead = await js("document.getElementById('elohead').textContent");
report.playerHidden = await js(`['who', 'speeds', 'ratings'].map((id) => document.getElementById(id).classList.contains('hidden'))`);
await acting("a player's move", () => click("#moves tr"));
const playerOne = paramsOf(await js("location.hash"));
await step("playerOne", [fen105, playerOne, { player: name.toUpperCase(), color: "white" }]);
await acting("as Black", () => js(`(() => { const c = document.getElementById('color'); c.value = 'black';
  c.dispatchEvent(new Event('change', {bubbles: true})); })()`));
await acting("rated", () => click('#modes input[value="rated"]'));
await step("playerBlack", [fen105, paramsOf(await js("location.hash")), { player: name.toUpperCase(), color: "black" }]);
report.playerHash = await js("location.hash");
await acting("masters", () => click('input[name="db"][value="masters"]'));
await step("masters");
await acting("lichess", () => click('input[name="db"][value="lichess"]'));
await step("lichessAgain", [fen105, paramsOf(await js("location.hash"))]);

await hash(`#sp=105&play=${first}`);
await step("again");

// The server stopped (SIGTERM, then its port closed): the next move says so.
process.kill(Number(serverPid), "SIGTERM");
for (let i = 0; ; i += 1) {
  try { await fetch(`${base}lichess?variant=chess960`); } catch { break; }
  if (i > 200) failed("the server still answers 5 s after SIGTERM");
  await sleep(25);
}
await acting("ArrowLeft, no server", () => key("ArrowLeft"));
await step("stopped");

report.played = { first, reply, dfrc: dfrcMove };
report.exceptions = exceptions;
// The origins asked over the network (Chromium's own data: URLs, its month picker's icon, aside).
report.requests = [...new Set(requests.filter((url) => !/^(data|about):/.test(url))
  .map((url) => (/^https?:/.test(url) ? new URL(url).origin : url)))];
report.ms = Date.now() - started;
await send("Browser.close").catch(() => {});
browser.kill();
// A pipe is written asynchronously: exit once the whole report is out (over 64 KiB, an exit
// right after console.log cut it).
process.stdout.write(`${JSON.stringify(report)}\n`, () => process.exit(0));

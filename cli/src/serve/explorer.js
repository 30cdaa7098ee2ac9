"use strict";
// The explorer's page (after board.js and rules.js): answers from this server's /lichess,
// /masters or /player (a player's games with one colour), as lichess's explorer answers (with
// the engine's scores where the index has them: `eval` fields after lichess's); the position,
// the games asked and the filters live in the address's fragment
// (#sp=105&play=f1g3,f8g6&speeds=blitz&db=player&player=Name&color=black), so a link shares them.
const SPEEDS = ["ultraBullet", "bullet", "blitz", "rapid", "classical", "correspondence"];
const RATINGS = ["0", "1000", "1200", "1400", "1600", "1800", "2000", "2200", "2500"];
let asked = 0;     // the latest request, so that a late answer to an older one is dropped

for (const [box, names] of [["speeds", SPEEDS], ["ratings", RATINGS]]) {
  for (const name of names) {
    $(box).insertAdjacentHTML("beforeend", `<label><input type="checkbox" value="${name}">${name}</label>`);
  }
}

// The token this server may require (`chess960 serve --token-file`): asked for at its first
// 401 and kept in this browser, then sent with every request.
const TOKEN = "chess960-explorer-token";
let remembered = null;  // where no localStorage keeps it
function storedToken() {
  try { return localStorage.getItem(TOKEN) || remembered; } catch (err) { return remembered; }
}
let asking = null;  // the token being asked for: the requests refused meanwhile wait for it
function askToken(refused) {
  asking = asking || Promise.resolve().then(() => {
    const given = (window.prompt(`The explorer at ${location.host} needs a token (${refused ? "the one sent was refused" : "none was sent"}):`) || "").trim();
    if (given) remembered = given;
    try { if (given) localStorage.setItem(TOKEN, given); } catch (err) { /* remembered here */ }
    asking = null;
    return given;
  });
  return asking;
}
async function api(path) {
  const token = storedToken();
  const response = await fetch(path, token ? {headers: {Authorization: `Bearer ${token}`}} : {});
  if (response.status !== 401) return response;
  // Another request's answer may have stored a new token meanwhile: try it before asking.
  if (storedToken() !== token) return api(path);
  return (await askToken(Boolean(token))) ? api(path) : response;
}

// The start number in input `id` (0 to 959), or null: empty, not a whole number, or out of range.
function startNumber(id) {
  const text = $(id).value.trim(), n = Number(text);
  return text !== "" && Number.isInteger(n) && n >= 0 && n <= 959 ? n : null;
}

// Why the starts asked cannot be shown, or "".
function startProblem() {
  if ($("sp").value.trim() === "") return "Choose a start: they are numbered 0 to 959.";
  if (startNumber("sp") === null) return `There is no start ${$("sp").value}: they are numbered 0 to 959.`;
  if ($("black").value !== "" && startNumber("black") === null) {
    return `There is no start ${$("black").value} for Black: they are numbered 0 to 959.`;
  }
  return "";
}

// The position of the starts asked (X-FEN's castling), or null when there is no such start.
function startFen() {
  if (startProblem()) return null;
  const white = backRank(startNumber("sp"));
  const black = $("black").value === "" ? white : backRank(startNumber("black"));
  return `${black.toLowerCase()}/pppppppp/8/8/8/8/PPPPPPPP/${white} w KQkq - 0 1`;
}

// The positions of the line from the start asked: the start's, then after each move, as far
// as the moves are legal (none without a start); each move's SAN on the way.
function replay() {
  const fen = startFen();
  if (!fen) return [];
  const white = backRank(startNumber("sp"));
  const black = $("black").value === "" ? white : backRank(startNumber("black"));
  const reached = [startPosition(white, black)];
  for (const s of line) {
    const pos = reached[reached.length - 1], legal = legalMoves(pos), mv = moveOf(pos, s.uci, legal);
    if (!mv) break;
    s.uci = uciOf(mv);
    s.san = sanOf(pos, mv, legal);
    reached.push(played(pos, mv));
  }
  return reached;
}

let positions = [];   // replay()'s, for the line
const shown = () => positions[Math.min(at, positions.length - 1)] || null;
let selected = null;  // the square of the piece picked up, or null

function drawBoard() {
  const pos = shown();
  const dests = pos && selected !== null ? legalMoves(pos).filter((mv) => mv.from === selected) : [];
  const marks = (index) => (index === selected ? " sel" : "") +
    (dests.some((mv) => mv.to === index || mv.castle === index) ? " dest" : "");
  drawSquares(pos ? pos.board : Array(64).fill(null), at ? line[at - 1].uci : "",
    pos ? pos.turn === "w" : at % 2 === 0, marks);
}

const checked = (box) => [...$(box).querySelectorAll("input:checked")].map((i) => i.value);

// The games asked: lichess's, the masters' or a player's (with the colour they played).
const database = () => document.querySelector('input[name="db"]:checked').value;

// Shows the filters the games asked take: a player's name, colour and modes; no speeds for
// the masters; rating groups for lichess's alone.
function showDatabase() {
  const db = database();
  $("who").classList.toggle("hidden", db !== "player");
  $("speeds").classList.toggle("hidden", db === "masters");
  $("ratings").classList.toggle("hidden", db !== "lichess");
  $("elohead").textContent = db === "player" ? "Opp. / perf." : "Elo";
  $("elohead").title = db === "player" ? "the opponents' average Elo / the player's performance" : "the movers' average Elo";
}

// The request of the position shown, lichess's path and parameters for the games asked.
function request() {
  const db = database();
  const params = new URLSearchParams({variant: "chess960", fen: startFen()});
  if (at) params.set("play", line.slice(0, at).map((s) => s.uci).join(","));
  if (db === "player") {
    params.set("player", $("player").value.trim());
    params.set("color", $("color").value);
    if (checked("modes").length) params.set("modes", checked("modes").join(","));
  }
  for (const box of db === "lichess" ? ["speeds", "ratings"] : db === "player" ? ["speeds"] : []) {
    if (checked(box).length) params.set(box, checked(box).join(","));
  }
  // The masters' months are years, as lichess's.
  for (const month of ["since", "until"]) {
    if ($(month).value) params.set(month, db === "masters" ? $(month).value.slice(0, 4) : $(month).value);
  }
  // lichess's: 4 top games and recent games filling what they leave of 8; the masters' 15
  // top games; a player's 8 latest.
  if (db !== "player") params.set("topGames", db === "masters" ? "15" : "4");
  if (db !== "masters") params.set("recentGames", "8");
  // Every move played (lichess's default lists 12; no position has 256 legal moves).
  params.set("moves", "256");
  return `${db}?${params}`;
}

// An answer's JSON: its last line (/player's is NDJSON), or null.
async function readAnswer(response) {
  const text = (await response.text()).trim();
  try { return JSON.parse(text.split("\n").pop()); } catch { return null; }
}

// An engine's score ({cp} or {mate}, White's view) from the side to move's, in pawns; mate as #N.
function shownScore(score, white) {
  if (!score) return "";
  if (score.mate !== undefined) return `#${white ? score.mate : -score.mate}`;
  const cp = white ? score.cp : -score.cp;
  return `${cp < 0 ? "-" : "+"}${(Math.abs(cp) / 100).toFixed(2)}`;
}

// The position's evaluation (the index's, `chess960 index evals`): a bar, its score, what made it.
function drawEval(answer) {
  const ev = answer && answer.eval, bar = $("evalbar");
  bar.classList.toggle("hidden", !ev);
  $("evalscore").textContent = ev ? `Engine: ${shownScore(ev, at % 2 === 0)} (the side to move's)` : "";
  if (!ev) return;
  // White's share: lichess's winning chances of a score (a mate: all or nothing).
  const chances = ev.mate !== undefined ? Math.sign(ev.mate || 1) : 2 / (1 + Math.exp(-0.00368208 * ev.cp)) - 1;
  bar.firstElementChild.style.height = `${50 + 50 * chances}%`;
  bar.title = $("evalscore").title = `${ev.engine}, ${ev.limit}, ${ev.threads} thread${ev.threads === 1 ? "" : "s"}, depth ${ev.depth}${ev.date ? `, ${ev.date}` : ""}: ${ev.pv}`;
}

// Empties the answer shown (its moves belong to another position) and says why.
function clearAnswer(why) {
  drawEval(null);
  $("status").textContent = why;
  $("total").textContent = "";
  $("moves").textContent = "";
  for (const box of ["top", "recent"]) {
    $(`${box}games`).textContent = "";
    $(box).classList.add("hidden");
  }
}

// Marks the answer to request `mine` shown (body's data-answers counts them, for tests).
function answered(mine) {
  if (mine !== asked) return;
  $("results").setAttribute("aria-busy", "false");
  document.body.dataset.answers = String(Number(document.body.dataset.answers || 0) + 1);
}

async function show() {
  positions = replay();
  selected = null;
  $("promote").classList.add("hidden");
  drawBoard();
  drawLine();
  saveAddress();
  const mine = ++asked;
  $("results").setAttribute("aria-busy", "true");
  const start = startFen();
  $("fen").textContent = at < positions.length ? fenOf(positions[at]) : "";
  $("copied").textContent = "";
  if (!start) {
    clearAnswer(startProblem());
    return answered(mine);
  }
  const db = database();
  if (db === "player" && !$("player").value.trim()) {
    clearAnswer("Type a player's name (as on lichess, any case) to see their games with the colour chosen.");
    return answered(mine);
  }
  let response, answer = null;
  try {
    response = await api(request());
    answer = await readAnswer(response);
  } catch (err) {
    if (mine === asked) clearAnswer(`The explorer at ${location.host} does not answer (${err.message}): is the server running?`);
    return answered(mine);
  }
  if (mine !== asked) return;
  if (response.status === 404 && db === "masters") {
    clearAnswer("This explorer has no masters' games (chess960 serve --masters DIR).");
    return answered(mine);
  }
  if (!response.ok || !answer) {
    clearAnswer(`The explorer refused this position: ${(answer && answer.error) || `${response.status} ${response.statusText}`}`);
    return answered(mine);
  }
  $("status").textContent = "";
  drawEval(answer);
  const games = answer.white + answer.draws + answer.black;
  $("total").innerHTML = totalOf(answer.white, answer.draws, answer.black, "No game reached this position (with these filters).");
  const body = $("moves");
  body.textContent = "";
  for (const mv of answer.moves) {
    // A player's: their opponents' average Elo and their performance.
    const elo = db === "player" ? mv.averageOpponentRating && `${mv.averageOpponentRating} / ${mv.performance}` : mv.averageRating;
    const move = {uci: mv.uci, san: mv.san, w: mv.white, d: mv.draws, b: mv.black, elo: elo || null};
    const engine = `<td class="engine">${shownScore(mv.eval, at % 2 === 0)}</td>`;
    // A row of an answer since replaced (a key pressed meanwhile) plays nothing.
    moveRow(body, move, games, () => { if (mine === asked) play(mv.uci); }, "", engine);
  }
  for (const [box, list] of [["top", answer.topGames || []], ["recent", answer.recentGames || []]]) {
    const table = $(`${box}games`);
    table.textContent = "";
    for (const game of list) {
      const known = answer.moves.find((mv) => mv.uci === game.uci), pos = shown();
      const mv = !known && pos && moveOf(pos, game.uci);
      const san = known ? known.san : mv ? sanOf(pos, mv) : game.uci;
      const result = {white: "1-0", black: "0-1"}[game.winner] || "½-½";
      // lichess's shape writes 0 for a rating not known and 0000-00 for a month not known.
      const rating = (player) => player.rating || "";
      const month = game.month === "0000-00" ? "" : game.month;
      table.insertRow().innerHTML = gameCells(game.white.name, rating(game.white), game.black.name,
        rating(game.black), result, month, san) + `<td>${source(game, db)}</td>`;
    }
    $(box).classList.toggle("hidden", list.length === 0);
  }
  answered(mine);
}

// A game's link: lichess's page of it where it is lichess's, else its PGN here (the API marks
// a game from another source `"lichess": false`; this server gives it at lichess/pgn/ID, or
// masters/pgn/ID for the masters').
function source(game, db) {
  const id = escape(game.id), path = encodeURIComponent(game.id);
  const here = db === "masters" ? "masters" : "lichess";
  if (game.lichess === false) return `<a href="${here}/pgn/${path}" target="_blank" title="its PGN, from this index">${id}</a>`;
  return `<a href="https://lichess.org/${path}" target="_blank" rel="noopener">${id}</a>`;
}

// Plays the move `uci` in the position shown, if it is legal there (the line from here on
// is replaced, unless it is the line's next move).
function play(uci) {
  const pos = shown(), mv = pos && moveOf(pos, uci);
  if (!mv || at >= positions.length) return;
  advance({uci: uciOf(mv), san: ""});
}

// The fragment: #sp=105&black=451&play=f1g3,f8g6&speeds=blitz&ratings=2000&since=2024-01
function saveAddress() {
  const params = new URLSearchParams({sp: $("sp").value});
  if ($("black").value !== "") params.set("black", $("black").value);
  if (at) params.set("play", line.slice(0, at).map((s) => `${s.uci}:${s.san}`).join(","));
  for (const box of ["speeds", "ratings"]) if (checked(box).length) params.set(box, checked(box).join(","));
  for (const month of ["since", "until"]) if ($(month).value) params.set(month, $(month).value);
  if (database() !== "lichess") params.set("db", database());
  if (database() === "player") {
    params.set("player", $("player").value.trim());
    params.set("color", $("color").value);
    if (checked("modes").length) params.set("modes", checked("modes").join(","));
  }
  // Readable: the colons and commas of play's list left as they are (":" and "," need no escape).
  const address = `#${String(params).replace(/%3A/g, ":").replace(/%2C/g, ",")}`;
  if (location.hash !== address) history.replaceState(null, "", address);
}

function fromAddress() {
  const params = new URLSearchParams(location.hash.slice(1));
  $("sp").value = params.get("sp") ?? "518";
  $("black").value = params.get("black") ?? "";
  // The SAN written after each move (uci:san) is the page's own: worked out again, so that
  // a link with moves alone (play=b2b4,c7c5) reads the same.
  line = (params.get("play") || "").split(",").filter(Boolean).map((s) => ({uci: s.split(":")[0], san: s.split(":")[0]}));
  at = line.length;
  for (const box of ["speeds", "ratings", "modes"]) {
    const on = (params.get(box) || "").split(",");
    for (const input of $(box).querySelectorAll("input")) input.checked = on.includes(input.value);
  }
  for (const month of ["since", "until"]) $(month).value = params.get(month) ?? "";
  const db = ["masters", "player"].includes(params.get("db")) ? params.get("db") : "lichess";
  document.querySelector(`input[name="db"][value="${db}"]`).checked = true;
  $("player").value = params.get("player") ?? "";
  $("color").value = params.get("color") === "black" ? "black" : "white";
  showDatabase();
  show();
}

for (const id of ["sp", "black"]) $(id).addEventListener("change", () => { line = []; at = 0; show(); });
for (const id of ["speeds", "ratings", "since", "until", "player", "color", "modes"]) $(id).addEventListener("change", show);
$("database").addEventListener("change", (event) => { if (event.target.name === "db") { showDatabase(); show(); } });

// The FEN copied: the clipboard's API where the page may use it, else the text selected and
// copied as a selection is.
$("copyfen").addEventListener("click", async () => {
  const fen = $("fen").textContent;
  if (!fen) return;
  let done = false;
  try {
    await navigator.clipboard.writeText(fen);
    done = true;
  } catch {
    const range = document.createRange();
    range.selectNodeContents($("fen"));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    done = document.execCommand("copy");
  }
  $("copied").textContent = done ? "Copied" : "Select the FEN to copy it";
});

// What the index holds and how fresh it is (/summary): its games, the newest month they were
// played in, when a file was last added.
async function loadSummary() {
  let summary;
  try {
    const response = await api("summary");
    if (!response.ok) return;
    summary = await response.json();
  } catch (err) {
    return;
  }
  const newest = summary.newestMonth ? `, the newest of ${summary.newestMonth}` : "";
  const added = summary.lastAdded ? `; last added ${new Date(summary.lastAdded * 1000).toISOString().slice(0, 10)}` : "";
  $("summary").textContent = `${plural(summary.games, "game")}${newest}${added}`;
  document.body.dataset.summary = String(summary.games);
}

// The list of the 960 starts with their games in the index (/starts), and Random: a start
// drawn uniformly among those with games (among all 960 when none has any).
let starts = [];
function showPicked() {
  const n = startNumber("sp");
  $("starts").value = n !== null && $("black").value === "" ? String(n) : "";
}
function pickStart(n) {
  $("sp").value = String(n);
  $("black").value = "";
  line = []; at = 0;
  showPicked();
  show();
}
async function loadStarts() {
  try {
    const response = await api("starts");
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    starts = await response.json();
  } catch (err) {
    $("starts").firstElementChild.textContent = `no list (${err.message})`;
    return;
  }
  const list = $("starts");
  list.firstElementChild.textContent = "—";
  for (const start of starts) {
    const option = new Option(`${start.id} ${start.rank} · ${plural(start.games, "game")}`, String(start.id));
    option.dataset.games = String(start.games);
    list.append(option);
  }
  showPicked();
  document.body.dataset.starts = String(starts.length);
}
$("starts").addEventListener("change", () => { if ($("starts").value !== "") pickStart(Number($("starts").value)); });
$("random").addEventListener("click", () => {
  const withGames = starts.filter((start) => start.games > 0);
  const among = withGames.length ? withGames.map((start) => start.id) : [...Array(960).keys()];
  pickStart(among[Math.floor(Math.random() * among.length)]);
});
for (const id of ["sp", "black"]) $(id).addEventListener("change", showPicked);
loadStarts();
loadSummary();
window.addEventListener("hashchange", () => { fromAddress(); showPicked(); });
fromAddress();

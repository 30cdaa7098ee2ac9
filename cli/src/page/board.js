"use strict";
// The board, the results bar and the move line: the script of both pages, the explorer's
// (`chess960 serve`) and the tree's (`chess960 tree --format html`), before each page's own.
// A page defines show() (the position `at` moves into the line, and all that the page says of
// it) and drawBoard() (the board alone, as a flip redraws it).
const SYMBOLS = {K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙",
                 k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟"};
const FILES = "abcdefgh";
const $ = (id) => document.getElementById(id);
let line = [];     // the moves played from the start: {uci, san, …}
let at = 0;        // how many of them are shown
let flipped = false;

// The name of square `s`: a1 = 0, b1 = 1, …, h8 = 63.
const squareName = (s) => FILES[s % 8] + (Math.floor(s / 8) + 1);

// Draws `pieces` (64 letters or nulls, a1 first) on the board, White at the bottom unless it
// is flipped: the squares of move `last` (UCI, or "") lit, `marks(square)` the further classes
// of each square; and says whose move it is.
function drawSquares(pieces, last, white, marks = () => "") {
  const board = $("board");
  board.textContent = "";
  const lit = last ? [last.slice(0, 2), last.slice(2, 4)] : [];
  for (let row = 0; row < 8; row += 1) {
    for (let col = 0; col < 8; col += 1) {
      const index = flipped ? 8 * row + 7 - col : 8 * (7 - row) + col, name = squareName(index);
      const square = document.createElement("i");
      // a1 is dark: a square is dark where its file and rank, from 0, are both odd or both even.
      const dark = (index % 8 + Math.floor(index / 8)) % 2 === 0;
      square.className = (dark ? "dark" : "light") + (lit.includes(name) ? " last" : "") + marks(index);
      square.dataset.square = name;
      square.textContent = pieces[index] ? SYMBOLS[pieces[index]] || "?" : "";
      if (col === 0) square.insertAdjacentHTML("beforeend", `<b class="rank">${name[1]}</b>`);
      if (row === 7) square.insertAdjacentHTML("beforeend", `<b class="file">${name[0]}</b>`);
      board.append(square);
    }
  }
  $("turn").textContent = white ? "White to move" : "Black to move";
  $("turn").style.setProperty("--side", white ? "#fff" : "#222");
}

const pct = (n, games) => (games ? (100 * n / games).toFixed(1) : "0.0");
const count = (n) => n.toLocaleString("en");
const plural = (n, word) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;
const escape = (text) => String(text ?? "").replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

// The results bar: White's wins, the draws and Black's wins, each its share of the width.
function bar(w, d, b) {
  const games = w + d + b;
  const span = (cls, n, what) => {
    const share = pct(n, games);
    const label = share >= 12 ? `${Math.round(share)}%` : "";
    return `<span class="${cls}" style="width:${share}%" title="${what} ${share}%">${label}</span>`;
  };
  return `<div class="bar">${span("w", w, "White")}${span("d", d, "draws")}${span("b", b, "Black")}</div>`;
}

// A position's games, the shares of their results and their bar; `none` without a game.
function totalOf(w, d, b, none) {
  const games = w + d + b;
  if (!games) return none;
  return `<b>${plural(games, "game")}</b>: White ${pct(w, games)}%, draws ${pct(d, games)}%, Black ${pct(b, games)}% ${bar(w, d, b)}`;
}

// A row of the moves table `body` for move {uci, san, w, d, b, elo} of a position of `games`
// games: its SAN (then `note`, HTML), games, share, bar and Elo, then `more` (HTML cells); a
// click on it calls `click`.
function moveRow(body, mv, games, click, note = "", more = "") {
  const row = body.insertRow();
  row.dataset.uci = mv.uci;
  const n = mv.w + mv.d + mv.b;
  row.innerHTML = `<td>${escape(mv.san)}${note}</td><td>${count(n)}</td><td>${pct(n, games)}</td>` +
    `<td>${bar(mv.w, mv.d, mv.b)}</td><td>${mv.elo ?? ""}</td>${more}`;
  row.addEventListener("click", click);
  return row;
}

// A top game's cells: the players (a name not known "?") with their Elo, the result, the month
// and the move played here.
function gameCells(white, whiteElo, black, blackElo, result, month, san) {
  return `<td>${escape(white || "?")}</td><td>${whiteElo ?? ""}</td><td>${escape(black || "?")}</td>` +
    `<td>${blackElo ?? ""}</td><td>${escape(result)}</td><td>${escape(month)}</td><td>${escape(san)}</td>`;
}

// Plays `next` ({uci, san, …}) from the position shown: the line's next move goes forward,
// another replaces the line from here.
function advance(next) {
  if (line[at] && line[at].uci === next.uci) {
    at += 1;
  } else {
    line = line.slice(0, at);
    line.push(next);
    at += 1;
  }
  show();
}

function go(to) {
  const target = Math.max(0, Math.min(line.length, to));
  if (target !== at) { at = target; show(); }
}

// The line in SAN, numbered, the move shown marked, each move a click away; the buttons that
// move along it.
function drawLine() {
  const text = $("line");
  text.textContent = "";
  line.forEach((s, i) => {
    const span = document.createElement("span");
    span.textContent = (i % 2 === 0 ? `${i / 2 + 1}. ` : "") + s.san;
    span.className = i === at - 1 ? "here" : i >= at ? "after" : "";
    span.addEventListener("click", () => go(i + 1));
    text.append(span, " ");
  });
  $("back").disabled = $("home").disabled = at === 0;
  $("forward").disabled = $("end").disabled = at === line.length;
}

const flip = () => { flipped = !flipped; drawBoard(); };
$("home").addEventListener("click", () => go(0));
$("back").addEventListener("click", () => go(at - 1));
$("forward").addEventListener("click", () => go(at + 1));
$("end").addEventListener("click", () => go(line.length));
$("flip").addEventListener("click", flip);
document.addEventListener("keydown", (event) => {
  // Keys typed into a field are its own; a checkbox or a radio button just clicked leaves
  // them to the board (an arrow does not pick the radio's neighbour).
  const typing = event.target.matches("input:not([type=checkbox]):not([type=radio]), textarea, select");
  if (typing || event.altKey || event.ctrlKey || event.metaKey) return;
  const keys = {ArrowLeft: () => go(at - 1), ArrowRight: () => go(at + 1), Home: () => go(0),
                End: () => go(line.length), f: flip};
  if (keys[event.key]) { keys[event.key](); event.preventDefault(); }
});

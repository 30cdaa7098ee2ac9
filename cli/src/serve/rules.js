"use strict";
// The explorer's rules of Chess960 (after board.js, before explorer.js): the starts by
// Scharnagl's number, the moves played on the board, their SAN and the FEN shown; rulesOf for
// the tests, to check them against python-chess's. A position: {board: 64 squares (a1 = 0,
// b1 = 1, …, h8 = 63) of letters or null, turn: "w" or "b", rights: the squares of the rooks
// that may still castle, ep: the square a pawn just passed or null, half: the halfmove clock,
// full: the move number}. A move: {from, to, promotion, castle: the rook's square}; castling
// is written in UCI as the king taking its rook, as lichess writes it (UCI_Chess960).
const KNIGHT = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]];
const STRAIGHT = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const DIAGONAL = [[1, 1], [1, -1], [-1, 1], [-1, -1]];
const KING = [...STRAIGHT, ...DIAGONAL];
const colorOf = (p) => (p ? (p === p.toUpperCase() ? "w" : "b") : null);
const other = (color) => (color === "w" ? "b" : "w");
// The square `df` files and `dr` ranks from `s`, or -1 off the board.
function step(s, df, dr) {
  const f = (s % 8) + df, r = Math.floor(s / 8) + dr;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? 8 * r + f : -1;
}

// Scharnagl's numbering: the back rank of start `n`, 0..=959.
function backRank(n) {
  const rank = Array(8).fill(null);
  rank[2 * (n % 4) + 1] = "B"; n = Math.floor(n / 4);
  rank[2 * (n % 4)] = "B"; n = Math.floor(n / 4);
  const empty = () => rank.map((p, i) => (p ? -1 : i)).filter((i) => i >= 0);
  rank[empty()[n % 6]] = "Q"; n = Math.floor(n / 6);
  const knights = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]][n];
  const free = empty();
  rank[free[knights[0]]] = "N"; rank[free[knights[1]]] = "N";
  const rest = empty();
  rank[rest[0]] = "R"; rank[rest[1]] = "K"; rank[rest[2]] = "R";
  return rank.join("");
}

// The position of a start: `white` and `black`, the back ranks ("QNRBBNKR").
function startPosition(white, black) {
  const board = Array(64).fill(null);
  for (let f = 0; f < 8; f += 1) {
    board[f] = white[f]; board[8 + f] = "P"; board[48 + f] = "p"; board[56 + f] = black[f].toLowerCase();
  }
  const rooks = (rank, row) => [...rank].flatMap((p, f) => (p === "R" ? [8 * row + f] : []));
  return {board, turn: "w", rights: [...rooks(white, 0), ...rooks(black, 7)], ep: null, half: 0, full: 1};
}

// Whether a piece of `by` attacks square `s`.
function attacked(board, s, by) {
  const is = (t, letters) => t >= 0 && colorOf(board[t]) === by && letters.includes(board[t].toLowerCase());
  if (KNIGHT.some(([df, dr]) => is(step(s, df, dr), "n"))) return true;
  if (KING.some(([df, dr]) => is(step(s, df, dr), "k"))) return true;
  if ([-1, 1].some((df) => is(step(s, df, by === "w" ? -1 : 1), "p"))) return true;
  for (const [dirs, letters] of [[STRAIGHT, "rq"], [DIAGONAL, "bq"]]) {
    for (const [df, dr] of dirs) {
      let t = step(s, df, dr);
      while (t >= 0 && !board[t]) t = step(t, df, dr);
      if (is(t, letters)) return true;
    }
  }
  return false;
}

const kingOf = (pos, color) => pos.board.indexOf(color === "w" ? "K" : "k");
const inCheck = (pos) => attacked(pos.board, kingOf(pos, pos.turn), other(pos.turn));

// The squares from `a` to `b`, both included.
function span(a, b) {
  const out = [];
  for (let s = Math.min(a, b); s <= Math.max(a, b); s += 1) out.push(s);
  return out;
}

// Every move of the side to move, legal or leaving its king attacked (castling excepted: its
// squares are checked here).
function pseudoMoves(pos) {
  const {board, turn} = pos, moves = [];
  const forward = turn === "w" ? 1 : -1, last = turn === "w" ? 7 : 0;
  for (let s = 0; s < 64; s += 1) {
    const piece = board[s];
    if (colorOf(piece) !== turn) continue;
    const kind = piece.toLowerCase();
    const add = (to) => {
      if (kind === "p" && Math.floor(to / 8) === last) for (const promotion of "qrbn") moves.push({from: s, to, promotion});
      else moves.push({from: s, to});
    };
    if (kind === "p") {
      const one = step(s, 0, forward);
      if (one >= 0 && !board[one]) {
        add(one);
        const two = step(one, 0, forward);
        if (Math.floor(s / 8) === (turn === "w" ? 1 : 6) && !board[two]) add(two);
      }
      for (const df of [-1, 1]) {
        const t = step(s, df, forward);
        if (t >= 0 && (colorOf(board[t]) === other(turn) || t === pos.ep)) add(t);
      }
    } else if (kind === "n" || kind === "k") {
      for (const [df, dr] of kind === "n" ? KNIGHT : KING) {
        const t = step(s, df, dr);
        if (t >= 0 && colorOf(board[t]) !== turn) add(t);
      }
    } else {
      const dirs = kind === "r" ? STRAIGHT : kind === "b" ? DIAGONAL : KING;
      for (const [df, dr] of dirs) {
        for (let t = step(s, df, dr); t >= 0 && colorOf(board[t]) !== turn; t = step(t, df, dr)) {
          add(t);
          if (board[t]) break;
        }
      }
    }
  }
  // Castling: the king to the g or c file, the rook to the f or d file, every square between
  // them and their targets empty but for these two, and no square the king stands on or
  // crosses attacked (with both of them lifted off the board).
  const king = kingOf(pos, turn), row = turn === "w" ? 0 : 7;
  for (const rook of pos.rights) {
    if (Math.floor(rook / 8) !== row || Math.floor(king / 8) !== row || board[rook] !== (turn === "w" ? "R" : "r")) continue;
    const kingside = rook > king;
    const kingTo = 8 * row + (kingside ? 6 : 2), rookTo = 8 * row + (kingside ? 5 : 3);
    const free = [...span(king, kingTo), ...span(rook, rookTo)].every((t) => t === king || t === rook || !board[t]);
    if (!free) continue;
    const lifted = board.slice();
    lifted[king] = lifted[rook] = null;
    if (span(king, kingTo).every((t) => !attacked(lifted, t, other(turn)))) moves.push({from: king, to: kingTo, castle: rook});
  }
  return moves;
}

// The position after `mv`.
function played(pos, mv) {
  const board = pos.board.slice(), piece = board[mv.from], kind = piece.toLowerCase();
  const capture = mv.castle === undefined && (board[mv.to] !== null || (kind === "p" && mv.to === pos.ep));
  let ep = null;
  if (mv.castle !== undefined) {
    const rook = board[mv.castle];
    board[mv.from] = board[mv.castle] = null;
    board[mv.to] = piece;
    board[mv.to % 8 === 6 ? mv.to - 1 : mv.to + 1] = rook;
  } else {
    if (kind === "p" && mv.to === pos.ep) board[mv.to - 8 * (pos.turn === "w" ? 1 : -1)] = null;
    if (kind === "p" && Math.abs(mv.to - mv.from) === 16) ep = (mv.from + mv.to) / 2;
    board[mv.from] = null;
    board[mv.to] = mv.promotion ? (pos.turn === "w" ? mv.promotion.toUpperCase() : mv.promotion) : piece;
  }
  const home = pos.turn === "w" ? 0 : 7;
  const rights = pos.rights.filter((r) => r !== mv.from && r !== mv.to && !(kind === "k" && Math.floor(r / 8) === home));
  return {
    board, turn: other(pos.turn), rights, ep,
    half: kind === "p" || capture ? 0 : pos.half + 1,
    full: pos.turn === "b" ? pos.full + 1 : pos.full,
  };
}

function legalMoves(pos) {
  return pseudoMoves(pos).filter((mv) => {
    const after = played(pos, mv);
    return !attacked(after.board, kingOf(after, pos.turn), after.turn);
  });
}

const uciOf = (mv) => squareName(mv.from) + squareName(mv.castle ?? mv.to) + (mv.promotion || "");

// The legal move `uci` names in `pos` (castling also by the king's two squares, where that is
// no other move), or null.
function moveOf(pos, uci, legal = legalMoves(pos)) {
  return legal.find((mv) => uciOf(mv) === uci) ||
    legal.find((mv) => mv.castle !== undefined && squareName(mv.from) + squareName(mv.to) === uci) || null;
}

// `mv` in SAN: the fewest characters telling it from another piece's move to its square (file,
// else rank, else both), O-O on the rook's side of the h-file, + and #.
function sanOf(pos, mv, legal = legalMoves(pos)) {
  const piece = pos.board[mv.from], kind = piece.toLowerCase(), to = squareName(mv.to);
  let san;
  if (mv.castle !== undefined) {
    san = mv.castle > mv.from ? "O-O" : "O-O-O";
  } else if (kind === "p") {
    const capture = mv.from % 8 !== mv.to % 8;
    san = (capture ? `${FILES[mv.from % 8]}x` : "") + to + (mv.promotion ? `=${mv.promotion.toUpperCase()}` : "");
  } else {
    const rivals = legal.filter((m) => m.castle === undefined && m.to === mv.to && m.from !== mv.from && pos.board[m.from] === piece);
    let which = "";
    if (rivals.length) {
      if (rivals.every((m) => m.from % 8 !== mv.from % 8)) which = FILES[mv.from % 8];
      else if (rivals.every((m) => Math.floor(m.from / 8) !== Math.floor(mv.from / 8))) which = String(Math.floor(mv.from / 8) + 1);
      else which = squareName(mv.from);
    }
    san = kind.toUpperCase() + which + (pos.board[mv.to] ? "x" : "") + to;
  }
  const after = played(pos, mv);
  if (inCheck(after)) san += legalMoves(after).length ? "+" : "#";
  return san;
}

// The position's FEN: castling by the rooks' files (Shredder-FEN, as `chess960 tree` writes
// it), the en passant square only where a capture there is legal.
function fenOf(pos) {
  const rows = [];
  for (let r = 7; r >= 0; r -= 1) {
    let row = "", empty = 0;
    for (let f = 0; f < 8; f += 1) {
      const piece = pos.board[8 * r + f];
      if (!piece) { empty += 1; continue; }
      row += (empty || "") + piece;
      empty = 0;
    }
    rows.push(row + (empty || ""));
  }
  let castling = "";
  for (const color of ["w", "b"]) {
    const king = kingOf(pos, color);
    const rooks = pos.rights.filter((r) => Math.floor(r / 8) === (color === "w" ? 0 : 7));
    // Kingside first.
    for (const rook of rooks.sort((a, b) => (b > king) - (a > king))) {
      castling += color === "w" ? FILES[rook % 8].toUpperCase() : FILES[rook % 8];
    }
  }
  const ep = pos.ep !== null && legalMoves(pos).some((mv) => mv.to === pos.ep && pos.board[mv.from].toLowerCase() === "p");
  return `${rows.join("/")} ${pos.turn} ${castling || "-"} ${ep ? squareName(pos.ep) : "-"} ${pos.half} ${pos.full}`;
}

// Checks the rules against another's: for each game ({fen: its start's, moves: UCI}), at
// each position its legal moves (UCI, sorted), its FEN, and the next move's SAN.
function rulesOf(games) {
  return games.map(({white, black, moves}) => {
    let pos = startPosition(white, black);
    const out = {legal: [], fens: [fenOf(pos)], san: []};
    for (const uci of moves) {
      const legal = legalMoves(pos), mv = moveOf(pos, uci, legal);
      out.legal.push(legal.map(uciOf).sort());
      if (!mv) { out.san.push(null); break; }
      out.san.push(sanOf(pos, mv, legal));
      pos = played(pos, mv);
      out.fens.push(fenOf(pos));
    }
    out.legal.push(legalMoves(pos).map(uciOf).sort());
    return out;
  });
}

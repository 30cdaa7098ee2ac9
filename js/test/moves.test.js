// chess960/moves replays a game as the chess960 command does, and chessops (lichess's
// TypeScript chess library) plays its UCI moves from its FEN to the same SAN.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";

import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import { makeSanAndPlay } from "chessops/san";
import { makeUci } from "chessops/util";

import { StartingPosition } from "chess960";
import { replay } from "chess960/moves";
import { cli } from "./tools.js";

const GAME = `[Variant "Chess960"]
[FEN "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w KQkq - 0 1"]

1. d4 {a comment} d5 2. Ng3 (2. Nc3 Nc6) 2... Ng6 3. O-O! 0-0 $1 4. e4 dxe4 5. Nxe4 Nf4 1/2-1/2
`;

test("a Chess960 game: its start, UCI moves (both spellings) and SAN", () => {
  const game = replay(GAME);
  assert.equal(game.fen, "qnrbbnkr/pppppppp/8/8/8/8/PPPPPPPP/QNRBBNKR w HChc - 0 1");
  assert.deepEqual(game.uci, ["d2d4", "d7d5", "f1g3", "f8g6", "g1h1", "g8h8", "e2e4", "d5e4", "g3e4", "g6f4"]);
  assert.deepEqual(game.san, ["d4", "d5", "Ng3", "Ng6", "O-O", "O-O", "e4", "dxe4", "Nxe4", "Nf4"]);
  assert.equal(game.error, null);
  const standard = replay("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O", true);
  assert.equal(standard.uci.at(-1), "e1g1");
});

test("the first move that cannot be played is named", () => {
  assert.deepEqual(replay("1. e4 e5 2. Ke3 *").error, {
    ply: 3,
    token: "Ke3",
    why: "illegal",
    message: "ply 3 (2. Ke3): no legal move is Ke3",
  });
  assert.equal(replay('[Variant "Atomic"]\n\n1. e4 *').error.why, "variant");
  assert.equal(replay('[FEN "8/8 w - - 0 1"]\n\n1. e4 *').error.why, "fen");
});

test("random games from every start: our moves are chessops's, in UCI and SAN", () => {
  let seed = 960;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (let id = 0; id < 960; id += 1) {
    const fen = StartingPosition.fromId(id).fen("x-fen");
    const position = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    const [san, uci] = [[], []];
    for (let ply = 0; ply < 60 && !position.isEnd(); ply += 1) {
      const moves = [...position.allDests()].flatMap(([from, tos]) => [...tos].map((to) => ({ from, to })));
      const move = moves[next(moves.length)];
      const pawn = position.board.get(move.from).role === "pawn";
      if (pawn && (move.to < 8 || move.to >= 56)) move.promotion = ["queen", "knight", "rook", "bishop"][next(4)];
      uci.push(makeUci(move));
      san.push(makeSanAndPlay(position, move));
    }
    const movetext = san.map((m, i) => (i % 2 ? m : `${i / 2 + 1}. ${m}`)).join(" ");
    const game = replay(`[Variant "Chess960"]\n[FEN "${fen}"]\n\n${movetext} *\n`);
    assert.equal(game.error, null, `${id}: ${movetext}`);
    assert.deepEqual(game.uci, uci, `${id}`);
    assert.deepEqual(game.san, san, `${id}`);
  }
});

test("the same moves as the command's games --moves", (t) => {
  const chess960 = cli(t);
  if (!chess960) return;
  const csv = execFileSync(chess960, ["games", "--moves", "--format", "json", "-"], { input: GAME, encoding: "utf8" });
  const record = JSON.parse(csv.split("\n")[0]);
  assert.equal(record.moves, replay(GAME).uci.join(" "));
});

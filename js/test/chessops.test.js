// The package against chessops (lichess's TypeScript chess library), over all 960 starts and
// 960 Double Fischer Random pairs: chessops reads our FENs in both notations as the same
// position and castling rights, writes our X-FEN back, finds the same castling rooks and the
// same squares to be empty, and plays our castling moves to our squares.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Chess, Castles, normalizeMove } from "chessops/chess";
import { makeFen, parseFen } from "chessops/fen";
import { makeSquare, parseSquare, parseUci } from "chessops/util";

import { DoubleStartingPosition, StartingPosition } from "chess960";

const SIDE = { kingside: "h", queenside: "a" };

/** Every start, and 960 pairs in which Black's start differs from White's. */
function starts() {
  const all = StartingPosition.all().map((sp) => sp.pair());
  const pairs = all.map((_, id) => DoubleStartingPosition.fromIds(id, (id * 7 + 3) % 960));
  return [...all, ...pairs];
}

const squares = (set) => [...set].map(makeSquare).sort();

test("chessops reads every start FEN, in X-FEN and Shredder-FEN, as one position", () => {
  for (const start of starts()) {
    const xfen = start.fen("x-fen");
    const shredder = start.fen("shredder");
    const a = parseFen(xfen).unwrap();
    const b = parseFen(shredder).unwrap();
    assert.equal(makeFen(a), xfen, `chessops writes ${xfen} back`);
    assert.equal(makeFen(b), xfen, `chessops reads ${shredder} as ${xfen}`);
    assert.ok(Chess.fromSetup(a).isOk, `${xfen} is a legal position for chessops`);
    assert.equal(squares(a.castlingRights).length, 4);
  }
});

test("chessops's castling rooks and paths are ours, for every start and colour", () => {
  for (const start of starts()) {
    const castles = Castles.fromSetup(parseFen(start.fen()).unwrap());
    for (const castling of start.castlings()) {
      const side = SIDE[castling.side];
      const at = `${start} ${castling}`;
      assert.equal(makeSquare(castles.rook[castling.color][side]), castling.rookFrom, at);
      assert.deepEqual(squares(castles.path[castling.color][side]), [...castling.mustBeEmpty].sort(), at);
    }
  }
});

test("chessops plays each castling, spelled either way, to our squares", () => {
  for (const start of starts()) {
    for (const castling of start.castlings()) {
      const at = `${start} ${castling}`;
      // The start with the squares between king and rook emptied, the castling side to move.
      const setup = parseFen(start.fen()).unwrap();
      for (const square of castling.mustBeEmpty) setup.board.take(parseSquare(square));
      setup.turn = castling.color;
      const pos = Chess.fromSetup(setup).unwrap();

      const move = parseUci(castling.uciKingTakesRook);
      assert.ok(pos.isLegal(move), `${at}: ${castling.uciKingTakesRook} is legal`);
      if (castling.uciKingTwoSquares !== undefined) {
        const two = parseUci(castling.uciKingTwoSquares);
        const normal = normalizeMove(pos, two);
        assert.deepEqual([normal.from, normal.to], [move.from, move.to], at);
        assert.equal(start.respell(castling.uciKingTwoSquares), castling.uciKingTakesRook, at);
        assert.equal(start.respell(castling.uciKingTakesRook), castling.uciKingTwoSquares, at);
      }
      pos.play(move);
      const piece = (square) => {
        const p = pos.board.get(parseSquare(square));
        return p && `${p.color} ${p.role}`;
      };
      assert.equal(piece(castling.kingTo), `${castling.color} king`, at);
      assert.equal(piece(castling.rookTo), `${castling.color} rook`, at);
      for (const from of [castling.kingFrom, castling.rookFrom]) {
        if (from !== castling.kingTo && from !== castling.rookTo) {
          assert.equal(piece(from), undefined, `${at}: ${from} is left empty`);
        }
      }
    }
  }
});

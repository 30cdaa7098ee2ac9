"use strict";
// The explorer page's moves on the board (after explorer.js, whose `shown`, `play`, `positions`,
// `selected` and `drawBoard` it uses): pointer input, a drag or two clicks, and a promotion's choice.

// Moves on the board, by pointer (a mouse, a finger, a pen): a piece dragged onto its square,
// or clicked then its square clicked. A king dropped on its rook castles; so does a king
// dropped on its castling square where it has no other move there.
let drag = null;      // {from, x, y, moved, ghost}
const squareAt = (x, y) => {
  const square = document.elementFromPoint(x, y)?.closest("#board i");
  return square ? FILES.indexOf(square.dataset.square[0]) + 8 * (Number(square.dataset.square[1]) - 1) : null;
};

// Plays from `from` to `to` if a legal move goes there (a promotion asks for its piece); true
// if one does.
function moveTo(from, to) {
  const pos = shown();
  if (!pos || at >= positions.length) return false;
  const legal = legalMoves(pos).filter((mv) => mv.from === from);
  const here = legal.filter((mv) => (mv.castle === undefined && mv.to === to) || mv.castle === to);
  const moves = here.length ? here : legal.filter((mv) => mv.castle !== undefined && mv.to === to);
  if (!moves.length) return false;
  if (moves.length === 1) { play(uciOf(moves[0])); return true; }
  const box = $("promote");
  box.textContent = "Promote to ";
  for (const mv of moves) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.uci = uciOf(mv);
    button.textContent = SYMBOLS[pos.turn === "w" ? mv.promotion.toUpperCase() : mv.promotion];
    button.addEventListener("click", () => play(uciOf(mv)));
    box.append(button);
  }
  box.classList.remove("hidden");
  return true;
}

function pick(square) {
  selected = square;
  drawBoard();
}

$("board").addEventListener("pointerdown", (event) => {
  const square = squareAt(event.clientX, event.clientY), pos = shown();
  if (square === null || !pos || event.button > 0) return;
  event.preventDefault();
  if (selected !== null && square !== selected && moveTo(selected, square)) return;
  if (colorOf(pos.board[square]) !== pos.turn || at >= positions.length) return pick(null);
  pick(square);
  drag = {from: square, x: event.clientX, y: event.clientY, moved: false, ghost: null};
  $("board").setPointerCapture(event.pointerId);
});

$("board").addEventListener("pointermove", (event) => {
  if (!drag) return;
  if (!drag.moved && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 4) return;
  if (!drag.moved) {
    drag.moved = true;
    drag.ghost = document.createElement("span");
    drag.ghost.id = "ghost";
    drag.ghost.textContent = SYMBOLS[shown().board[drag.from]];
    document.body.append(drag.ghost);
    $("board").querySelector(`[data-square="${squareName(drag.from)}"]`)?.classList.add("lift");
  }
  drag.ghost.style.left = `${event.clientX}px`;
  drag.ghost.style.top = `${event.clientY}px`;
});

function drop(event, cancelled) {
  if (!drag) return;
  const {from, moved, ghost} = drag;
  drag = null;
  if (ghost) ghost.remove();
  if (!moved) return;
  const to = cancelled ? null : squareAt(event.clientX, event.clientY);
  // A piece dropped back where it was stays picked up, for a click on its square.
  if (to === null || to === from || !moveTo(from, to)) drawBoard();
}
$("board").addEventListener("pointerup", (event) => drop(event, false));
$("board").addEventListener("pointercancel", (event) => drop(event, true));

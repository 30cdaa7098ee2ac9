// What the package exports, once for both entries (node.js, index.js), which load the
// WebAssembly module first. index.d.ts lists the same names, and the types besides. Here the
// generated classes also become idiomatic JavaScript: books iterate lazily, and every object
// shows its value in Node's console.
import {
  Book,
  BookEntry,
  Castling,
  DoubleStartingPosition,
  FenReader,
  PositionSet,
  ReadEitherWay,
  StartingPosition,
} from "./dist/chess960.js";

export {
  Book,
  BookEntry,
  Castling,
  DoubleStartingPosition,
  FenReader,
  PositionSet,
  ReadEitherWay,
  StartingPosition,
  gameStart,
  isChess960Variant,
} from "./dist/chess960.js";
export {
  Chess960Error,
  DrawError,
  IdError,
  NoStart,
  NumberError,
  ParseBackRankError,
  ParseFenError,
  ParseUciMoveError,
} from "./dist/errors.js";

/** An iterator over a BookCursor, freed once it is done or left. */
function iterate(cursor) {
  let live = true;
  const done = () => {
    if (live) cursor.free();
    live = false;
    return { done: true, value: undefined };
  };
  return {
    [Symbol.iterator]() {
      return this;
    },
    next() {
      const value = live ? cursor.next() : undefined;
      return value === undefined ? done() : { done: false, value };
    },
    return: done,
  };
}

Book.prototype.entries = function entries() {
  return iterate(this.entryCursor());
};
Book.prototype.lines = function lines(format, notation) {
  return iterate(this.lineCursor(format, notation));
};
Book.prototype[Symbol.iterator] = Book.prototype.entries;

// What Node's console.log and util.inspect show: the value, not `{ __wbg_ptr: … }`.
const inspect = Symbol.for("nodejs.util.inspect.custom");
const shows = {
  StartingPosition: (sp) => `${sp.id} ${sp}`,
  DoubleStartingPosition: (pair) => `${pair.white.id} ${pair.black.id}, ${pair}`,
  BookEntry: String,
  Castling: String,
  PositionSet: (set) => `${set.size} starts`,
  Book: (book) => `${book.isDfrc ? "dfrc" : "chess960"}, ${book.length} entries`,
  ReadEitherWay: (read) => `${read.pair}, ${read.orientation}`,
  FenReader: () => "",
};
const classes = { StartingPosition, DoubleStartingPosition, BookEntry, Castling, PositionSet, Book, ReadEitherWay, FenReader };
for (const [name, show] of Object.entries(shows)) {
  classes[name].prototype[inspect] = function () {
    return `${name}(${show(this)})`;
  };
}

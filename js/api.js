// What the package exports, once for both entries (node.js, index.js), which load the
// WebAssembly module first. index.d.ts lists the same names, and the types besides.
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

// The TypeScript declarations, checked by `tsc -p test` (npm test): a TypeScript user's code
// compiles against them, and calls they do not allow are errors (@ts-expect-error).
import {
  Book,
  type BookEntry,
  type BookFormat,
  Chess960Error,
  ParseFenError,
  DoubleStartingPosition,
  FenReader,
  type Notation,
  PositionSet,
  StartingPosition,
  gameStart,
} from "chess960";

const sp: StartingPosition = StartingPosition.fromId(105);
const id: number = sp.id;
const notation: Notation = "shredder";
const fen: string = sp.fen(notation);
const pair: DoubleStartingPosition = new FenReader().ignoreCounters().readPair(fen);
const single: StartingPosition | undefined = pair.single;
const uci: string | undefined = sp.castlings()[1]?.uciKingTwoSquares;
const format: BookFormat = "epd";
const lines: string[] = [...Book.chess960().difference(PositionSet.standardAndMirror()).lines(format, "x-fen")];
for (const entry of Book.dfrc()) {
  const name: string = entry.toString();
  break;
}
const first: BookEntry | undefined = Book.chess960().entries().next().value;
try {
  StartingPosition.fromFen("x");
} catch (err) {
  if (err instanceof ParseFenError) {
    const kind: "Turn" | "Castling" | string = err.kind;
  } else if (err instanceof Chess960Error) {
    const message: string = err.message;
  }
}
const drawn: string[] = Book.dfrc().draw("seed", 3).map(String);
const json: [number, number] = gameStart("Chess960", fen).toJSON();

// @ts-expect-error: a notation is "x-fen" or "shredder"
sp.fen("xfen");
// @ts-expect-error: an id is a number
StartingPosition.fromId("105");
// @ts-expect-error: a pair's sides cannot be replaced
pair.white = sp;

export { id, single, uci, lines, first, drawn, json };

// chess960/evals: records keyed by the CSV's columns.
import { engineTable, readEvals, type EvalRecord } from "chess960/evals";
const shipped: EvalRecord[] = engineTable();
const cps: (number | null)[] = readEvals("sp,rank\n", false).map((r) => r.cp);
const repeated: string[] = Book.chess960().draw("seed", 3, true).map(String);
void [shipped, cps, repeated];

// chess960/moves: a game replayed from its start.
import { replay, type Replayed } from "chess960/moves";
const game: Replayed = replay("1. e4 e5 *");
const plies: number = game.uci.length + game.san.length;
const why: string | undefined = game.error?.why;
// @ts-expect-error: the spelling of castling is a boolean
replay("1. e4 *", "king-two-squares");
void [plies, why];

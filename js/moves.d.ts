// The types of chess960/moves: a game replayed from its start (docs/glossary.md).

/** The first move that could not be played, or why the game was not replayed (ply 0). */
export interface MoveError {
  /** The ply, from 1; 0 when the game could not begin. */
  ply: number;
  /** The word of the movetext (or the Variant tag) as written. */
  token: string;
  why: "unreadable" | "illegal" | "ambiguous" | "no-promotion" | "null-in-check" | "too-long" | "variant" | "fen" | "tags";
  /** `ply 3 (2. Ke3): no legal move is Ke3`, as the command's `move_error` column has it. */
  message: string;
}

/** A game replayed from its start. */
export interface Replayed {
  /** The start, as a Shredder-FEN. */
  fen: string;
  /** The mainline in UCI (castling as king takes rook, or the king's two squares if asked). */
  uci: string[];
  /** The same moves in canonical SAN. */
  san: string[];
  /** Null when every move was played. */
  error: MoveError | null;
}

/** The first game of a PGN text (its FEN tag, or the standard start, and its mainline)
 * replayed as `chess960 games --moves` replays it. */
export function replay(pgn: string, kingTwoSquares?: boolean): Replayed;

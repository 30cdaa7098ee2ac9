// The types of chess960/evals: records keyed by the CSV's columns (docs/glossary.md).

/** One eval record: a start's (`sp`, `rank`) or a pair's (`white_sp`, `white_rank`,
 * `black_sp`, `black_rank`), then the search's numbers (null where none) and its outcome. */
export interface EvalRecord {
  sp?: number;
  rank?: string;
  white_sp?: number;
  white_rank?: string;
  black_sp?: number;
  black_rank?: string;
  cp: number | null;
  mate: number | null;
  win: number | null;
  draw: number | null;
  loss: number | null;
  depth: number | null;
  seldepth: number | null;
  nodes: number | null;
  time_ms: number | null;
  best_move: string | null;
  best_move_kxr: string | null;
  engine: string;
  limit: string;
  status: "ok" | "crash" | "stall" | "illegal" | "timeout" | "protocol";
  error: string | null;
}

/** The records of an eval file's text (CSV or JSON Lines, as `chess960 eval --out` writes
 * it): each position's latest record, or with `latest` false every record in order. Throws
 * an `Error` naming the first line that is no record. */
export function readEvals(text: string, latest?: boolean): EvalRecord[];

/** The table of the 960 starts evaluated by Stockfish that the package ships, in id order. */
export function engineTable(): EvalRecord[];

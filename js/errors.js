// The package's errors: one class per Rust error type, all subclasses of Chess960Error, so that
// `err instanceof ParseFenError` (or `Chess960Error`) tells them apart; `kind` names the rule
// that broke, and the message is the crate's. The WebAssembly module imports `makeError` (a
// wasm-bindgen snippet); build.sh points dist/errors.js at that same copy, which api.js
// exports, so that the classes a caller imports are the ones thrown.
export class Chess960Error extends Error {
  constructor(message, kind) {
    super(message);
    this.kind = kind;
  }
}
Object.defineProperty(Chess960Error.prototype, "name", { value: "Chess960Error", writable: true });

export class IdError extends Chess960Error {}
export class ParseBackRankError extends Chess960Error {}
export class ParseFenError extends Chess960Error {}
export class ParseUciMoveError extends Chess960Error {}
export class NumberError extends Chess960Error {}
export class NoStart extends Chess960Error {}
export class DrawError extends Chess960Error {}

const classes = { IdError, ParseBackRankError, ParseFenError, ParseUciMoveError, NumberError, NoStart, DrawError };
for (const [name, errorClass] of Object.entries(classes)) {
  // Set here, not taken from the class, so that a minifier renaming classes keeps the names.
  Object.defineProperty(errorClass.prototype, "name", { value: name, writable: true });
}

/** An error of the class named `name`; a name not listed is a plain Chess960Error. */
export function makeError(name, message, kind) {
  const errorClass = classes[name] ?? Chess960Error;
  const error = new errorClass(message, kind);
  if (!(name in classes)) error.name = name;
  return error;
}

// The package for Node (≥ 20): the WebAssembly module is read from disk and instantiated
// synchronously on import. Browsers and bundlers read index.js instead.
import { readFileSync } from "node:fs";
import { initSync } from "./dist/chess960.js";

initSync({ module: readFileSync(new URL("./dist/chess960_bg.wasm", import.meta.url)) });

export * from "./api.js";

// chess960/evals for Node: the WebAssembly module read from disk and instantiated on import.
import { readFileSync } from "node:fs";
import { initSync } from "./dist/evals.js";

initSync({ module: readFileSync(new URL("./dist/evals_bg.wasm", import.meta.url)) });

export { engineTable, readEvals } from "./dist/evals.js";

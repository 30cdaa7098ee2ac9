// chess960/moves for Node: the WebAssembly module read from disk and instantiated on import.
import { readFileSync } from "node:fs";
import { initSync } from "./dist/moves.js";

initSync({ module: readFileSync(new URL("./dist/moves_bg.wasm", import.meta.url)) });

export { replay } from "./dist/moves.js";

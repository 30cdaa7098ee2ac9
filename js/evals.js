// chess960/evals for browsers and bundlers: eval records and the table of the 960, a
// WebAssembly module of its own, fetched and instantiated when this module is first imported.
import init from "./dist/evals.js";

await init({ module_or_path: new URL("./dist/evals_bg.wasm", import.meta.url) });

export { engineTable, readEvals } from "./dist/evals.js";

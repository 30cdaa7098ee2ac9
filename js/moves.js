// chess960/moves for browsers and bundlers: a game's replay, a WebAssembly module of its own,
// fetched and instantiated when this module is first imported.
import init from "./dist/moves.js";

await init({ module_or_path: new URL("./dist/moves_bg.wasm", import.meta.url) });

export { replay } from "./dist/moves.js";

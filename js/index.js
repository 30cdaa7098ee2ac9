// The package for browsers and bundlers: the WebAssembly module is fetched and instantiated
// once, when this module is first imported (top-level await). Node reads node.js instead.
import init from "./dist/chess960.js";

await init({ module_or_path: new URL("./dist/chess960_bg.wasm", import.meta.url) });

export * from "./api.js";

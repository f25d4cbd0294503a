// The first script of the page: it starts fetching the module and
// compiling it as its bytes arrive, while the page's other files load
// and the editor's scripts run. web.js instantiates what it compiled.
'use strict';
globalThis.zmissionModule = WebAssembly.compileStreaming(fetch('zmission.wasm')).catch(async () => {
  // A host that serves .wasm with another type: compiled from the bytes.
  const buf = await (await fetch('zmission.wasm')).arrayBuffer();
  return WebAssembly.compile(buf);
});

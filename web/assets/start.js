// The first script of the page: it starts fetching the module and
// compiling it as its bytes arrive, while the page's other files load
// and the editor's scripts run. web.js instantiates what it compiled.
'use strict';
globalThis.zmissionModule = WebAssembly.compileStreaming(fetch('zmission.wasm')).catch(async () => {
  // A host that serves .wasm with another type: compiled from the bytes.
  const buf = await (await fetch('zmission.wasm')).arrayBuffer();
  return WebAssembly.compile(buf);
});
// The first state of what the page opens, when the site has it: an
// example or a template named in the address, or on a first visit (no
// work kept in this browser) the example the page starts from. The site's
// build wrote it as the module answers it; the page draws it while the
// module starts. Work the browser kept is never replaced by it: it needs
// the module.
globalThis.zmissionFirst = (() => {
  const h = new URLSearchParams(location.hash.slice(1));
  let p = null;
  if (h.has('mission')) return null;
  if (h.has('example')) p = 'example/' + h.get('example');
  else if (h.has('template')) p = 'template/' + h.get('template');
  else if (!(sessionStorage.getItem('zmission-work') || localStorage.getItem('zmission-current'))) p = 'example/invader/violet-lockdown';
  if (!p || !/^[a-z]+(\/[a-z0-9-]+){1,2}$/.test(p)) return null;
  const path = p;
  return fetch('states/' + p + '.json').then(r => (r.ok ? r.text() : null)).then(text => text && { path, text }).catch(() => null);
})();

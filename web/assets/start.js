// The first script of the page. It decides what the page shows first:
// the first state of what it opens, when the site has it — an example or
// a template named in the address, or on a first visit (no work kept in
// this browser) the example the page starts from. The site's build wrote
// it as the module answers it, and the page draws it while the module
// starts. Work the browser kept is never replaced by it: it needs the
// module.
'use strict';
globalThis.zmissionFirst = (() => {
  const h = new URLSearchParams(location.hash.slice(1));
  let p = null;
  if (h.has('mission') || h.has('work')) return null;
  if (h.has('example')) p = 'example/' + h.get('example');
  else if (h.has('template')) p = 'template/' + h.get('template');
  else if (!(sessionStorage.getItem('zmission-work') || localStorage.getItem('zmission-current'))) p = 'example/invader/violet-lockdown';
  if (!p || !/^[a-z]+(\/[a-z0-9-]+){1,2}$/.test(p)) return null;
  const path = p;
  return fetch('states/' + p + '.json').then(r => (r.ok ? r.text() : null)).then(text => text && { path, text }).catch(() => null);
})();

// moduleBytes is the module as it arrives: the site holds it gzip-
// compressed (zmission.wasm.gz, a third of its size on a host that does
// not compress), inflated here as it comes. A host that decoded it on
// the way (one that sends .gz files with Content-Encoding: gzip) hands
// over the module itself: its first bytes say which.
async function moduleBytes() {
  const r = await fetch('zmission.wasm.gz');
  if (!r.ok) throw new Error('zmission.wasm.gz: ' + r.status);
  const reader = r.body.getReader();
  const first = await reader.read();
  const gz = !first.done && first.value[0] === 0x1f && first.value[1] === 0x8b;
  const body = new ReadableStream({
    start(c) { if (first.done) c.close(); else c.enqueue(first.value); },
    async pull(c) {
      const { done, value } = await reader.read();
      if (done) c.close(); else c.enqueue(value);
    },
    cancel(why) { return reader.cancel(why); },
  });
  return new Response(gz ? body.pipeThrough(new DecompressionStream('gzip')) : body, { headers: { 'Content-Type': 'application/wasm' } });
}

// zmissionCompile fetches the module and compiles it as its bytes arrive.
// With no first state to show, it starts at once, while the page's other
// files load and the editor's scripts run; with one, web.js starts it
// once that state is painted: on two cores, compiling beside the first
// map delayed it by more than it saved.
let compiling = null;
globalThis.zmissionCompile = () => {
  compiling = compiling || moduleBytes().then(r => WebAssembly.compileStreaming(r));
  return compiling;
};
if (globalThis.zmissionFirst === null) zmissionCompile();

// The web edition's way to the editor's session: the session runs in this
// page's WebAssembly module (zmission.wasm), so a call is a function call,
// never a request. Same exports as `zmission edit`'s transport.js; the
// rest of the page is the same. Before the page's first call this module
// starts the module and opens the work: what the browser kept, a link, an
// example, or a template.
import { boot, afterChange, beforeLeave } from './web.js';

await boot();

// call answers one request ('api/op', a body) as {status, data}.
export async function call(path, body) {
  const method = body === undefined ? 'GET' : 'POST';
  let out = zmissionGo.call(method, path, body === undefined ? undefined : JSON.stringify(body));
  if (typeof out === 'string') out = JSON.parse(out); // a failure, as every function of the module tells one
  const data = (out.type || '').includes('json') ? JSON.parse(out.body) : out.body;
  if (method === 'POST' && out.status === 200) afterChange();
  return { status: out.status, data };
}

// follow: nothing changes the document but this page.
export function follow(on) {}

// leave applies a last edit as the page is left, and keeps the work.
export function leave(path, body) {
  zmissionGo.call('POST', path, JSON.stringify(body));
  beforeLeave();
}

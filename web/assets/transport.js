// The web edition's way to the editor's session: the session runs in this
// page's WebAssembly module (zmission.wasm), so a call is a function call,
// never a request (but for the calls that play games, which a worker of
// their own answers: playtest.js). Same exports as `zmission edit`'s
// transport.js; the rest of the page is the same. Before the page's
// first call this module starts the module and opens the work: what the
// browser kept, a link, an example, or a template.
//
// When the site has the first state of what the page opens, the page's
// first call is answered with it while the module starts; every other
// call waits for the module, in the order made, and is then answered by
// it (the first state's key in what the page sends is the module's own:
// web.js, takeOver).
import { boot, afterChange, beforeLeave, showStarting, web, generateNew, printBlob } from './web.js';
import { plays, play, withdraw as withdrawPlay } from './playtest.js';

// newWork opens a generated mission as new work (Generate… → Generate),
// here a piece of work of its own in the browser.
export const newWork = generateNew;

// printout is the mission's printout as a Blob, made in the page (the
// fonts fetched the first time), or {error}.
export async function printout(format, page) {
  if (!web.isLive) await web.live;
  return printBlob(format, page);
}

// offThread: the calls that play many games (the Playtest panel, the
// danger overlay) are answered by a worker of their own (playtest.js), so
// the page keeps answering while they run.
export const offThread = true;

await boot();

let firstServed = false;
let on = null;

// call answers one request ('api/op', a body) as {status, data}.
export async function call(path, body) {
  if (body === undefined && plays(path)) return play(path);
  if (!web.isLive) {
    if (web.first && !firstServed && path.startsWith('api/state')) {
      firstServed = true;
      return { status: 200, data: JSON.parse(web.first.text) };
    }
    // A change (a POST) waits, and the bar says so; a look (the sight of
    // a zone, a face's drawing) waits too, unsaid.
    const change = body !== undefined;
    if (change) { web.waiting++; showStarting(); }
    try { await web.live; } finally { if (change) web.waiting--; }
    if (web.reload) { web.reload = false; if (on) on.change('module'); }
  }
  [path, body] = liveKeys(path, body);
  const method = body === undefined ? 'GET' : 'POST';
  let out = zmissionGo.call(method, path, body === undefined ? undefined : JSON.stringify(body));
  // A failure, as every function of the module tells one ({error}: a
  // panic it recovered): answered as a failed call, so the page shows why
  // (as the playtest worker answers it, playtest-worker.js).
  if (typeof out === 'string') out = { status: 500, type: 'application/json', body: out };
  const data = (out.type || '').includes('json') ? JSON.parse(out.body) : out.body;
  firstKey(data);
  if (method === 'POST' && out.status === 200) afterChange();
  return { status: out.status, data };
}

// withdraw takes back a call not answered yet whose answer is no longer
// wanted (a drawing with an overlay unticked since): a call that plays
// games is ended in its worker; the others are answered at once anyway.
export function withdraw(path) {
  if (plays(path)) withdrawPlay(path);
}

// liveKeys puts the module's key in place of the first state's, in a
// body's base and in a query's.
function liveKeys(path, body) {
  const k = web.keys;
  if (!k) return [path, body];
  if (body && typeof body === 'object' && Object.hasOwn(k, body.base)) body = { ...body, base: k[body.base] };
  path = path.replace(/([?&]base=)([^&]*)/, (m, pre, v) => {
    const key = decodeURIComponent(v);
    return pre + encodeURIComponent(Object.hasOwn(k, key) ? k[key] : key);
  });
  return [path, body];
}

// firstKey: an answer made against the module's first state (the page
// holds it under the first state's key) names the first state's key as
// its base, so the page applies it to the state it holds.
function firstKey(data) {
  const k = web.keys;
  if (!k || !data || typeof data !== 'object' || !data.base) return;
  for (const [first, live] of Object.entries(k)) if (data.base === live) data.base = first;
}

// follow: nothing changes the document but this page; once the module
// answers, a first state that was not its own is replaced by its own.
export function follow(o) {
  on = o;
  web.live.then(() => { if (web.reload) { web.reload = false; on.change('module'); } });
}

// leave applies a last edit as the page is left, and keeps the work.
export function leave(path, body) {
  if (!web.isLive) return; // the page's beforeunload asked first (web.js)
  [path, body] = liveKeys(path, body);
  zmissionGo.call('POST', path, JSON.stringify(body));
  beforeLeave();
}

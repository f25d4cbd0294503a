// How the page reaches the editor's session: here, `zmission edit`'s local
// server over HTTP, with its change events. The web edition serves its own
// transport.js in place of this one, with the same exports, calling
// the session inside the page.

// The calls that carry the page's state (an edit, undo, redo, the state)
// go over a WebSocket when it is open: in Chromium a message on an open
// socket takes a fraction of a fetch's trip through the browser's
// processes. Until it is open, and when it closes, they go by fetch.
const SOCKET_CALLS = new Set(['GET state', 'POST op', 'POST undo', 'POST redo']);
let sock = null; // the socket, open or opening
let lastID = 0;
const waiting = new Map(); // id → the answer's resolve, for calls on the socket

function openSocket() {
  let s;
  try {
    s = new WebSocket(new URL('api/socket', location.href).href.replace(/^http/, 'ws'));
  } catch (e) {
    return;
  }
  sock = s;
  s.addEventListener('message', e => {
    const m = JSON.parse(e.data);
    const done = waiting.get(m.id);
    waiting.delete(m.id);
    if (done) done({ status: m.status, data: m.body });
  });
  s.addEventListener('close', () => {
    if (sock === s) sock = null;
    // A call on its way is lost with the socket: as a fetch to a server gone.
    for (const done of waiting.values()) done(notAnswering());
    waiting.clear();
  });
}

const notAnswering = () => ({ status: 0, data: { error: 'zmission edit is not answering: was it stopped? Start it again and reload this page.' } });

// call sends one request ('api/op', a body) and gives {status, data}.
export async function call(path, body) {
  const method = body === undefined ? 'GET' : 'POST';
  const [name, query = ''] = path.replace(/^api\//, '').split('?');
  if (SOCKET_CALLS.has(method + ' ' + name)) {
    if (sock && sock.readyState === WebSocket.OPEN) {
      const id = ++lastID;
      return new Promise(done => {
        waiting.set(id, done);
        sock.send(JSON.stringify({ id, method, call: name, query, body }));
      });
    }
    if (!sock) openSocket(); // for the next call; this one goes by fetch
  }
  const opt = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  let r;
  try {
    r = await fetch(path, opt);
  } catch (e) {
    return notAnswering();
  }
  const ct = r.headers.get('Content-Type') || '';
  const data = ct.includes('json') ? await r.json() : await r.text();
  return { status: r.status, data };
}

// withdraw takes back a call whose answer is no longer wanted (the web
// edition ends the games it plays). Here the server's threads play them,
// and the page waits on nothing behind them: nothing to do.
export function withdraw(path) {}

// follow tells on.change(revision) when the document changed outside the
// page, on.lost() and on.back() as the connection goes and comes.
export function follow(on) {
  const es = new EventSource('api/events');
  es.addEventListener('error', () => on.lost());
  es.addEventListener('open', () => on.back());
  es.addEventListener('change', e => on.change(e.data));
  es.addEventListener('hello', e => on.change(e.data));
}

// leave sends a last request as the page is left (a reload, a closed
// tab): the request outlives the page.
export function leave(path, body) {
  fetch(path, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

// newWork is how the page opens a generated mission as new work: none
// here, where the page edits one file (Generate makes it that mission, as
// an edit).
export const newWork = null;

// printout is the mission's printout as a Blob ('pdf', 'png' or 'svg' on
// 'a4' or 'letter'), made by the session as `zmission render` makes it,
// or {error}.
export async function printout(format, page) {
  let r;
  try {
    r = await fetch(`api/print?format=${format}&page=${page}`);
  } catch (e) {
    return notAnswering().data;
  }
  if (!r.ok) return { error: (await r.json().catch(() => ({}))).error || String(r.status) };
  return r.blob();
}

// offThread: the session answers on the server's threads, so a long call
// (a playtest) does not hold the page.
export const offThread = true;

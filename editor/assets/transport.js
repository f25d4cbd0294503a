// How the page reaches the editor's session: here, `zmission edit`'s local
// server over HTTP, with its change events. The web edition serves its own
// transport.js in place of this one, with the same three exports, calling
// the session inside the page.

// call sends one request ('api/op', a body) and gives {status, data}.
export async function call(path, body) {
  const opt = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  let r;
  try {
    r = await fetch(path, opt);
  } catch (e) {
    return { status: 0, data: { error: 'zmission edit is not answering: was it stopped? Start it again and reload this page.' } };
  }
  const ct = r.headers.get('Content-Type') || '';
  const data = ct.includes('json') ? await r.json() : await r.text();
  return { status: r.status, data };
}

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

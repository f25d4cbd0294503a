// The web edition's playtest worker: the Playtest panel's games and the
// danger overlay's, played off the page's thread. It runs an instance of
// its own of the page's module (the same zmission.wasm, compiled once by
// the page and handed over: no second download, no second compile), opens
// the document the page sends in a session of its own, and answers one
// call (GET api/playtest, GET api/svg?overlay=danger…) as the page's own
// session would. The page ends a run that an edit made stale by ending
// this worker (playtest.js): a run holds this thread until it is done.
'use strict';
importScripts('../wasm_exec.js');

let live = null; // the module started: a promise
let open = null; // the document the session holds: {name, data, files}

// noDisk makes the module's file reads find nothing, as on the page
// (web.js): a worker has no disk either.
function noDisk() {
  for (const f of ['open', 'stat', 'lstat', 'readlink']) {
    globalThis.fs[f] = (...args) => {
      const e = new Error('no such file or directory');
      e.code = 'ENOENT';
      args[args.length - 1](e);
    };
  }
}

// start runs the module until it says it is ready; it fails if the
// module throws or exits first (a ready that never comes would leave the
// page playing forever).
async function start(module) {
  noDisk();
  const go = new Go();
  const ready = new Promise(r => addEventListener('zmission-ready', r, { once: true }));
  let code = 0;
  const exit = go.exit;
  go.exit = c => { code = c; exit(c); };
  const inst = await WebAssembly.instantiate(module, go.importObject);
  const ended = go.run(inst).then(() => { throw new Error(`its module stopped before it was ready (exit code ${code})`); });
  await Promise.race([ready, ended]);
}

// same says whether the session holds this document already: its games
// are then answered from the session's own cache of the last version.
function same(job) {
  return open && open.name === job.name && open.data === job.data && JSON.stringify(open.files) === JSON.stringify(job.files);
}

// play answers one job: {gen, path, name, data, files} → {gen, status,
// type, body, ms: the whole answer's time, games: the call's alone}.
function play(job) {
  const t0 = performance.now();
  if (!same(job)) {
    open = null;
    const r = JSON.parse(zmissionGo.open(job.name, job.data, job.files || {}));
    if (r.error) return { gen: job.gen, status: 400, type: 'application/json', body: JSON.stringify({ error: r.error }), ms: performance.now() - t0 };
    open = { name: job.name, data: job.data, files: job.files };
  }
  const t1 = performance.now();
  let out = zmissionGo.call('GET', job.path, undefined);
  if (typeof out === 'string') out = { status: 500, type: 'application/json', body: out }; // the module's own failure
  const t2 = performance.now();
  return { gen: job.gen, status: out.status, type: out.type, body: out.body, ms: t2 - t0, games: t2 - t1 };
}

// A failure ({failed: why}) is told the page once: the module did not
// start, or stopped; this worker answers nothing more, and the page
// starts another for the next run (playtest.js).
const failed = err => postMessage({ failed: err.message || String(err) });

addEventListener('message', async ev => {
  const m = ev.data;
  if (m.module) { live = start(m.module); live.catch(failed); return; }
  try {
    await live;
  } catch {
    return; // told already
  }
  try {
    postMessage(play(m));
  } catch (err) {
    failed(err);
  }
});
// A message the worker cannot read (a module it cannot take) would
// otherwise never be answered.
addEventListener('messageerror', () => failed(new Error('the worker could not read what the page sent')));

// The page's side of the playtest worker (playtest-worker.js): the calls
// that play games — the Playtest panel's (GET api/playtest) and the
// danger overlay's map (GET api/svg?…overlay=danger…) — are answered by a
// session in a worker of their own, so the page answers the author while
// hundreds of games are played. The editor's page asks again after every
// edit; here a call waits a moment for the edits to pause (DEBOUNCE), a
// newer call of the same kind replaces one not yet played, and a run an
// edit made stale is ended with its worker (a run holds the worker's
// thread: a message could not reach it) and a new worker started.
import { web } from './web.js';

// DEBOUNCE is how long a call waits for the edits to pause.
const DEBOUNCE = 250;

// plays says whether a call plays games, and so goes to the worker.
export function plays(path) {
  return path === 'api/playtest' || (path.startsWith('api/svg?') && /[?&]overlay=danger(&|$)/.test(path));
}

const kindOf = path => (path === 'api/playtest' ? 'playtest' : 'svg');

let worker = null; // {w, sent: a promise, once the module was handed over}
let running = null; // the job the worker plays: {gen, kind, path, resolve}
const queued = new Map(); // kind → the job waiting its turn
let gen = 0;
let timer = 0;

// stats is what the runs did, for the tests and the benchmark (as
// zmissionPlaytest): runs answered, the worker's time of the last one
// (its session opened and its games played; the call's alone; which
// call), workers started, runs
// ended by an edit, whether a run is being played now, and when the last
// run was handed to the worker and answered (the page's clock).
export const stats = { runs: 0, ms: 0, games: 0, path: '', workers: 0, cancelled: 0, busy: false, began: 0, ended: 0 };
globalThis.zmissionPlaytest = stats;

// stale is the answer of a call a newer one replaced: the page asks again
// for what it shows (app.js drops an answer about a version it left).
const stale = () => ({ status: 409, data: { error: 'a newer edit replaced this playtest', stale: true } });

// play answers a call that plays games, as transport.call does.
export function play(path) {
  return new Promise(resolve => {
    const kind = kindOf(path);
    const old = queued.get(kind);
    if (old) old.resolve(stale());
    queued.set(kind, { gen: ++gen, kind, path, resolve });
    // A run of the same kind is of an older version or older overlays:
    // it is ended now, not played to the end.
    if (running && running.kind === kind) cancel();
    clearTimeout(timer);
    timer = setTimeout(next, DEBOUNCE);
  });
}

// withdraw takes back a call (by its path) whose answer is no longer
// wanted: it answers as replaced, and a run of it is ended with its
// worker, so a call waiting behind it is played now.
export function withdraw(path) {
  for (const [kind, job] of queued) {
    if (job.path === path) { queued.delete(kind); job.resolve(stale()); }
  }
  if (running && running.path === path) {
    cancel();
    next();
  }
}

function cancel() {
  stats.cancelled++;
  running.resolve(stale());
  stats.busy = false;
  if (running.posted && worker) {
    worker.w.terminate();
    worker = null;
  }
  running = null;
}

function startWorker() {
  const w = new Worker(new URL('playtest-worker.js', import.meta.url));
  stats.workers++;
  const me = { w };
  // A browser that cannot hand a compiled module to a worker says so in
  // the panel, as any other failure does.
  me.sent = zmissionCompile().then(module => w.postMessage({ module })).catch(err => failed(me, err.message));
  w.addEventListener('message', ev => (ev.data.failed !== undefined ? failed(me, ev.data.failed) : answered(me, ev.data)));
  // A script that does not load or throws, and an answer the page cannot
  // read, end the worker as a failure it tells.
  w.addEventListener('error', ev => {
    ev.preventDefault();
    failed(me, ev.message || 'the playtest worker stopped');
  });
  w.addEventListener('messageerror', () => failed(me, 'the playtest worker\'s answer could not be read'));
  return me;
}

function answered(me, m) {
  if (worker !== me || !running || running.gen !== m.gen) return;
  const job = running;
  running = null;
  stats.busy = false;
  stats.ended = performance.now();
  stats.runs++;
  stats.ms = m.ms;
  stats.games = m.games;
  stats.path = job.path;
  const data = (m.type || '').includes('json') ? JSON.parse(m.body) : m.body;
  job.resolve({ status: m.status, data });
  next();
}

function failed(me, why) {
  if (worker !== me) return;
  worker.w.terminate();
  worker = null;
  stats.busy = false;
  if (running) {
    running.resolve({ status: 500, data: { error: 'The playtest could not run: ' + why } });
    running = null;
  }
  next();
}

// next hands the worker the next job, the playtest first: the panel's
// numbers, then the map's tints.
async function next() {
  if (running) return;
  const job = queued.get('playtest') || queued.get('svg');
  if (!job) return;
  queued.delete(job.kind);
  running = job;
  if (!web.isLive) await web.live;
  if (running !== job) return; // replaced meanwhile
  // The version the page's session would play (the last whose board
  // could be built), as it is now: an edit made while this job waited is
  // in it, and its own call follows.
  const doc = JSON.parse(zmissionGo.played());
  if (doc.error) {
    running = null;
    job.resolve({ status: 409, data: { error: doc.error } });
    next();
    return;
  }
  if (!worker) worker = startWorker();
  const me = worker;
  await me.sent;
  if (running !== job || worker !== me) return;
  job.posted = true;
  stats.busy = true;
  stats.began = performance.now();
  me.w.postMessage({ gen: job.gen, path: job.path, name: doc.name, data: doc.data, files: web.files || {} });
}

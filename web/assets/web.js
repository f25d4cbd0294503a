// The web edition's own part of the page: the module that checks and
// draws, the files (open, save, examples, templates, drop), the work kept
// in the browser's storage, printouts and links. Everything else on the
// page is `zmission edit`'s front-end, unchanged.
const $ = s => document.querySelector(s);
const DB = 'zmission-web', STORE = 'work';
// The browser keeps the latest KEPT pieces of work, and at most KEPT_BYTES
// of them together; past either, the oldest go, but never the work open
// in this tab or in another (docs/web.md, "Nothing typed is lost").
const KEPT = 20, KEPT_BYTES = 50 << 20;
// The games by their ruleset, as the menus and Recent name them.
const GAMES = { 'zombicide-invader': 'Zombicide: Invader', 'zombicide-classic': 'Zombicide', facility: 'Facility crawler', colony: 'Colony survival', 'survival-infection': 'Zombie: Survival Infection' };
const TAB = sessionStorage.getItem('zmission-tab') || Math.random().toString(36).slice(2, 10);
sessionStorage.setItem('zmission-tab', TAB);
const web = { id: null, name: '', files: {}, saved: null, handle: null, storage: 'ok', isLive: false, waiting: 0 };
window.zmissionWeb = web; // for the browser tests and the curious
export { web };

// --- the browser's storage: one record per piece of work, the latest first ---

// One connection, opened at the first use and kept: opening the database
// at every edit cost more than the write. Another page that upgrades or
// deletes the database is let through, and the next write opens it again.
let conn = null;
function db() {
  if (conn) return conn;
  conn = new Promise((ok, no) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'id' });
    r.onsuccess = () => {
      const d = r.result;
      d.onversionchange = () => { d.close(); conn = null; };
      d.onclose = () => { conn = null; };
      ok(d);
    };
    r.onerror = () => { conn = null; no(r.error); };
    // Another page holds an older version open and does not let go: the
    // write fails, and says so, rather than waiting for it.
    r.onblocked = () => { conn = null; no(new Error('another tab holds the storage open')); };
  });
  return conn;
}
async function tx(mode, f) {
  let d = await db(), t;
  try {
    t = d.transaction(STORE, mode);
  } catch (err) {
    // Closed meanwhile (another page upgraded or deleted the database):
    // opened again, once.
    if (err.name !== 'InvalidStateError') throw err;
    conn = null;
    d = await db();
    t = d.transaction(STORE, mode);
  }
  return new Promise((ok, no) => {
    const out = f(t.objectStore(STORE));
    t.oncomplete = () => ok(out && out.result);
    // An abort may come without an error event (the connection closed):
    // the promise settles either way, so a write never waits forever.
    t.onerror = () => no(t.error);
    t.onabort = () => no(t.error || new Error('the browser dropped the write'));
  });
}
const getRecord = id => tx('readonly', s => s.get(id));
const allRecords = () => tx('readonly', s => s.getAll());
const putRecord = r => tx('readwrite', s => s.put(r));
const delRecord = id => tx('readwrite', s => s.delete(id));

function exported() {
  const e = JSON.parse(zmissionGo.exportWork(TAB));
  if (e.error) throw new Error(e.error);
  return e;
}

function current() {
  const d = JSON.parse(zmissionGo.document());
  if (d.error) throw new Error(d.error);
  return d;
}

// put writes the record of this work. Transactions on the store run in
// the order they were made, so the last put is what stays.
async function put(fields) {
  const st = window.zmission && zmission.state;
  const about = st ? { title: st.title || '', game: st.ruleset || '' } : {};
  web.record = { ...web.record, id: web.id, name: web.name, files: web.files, saved: web.saved, handle: web.handle, opened: web.opened, ...about, ...fields, updated: Date.now() };
  claim(web.id);
  try {
    await putRecord(web.record);
    sessionStorage.setItem('zmission-work', web.id);
    localStorage.setItem('zmission-current', web.id);
    if (web.storage !== 'ok') { web.storage = 'ok'; notice(''); }
  } catch (err) {
    web.storage = 'failed';
    // A refused write's error may carry no message (a full quota aborts
    // the transaction with a bare QuotaExceededError).
    const why = err.name === 'QuotaExceededError' ? 'its room for this site is full' : (err.message || err.name || 'no reason given');
    notice('The browser would not keep this work (' + why + '): save it to a file.', 'error');
  }
}

// keep writes the work as it is now, the document and its history: a
// reload, a closed tab or a crash brings it back with undo and redo.
async function keep() {
  clearTimeout(web.historyTimer);
  const e = exported();
  await put({ data: e.data, work: e.work });
  showSaved();
  prune().catch(() => {});
}

// prune keeps the browser's storage bounded: past KEPT records or
// KEPT_BYTES, the oldest go, but never this tab's work nor work open in
// another tab.
async function prune() {
  const recs = (await allRecords()).sort((a, b) => b.updated - a.updated);
  const open = await openElsewhere();
  let n = 0, bytes = 0;
  for (const r of recs) {
    const size = (r.data || '').length + (r.work || '').length;
    if (r.id === web.id || open.has(r.id)) continue;
    n++; bytes += size;
    if (n > KEPT || bytes > KEPT_BYTES) await delRecord(r.id);
  }
}

// --- one tab, one piece of work ---

// claim holds a lock named for the work while this tab has it open (the
// browser lets it go when the tab closes): another tab that finds the
// lock held knows the work is open here.
function claim(id) {
  if (web.claimed === id || !navigator.locks) return;
  if (web.unclaim) web.unclaim();
  web.claimed = id;
  navigator.locks.request('zmission-work:' + id, () => new Promise(r => { web.unclaim = r; })).catch(() => {});
}

// free says whether no other tab has the work open. A tab reloaded a
// moment ago may still hold its lock while it goes: the lock is waited
// for a little.
async function free(id) {
  if (!navigator.locks) return true;
  try {
    return await navigator.locks.request('zmission-work:' + id, { signal: AbortSignal.timeout(2000) }, () => true);
  } catch (e) {
    return e.name !== 'TimeoutError' && e.name !== 'AbortError';
  }
}

// openElsewhere is the ids of the work other tabs have open.
async function openElsewhere() {
  const out = new Set();
  if (!navigator.locks) return out;
  const q = await navigator.locks.query();
  for (const l of q.held || []) if (l.name.startsWith('zmission-work:')) out.add(l.name.slice('zmission-work:'.length));
  return out;
}

// afterChange keeps an edit: the document as soon as the map that shows
// the edit is painted (it is small), the history (larger: up to MaxKept
// steps of two documents) once the edits pause, and at the latest as the
// page is left. Neither holds up the page's redraw.
export function afterChange() {
  web.changed = true;
  afterFrame(keepDocument);
  clearTimeout(web.historyTimer);
  web.historyTimer = setTimeout(keep, 1000);
}

// keepDocument writes the document as it is now. While a write is on its
// way, later edits only say there is more: the latest document is written
// when it is done. Edits faster than the browser writes (a key held down)
// leave one write waiting, never a queue of them.
let writing = false, more = false;
async function keepDocument() {
  if (writing) { more = true; return; }
  writing = true;
  try {
    do {
      more = false;
      // The first record of a piece of work holds its history too: a
      // change made before the module answered comes before the page
      // first kept the work, and a record of the document alone would
      // bring it back with no step to undo.
      if (!web.record || web.record.work === undefined) { await keep(); continue; }
      const d = current();
      await put({ data: d.data });
      showSaved();
    } while (more);
  } catch (err) {
    // The document could not be read or kept now: the whole work is kept
    // again a moment later.
    clearTimeout(web.historyTimer);
    web.historyTimer = setTimeout(() => keep().catch(() => {}), 1000);
  } finally {
    writing = false;
  }
}

// afterFrame runs f after the next frame is painted, or after 100 ms when
// no frame comes (a page in the background paints none).
function afterFrame(f) {
  let done = false;
  const run = () => { if (!done) { done = true; f(); } };
  requestAnimationFrame(() => setTimeout(run, 0));
  setTimeout(run, 100);
}

// beforeLeave: the page is going; IndexedDB may not finish, so the work
// also goes to localStorage, which writes at once, under its own id (each
// tab leaves its own). A page that is only hidden (claim false) writes its
// work the same way but does not make it the work a new tab opens: that
// stays the work changed or left last.
export function beforeLeave(claim = true) {
  if (!web.isLive) return; // nothing changed yet: changes wait for the module (see boot)
  try {
    const e = exported();
    if (claim) sessionStorage.setItem('zmission-work', web.id);
    localStorage.setItem('zmission-pending:' + web.id, JSON.stringify({ id: web.id, name: e.name, data: e.data, work: e.work, files: web.files, saved: web.saved, updated: Date.now() }));
    if (claim) localStorage.setItem('zmission-current', web.id);
  } catch (err) { /* too large for localStorage: the last IndexedDB write stands */ }
}
addEventListener('pagehide', () => beforeLeave());
// A page put in the background may be closed by the browser without a
// pagehide: its work goes to localStorage as it is hidden.
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'hidden') beforeLeave(false); });

// --- starting ---

// noDisk makes the module's file reads find nothing: a page has no disk,
// and Go's stub for one answers "not implemented on js", which a finding
// about a file the author has not given yet would repeat.
function noDisk() {
  for (const f of ['open', 'stat', 'lstat', 'readlink']) {
    globalThis.fs[f] = (...args) => {
      const e = new Error('no such file or directory');
      e.code = 'ENOENT';
      args[args.length - 1](e);
    };
  }
}

async function startModule() {
  noDisk();
  const go = new Go();
  const ready = new Promise(r => addEventListener('zmission-ready', r, { once: true }));
  // start.js, the page's first script, began compiling the module.
  // A first state shown is painted before the module is fetched and
  // compiled (start.js), and before its start and the work it opens hold
  // the page's thread for a second or more.
  if (web.first) await painted();
  const inst = await WebAssembly.instantiate(await zmissionCompile(), go.importObject);
  performance.mark('zmission-compiled');
  if (web.first) await painted();
  go.run(inst);
  web.memory = () => inst.exports.mem.buffer.byteLength; // the module's memory, for the benchmarks
  await ready;
  performance.mark('zmission-ready');
}

function newID() { return Date.now().toString(36) + Math.random().toString(36).slice(2, 8); }

// openDoc starts a session on a document; on success it becomes the
// current work (a new record), else the current work stays as it was.
function openDoc(name, data, files = {}) {
  const r = JSON.parse(zmissionGo.open(name, data, files));
  if (r.error) return r.error;
  web.id = newID(); web.name = r.name; web.files = files; web.saved = null; web.handle = null; web.record = null;
  web.opened = current().data;
  return null;
}

async function resumeRecord(rec) {
  const r = JSON.parse(zmissionGo.resume(rec.name, rec.data, rec.work || '', rec.files || {}, TAB));
  if (r.error) return r.error;
  Object.assign(web, { id: rec.id, name: rec.name, files: rec.files || {}, saved: rec.saved ?? null, handle: rec.handle ?? null, opened: rec.opened ?? null, record: rec });
  return null;
}

// unsaved says whether the work has changes no file holds: changed since
// it was opened (an example, a template, a link), or since its file was
// last read or written.
function unsaved() {
  if (!web.isLive) return web.waiting > 0;
  const d = current().data;
  return web.saved !== null ? savedText(d) !== web.saved : d !== web.opened;
}

// boot gets the page ready for its first call. When the site has the
// first state of what the page opens (start.js fetched it: an example or
// a template, or the example of a first visit), the page draws it at once
// and the module starts behind it (web.live); else the first call waits
// for the module and the work it opens: a link, or the work the browser
// kept (seconds, when another tab holds it and this one makes a copy).
// Either way boot does not wait for the module: the editor's script runs
// behind it, and its tabs and buttons answer while the module starts.
export async function boot() {
  buildBar();
  const first = await globalThis.zmissionFirst;
  web.live = goLive(first);
  if (first) web.first = first;
  showStarting();
}

// goLive starts the module and opens the work: a link or an example or a
// template named in the address, else the work the browser kept, else an
// example to start from. When the page shows a first state already, the
// module's session takes over from it.
async function goLive(first) {
  await startModule();
  const h = new URLSearchParams(location.hash.slice(1));
  let err = null, opened = false;
  if (h.has('mission')) {
    const l = JSON.parse(zmissionGo.unlink(h.get('mission')));
    err = l.error || openDoc(l.name, l.data);
    opened = !err;
  } else if (h.has('example')) {
    const ex = JSON.parse(zmissionGo.example(h.get('example')));
    err = ex.error || openDoc(ex.name, ex.data, ex.files);
    opened = !err;
  } else if (h.has('template')) {
    const tp = JSON.parse(zmissionGo.template(h.get('template')));
    err = tp.error || openDoc(tp.name, tp.data);
    opened = !err;
  }
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  // A document opened from the address (or the first example) is kept
  // once the page has drawn it: its first map does not wait for storage.
  let later = opened;
  if (!opened && !first) {
    let rec = await latest(h.get('work'));
    // Work open in another tab is that tab's: this one goes on with a
    // copy of its own, under a new id, and says so.
    if (rec && !(await free(rec.id))) {
      rec = { ...rec, id: newID() };
      web.forked = true;
    }
    // Kept again at once: what came from the page's last moments is in
    // localStorage only until then.
    if (rec && !(await resumeRecord(rec))) { opened = true; await keep(); }
    else if (h.has('work')) err = 'That work is no longer kept in this browser.';
  }
  if (!opened) {
    const ex = JSON.parse(zmissionGo.example('invader/violet-lockdown'));
    openDoc(ex.name, ex.data, ex.files);
    later = true;
  }
  performance.mark('zmission-opened');
  if (first) takeOver(first);
  web.isLive = true;
  performance.mark('zmission-live');
  showStarting();
  if (err) notice(err, 'error');
  else if (web.forked) notice(`${web.name} is open in another tab too: this tab has a copy of its own, and both are in Recent.`);
  showNeeds();
  fillWelcome();
  afterMap(async () => {
    // The service worker fetches every file of the site into its cache:
    // once the map is drawn, not while it is made.
    if ('serviceWorker' in navigator) navigator.serviceWorker.register('sw.js').then(watchUpdates).catch(() => {});
    if (later) await keep();
    else showSaved();
    sweepPending();
    warmUp();
  });
}

// warmUp: Chromium compiles the module's code as it is first called and
// optimises it once it runs often, so an author's first edit took three
// times as long as later ones. Once the page is idle after its first map,
// the module makes a few edits of a copy of the mission, in a session of
// its own that nothing sees (zmissionGo.warm), one per idle moment; the
// author's first change stops it. A board of many tiles is warmed on its
// game's template (the same code, a fraction of the time and memory).
const WARM = 20;
function warmUp() {
  let n = 0;
  web.warm = 'running';
  const end = () => { zmissionGo.warmEnd(); web.warm = 'done'; web.warmed = n; };
  const step = () => {
    if (web.changed || n >= WARM) return end();
    const st = window.zmission && zmission.state;
    const r = JSON.parse(zmissionGo.warm((st && st.ruleset) || '', (st && st.board && st.board.tiles.length) || 0));
    if (r.done || r.error) return end();
    web.warmOn = r.on;
    web.warmed = ++n;
    idleThen(step);
  };
  idleThen(step);
}

// idleThen runs f in a moment the page is idle with time to spare: a step
// of the warming is one task on the page's thread, and a key pressed
// during it waits for it.
const idleThen = f => (window.requestIdleCallback
  ? requestIdleCallback(d => (d.timeRemaining() >= 40 ? f() : idleThen(f)))
  : setTimeout(f, 50));

// takeOver makes the module's session the page's: its first state is
// the one the page shows (the build wrote it from the same code), but for
// the session's key, which the transport puts in place of the first
// state's in what the page sends. A state that differs (a site built
// where floating point rounds otherwise) is loaded whole.
function takeOver(first) {
  const live = zmissionGo.call('GET', 'api/state?tab=' + TAB, undefined);
  const body = typeof live === 'string' ? '' : live.body;
  const rest = t => t.slice(t.indexOf(','));
  const firstKey = JSON.parse(first.text).key;
  web.takeover = { path: first.path, same: body.startsWith('{"key":') && rest(body) === rest(first.text) };
  if (web.takeover.same) web.keys = { [firstKey]: JSON.parse(body).key };
  else {
    console.warn('the first state of ' + first.path + ' is not what the module answers: the page loads the module\'s');
    web.reload = true;
  }
}

// showStarting says plainly that the checks are still starting, and how
// many changes wait for them; nothing once the module answers.
export function showStarting() {
  const s = $('#web-live');
  if (!s) return;
  s.hidden = web.isLive;
  s.textContent = web.isLive ? '' : 'starting the checks…' + (web.waiting ? ' your changes wait for them' : '');
  document.body.classList.toggle('web-starting', !web.isLive);
}

// painted resolves once the page has painted its first state (at once in
// a tab in the background, which paints nothing).
function painted() {
  return new Promise(ok => {
    const look = () => {
      if (document.visibilityState === 'hidden') return ok();
      if (window.zmission && zmission.state) requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 0)));
      else requestAnimationFrame(look);
    };
    look();
  });
}

// afterMap runs f once the page has shown its first state (the map, or
// why there is none) and that frame is painted; at the latest after 10 s,
// frames or not (a tab opened in the background draws none).
function afterMap(f) {
  let done = false;
  const run = () => { if (!done) { done = true; f(); } };
  const look = () => {
    if (window.zmission && zmission.state) requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run, 0)));
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
  setTimeout(run, 10000);
}

// latest is the work to bring back: this tab's own after a reload, else
// the work kept last (a tab closed, the browser restarted); its record,
// or what the page wrote as it was left when that is newer.
async function latest(want) {
  const id = want || sessionStorage.getItem('zmission-work') || localStorage.getItem('zmission-current');
  if (!id) return null;
  let rec = null;
  try { rec = await getRecord(id); } catch (e) { web.storage = 'failed'; }
  const key = 'zmission-pending:' + id, p = localStorage.getItem(key);
  if (p) {
    localStorage.removeItem(key);
    try {
      const pend = JSON.parse(p);
      if (pend.id === id && (!rec || pend.updated > rec.updated)) rec = { ...rec, ...pend };
    } catch (e) { /* unreadable: the stored record stands */ }
  }
  return rec;
}

// sweepPending forgets what tabs wrote as they were left when the
// browser's storage holds the same work: those would pile up in
// localStorage, whose room is small.
async function sweepPending() {
  for (const k of Object.keys(localStorage)) {
    if (!k.startsWith('zmission-pending:')) continue;
    try {
      const p = JSON.parse(localStorage.getItem(k));
      const r = await getRecord(p.id);
      if (r && r.work === p.work && r.data === p.data) localStorage.removeItem(k);
    } catch (e) { /* left for the tab that reopens it */ }
  }
}

// --- the bar ---

function el(tag, props = {}, ...kids) {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids) e.append(k);
  return e;
}

function buildBar() {
  const bar = $('#web-actions');
  const games = Object.entries(GAMES);
  // New… starts from a game's template, or from a mission generated in
  // the page (Generate…: the editor's dialog, making new work here).
  const nw = menu('web-new', 'New…', 'Start from a game\'s template, or generate a mission', [...games, ['generate', 'Generate…']],
    g => (g === 'generate' ? whenLive(() => zmission.generate()) : startFrom('template=' + g)));
  const ex = menu('web-examples', 'Examples…', 'Open one of the examples', [], p => startFrom('example=' + p), fillExamples);
  const recent = menu('web-recent', 'Recent…', 'The work this browser keeps: open it again, or remove it', [], id => startFrom('work=' + id), fillRecent, true);
  const file = el('input', { type: 'file', id: 'web-file', multiple: true, accept: '.yaml,.yml,.json', hidden: true });
  file.onchange = () => { const fs = [...file.files]; file.value = ''; whenLive(() => openFiles(fs)); };
  const folder = el('input', { type: 'file', id: 'web-folder', hidden: true });
  folder.webkitdirectory = true;
  folder.onchange = () => { const fs = [...folder.files]; folder.value = ''; whenLive(() => openFiles(fs)); };
  const open = el('button', { id: 'web-open', textContent: 'Open…', title: 'Open a mission file (with the files it names beside it)' });
  open.onclick = () => openPicker(file);
  const openDir = el('button', { id: 'web-open-folder', textContent: 'Folder…', title: 'Open a folder: a mission and the tile set or collections beside it' });
  openDir.onclick = () => folder.click();
  const save = el('button', { id: 'web-save', textContent: 'Save', title: 'Save the mission to its file, as zmission fmt writes it (Ctrl+S)' });
  save.onclick = () => whenLive(() => saveFile(false));
  const print = menu('web-print', 'Download…', 'Download the mission file or its printout, or print it', [['yaml', 'the mission file'], ['pdf-a4', 'PDF, A4'], ['pdf-letter', 'PDF, Letter'], ['png-a4', 'PNG'], ['svg-a4', 'SVG'], ['print', 'Print… (Ctrl+P)']], w => whenLive(() => (w === 'print' ? printOut() : download(w))));
  const share = el('button', { id: 'web-share', textContent: 'Link', title: 'Copy a link that carries this mission (it never goes to a server)' });
  share.onclick = () => whenLive(shareLink);
  const state = el('span', { id: 'web-saved', role: 'status' });
  const starting = el('span', { id: 'web-live', role: 'status', hidden: true });
  const update = el('button', { id: 'web-update', hidden: true, textContent: 'New version — reload', title: 'A new version of zmission is ready: reload the page with it (the work stays)' });
  // In a narrow window the side pane is a drawer over the map (the
  // palette stays beside the map, narrower: web.css).
  const side = el('button', { id: 'web-show-side', className: 'web-pane-toggle', type: 'button', textContent: 'Issues', title: 'Show or hide the issues pane' });
  side.setAttribute('aria-pressed', 'false');
  side.onclick = () => side.setAttribute('aria-pressed', String(document.body.classList.toggle('web-show-side')));
  bar.append(nw, ex, recent, open, openDir, file, folder, save, print, share, side, state, starting, update);
  addEventListener('keydown', ev => {
    if ((ev.ctrlKey || ev.metaKey) && ev.key === 's') { ev.preventDefault(); whenLive(() => saveFile(false)); }
    if ((ev.ctrlKey || ev.metaKey) && ev.key === 'p') { ev.preventDefault(); whenLive(printOut); }
  });
  // A link pasted into the address of an open page opens in place, once
  // the work here is safe (guard).
  addEventListener('hashchange', () => {
    const h = location.hash.slice(1);
    if (/^(mission|example|template|work)=/.test(h)) startFrom(h);
  });
  buildGuard();
  buildPrint();
  buildWelcome();
  // Changes made before the module answers wait for it in the page:
  // leaving then would lose them, so the browser asks first.
  addEventListener('beforeunload', ev => { if (!web.isLive && web.waiting) ev.preventDefault(); });
  document.addEventListener('dragover', ev => { if (ev.dataTransfer.types.includes('Files')) ev.preventDefault(); });
  document.addEventListener('drop', ev => {
    if (!ev.dataTransfer.types.includes('Files')) return;
    ev.preventDefault();
    // Chromium gives a dropped file's handle as well: Save writes back
    // into it. Both are taken now; the drop's data is gone after it.
    const files = [...ev.dataTransfer.files];
    const hs = [...ev.dataTransfer.items].filter(i => i.kind === 'file' && i.getAsFileSystemHandle).map(i => i.getAsFileSystemHandle().catch(() => null));
    Promise.all(hs).then(hs => whenLive(() => openFiles(files, byName(hs.filter(h => h && h.kind === 'file')))));
  });
}

// menu is a button that opens a list of choices (the menu button
// pattern): a click, Enter, Space or ↓ opens it on its first choice; ↑ ↓
// Home End move; Enter or a click chooses (act); Escape closes it, back
// on its button; Tab or a click elsewhere closes it. A <select> would
// choose at the first arrow key. fill adds choices on the first opening.
function menu(id, label, title, items, act, fill, again = false) {
  const wrap = el('span', { className: 'web-menu' });
  const btn = el('button', { id, type: 'button', textContent: label, title });
  btn.setAttribute('aria-haspopup', 'menu');
  btn.setAttribute('aria-expanded', 'false');
  const list = el('div', { id: id + '-menu', className: 'web-menu-list', hidden: true });
  list.setAttribute('role', 'menu');
  list.setAttribute('aria-label', label);
  const add = (value, text) => {
    const b = el('button', { type: 'button', textContent: text, tabIndex: -1 });
    b.dataset.value = value;
    b.setAttribute('role', 'menuitem');
    b.onclick = () => { close(true); act(value); };
    list.append(b);
  };
  for (const [v, t] of items) add(v, t);
  const choices = () => [...list.querySelectorAll('button')];
  const filler = fill;
  const filled = () => {
    if (fill && web.isLive) { fill(add, list, close); fill = null; }
    return !fill;
  };
  const open = last => {
    // A list made again at each opening (Recent): what it shows is now.
    if (again && web.isLive) { list.replaceChildren(); fill = filler; }
    // The examples' list is the module's: a menu opened before it answers
    // is filled once it does.
    if (!filled()) web.live.then(() => { if (filled() && !list.hidden) { place(btn, list); const c = choices(); if (c.length) c[0].focus(); } });
    list.hidden = false;
    btn.setAttribute('aria-expanded', 'true');
    place(btn, list);
    const c = choices();
    if (c.length) c[last ? c.length - 1 : 0].focus();
  };
  const close = focus => {
    if (list.hidden) return;
    list.hidden = true;
    btn.setAttribute('aria-expanded', 'false');
    if (focus) btn.focus();
  };
  btn.onclick = () => (list.hidden ? open(false) : close(true));
  btn.onkeydown = ev => {
    if (ev.key !== 'ArrowDown' && ev.key !== 'ArrowUp') return;
    ev.preventDefault();
    ev.stopPropagation(); // the editor's arrows move the map's selection
    open(ev.key === 'ArrowUp');
  };
  list.onkeydown = ev => {
    const c = choices(), i = c.indexOf(document.activeElement);
    const to = { ArrowDown: i + 1, ArrowUp: i - 1, Home: 0, End: c.length - 1 }[ev.key];
    if (to !== undefined) c[(to + c.length) % c.length].focus();
    else if (ev.key === 'Escape') close(true);
    else if (ev.key === 'Tab') { close(false); return; }
    else return;
    ev.preventDefault();
    ev.stopPropagation();
  };
  wrap.addEventListener('focusout', ev => { if (!wrap.contains(ev.relatedTarget)) close(false); });
  wrap.append(btn, list);
  return wrap;
}

// place puts an open menu's list under its button (above it when there
// is more room there), inside the window at any zoom; a long list scrolls.
function place(btn, list) {
  const r = btn.getBoundingClientRect(), below = innerHeight - r.bottom, above = r.top;
  const down = below >= 160 || below >= above;
  list.style.maxHeight = Math.max(48, (down ? below : above) - 8) + 'px';
  list.style.maxWidth = (innerWidth - 8) + 'px';
  const w = list.offsetWidth, h = list.offsetHeight;
  list.style.left = Math.max(4, Math.min(r.left, innerWidth - w - 4)) + 'px';
  list.style.top = (down ? r.bottom + 2 : r.top - h - 2) + 'px';
}

function fillExamples(add) {
  for (const e of JSON.parse(zmissionGo.examples())) {
    if (e.example) add(e.path, `${e.title} (${GAMES[e.game] || e.game})`);
  }
}

// fillRecent lists the work kept in this browser, the latest first, but
// for this tab's: its title, its game and when it last changed, with a
// button that removes it. The list is read when the menu opens.
function fillRecent(add, list, close) {
  const none = el('span', { className: 'web-recent-none', textContent: 'Nothing else is kept in this browser yet.' });
  list.append(none);
  Promise.all([allRecords(), openElsewhere()]).then(([recs, open]) => {
    recs = recs.filter(r => r.id !== web.id).sort((a, b) => b.updated - a.updated);
    if (recs.length) none.remove();
    for (const r of recs) {
      add(r.id, `${r.title || r.name} — ${GAMES[r.game] || r.name} · ${when(r.updated)}${open.has(r.id) ? ' · open in another tab' : ''}`);
      const b = list.lastChild;
      const row = el('div', { className: 'web-recent-row' });
      const rm = el('button', { type: 'button', className: 'web-recent-remove', textContent: '×', title: 'Remove it from this browser', tabIndex: -1 });
      rm.setAttribute('aria-label', 'Remove ' + (r.title || r.name));
      rm.dataset.remove = r.id;
      rm.onclick = async ev => {
        ev.stopPropagation();
        await delRecord(r.id);
        const next = row.nextSibling || row.previousSibling;
        row.remove();
        if (!list.querySelector('button')) list.append(none);
        (next && next.querySelector ? next.querySelector('button') : list.previousSibling).focus();
      };
      row.append(b, rm);
      list.append(row);
    }
    if (!list.hidden) { const c = list.querySelector('button'); if (c) c.focus(); }
  }).catch(err => { none.textContent = 'The browser\'s storage cannot be read: ' + (err.message || err.name); });
}

// when says how long ago a time was, plainly.
function when(t) {
  const m = Math.round((Date.now() - t) / 60000);
  if (m < 1) return 'just now';
  if (m < 60) return `${m} min ago`;
  if (m < 60 * 24) return `${Math.round(m / 60)} h ago`;
  return new Date(t).toLocaleDateString();
}

function notice(text, kind = 'info') {
  const b = $('#banner');
  b.hidden = !text;
  b.textContent = text || '';
  b.className = kind;
}

// startFrom opens a template or an example (what, as the address names
// it: "template=colony", "example=invader/violet-lockdown") as new work:
// the page opens again on its address, and shows its first state at once.
//
// Work with changes no file holds is not left without asking (guard):
// it can be opened beside, in a new tab, instead; either way the work
// stays in Recent.
async function startFrom(what) {
  const here = location.pathname + location.search;
  const how = await guard(true);
  if (how === 'beside') window.open(here + '#' + what, '_blank', 'noopener');
  if (how !== 'here') {
    if (location.hash) history.replaceState(null, '', here);
    return;
  }
  await keepNow();
  history.replaceState(null, '', here + '#' + what);
  location.reload();
}

// generateNew opens a mission generated in the page from the dialog's
// options as new work, once the work here is safe (guard); it answers
// why not when it cannot.
export async function generateNew(o) {
  const r = JSON.parse(zmissionGo.generate(JSON.stringify(o)));
  if (r.error) return r.error;
  if ((await guard(false)) !== 'here') return 'Nothing was opened: the work here stays as it is.';
  await keepNow();
  const err = openDoc(r.name, r.data);
  if (err) return err;
  await keep();
  history.replaceState(null, '', location.pathname + location.search);
  location.reload();
  return null;
}

// bareVisit: nothing named in the address and no work kept in this
// browser (start.js decides the same): someone new, who is offered a
// start before the example the page shows.
function bareVisit() {
  return !location.hash && !(sessionStorage.getItem('zmission-work') || localStorage.getItem('zmission-current'));
}

// buildWelcome offers a bare visit its ways to start, before anything
// else: a new mission of each game, one generated, or an example. It
// stands over the example drawn behind it (the page is usable at once),
// and closing it leaves that example open to look around.
function buildWelcome() {
  if (!bareVisit()) return;
  const w = el('section', { id: 'web-welcome' });
  w.setAttribute('aria-labelledby', 'web-welcome-title');
  const news = el('div', { className: 'web-welcome-row' });
  for (const [g, name] of Object.entries(GAMES)) {
    const b = el('button', { type: 'button', textContent: name, className: 'web-welcome-new' });
    b.dataset.game = g;
    b.onclick = () => startFrom('template=' + g);
    news.append(b);
  }
  const gen = el('button', { type: 'button', id: 'web-welcome-generate', textContent: 'Generate a mission…' });
  gen.onclick = () => { close(); whenLive(() => zmission.generate()); };
  const exs = el('div', { className: 'web-welcome-row', id: 'web-welcome-examples' });
  const done = el('button', { type: 'button', id: 'web-welcome-close', textContent: 'Look around this example first' });
  const close = () => { w.remove(); };
  done.onclick = close;
  w.addEventListener('keydown', ev => { if (ev.key === 'Escape') { ev.stopPropagation(); close(); } });
  w.append(
    el('h2', { id: 'web-welcome-title', textContent: 'Make a mission for your table' }),
    el('p', { textContent: 'Start a new mission for your game: its template has a board to build on.' }), news,
    el('p', { textContent: 'Or let zmission make one for the boxes you own, every rule checked:' }), el('div', { className: 'web-welcome-row' }, gen),
    el('p', { textContent: 'Or open an example to see how one is made:' }), exs,
    el('div', { className: 'web-welcome-end' }, done));
  document.body.append(w);
  w.querySelector('.web-welcome-new').focus({ preventScroll: true });
}

// fillWelcome adds the examples to the offer to start: the module's list,
// once it answers.
function fillWelcome() {
  const exs = $('#web-welcome-examples');
  if (!exs || exs.children.length) return;
  {
    for (const e of JSON.parse(zmissionGo.examples())) {
      if (!e.example) continue;
      const b = el('button', { type: 'button', textContent: `${e.title} (${GAMES[e.game] || e.game})`, className: 'web-welcome-example' });
      b.dataset.example = e.path;
      b.onclick = () => startFrom('example=' + e.path);
      exs.append(b);
    }
  }
}

// keepNow writes the work before the page opens something else.
async function keepNow() {
  if (web.isLive) await keep().catch(() => {});
}

// guard asks, when the work has changes no file holds, before anything
// replaces it: 'here' (open it here), 'beside' (in a new tab; only when
// what opens has an address) or null (cancelled). Work with no such
// changes is left at once.
function guard(beside) {
  if (!unsaved()) return Promise.resolve('here');
  const d = $('#web-guard');
  d.querySelector('p').textContent = `${web.name} has changes not saved to a file. It stays in this browser (Recent…) either way.`;
  d.querySelector('[value=beside]').hidden = !beside;
  d.returnValue = '';
  d.showModal();
  // The close of the question before may still be on its way when this
  // one opens: a close that finds the dialog open again is that one's.
  return new Promise(ok => {
    const closed = () => {
      if (d.open) return;
      d.removeEventListener('close', closed);
      ok(d.returnValue || null);
    };
    d.addEventListener('close', closed);
  });
}

function buildGuard() {
  const d = el('dialog', { id: 'web-guard' });
  d.setAttribute('aria-label', 'Open something else');
  const f = el('form', { method: 'dialog' });
  f.append(
    el('button', { value: 'here', textContent: 'Open it here' }), ' ',
    el('button', { value: 'beside', textContent: 'Open it in a new tab' }), ' ',
    el('button', { value: '', textContent: 'Cancel', autofocus: true }));
  d.append(el('p'), f);
  document.body.append(d);
}

// whenLive runs f once the module answers: at once, after it started.
function whenLive(f) {
  return web.isLive ? f() : web.live.then(f);
}

const MAX_FILE = 8 << 20;

const byName = hs => Object.fromEntries(hs.map(h => [h.name, h]));

// openFiles opens what the author picked or dropped: the mission (a YAML
// or JSON file) and any files it names beside it, kept by name; handles
// are the files' own (File System Access), by name, where the browser
// gave them.
async function openFiles(list, handles = {}) {
  if (!list.length) return;
  for (const f of list) {
    if (f.size > MAX_FILE) return notice(`${f.name} is larger than a mission can be (${MAX_FILE >> 20} MiB): nothing was opened.`, 'error');
  }
  const texts = {};
  for (const f of list) {
    const rel = f.webkitRelativePath ? f.webkitRelativePath.split('/').slice(1).join('/') : f.name;
    const buf = new Uint8Array(await f.arrayBuffer());
    if (buf.includes(0)) return notice(`${f.name} is not a text file: nothing was opened.`, 'error');
    texts[rel] = new TextDecoder().decode(buf);
  }
  const names = Object.keys(texts).filter(n => /\.(ya?ml|json)$/i.test(n));
  if (!names.length) return notice('Open a mission file: .yaml, .yml or .json.', 'error');
  if ((await guard(false)) !== 'here') return;
  await keepNow();
  // The mission is a file no other file names (a tile set or a
  // collection is named by its mission, and would open by itself too):
  // those first, then the shallowest, then by name.
  const dirOf = n => n.includes('/') ? n.slice(0, n.lastIndexOf('/') + 1) : '';
  const named = new Set();
  for (const n of names) {
    for (const f of JSON.parse(zmissionGo.names(n, texts[n]))) named.add(normal(dirOf(n) + f)).add(f.split('/').pop());
  }
  const order = (a, b) => named.has(a) - named.has(b) || a.split('/').length - b.split('/').length || a.localeCompare(b);
  const errors = [];
  for (const n of names.sort(order)) {
    const beside = {};
    const base = n.includes('/') ? n.slice(0, n.lastIndexOf('/') + 1) : '';
    for (const [k, v] of Object.entries(texts)) if (k !== n && k.startsWith(base)) beside[k.slice(base.length)] = v;
    // Files picked one by one come without their folders: one the
    // mission names in a folder (collections/shelf.yaml) is put there.
    for (const f of JSON.parse(zmissionGo.names(n, texts[n]))) {
      const p = normal(f), b = p.split('/').pop();
      if (!(p in beside) && (b in beside) && !p.startsWith('..')) beside[p] = beside[b];
    }
    const err = openDoc(n.split('/').pop(), texts[n], beside);
    if (!err) {
      web.handle = handles[n] || null;
      web.saved = web.handle ? texts[n] : null; // what the file on disk holds
      await keep();
      location.reload();
      return;
    }
    errors.push(err);
  }
  notice(errors[0], 'error');
}

// normal resolves '.' and '..' in a slash path.
function normal(p) {
  const out = [];
  for (const part of p.split('/')) {
    if (part === '..') out.pop();
    else if (part && part !== '.') out.push(part);
  }
  return out.join('/');
}

async function openPicker(input) {
  if (!window.showOpenFilePicker) return input.click();
  let hs;
  try {
    hs = await showOpenFilePicker({ multiple: true, types: [{ description: 'Missions', accept: { 'text/yaml': ['.yaml', '.yml'], 'application/json': ['.json'] } }] });
  } catch (e) { return; } // cancelled
  const files = await Promise.all(hs.map(h => h.getFile()));
  await whenLive(() => openFiles(files, byName(hs)));
}

function formatted() {
  const f = JSON.parse(zmissionGo.format());
  if (f.error) { notice(f.error, 'error'); return null; }
  return f;
}

// saveFile writes the mission as `zmission fmt` writes it: into its own
// file where the browser gave one, else through a save dialog or a
// download. It does not write over a file changed on disk since it was
// read, unless told to (over).
async function saveFile(saveAs, over = false) {
  const f = formatted();
  if (!f) return;
  try {
    const h = web.handle;
    if (h && !saveAs) {
      const rw = { mode: 'readwrite' };
      if ((await h.queryPermission(rw)) !== 'granted' && (await h.requestPermission(rw)) !== 'granted') {
        return refused(`The browser did not allow writing ${h.name}: nothing was written, and the work is kept here.`, false);
      }
      if (!over && web.saved !== null && (await (await h.getFile()).text()) !== web.saved) {
        return refused(`${h.name} changed on disk since it was opened here: it was not written over, and this work is kept here.`, true);
      }
      await writeTo(h, f.data);
    } else if (window.showSaveFilePicker) {
      try {
        web.handle = await showSaveFilePicker({ suggestedName: f.name });
      } catch (e) { return; } // cancelled
      await writeTo(web.handle, f.data);
    } else {
      blobDownload(f.name, new Blob([f.data], { type: 'text/yaml' }));
    }
  } catch (e) {
    return notice('The mission was not saved: ' + e.message, 'error');
  }
  web.saved = f.data;
  if ($('#web-save-kept')) notice('');
  await keep();
}

// writeTo replaces the file's bytes: the browser writes a copy and puts it
// in place on close, so the file is never left half written.
async function writeTo(h, data) {
  const w = await h.createWritable();
  try {
    await w.write(data);
    await w.close();
  } catch (e) {
    await w.abort().catch(() => {});
    throw e;
  }
}

// refused says why Save wrote nothing, with the ways on: write over the
// file anyway (over), or download the work.
function refused(text, over) {
  notice(text + ' ', 'error');
  const b = $('#banner');
  if (over) b.append(el('button', { id: 'web-save-over', textContent: 'Save over it', onclick: () => saveFile(false, true) }), ' ');
  b.append(el('button', { id: 'web-save-kept', textContent: 'Download it', onclick: () => download('yaml') }));
}

function blobDownload(name, blob) {
  const a = el('a', { href: URL.createObjectURL(blob), download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 60000);
}

const TYPES = { pdf: 'application/pdf', png: 'image/png', svg: 'image/svg+xml' };

// printFonts hands the module the faces a PDF or PNG is set in, fetched
// from the site (the service worker keeps them offline) the first time.
const FACES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf', 'DejaVuSans-BoldOblique.ttf'];
let fontsGiven = null;
function printFonts() {
  fontsGiven = fontsGiven || Promise.all(FACES.map(async f => {
    const r = await fetch('fonts/' + f);
    if (!r.ok) throw new Error(f + ': ' + r.status);
    return new Uint8Array(await r.arrayBuffer());
  })).then(faces => {
    const r = JSON.parse(zmissionGo.fonts(...faces));
    if (r.error) throw new Error(r.error);
  });
  fontsGiven.catch(() => { fontsGiven = null; }); // tried again at the next printout
  return fontsGiven;
}

// printBlob is the printout made in the page by the same code as
// `zmission render`, as a Blob, or {error}: the editor's Print button
// asks for it through transport.js.
export async function printBlob(fmt, page) {
  if (fmt !== 'svg') {
    try { await printFonts(); } catch (e) { return { error: 'its fonts did not load (' + e.message + ')' }; }
  }
  const out = zmissionGo.print(fmt, page);
  if (typeof out === 'string') return { error: JSON.parse(out).error };
  return new Blob([out], { type: TYPES[fmt] });
}

// printName is the name the printout's files take: the mission's title
// made a file name by the editor's session.
function printName() {
  const r = zmissionGo.call('GET', 'api/printinfo', undefined);
  try { return JSON.parse(r.body).name; } catch (e) { return web.name.replace(/\.(ya?ml|json)$/i, ''); }
}

// download gives the mission file, or its printout.
async function download(what) {
  if (what === 'yaml') {
    const f = formatted();
    if (f) { blobDownload(f.name, new Blob([f.data], { type: 'text/yaml' })); web.saved = web.handle ? web.saved : f.data; keep(); }
    return;
  }
  const [fmt, page] = what.split('-');
  const out = await printBlob(fmt, page);
  if (!(out instanceof Blob)) return notice('The printout cannot be made: ' + out.error + '.', 'error');
  const suffix = fmt === 'pdf' ? `-${page}` : '';
  blobDownload(`${printName()}${suffix}.${fmt}`, out);
}

async function shareLink() {
  const l = JSON.parse(zmissionGo.link());
  if (l.error) return notice(l.error, 'error');
  const url = location.origin + location.pathname + '#mission=' + l.link;
  web.lastLink = url;
  try {
    await navigator.clipboard.writeText(url);
    notice(`A link to this mission is copied (${Math.ceil(url.length / 1024)} KiB; the mission travels in it, never through a server).`, 'info');
  } catch (e) {
    notice('Copy this link: ' + url, 'info');
  }
}

// savedText is the document as Save writes it (what zmission fmt writes),
// for data, the session's current document (the formatter formats that
// one); the last answer is kept, as most calls ask of the same document
// again.
let lastFormat = { data: null, out: null };
function savedText(data) {
  if (lastFormat.data !== data) {
    const f = JSON.parse(zmissionGo.format());
    lastFormat = { data, out: f.data ?? data };
  }
  return lastFormat.out;
}

// showSaved says plainly whether the work is in a file yet.
function showSaved() {
  const s = $('#web-saved');
  if (!s) return;
  let text, cls;
  if (web.saved === null && current().data === web.opened) { text = 'not changed'; cls = ''; }
  else if (web.saved === null) { text = 'not saved to a file'; cls = 'unsaved'; }
  else if (web.saved === savedText(current().data)) { text = 'saved'; cls = 'saved'; }
  else { text = 'changes not saved to the file'; cls = 'unsaved'; }
  if (web.storage !== 'ok') { text += ' · not kept by the browser'; cls = 'unsaved'; }
  s.textContent = text;
  s.className = cls;
  document.title = (cls === 'unsaved' ? '• ' : '') + web.name + ' — zmission';
}

// showNeeds asks for the files the mission names beside it.
function showNeeds() {
  const need = JSON.parse(zmissionGo.needs());
  if (!need.length) return;
  const b = $('#banner');
  b.hidden = false;
  b.className = 'info';
  b.textContent = `This mission reads ${need.join(', ')} beside it: `;
  const input = el('input', { type: 'file', id: 'web-add', multiple: true, accept: '.yaml,.yml,.json', hidden: true });
  input.onchange = () => addFiles(need, [...input.files]);
  const add = el('button', { id: 'web-add-files', textContent: 'Add them' });
  add.onclick = () => input.click();
  b.append(add, input, document.createTextNode(' (or open the whole folder).'));
}

// addFiles puts the files picked beside the mission, each where the
// mission names it, and checks it again with them.
async function addFiles(need, list) {
  const files = { ...web.files };
  let n = 0;
  for (const f of list) {
    if (f.size > MAX_FILE) return notice(`${f.name} is larger than a mission's file can be: nothing was added.`, 'error');
    for (const p of need) {
      if (p.split('/').pop() === f.name) { files[p] = await f.text(); n++; }
    }
  }
  if (!n) return notice(`None of those files is one the mission names (${need.join(', ')}).`, 'error');
  web.files = files;
  await keep();
  location.reload();
}

// --- a new version ---

// watchUpdates: a new build of the site, once its service worker has
// fetched every file, waits (sw.js); the bar says so, and its button
// reloads the page with it, the work kept. The browser looks for a new
// build at every visit and, here, whenever the page is shown again.
function watchUpdates(reg) {
  const ready = () => {
    if (!reg.waiting || !navigator.serviceWorker.controller) return;
    const b = $('#web-update');
    b.hidden = false;
    b.onclick = async () => {
      b.disabled = true;
      await keepNow();
      navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
      reg.waiting.postMessage('take-over');
    };
  };
  ready();
  reg.addEventListener('updatefound', () => {
    const w = reg.installing;
    if (w) w.addEventListener('statechange', () => { if (w.state === 'installed') ready(); });
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') reg.update().catch(() => {});
  });
}

// --- printing ---

// printOut prints the printout (the SVG `zmission render` draws, on A4),
// not the editor: the print stylesheet (web.css) shows only it.
async function printOut() {
  const img = await printImage();
  if (img) window.print();
}

// printImage puts the printout of the document as it is now in the
// page's print-only picture, and waits for it to be drawn.
async function printImage() {
  const out = zmissionGo.print('svg', 'a4');
  if (typeof out === 'string') { notice(JSON.parse(out).error, 'error'); return null; }
  const img = $('#web-print-out');
  const old = img.src;
  img.src = URL.createObjectURL(new Blob([out], { type: 'image/svg+xml' }));
  img.dataset.version = zmission.state ? zmission.state.version : '';
  if (old) URL.revokeObjectURL(old);
  await img.decode().catch(() => {});
  document.body.classList.add('web-printout');
  return img;
}

// buildPrint adds the print-only picture. A print from the browser's own
// menu finds it as it was last made, or the map when none was: the
// Print command (Ctrl+P) makes it first.
function buildPrint() {
  const img = el('img', { id: 'web-print-out', alt: 'The mission\'s printout' });
  document.body.append(img);
  // A printout of an older version of the document is not printed.
  addEventListener('beforeprint', () => {
    const now = window.zmission && zmission.state ? zmission.state.version : '';
    document.body.classList.toggle('web-printout', !!img.src && img.dataset.version === now);
  });
}

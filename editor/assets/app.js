// zmission edit: the page. The server holds the file, the history and the
// checks; the page shows a State and sends operations made against its
// version. Everything here is plain modules: no build step.
import { Canvas, CELL_PX, arrange } from './canvas.js';
import { renderPalette, tokenLabel, faceSVG, COLOUR } from './palette.js';
import { parts, step, moveOps, rotateOps, copyOf, pasteOps, inBox } from './group.js';
import { renderForms } from './forms.js';
import { renderTileset } from './tileset.js';
import { renderSchemaForm, focusFinding, takePending } from './schemaform.js';
import { facilityView } from './facility.js';
import { call, follow, leave, newWork, offThread, printout, withdraw } from './transport.js';
import { merge, svgText } from './delta.js';
import { generator } from './generate.js';
import { balancePanel } from './balance.js';

const $ = s => document.querySelector(s);
const ANY_COLOUR = ['neutral', 'red', 'blue', 'green', 'violet', 'white', 'yellow', 'orange'];
const app = {
  state: null,
  sel: null, // {kind: 'tile'|'token'|'zone', index, zone}
  overlays: new Set(),
  los: null,
  hoverZone: null,
  zoom: 1,
  tab: 'issues',
  finding: -1,
  findingKey: null, // what the picked finding is, to find it again in the next state
  group: [], // tiles and tokens picked together with shift-click
  drawn: { mounts: 0, patches: 0 }, // how the map was drawn: whole, or patched
  loads: 0, // the downloads of the state apart from edits' answers
  requestMs: 0, // how long the last edit's request took (the benchmark reads it)
  tourMade: 0, // the Tour tab made (for the tests: it waits while hidden)
};
window.zmission = app; // for the browser tests and the curious
// Each tab undoes its own edits: its name survives a reload of the tab.
const TAB = sessionStorage.getItem('zmission-tab') || Math.random().toString(36).slice(2, 10);
sessionStorage.setItem('zmission-tab', TAB);
app.tabID = TAB;
const canvas = new Canvas($('#canvas'));
app.canvas = canvas; // for the browser tests
let facility = null; // the facility's canvas, made when a facility opens

const api = call;
// idle runs work the page can do later, when it has nothing else to do.
const idle = f => window.requestIdleCallback ? requestIdleCallback(() => f(), { timeout: 1000 }) : setTimeout(f);

function banner(text, kind = 'error') {
  const b = $('#banner');
  // Every edit's answer clears it: the page is changed only when it says
  // something else.
  if (b.hidden === !text && b.textContent === (text || '') && b.className === kind) return;
  b.hidden = !text;
  b.textContent = text || '';
  b.className = kind;
}

// load gets the state: what changed since the one the page holds, or all
// of it.
export async function load(whole = false) {
  app.loads++;
  const base = !whole && app.state && app.state.key;
  const r = await api('api/state?tab=' + TAB + (base ? '&base=' + encodeURIComponent(base) : ''));
  if (r.status === 200) await accept(r.data);
}

// accept shows the state an answer gives; an answer made against a state
// the page no longer holds brings the whole state instead.
async function accept(data) {
  const st = merge(app.state, data);
  if (st) setState(st);
  else await load(true);
}

// send applies operations; a stale version reloads the page's state. ops
// may be a function, called when the request's turn comes, of the state
// the requests before it left: a nudge by one cell then counts from where
// the nudges before it put the selection, answered or not when the key was
// pressed (keys pressed faster than the answers, or before the web
// edition's module answers at all).
async function send(ops) {
  return post('api/op', { version: app.state.version, ops });
}

// Requests go one after another, each made against the version the one
// before left: keys pressed quickly are all done, in order.
let queue = Promise.resolve();
function post(path, body) {
  const run = async () => {
    let b = body;
    if (typeof body.ops === 'function') {
      b = { ...body, ops: body.ops() };
      if (!b.ops || !b.ops.length) return null;
    }
    const t0 = performance.now();
    const r = await api(path, { ...b, version: app.state.version, tab: TAB, base: app.state.key });
    app.requestMs = performance.now() - t0;
    if (r.status === 200) {
      banner('');
      await accept(r.data);
    } else if (r.status === 409) {
      await load();
      banner(r.data.error || 'The file changed; the page now shows it as it is.', 'info');
    } else {
      banner(r.data.error || String(r.data));
    }
    return r;
  };
  return inTurn(run);
}

// inTurn runs a request after those before it: answers are applied in
// the order the requests were made, so an older state never replaces a
// newer one.
function inTurn(run) {
  pending++;
  const p = queue.then(run, run).finally(() => { pending--; if (!pending) noticed(); });
  queue = p.catch(() => {});
  return p;
}

// A change notice is the server's word that the file has a new revision.
// The page's own edit sends one too, often before the edit's answer (which
// holds that state) has arrived: while requests are on their way the
// notice waits, and the state is fetched only when the answers did not
// bring that revision. One edit, one download of the state.
let pending = 0; // requests sent or waiting their turn
let notice = null;
function noticed(rev) {
  if (rev !== undefined) notice = rev;
  if (notice === null || pending) return;
  const r = notice;
  notice = null;
  if (!app.state || !seen.includes(r)) inTurn(load);
}
// The last revisions the page has shown: a late notice of one is old news.
const seen = [];

// Before the first state (the web edition's module starting) there is
// nothing to undo, and the keys below have nothing to act on.
const undo = () => app.state && post('api/undo', { version: app.state.version });
const redo = () => app.state && post('api/redo', { version: app.state.version });

function setState(st) {
  const prev = app.state;
  app.state = st;
  seen.push(st.revision);
  if (seen.length > 16) seen.shift();
  document.title = `${st.title || st.file} — zmission edit`;
  $('#file').textContent = st.file;
  $('#undo').disabled = st.undo === 0;
  $('#redo').disabled = st.redo === 0;
  const n = { error: 0, warning: 0, info: 0 };
  for (const f of st.findings) n[f.severity]++;
  const parts = [];
  if (n.error) parts.push(`${n.error} error${n.error > 1 ? 's' : ''}`);
  if (n.warning) parts.push(`${n.warning} warning${n.warning > 1 ? 's' : ''}`);
  if (n.info) parts.push(`${n.info} info`);
  $('#status').textContent = parts.join(', ') || 'clean';
  $('#status').title = 'version ' + st.version.slice(0, 8);
  $('#status').className = n.error ? 'err' : '';
  $('#issue-count').textContent = st.findings.length ? `(${st.findings.length})` : '';
  // The picked finding is found again by what it is, not where it was in
  // the list: its line is shown as it is now, or nothing when it is gone.
  if (app.findingKey !== null) {
    app.finding = st.findings.findIndex(f => findingKey(f) === app.findingKey);
    if (app.finding < 0) app.findingKey = null;
    showSourceLine();
  }
  const what = st.mode === 'tileset' ? 'faces shown are the last good ones' : 'board shown is the last good one';
  if (st.missing) banner(`${st.file} is gone from the disk (deleted or moved): the page shows it as it was. Save it again from your editor to go on.`);
  else if (st.error) banner(`This version cannot be drawn — ${st.error}.` + (st.stale ? ` The ${what}.` : ''));
  else if (prev && (prev.error || prev.missing || prev.revision !== st.revision)) banner(''); // what it said is past
  if (st.mode === 'tileset') {
    $('#palette').hidden = true;
    for (const b of document.querySelectorAll('#tabs button')) b.hidden = b.dataset.tab !== 'issues';
    $('#overlays').hidden = true;
    $('#hover-los').parentElement.hidden = true;
    renderTileset($('#canvas'), st, send, post);
    renderIssues();
    return;
  }
  if (st.kind === 'facility') {
    document.body.dataset.kind = 'facility';
    facility = facility || facilityView({ canvas: $('#canvas'), palette: $('#palette'), selection: $('#selection'), mission: $('#tab-mission'), send, banner, pick: pickFinding,
      // The rest of the scenario (title, objectives, stacks…) is edited with
      // the form made from the game's schema, in the Mission tab.
      form: st => renderSchemaForm($('#tab-mission'), st, send) });
    facility.render(st);
    renderIssues();
    return;
  }
  renderOverlays(st);
  if (!prev || prev.file !== st.file) gen.pins.load();
  if (!prev) restoreSelection();
  if (app.sel && !selectionExists(app.sel)) app.sel = null;
  app.group = app.group.filter(selectionExists);
  canvas.group = app.group;
  if (!prev || prev.svgSrc !== st.svgSrc || app.overlays.size) drawMap();
  else decorate();
  // The palette is made again only when it changed (a count, a face
  // used): most edits leave it as it was.
  const pk = prev && prev.palette === st.palette ? app.paletteKey : JSON.stringify(st.palette);
  if (pk !== app.paletteKey) { app.paletteKey = pk; renderPalette($('#palette'), st.palette, startDrag, placeFromKeys); }
  renderIssues();
  document.body.dataset.kind = st.kind || '';
  $('#form-pane').hidden = st.kind !== 'sheet';
  if (st.kind === 'sheet') {
    const p = document.createElement('p');
    p.textContent = `A ${st.ruleset} scenario is edited with the form on the left, or in your text editor: the sheet and the findings follow every save.`;
    $('#tab-mission').replaceChildren(p);
    renderSchemaForm(sheetForm(), st, send);
    balancePanel($('#balance'), st);
  } else {
    // The head is the form every game's head is edited with; objectives
    // and special rules have forms of their own below it.
    let head = $('#mission-head'), lists = $('#mission-lists');
    if (!head) {
      head = document.createElement('div');
      head.id = 'mission-head';
      lists = document.createElement('div');
      lists.id = 'mission-lists';
      $('#tab-mission').replaceChildren(head, lists);
    }
    // Made again when what they show changed: an edit of the map leaves
    // the head and the lists as they are (a refusal shown at a field is
    // answered by the next version, so that form is made again). While
    // the Mission tab is hidden the head waits for it to be shown: a turn
    // on a big board changes the findings, and so the head, every time.
    const hk = headShown;
    if (!hk || hk.schema !== st.schema || hk.findings !== st.findings || hk.head !== head || head.querySelector('.sf-refused')) {
      if (hk && app.tab !== 'mission') headDue = { head, st };
      else renderHead(head, st);
    } else if (headDue) headDue.st = st; // what waits is the head of this state now
    if (!hk || hk.form !== st.form || hk.lists !== lists) renderForms(lists, st.form, send);
    headShown = { schema: st.schema, findings: st.findings, form: st.form, head, lists };
  }
  renderTour();
  playtestPanel(st);
  renderSelection();
  if (!prev) boardHint(true);
  if (app.onDrawn) app.onDrawn(); // the benchmark's stopwatch
}

// sheetForm is the form pane's form, with the Played out figures under it
// (balance.js), each made again on its own.
function sheetForm() {
  let f = $('#sheet-form');
  if (!f) {
    f = document.createElement('div');
    f.id = 'sheet-form';
    const b = document.createElement('section');
    b.id = 'balance';
    $('#form-pane').replaceChildren(f, b);
  }
  return f;
}

function selectionExists(sel) {
  const b = app.state.board;
  if (!b) return false;
  if (sel.kind === 'tile') return b.tiles.some(t => t.index === sel.index);
  if (sel.kind === 'token') return b.tokens.some(t => t.index === sel.index);
  return !!b.zones.find(z => z.id === sel.zone);
}

let mapAsked = 0; // the last drawMap begun: an older one's answer is dropped
let mapCall = null; // the overlays' drawing asked for and not answered yet
async function drawMap() {
  const st = app.state;
  const asked = ++mapAsked;
  // An older drawing's answer would be dropped: it is withdrawn, so the
  // danger overlay's games, unticked or made stale, stop being played and
  // a Playtest panel's call does not wait behind them.
  if (mapCall) { withdraw(mapCall); mapCall = null; }
  if (!st.svgSrc) {
    const p = document.createElement('p');
    p.className = 'empty';
    p.textContent = st.error ? 'No board yet: fix the error above.' : `The editor has no board canvas for ${st.ruleset || 'this game'} yet: edit the mission with the forms, and see the findings in Issues.`;
    $('#canvas').replaceChildren(p);
    canvas.svg = null;
    return;
  }
  if (st.kind === 'sheet') {
    // A game not played on tiles: its printable sheet, redrawn on every
    // save; nothing on it is dragged.
    const div = document.createElement('div');
    div.className = 'sheet';
    div.innerHTML = st.svg;
    $('#canvas').replaceChildren(div);
    canvas.svg = null;
    return;
  }
  const src = st.svgSrc;
  if (!app.overlays.size && src.from && canvas.svg && canvas.src && canvas.src.id === src.from && canvas.patch(src.ops, st.board, app.zoom)) {
    // The drawing shown is the one this map was patched from: the patch
    // is applied to it, the rest of the page stays.
    canvas.src = src;
    app.drawn.patches++;
    decorate();
    if (!src.text) idle(() => svgText(st));
    return;
  }
  let svg = null;
  if (app.overlays.size) {
    const q = [...app.overlays].map(o => 'overlay=' + encodeURIComponent(o)).join('&');
    const path = 'api/svg?' + q;
    mapCall = path;
    const r = await api(path);
    if (asked !== mapAsked) return; // a newer drawing was asked for meanwhile
    mapCall = null;
    if (r.status === 200) svg = r.data;
    else banner(r.data.error || 'the overlay cannot be drawn');
  }
  // The map drawn anew (a board that grew, an overlay) takes the old
  // drawing and its focused stand-in with it: the focus goes back to the
  // same token or tile on the new one, not to the page.
  const a = document.activeElement, hadKey = canvas.svg && canvas.svg.contains(a) && a.dataset.key;
  canvas.mount(svg || st.svg, st.board, app.zoom);
  app.drawn.mounts++;
  canvas.src = svg ? null : src;
  bindCanvas();
  decorate();
  if (hadKey) canvas.layers.keys.querySelector(`[data-key="${hadKey}"]`)?.focus({ preventScroll: true });
  if (!app.viewed) {
    // The first view shows the whole board: a big one is zoomed to fit.
    app.viewed = true;
    const host = $('#canvas'), b = st.board;
    if (b && (b.w * CELL_PX > host.clientWidth - 32 || b.h * CELL_PX > host.clientHeight - 32)) fit();
  }
}

function decorate() {
  if (!canvas.svg) return;
  canvas.b = app.state.board;
  canvas.bad();
  const b = app.state.board;
  canvas.pins(b ? [...b.tiles.filter(t => gen.pins.has('tile', t)).map(t => ['tile', t]), ...b.tokens.filter(t => gen.pins.has('token', t)).map(t => ['token', t])] : []);
  canvas.badges(app.state.findings, i => pickFinding(i));
  canvas.selection(app.sel);
  canvas.keys(focusSelect);
  if (app.sel && canvas.layers.keys.contains(document.activeElement)) canvas.focusKey(app.sel);
  canvas.sight(app.los);
  drawTour();
}

// --- issues ---

let headShown = null; // the head's form and the lists, as last made
let headDue = null; // the head and the state it waits to be made for, while hidden

function renderHead(head, st) {
  headDue = null;
  app.headForms++;
  renderSchemaForm(head, st, send);
}

// showHead makes the head the Mission tab shows for the state shown, if it
// waited while the tab was hidden (a later state of another kind took the
// tab's place, and nothing waits).
function showHead() {
  const d = headDue;
  if (d && d.st === app.state && d.head.isConnected) renderHead(d.head, d.st);
  headDue = null;
}

// For the browser tests: how many times the head was made, and the head
// made anew, to hold the one made when the tab was shown to it.
app.headForms = 0;
app.headAnew = () => renderHead($('#mission-head'), app.state);
let issuesShown = null; // the findings and the picked one the list shows
// The list's items by what they show: an edit that changes a few findings
// (a tile turned on a big board changes dozens of 500) keeps the others'
// items, moved if they must be, rather than the whole list made anew.
function issueKey(f) {
  return JSON.stringify([f.severity, f.rule, f.words || f.message, f.title, f.advice, f.fix ? f.fix.label : null]);
}

function issueItem(f) {
  const li = document.createElement('li');
  li.dataset.rule = f.rule;
  // The finding in the editor's words (the session's words.go): what
  // kind of problem, what is wrong on the table, how to fix it; the map
  // shows where. The file's line and syntax are the command line's.
  li.innerHTML = '<div class="msg"></div><div class="rule"></div>';
  li.querySelector('.msg').textContent = f.words || f.message;
  li.querySelector('.rule').textContent = f.title || f.severity;
  li.querySelector('.rule').title = `${f.severity} · ${f.rule}`;
  if (f.advice) {
    const h = document.createElement('div');
    h.className = 'hint';
    h.textContent = f.advice;
    li.appendChild(h);
  }
  if (f.fix) {
    // The edit that certainly fixes it, one step of Undo: the finding's
    // fix as the item shows it now (a kept item's finding is the latest).
    const b = document.createElement('button');
    b.className = 'fix';
    b.textContent = f.fix.label;
    b.addEventListener('click', ev => { ev.stopPropagation(); send(li.finding.fix.ops); });
    b.addEventListener('keydown', ev => ev.stopPropagation());
    li.appendChild(b);
  }
  li.addEventListener('click', () => pickFinding(+li.dataset.index));
  // Reached with Tab too; Enter or Space picks it, as a click does.
  li.tabIndex = 0;
  li.addEventListener('keydown', ev => {
    if (ev.key !== 'Enter' && ev.key !== ' ') return;
    ev.preventDefault();
    pickFinding(+li.dataset.index);
  });
  return li;
}

function renderIssues() {
  if (issuesShown && issuesShown.findings === app.state.findings && issuesShown.finding === app.finding) return;
  issuesShown = { findings: app.state.findings, finding: app.finding };
  const ol = $('#issues');
  // The items shown, by key, in order (the same finding twice: two items).
  const old = new Map();
  for (const li of ol.children) {
    if (li.issueKey === undefined) continue;
    const a = old.get(li.issueKey);
    if (a) a.push(li); else old.set(li.issueKey, [li]);
  }
  const items = app.state.findings.map((f, i) => {
    const k = issueKey(f);
    const a = old.get(k);
    const li = (a && a.shift()) || issueItem(f);
    li.issueKey = k;
    li.finding = f;
    const cls = f.severity + (i === app.finding ? ' on' : '');
    if (li.className !== cls) li.className = cls;
    if (li.dataset.index !== String(i)) li.dataset.index = i;
    return li;
  });
  if (!items.length) {
    ol.innerHTML = '<li class="info">No findings: the mission is clean.</li>';
    return;
  }
  // The list put in order with as few moves as the kept items allow.
  arrange(ol, items);
}

// For the browser tests: the list made anew, to hold the kept one to it.
app.issuesAnew = () => { issuesShown = null; $('#issues').replaceChildren(); renderIssues(); };

function findingKey(f) {
  return `${f.severity}|${f.rule}|${f.message}`;
}

// showSourceLine shows the picked finding's line of the file.
function showSourceLine() {
  const f = app.state.findings[app.finding];
  const line = f && app.state.lines[f.line - 1];
  $('#source-line').textContent = line === undefined ? '' : `${f.line}: ${line}`;
}

// pickFinding selects a finding: its place on the board, in view, and its
// source line.
function pickFinding(i) {
  const f = app.state.findings[i];
  app.finding = i;
  app.findingKey = findingKey(f);
  showTab('issues');
  renderIssues();
  showSourceLine();
  if (app.state.kind === 'sheet') focusFinding(f);
  if (facility && app.state.kind === 'facility') return facility.pick(f);
  if (!f.place && app.state.kind === 'grid') {
    // A piece the mission lacks (no Start, no Exit): its palette item,
    // focused; Enter, or a click and a click on the board, puts it down.
    const lacks = { 'start-missing': 'start', 'exit-missing': 'exit' }[f.rule];
    const item = lacks && document.querySelector(`#palette .tok[data-type="${lacks}"]`);
    if (item) { item.focus(); return; }
  }
  if (!f.place && f.pointer && app.state.kind === 'grid') {
    // Nowhere on the map: the field of the Mission tab that fixes it, when
    // the form has one, is shown and focused.
    showTab('mission');
    if (focusFinding(f)) return;
    showTab('issues');
  }
  if (f.place) {
    const p = f.place;
    if (p.kind === 'tile' || (p.kind === 'cell' && p.tile >= 0)) app.sel = { kind: 'tile', index: p.tile };
    else if (p.kind === 'zone' || p.kind === 'cell') app.sel = p.zone ? { kind: 'zone', zone: p.zone } : null;
    else app.sel = { kind: 'token', index: p.token };
    canvas.selection(app.sel);
    renderSelection();
    const node = canvas.layers.sel && canvas.layers.sel.firstChild;
    if (node && node.scrollIntoView) node.scrollIntoView({ block: 'center', inline: 'center' });
  }
}

// --- selection ---

function renderSelection() {
  const host = $('#selection');
  host.replaceChildren();
  const sel = app.sel, b = app.state.board;
  keepSelection();
  if (!sel || !b) return;
  if (app.group.length > 1) {
    const d = document.createElement('div');
    d.innerHTML = '<b></b>';
    const n = k => app.group.filter(x => x.kind === k).length;
    d.firstChild.textContent = `${app.group.length} selected`;
    d.append(` (${n('tile')} tiles, ${n('token')} tokens; shift-click to add or take out, drag one to move them all)`);
    host.appendChild(d);
    const allPinned = app.group.every(s => gen.pins.has(s.kind, selected(s) || {}));
    for (const [id, label, f] of [['sel-pin-group', allPinned ? 'Unpin all (P)' : 'Pin all (P)', () => gen.pins.toggle(app.group)],
      ['sel-rotate-group', 'Rotate (R)', rotateSel], ['sel-duplicate', 'Duplicate (Ctrl+D)', () => paste(copyOf(b, app.group))],
      ['sel-copy', 'Copy (Ctrl+C)', copySel], ['sel-remove-group', 'Remove all (Delete)', removeSel]]) {
      const x = document.createElement('button');
      x.textContent = label;
      x.id = id;
      x.addEventListener('click', f);
      host.appendChild(x);
    }
    return;
  }
  // What the file says goes in as text, never as markup.
  const add = (bold, rest) => {
    const d = document.createElement('div');
    const b = document.createElement('b');
    b.textContent = bold;
    d.append(b, rest);
    host.appendChild(d);
    return d;
  };
  const button = (label, f) => { const x = document.createElement('button'); x.textContent = label; x.addEventListener('click', f); host.appendChild(x); };
  // Pinned: kept where it is by Regenerate the rest (Generate…).
  const pinBox = t => {
    const l = document.createElement('label');
    l.className = 'sel-pin';
    l.title = 'Regenerate the rest (Generate…) keeps what is pinned';
    const c = document.createElement('input');
    c.type = 'checkbox';
    c.id = 'sel-pin';
    c.checked = gen.pins.has(sel.kind, t);
    c.addEventListener('change', () => gen.pins.toggle([sel]));
    l.append(c, ' keep it when regenerating (P)');
    host.appendChild(l);
  };
  if (sel.kind === 'tile') {
    const t = b.tiles.find(t => t.index === sel.index);
    add(`Tile ${t.face}`, t.rot ? `, turned ${t.rot}°` : '');
    if (t.bad) {
      const f = app.state.findings.find(f => f.place && f.place.kind === 'tile' && f.place.tile === t.index);
      const d = document.createElement('div');
      d.className = 'bad-why';
      d.textContent = f ? f.words || f.message : 'the rules cannot put this tile down';
      host.appendChild(d);
    }
    pinBox(t);
    button('Rotate (R)', rotateSel);
    button('Remove (Delete)', removeSel);
  } else if (sel.kind === 'token') {
    const t = b.tokens.find(t => t.index === sel.index);
    // Where it is, as the map labels it: its zone (a door: which side of it).
    const side = { n: 'north', e: 'east', s: 'south', w: 'west' }[t.side];
    add(tokenLabel(t), (t.off ? ' not on the board' : t.zone ? ` in ${t.zone}${side ? ', on its ' + side + ' side' : ''}` : ' on the map') + (t.id ? ', named ' + t.id : ''));
    if (t.bad) {
      // Why the rules refuse it, from its finding.
      const f = app.state.findings.find(f => f.place && f.place.token === t.index);
      const d = document.createElement('div');
      d.className = 'bad-why';
      d.textContent = f ? f.words || f.message : 'the rules cannot place it here';
      host.appendChild(d);
    }
    // The boxes' colours of this type; a box that counts a type in any
    // colour (classic doors, spawns, objectives) offers every colour.
    const kinds = app.state.palette.tokens.filter(k => k.type === t.type);
    let colours = [...new Set(kinds.filter(k => k.color).map(k => k.color))];
    if (kinds.some(k => !k.color) && ['door', 'spawn', 'objective'].includes(t.type)) colours = ANY_COLOUR;
    if (colours.length) {
      const s = document.createElement('select');
      s.id = 'sel-color';
      s.setAttribute('aria-label', 'Colour');
      for (const c of colours) s.add(new Option(c, c, false, c === t.color));
      s.addEventListener('change', () => send([{ op: 'token.set', index: t.index, color: s.value }]));
      host.appendChild(s);
    }
    const states = { door: ['closed', 'open', 'destroyed'], mold: ['active', 'inactive'] }[t.type];
    if (states) {
      const s = document.createElement('select');
      s.id = 'sel-state';
      s.setAttribute('aria-label', 'State');
      for (const c of states) s.add(new Option(c, c, false, c === t.state));
      s.addEventListener('change', () => send([{ op: 'token.set', index: t.index, state: s.value }]));
      host.appendChild(s);
    }
    if (t.type === 'spawn') {
      const l = document.createElement('label');
      l.innerHTML = '<input type="checkbox" id="sel-first"> spawning starts here';
      l.firstChild.checked = t.first;
      l.firstChild.addEventListener('change', e => send([{ op: 'token.set', index: t.index, first: e.target.checked }]));
      host.appendChild(l);
    }
    const id = document.createElement('input');
    id.placeholder = 'name, for special rules';
    id.setAttribute('aria-label', 'Name for special rules');
    id.id = 'sel-id';
    id.value = t.id || '';
    id.addEventListener('change', () => send([{ op: 'token.set', index: t.index, id: id.value.trim() }]));
    host.appendChild(id);
    pinBox(t);
    if (t.type === 'door') button('Next side (R)', rotateSel);
    button('Remove (Delete)', removeSel);
  } else if (sel.kind === 'zone') {
    const z = b.zones.find(z => z.id === sel.zone);
    if (z) add(`Zone ${z.id}`, `: ${z.kind}${z.features && z.features.length ? ', ' + z.features.join(', ') : ''}`);
  }
}

// focusSelect: a token or tile reached from the keyboard (Tab, then
// Enter or Space on it) is selected, as a click selects it; the arrows,
// R and Delete then act on it.
function focusSelect(sel, enter) {
  if (!enter && app.sel && app.sel.kind === sel.kind && app.sel.index === sel.index && !app.group.length) return;
  select([sel]);
  keepSelection();
}

// selected is the tile or token of sel (the selection) on the board.
function selected(sel = app.sel) {
  const b = app.state.board;
  if (!sel || !b) return null;
  if (sel.kind === 'tile') return b.tiles.find(t => t.index === sel.index);
  if (sel.kind === 'token') return b.tokens.find(t => t.index === sel.index);
  return null;
}

// picked is what the next group action is about: the group, or the one
// tile or token selected.
function picked() {
  if (app.group.length > 1) return app.group;
  return app.sel && app.sel.kind !== 'zone' ? [app.sel] : [];
}

// select makes items the selection (the last one the current), draws it
// and keeps it for this tab: a reload shows it again.
function select(items, sel = items[items.length - 1] || null) {
  app.group = items.length > 1 ? items : [];
  app.sel = sel;
  canvas.group = app.group;
  canvas.selection(app.sel);
  renderSelection();
}

const selKey = () => 'zmission-sel:' + (app.state ? app.state.file : '');
let selKept = null; // the selection last kept, not written again
function keepSelection() {
  const k = selKey(), v = JSON.stringify({ sel: app.sel, group: app.group });
  if (selKept && selKept.k === k && selKept.v === v) return;
  try { sessionStorage.setItem(k, v); selKept = { k, v }; } catch (e) { /* a full storage loses only this */ }
}
function restoreSelection() {
  try {
    const k = JSON.parse(sessionStorage.getItem(selKey()) || 'null');
    if (k && app.state.board) {
      app.group = (k.group || []).filter(selectionExists);
      app.sel = k.sel && selectionExists(k.sel) ? k.sel : null;
    }
  } catch (e) { /* nothing kept */ }
}

function rotateSel() {
  if (app.group.length > 1) return send(rotateOps(app.state.board, app.group));
  const t = selected();
  if (!t) return;
  if (app.sel.kind === 'tile') send([{ op: 'tile.rotate', index: t.index }]);
  else if (t.type === 'door') {
    // The next side of the door as the edits before this one leave it.
    const sel = app.sel;
    send(() => {
      const d = selected(sel);
      return d && [{ op: 'token.move', index: d.index, at: [d.x, d.y], side: 'nesw'['nesw'.indexOf(d.side) + 1] || 'n' }];
    });
  }
}

async function removeSel() {
  if (app.group.length > 1) {
    // One request, one step of the history: tokens first, then tiles, each
    // from the last, so the indexes still name what was picked.
    const idx = kind => app.group.filter(x => x.kind === kind).map(x => x.index).sort((a, b) => b - a);
    const ops = [...idx('token').map(index => ({ op: 'token.remove', index })), ...idx('tile').map(index => ({ op: 'tile.remove', index }))];
    select([]);
    return send(ops);
  }
  const t = selected();
  if (!t) return;
  const kind = app.sel.kind;
  app.sel = null;
  await send([{ op: kind + '.remove', index: t.index }]);
}

// moveSel nudges the selection: a group holding a tile (or a tile) by
// one tile, tokens by one cell; one step of the history per press.
// What is moved is what was selected at the key press; where it goes is
// counted from where the edits before this one leave it.
function moveSel(dx, dy) {
  if (app.group.length > 1) {
    const group = app.group;
    return send(() => {
      const b = app.state.board, s = b && step(b, group);
      return b && moveOps(b, group, dx * s, dy * s);
    });
  }
  const sel = app.sel;
  if (!selected(sel)) return;
  return send(() => {
    const t = selected(sel);
    if (!t) return null;
    if (sel.kind === 'tile') return [{ op: 'tile.move', index: t.index, at: [t.col + dx, t.row + dy] }];
    return [{ op: 'token.move', index: t.index, at: [t.x + dx, t.y + dy], side: t.side || undefined }];
  });
}

// copySel keeps the selection on the clipboard (this browser's storage:
// a copy made in one tab is pasted in another).
function copySel() {
  const items = picked();
  if (!items.length || !app.state.board) return null;
  const clip = copyOf(app.state.board, items);
  try { localStorage.setItem('zmission-clipboard', JSON.stringify(clip)); } catch (e) { /* kept in the page only */ }
  app.clip = clip;
  return clip;
}

// paste puts the clipboard (or clip) down beside where it was copied
// from, at the first free place, in one step, and selects what it added.
async function paste(clip) {
  if (!clip) {
    try { clip = JSON.parse(localStorage.getItem('zmission-clipboard') || 'null'); } catch (e) { clip = null; }
    clip = clip || app.clip;
  }
  const b = app.state.board;
  if (!clip || !b) return;
  const p = pasteOps(b, clip);
  if (!p) return banner('There is no free place near the copy to paste it.', 'info');
  // One step is one request, of at most 100 operations.
  if (p.ops.length > 100) return banner(`A paste is of at most 100 tiles and tokens; this copy holds ${p.ops.length}.`, 'info');
  const nTiles = app.state.board.tiles.length, nTokens = app.state.board.tokens.length;
  const r = await send(p.ops);
  if (r && r.status === 200 && app.state.board) {
    const items = [];
    for (let i = 0; i < p.tiles; i++) items.push({ kind: 'tile', index: nTiles + i });
    for (let i = 0; i < p.tokens; i++) items.push({ kind: 'token', index: nTokens + i });
    select(items.filter(selectionExists));
  }
}

// hit finds what is at a board point: a door near that side, a token in
// the cell, a tile the rules refuse by its label (it may lie over a good
// one), else the tile.
function hit(p) {
  const b = app.state.board;
  const c = Canvas.cellOf(p);
  if (c.edge < 0.22) {
    const opp = { n: 's', s: 'n', e: 'w', w: 'e' }[c.side];
    const d = { n: [0, -1], s: [0, 1], e: [1, 0], w: [-1, 0] }[c.side];
    const door = b.tokens.find(t => t.type === 'door' && ((t.x === c.x && t.y === c.y && t.side === c.side) || (t.x === c.x + d[0] && t.y === c.y + d[1] && t.side === opp)));
    if (door) return { kind: 'token', index: door.index };
  }
  const tok = b.tokens.find(t => t.type !== 'door' && t.x === c.x && t.y === c.y);
  if (tok) return { kind: 'token', index: tok.index };
  const inTile = t => p.x >= t.col * b.n && p.x < (t.col + 1) * b.n && p.y >= t.row * b.n && p.y < (t.row + 1) * b.n;
  const bad = b.tiles.find(t => t.bad && canvas.badTileHit(t, p));
  if (bad) return { kind: 'tile', index: bad.index };
  const tile = b.tiles.find(t => !t.bad && inTile(t)) || b.tiles.find(t => t.bad && inTile(t));
  if (tile) return { kind: 'tile', index: tile.index };
  return null;
}

// --- dragging: from the palette, or what is on the board ---

let drag = null;

// tileFree: a tile may stand at col, row (other than the tiles in except).
function tileFree(col, row, except) {
  return col >= 0 && row >= 0 && !app.state.board.tiles.some(t => !t.bad && !except.has(t.index) && t.col === col && t.row === row);
}

// onTiles: the cell is on a tile.
function onTiles(x, y) {
  const b = app.state.board;
  return x >= 0 && y >= 0 && b.tiles.some(t => !t.bad && Math.floor(x / b.n) === t.col && Math.floor(y / b.n) === t.row);
}

const ICON = { mold: 'i-mold', car: 'i-car' };

// ghosts is what a drag shows at its target: the real thing, turned as
// it would land, marked where it cannot.
function ghosts(d, t) {
  if (!t) return null;
  const b = app.state.board;
  if (d.kind === 'group') {
    const { tiles, tokens } = parts(b, d.items);
    const except = new Set(tiles.map(x => x.index));
    return [
      ...tiles.map(x => ({ kind: 'tile', col: x.col + t.dx / b.n, row: x.row + t.dy / b.n, src: { col: x.col, row: x.row }, bad: !tileFree(x.col + t.dx / b.n, x.row + t.dy / b.n, except) })),
      ...tokens.map(x => ({ kind: x.type === 'door' ? 'door' : 'token', x: x.x + t.dx, y: x.y + t.dy, side: x.side, src: x.bad ? null : { x: x.x, y: x.y },
        icon: { id: ICON[x.type] || 'i-' + x.type, type: x.type, color: COLOUR[x.color] }, bad: !onTiles(x.x + t.dx, x.y + t.dy) })),
    ];
  }
  if (t.kind === 'tile') {
    if (d.from === 'board') {
      const x = b.tiles.find(x => x.index === d.index);
      return [{ kind: 'tile', col: t.col, row: t.row, src: x.bad ? null : { col: x.col, row: x.row }, face: d.face && d.facePic, turn: d.rot || 0, rot: d.rot || 0, bad: t.bad }];
    }
    // A face already on the board is shown as the map draws it there.
    const same = b.tiles.find(x => !x.bad && x.face === d.face);
    const turn = same ? ((d.rot || 0) - same.rot + 360) % 360 : 0;
    return [{ kind: 'tile', col: t.col, row: t.row, src: same ? { col: same.col, row: same.row } : null, turn, face: d.facePic, rot: d.rot || 0, bad: t.bad }];
  }
  const tok = d.from === 'board' ? b.tokens.find(x => x.index === d.index) : null;
  const type = tok ? tok.type : d.type, color = tok ? tok.color : d.color;
  return [{ kind: t.kind === 'door' ? 'door' : 'token', x: t.x, y: t.y, side: t.side, color: COLOUR[color],
    src: tok && !tok.bad && !tok.off ? { x: tok.x, y: tok.y } : null, icon: { id: ICON[type] || 'i-' + type, type, color: COLOUR[color] }, bad: !onTiles(t.x, t.y) }];
}

function dropTarget(ev, drag) {
  const p = canvas.at(ev);
  if (!p || !app.state.board) return null;
  const b = app.state.board;
  const r = document.querySelector('#canvas').getBoundingClientRect();
  if (ev.clientX < r.left || ev.clientX > r.right || ev.clientY < r.top || ev.clientY > r.bottom) return null;
  if (drag.kind === 'group') {
    const s = step(b, drag.items);
    return { kind: 'group', dx: Math.round((p.x - drag.p0.x) / s) * s, dy: Math.round((p.y - drag.p0.y) / s) * s };
  }
  const c = Canvas.cellOf(p);
  if (drag.kind === 'tile') {
    // the tile's centre follows the pointer
    const col = Math.floor((p.x - (drag.grab ? drag.grab.x : b.n / 2) + b.n / 2) / b.n), row = Math.floor((p.y - (drag.grab ? drag.grab.y : b.n / 2) + b.n / 2) / b.n);
    return { kind: 'tile', col, row, bad: !tileFree(col, row, new Set(drag.from === 'board' ? [drag.index] : [])) };
  }
  if (c.x < 0 || c.y < 0) return null;
  if (drag.kind === 'door') return { kind: 'door', x: c.x, y: c.y, side: c.side };
  return { kind: 'token', x: c.x, y: c.y };
}

// faceDrawing is a face of the tile set as the map draws it, alone (the
// session's drawing, kept for the revision it was made for).
const faceDrawings = { revision: null, pics: new Map() };
async function faceDrawing(id) {
  if (faceDrawings.revision !== app.state.revision) faceDrawings.revision = app.state.revision, faceDrawings.pics = new Map();
  const pics = faceDrawings.pics;
  if (!pics.has(id)) {
    pics.set(id, api('api/face?id=' + encodeURIComponent(id)).then(r => {
      if (r.status !== 200) return null;
      const d = document.createElement('div');
      d.innerHTML = r.data;
      return d.querySelector('svg');
    }));
  }
  return pics.get(id);
}

function startDrag(ev, what) {
  if (ev.button !== 0) return;
  ev.preventDefault();
  if (what.blocked) banner(`The other side of ${what.face} is on the board: a physical tile shows one face.`, 'info');
  drag = { ...what, x0: ev.clientX, y0: ev.clientY, moved: false };
  if (what.kind === 'tile') {
    const f = app.state.palette.faces.find(f => f.id === what.face);
    if (f) drag.facePic = faceSVG(f);
    // The face as the map draws it takes the sketch's place once it comes.
    const d = drag;
    faceDrawing(what.face).then(pic => {
      if (!pic || drag !== d) return;
      d.facePic = pic;
      if (d.last && d.target) canvas.preview(ghosts(d, d.target));
    });
  }
  const g = document.createElement('div');
  g.className = 'ghost';
  g.textContent = what.label;
  g.style.left = ev.clientX + 8 + 'px';
  g.style.top = ev.clientY + 8 + 'px';
  document.body.appendChild(g);
  drag.ghost = g;
}

document.addEventListener('pointermove', ev => {
  if (!drag && armed) {
    // What was taken up shows where a click would put it.
    armed.target = dropTarget(ev, armed);
    canvas.preview(ghosts(armed, armed.target));
  }
  if (!drag) return hover(ev);
  if (Math.abs(ev.clientX - drag.x0) + Math.abs(ev.clientY - drag.y0) > 4) drag.moved = true;
  if (drag.ghost) {
    drag.ghost.style.left = ev.clientX + 8 + 'px';
    drag.ghost.style.top = ev.clientY + 8 + 'px';
    // Over the map the picture under the pointer says it all.
    drag.ghost.hidden = !!(drag.target && drag.moved);
  }
  if (drag.from === 'box') {
    const p = canvas.at(ev);
    if (drag.moved && p) canvas.box(drag.p0, p);
    return;
  }
  drag.last = ev;
  drag.target = drag.moved ? dropTarget(ev, drag) : null;
  canvas.preview(ghosts(drag, drag.target));
});

// The pointer let go: a click selects, a box selects what it holds, a
// drag puts down or moves.
document.addEventListener('pointerup', async ev => {
  if (!drag) return;
  const d = drag;
  drag = null;
  if (d.ghost) d.ghost.remove();
  canvas.preview(null);
  if (d.from === 'box') {
    canvas.box(null);
    const b = app.state.board;
    const p = canvas.at(ev);
    if (!d.moved || !p || !b) {
      if (d.toggle) {
        // Shift-click adds to the group (or takes out of it).
        const same = x => x.kind === d.toggle.kind && x.index === d.toggle.index;
        const g = picked();
        select(g.some(same) ? g.filter(x => !same(x)) : [...g, d.toggle]);
      } else select([]);
      return;
    }
    const inside = inBox(b, d.p0, p);
    const g = d.shift ? [...picked()] : [];
    for (const x of inside) if (!g.some(y => y.kind === x.kind && y.index === x.index)) g.push(x);
    return select(g);
  }
  if (!d.moved) {
    if (d.from === 'board') select([d.sel]);
    // A palette item clicked is taken up: the next click on the board puts
    // it there (a second click on it, or Esc, puts it back).
    else if (d.from !== 'box') arm(armed && armed.label === d.label ? null : d);
    return;
  }
  const t = dropTarget(ev, d);
  if (!t) return;
  if (t.kind === 'group') {
    if (t.dx || t.dy) send(moveOps(app.state.board, d.items, t.dx, t.dy));
    return;
  }
  return putDown(d, t);
});

// putDown puts what a drag (or a palette item taken up) carries at the
// board place t, and selects what it put down.
async function putDown(d, t) {
  if (t.kind === 'tile' && t.bad) {
    banner(t.col < 0 || t.row < 0 ? 'A tile cannot go there: it would fall off the board (left of or above it).' : 'A tile already stands there: one tile to a place.', 'info');
    return;
  }
  let op;
  if (d.from === 'board') {
    const tile = d.kind === 'tile' && app.state.board.tiles.find(x => x.index === d.index);
    op = d.kind !== 'tile' ? { op: 'token.move', index: d.index, at: [t.x, t.y], side: t.side }
      : d.rot ? { op: 'tiles.move', moves: [{ index: d.index, at: [t.col, t.row], rot: (tile.rot + d.rot) % 360 }] }
        : { op: 'tile.move', index: d.index, at: [t.col, t.row] };
    app.sel = d.sel;
  } else if (d.kind === 'tile') op = { op: 'tile.place', face: d.face, at: [t.col, t.row], rot: d.rot || 0 };
  else if (d.type === 'car') op = { op: 'token.place', type: 'car', kind: d.color || undefined, at: [t.x, t.y] };
  else op = { op: 'token.place', type: d.type, color: d.color || undefined, at: [t.x, t.y], side: t.side };
  const r = await send([op]);
  if (r && r.status === 200 && d.from !== 'board') {
    const b = app.state.board;
    if (d.kind === 'tile') { const nt = b.tiles.reduce((a, x) => (x.index > (a ? a.index : -1) ? x : a), null); if (nt) select([{ kind: 'tile', index: nt.index }]); }
    else { const nt = b.tokens.reduce((a, x) => (x.index > (a ? a.index : -1) ? x : a), null); if (nt) select([{ kind: 'token', index: nt.index }]); }
    boardHint(false);
  }
}

// armed is the palette item taken up with a click, waiting for a click on
// the board; the item shows it is held, and the bar says what to do.
let armed = null;
function arm(d) {
  armed = d ? { ...d, moved: true, ghost: null } : null;
  canvas.preview(null);
  for (const e of document.querySelectorAll('#palette .armed')) { e.classList.remove('armed'); e.removeAttribute('aria-pressed'); }
  if (!armed) return;
  const sel = d.kind === 'tile' ? `.face[data-face="${CSS.escape(d.face)}"]` : `.tok[data-type="${CSS.escape(d.type)}"][data-color="${CSS.escape(d.color || '')}"]`;
  const item = document.querySelector('#palette ' + sel);
  if (item) { item.classList.add('armed'); item.setAttribute('aria-pressed', 'true'); }
  banner(`Click the board to put ${d.label} there (Esc puts it back).`, 'info');
}
app.armed = () => armed;

// boardHint shows the first-time hint on the board until the first thing
// is put down (or it is closed): this browser then never shows it again.
function boardHint(show) {
  const h = $('#board-hint');
  let done = false;
  try { done = localStorage.getItem('zmission-board-hint') === 'done'; } catch (e) { /* no storage: shown each time */ }
  if (show && !done && app.state && app.state.kind === 'grid') { h.hidden = false; return; }
  if (!show && !h.hidden) {
    h.hidden = true;
    try { localStorage.setItem('zmission-board-hint', 'done'); } catch (e) { /* shown again next time */ }
  }
}
$('#board-hint-close').addEventListener('click', () => boardHint(false));

// placeFromKeys puts a palette item on the board from the keyboard: a
// token in the cell of what is selected (a token, a zone, a tile's
// corner), else the first zone's; a tile right of the board. The new one
// is selected and focused, so the arrows move it on from there.
async function placeFromKeys(d) {
  const b = app.state.board;
  if (!b) return;
  let op;
  if (d.kind === 'tile') {
    const col = b.tiles.reduce((m, t) => Math.max(m, t.col + 1), 0);
    op = { op: 'tile.place', face: d.face, at: [col, 0], rot: 0 };
  } else {
    const s = selected(), z = app.sel && app.sel.kind === 'zone' && canvas.zone(app.sel.zone);
    const at = s && app.sel.kind === 'token' ? [s.x, s.y] : s ? [s.col * b.n, s.row * b.n]
      : z ? [...z.cells[0]] : b.zones.length ? [...b.zones[0].cells[0]] : [0, 0];
    op = d.type === 'car' ? { op: 'token.place', type: 'car', kind: d.color || undefined, at }
      : { op: 'token.place', type: d.type, color: d.color || undefined, at, side: d.kind === 'door' ? 'n' : undefined };
  }
  const r = await send([op]);
  if (!r || r.status !== 200) return;
  const list = d.kind === 'tile' ? app.state.board.tiles : app.state.board.tokens;
  const nt = list.reduce((a, x) => (x.index > (a ? a.index : -1) ? x : a), null);
  if (!nt) return;
  select([{ kind: d.kind === 'tile' ? 'tile' : 'token', index: nt.index }]);
  keepSelection();
  canvas.keys(focusSelect);
  canvas.focusKey(app.sel);
}

// startBox begins a box-select at a board point: on the empty map, or
// anywhere with Shift held (then a click without moving is shift-click).
function startBox(ev, p, toggle) {
  drag = { from: 'box', p0: p, shift: ev.shiftKey, toggle, x0: ev.clientX, y0: ev.clientY, moved: false };
}

function bindCanvas() {
  const svg = canvas.svg;
  svg.addEventListener('pointerdown', ev => {
    if (ev.button !== 0 || !app.state.board) return;
    const p = canvas.at(ev);
    if (!p) return;
    if (armed) {
      // A palette item taken up: this click puts it here.
      ev.preventDefault();
      ev.stopPropagation();
      const d = armed, t = dropTarget(ev, d);
      arm(null);
      banner('');
      if (t) putDown(d, t);
      return;
    }
    const h = hit(p);
    ev.preventDefault();
    ev.stopPropagation();
    if (!h || ev.shiftKey) return startBox(ev, p, h);
    const b = app.state.board;
    const inGroup = app.group.length > 1 && app.group.some(x => x.kind === h.kind && x.index === h.index);
    if (inGroup) {
      drag = { from: 'board', kind: 'group', items: app.group, p0: p, sel: h, x0: ev.clientX, y0: ev.clientY, moved: false };
      return;
    }
    let kind = 'token', grab = null, face = null;
    if (h.kind === 'tile') {
      kind = 'tile';
      const t = b.tiles.find(t => t.index === h.index);
      grab = { x: p.x - t.col * b.n, y: p.y - t.row * b.n };
      face = t.face;
    } else if (b.tokens.find(t => t.index === h.index).type === 'door') kind = 'door';
    drag = { from: 'board', kind, index: h.index, sel: h, grab, x0: ev.clientX, y0: ev.clientY, moved: false, shift: ev.shiftKey };
    const f = face && app.state.palette && app.state.palette.faces.find(f => f.id === face);
    if (f) { drag.face = face; drag.facePic = faceSVG(f); }
  });
  svg.addEventListener('pointerleave', () => { if (!drag) { app.hoverZone = null; app.los = null; canvas.sight(null); } });
}
// hover shows the line of sight of the zone under the pointer.
let losSeq = 0;
async function hover(ev) {
  if (!canvas.svg || !$('#hover-los').checked || !app.state.board || ev.target.closest('#canvas') === null) return;
  const p = canvas.at(ev);
  if (!p) return;
  const c = Canvas.cellOf(p);
  const z = canvas.zoneAt(c.x, c.y);
  const id = z ? z.id : null;
  if (id === app.hoverZone) return;
  app.hoverZone = id;
  if (!id) { app.los = null; canvas.sight(null); return; }
  const seq = ++losSeq;
  const r = await api('api/los?zone=' + encodeURIComponent(id));
  if (seq !== losSeq || r.status !== 200) return;
  app.los = r.data;
  canvas.sight(app.los);
}

// --- tour ---

let tourDue = false; // the Tour waits, hidden, for the state shown to be made
let tourShown = null; // what the Tour tab shows: made again only when it changed
// renderTour makes the Tour tab for the state shown. While the tab is
// hidden it waits (showing the tab makes it): a turn on a big board changes
// the findings, and so the blockers it lists, every time.
function renderTour() {
  const st = app.state;
  if (tourShown && tourShown.goals === st.goals && tourShown.tour === st.tour && tourShown.findings === st.findings) return;
  if (app.tab !== 'tour' && tourShown) { tourDue = true; return; }
  tourShown = { goals: st.goals, tour: st.tour, findings: st.findings };
  tourDue = false;
  app.tourMade++;
  const host = $('#tab-tour');
  host.replaceChildren();
  const h = document.createElement('h3');
  h.textContent = 'Victory conditions';
  host.appendChild(h);
  const ul = document.createElement('ul');
  ul.id = 'goals';
  for (const g of st.goals || []) {
    const li = document.createElement('li');
    li.className = 'goal ' + (g.met ? 'met' : 'unmet');
    li.textContent = g.text + (g.met ? ' — can be met' : ' — cannot be met') + (g.note ? '; ' + g.note : '');
    ul.appendChild(li);
  }
  host.appendChild(ul);
  const h2 = document.createElement('h3');
  h2.textContent = 'The tour in play order';
  host.appendChild(h2);
  const ol = document.createElement('ol');
  ol.id = 'legs';
  for (const l of st.tour || []) {
    const li = document.createElement('li');
    li.textContent = l.moves < 0 ? `${l.to}: cannot be reached` : `${l.to}: ${l.moves} moves (${l.path.join(' → ')})`;
    ol.appendChild(li);
  }
  host.appendChild(ol);
  const unmet = (st.goals || []).filter(g => !g.met);
  if (unmet.length) {
    // What blocks it: the errors found on the board, each a link to its place.
    const p = document.createElement('p');
    p.textContent = 'The mission cannot be won. What blocks it:';
    host.appendChild(p);
    const ul = document.createElement('ul');
    ul.id = 'blockers';
    st.findings.forEach((f, i) => {
      if (f.severity !== 'error' || !f.place) return;
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = '#';
      a.textContent = f.words || f.message;
      a.addEventListener('click', e => { e.preventDefault(); pickFinding(i); });
      li.append(a);
      ul.appendChild(li);
    });
    if (!ul.children.length) ul.innerHTML = '<li>no single place on the map: see the Issues</li>';
    host.appendChild(ul);
  }
  const n = (st.tour || []).length;
  const slider = $('#tour-step');
  const was = Number(slider.value), wasMax = Number(slider.max);
  slider.max = String(n);
  if (was === wasMax || was > n) slider.value = String(n);
  $('#tour-bar').hidden = app.tab !== 'tour' || n === 0;
  drawTour();
}

// For the browser tests: the Tour made anew for the state shown.
app.tourAnew = () => { tourShown = null; renderTour(); };

function drawTour() {
  const legs = app.state.tour || [];
  if (app.tab !== 'tour') { canvas.tour(null); return; }
  const step = Number($('#tour-step').value);
  canvas.tour(legs, step);
  const l = legs[step - 1];
  $('#tour-label').textContent = step === 0 ? 'the start' : `${step}. ${l.to} (${l.moves} moves)`;
}

$('#tour-step').addEventListener('input', drawTour);

// --- playtest ---

// playtestPanel asks for the short playtest of the version on screen once
// it changed: it is played off the page's thread (`zmission edit`'s
// server; the web edition's worker), so the page keeps answering. A game
// without a playtest, and a transport that would play it on the page's
// thread, hide the tab.
// Keyed by the revision, not the version: a change of the mission's own
// tile-set file keeps the version and changes the board.
let playtestAsked = null; // the revision last asked for
async function playtestPanel(st) {
  const offered = offThread && (st.overlays || []).includes('danger');
  const btn = document.querySelector('#tabs button[data-tab="playtest"]');
  btn.hidden = !offered;
  if (!offered) { if (app.tab === 'playtest') showTab('issues'); return; }
  // Played while the tab is shown, and when it is shown again: no games
  // for an author who is not looking.
  if (app.tab !== 'playtest' || playtestAsked === st.revision) return;
  playtestAsked = st.revision;
  const host = $('#tab-playtest');
  host.dataset.state = 'playing';
  host.setAttribute('aria-busy', 'true');
  // Said while the games run: the numbers below, if any, are the last
  // version's until the new ones come.
  let said = host.querySelector('.playtest-running');
  if (!said) {
    said = document.createElement('p');
    said.className = 'playtest-running';
    said.setAttribute('role', 'status');
    host.prepend(said);
  }
  said.textContent = host.querySelector('#playtest-rates') ? 'Playing the games again for this version… (the numbers below are the last version\'s)' : 'Playing the games…';
  const r = await api('api/playtest');
  if (playtestAsked !== st.revision) return; // an edit came meanwhile: its answer follows
  host.removeAttribute('aria-busy');
  if (r.status !== 200) { host.dataset.state = 'failed'; host.textContent = (r.data && r.data.error) || 'The playtest could not run.'; return; }
  showPlaytest(host, r.data);
}

function showPlaytest(host, p) {
  host.replaceChildren();
  host.dataset.state = 'done';
  host.dataset.version = p.version;
  if (p.unavailable) {
    const q = document.createElement('p');
    q.textContent = 'No playtest: ' + p.unavailable + '.';
    host.appendChild(q);
    return;
  }
  const pct = x => (Math.round(x * 1000) / 10).toFixed(1) + '%';
  const h = document.createElement('h3');
  h.textContent = 'Win rate per Survivor count';
  const t = document.createElement('table');
  t.id = 'playtest-rates';
  t.innerHTML = '<thead><tr><th scope="col">Survivors</th><th scope="col">Win rate</th><th scope="col">95% interval</th><th scope="col">Reads as</th></tr></thead>';
  const body = document.createElement('tbody');
  for (const c of p.by_survivors) {
    const tr = document.createElement('tr');
    tr.dataset.survivors = c.survivors;
    if (c.survivors === p.survivors) tr.className = 'mission';
    for (const v of [c.survivors + (c.survivors === p.survivors ? ' (the mission\'s)' : ''), `${pct(c.win_rate)} (${c.wins}/${c.games})`, `${pct(c.ci95[0])}–${pct(c.ci95[1])}`, c.difficulty]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  t.appendChild(body);
  const note = document.createElement('p');
  note.className = 'note';
  note.textContent = `${p.games} games per count by the rules' text, seed ${p.seed}, agent ${p.agent.name} (${p.agent.about}). Played again after each edit; the danger overlay draws where Survivors fall. The agent is a program that plays every Survivor that way, and the figures come from a model of the rules, which guesses where the rules give no number: a guide to difficulty, not games played at a table.`;
  host.append(h, t, note);
}

// --- tabs, keys, overlays ---

function showTab(name) {
  app.tab = name;
  for (const b of document.querySelectorAll('#tabs button')) b.classList.toggle('on', b.dataset.tab === name);
  for (const t of document.querySelectorAll('.tab')) t.hidden = t.id !== 'tab-' + name;
  if (name === 'mission') showHead();
  $('#tour-bar').hidden = name !== 'tour' || !(app.state && app.state.tour && app.state.tour.length);
  if (name === 'tour' && tourDue && app.state && app.state.kind !== 'facility' && app.state.mode !== 'tileset') renderTour();
  if (app.state) drawTour();
  if (name === 'playtest' && app.state) playtestPanel(app.state);
}
for (const b of document.querySelectorAll('#tabs button')) b.addEventListener('click', () => showTab(b.dataset.tab));

// renderOverlays offers the overlays the game can draw: the enemies' paths
// named for its enemies (Xenos, Zombies), mold only where there is Mold.
function renderOverlays(st) {
  // danger plays a playtest: only where the session runs off the page's thread.
  const offered = (st.overlays || []).filter(o => o !== 'danger' || offThread);
  const host = $('#overlays');
  const key = offered.join(' ') + '|' + (st.enemies || '');
  if (host.dataset.key === key) return;
  host.dataset.key = key;
  host.replaceChildren();
  for (const o of [...app.overlays]) if (!offered.includes(o)) app.overlays.delete(o);
  for (const o of offered) {
    const l = document.createElement('label');
    const c = document.createElement('input');
    c.type = 'checkbox';
    c.dataset.overlay = o;
    c.checked = app.overlays.has(o);
    c.addEventListener('change', () => {
      if (c.checked) app.overlays.add(o); else app.overlays.delete(o);
      drawMap();
    });
    l.append(c, ' ' + (o === 'xenos' && st.enemies ? st.enemies.toLowerCase() : o));
    host.appendChild(l);
  }
}

// zoomTo sets the zoom keeping the board point under the client point
// (cx, cy) where it is: the wheel zooms around the pointer, the buttons
// and keys around the middle of the view.
function zoomTo(z, cx, cy) {
  z = Math.min(4, Math.max(0.05, z));
  const host = $('#canvas');
  if (!canvas.svg || !canvas.board) { app.zoom = z; return; }
  const r = host.getBoundingClientRect();
  if (cx === undefined) { cx = r.left + host.clientWidth / 2; cy = r.top + host.clientHeight / 2; }
  const p = canvas.at({ clientX: cx, clientY: cy });
  app.zoom = z;
  canvas.scale(z);
  if (!p) return;
  const m = canvas.board.getScreenCTM();
  const q = new DOMPoint(p.x * canvas.b.cell, p.y * canvas.b.cell).matrixTransform(m);
  host.scrollLeft += q.x - cx;
  host.scrollTop += q.y - cy;
}
const zoom = f => zoomTo(app.zoom * f);

// fit zooms so the whole board (and its margin) fills the view, and shows it.
function fit() {
  const b = app.state && app.state.board, host = $('#canvas');
  if (!b || !canvas.svg) return;
  const w = b.w + (b.margin ? 2.8 : 0), h = Math.max(b.h, b.margin || 0);
  const z = Math.min((host.clientWidth - 32) / (w * CELL_PX), (host.clientHeight - 32) / (h * CELL_PX));
  zoomTo(z);
  const m = canvas.board.getScreenCTM(), r = host.getBoundingClientRect();
  host.scrollLeft += m.e - r.left - 16;
  host.scrollTop += m.f - r.top - 16;
}

// A window made narrower or wider fits the board again, as its first view
// did, until the author zooms (Fit hands it back to the window).
let zoomed = false;
const byHand = f => (...a) => { zoomed = true; return f(...a); };
addEventListener('resize', () => {
  if (zoomed || !app.state || app.state.kind !== 'grid' || !canvas.svg) return;
  const host = $('#canvas'), b = app.state.board;
  if (app.zoom < 1 || (b && (b.w * CELL_PX > host.clientWidth - 32 || b.h * CELL_PX > host.clientHeight - 32))) {
    fit();
    if (app.zoom > 1) zoomTo(1);
  }
});
$('#zoom-in').addEventListener('click', byHand(() => zoom(1.25)));
$('#zoom-out').addEventListener('click', byHand(() => zoom(0.8)));
$('#zoom-fit').addEventListener('click', () => { zoomed = false; fit(); });
$('#zoom-100').addEventListener('click', byHand(() => zoomTo(1)));

// The wheel zooms around the pointer; a drag with the middle button, or
// with the space bar held, pans.
$('#canvas').addEventListener('wheel', ev => {
  if (!canvas.svg || app.state.kind !== 'grid') return;
  ev.preventDefault();
  zoomed = true;
  zoomTo(app.zoom * Math.pow(1.0015, -ev.deltaY), ev.clientX, ev.clientY);
}, { passive: false });
let space = false, pan = null;
document.addEventListener('keydown', ev => { if (ev.key === ' ' && !/INPUT|TEXTAREA|SELECT|BUTTON/.test(ev.target.tagName)) { space = true; ev.preventDefault(); } });
document.addEventListener('keyup', ev => { if (ev.key === ' ') space = false; });
$('#canvas').addEventListener('pointerdown', ev => {
  if (ev.button !== 1 && !(ev.button === 0 && space)) return;
  ev.preventDefault();
  ev.stopPropagation();
  pan = { x: ev.clientX, y: ev.clientY };
}, true);
// A drag on the empty view around the map selects with a box too.
$('#canvas').addEventListener('pointerdown', ev => {
  if (ev.button !== 0 || ev.target !== ev.currentTarget || !canvas.svg || !app.state.board || app.state.kind !== 'grid') return;
  const p = canvas.at(ev);
  if (!p) return;
  ev.preventDefault();
  startBox(ev, p, null);
});
document.addEventListener('pointermove', ev => {
  if (!pan) return;
  const host = $('#canvas');
  host.scrollLeft -= ev.clientX - pan.x;
  host.scrollTop -= ev.clientY - pan.y;
  pan = { x: ev.clientX, y: ev.clientY };
});
document.addEventListener('pointerup', () => { pan = null; });
$('#undo').addEventListener('click', undo);
$('#redo').addEventListener('click', redo);
$('#help-btn').addEventListener('click', () => $('#help').showModal());

// Generate… (generate.js): the dialog, and the pins Regenerate the rest
// keeps.
const gen = generator({ app, api, post, banner, redraw: () => { decorate(); renderSelection(); }, made: () => select([]) });
app.pins = gen.pins;
app.generate = gen.open;
app.generateNew = newWork;
$('#gen-btn').addEventListener('click', () => gen.open());

// Print: the printout made as `zmission render` makes it, saved as a
// file named after the mission's title, with what it is doing said in the
// bar, and a word when the template's placeholder story is still there.
app.print = async (format = 'pdf', page = 'a4') => {
  const btn = $('#print-btn'), say = $('#print-status');
  if (btn.disabled) return;
  btn.disabled = true;
  say.className = '';
  say.textContent = 'Printing…';
  try {
    const info = await api('api/printinfo');
    const name = (info.status === 200 && info.data.name) || 'mission';
    const blob = await printout(format, page);
    if (!(blob instanceof Blob)) {
      say.textContent = '';
      return banner('Not printed: ' + (blob.error || 'the printout could not be made') + '.');
    }
    const file = `${name}${format === 'pdf' ? '-' + page : ''}.${format}`;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = file;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60000);
    app.printed = file;
    say.textContent = `Saved ${file} to your downloads.`;
    say.className = 'ok';
    const warn = info.status === 200 ? info.data.warnings : [];
    if (warn.length) banner(warn.join(' '), 'info');
  } finally {
    btn.disabled = false;
  }
};
$('#print-btn').addEventListener('click', () => app.print());

// The text fields typed in since they got the focus: there Ctrl+Z is the
// field's own undo; anywhere else it is the file's.
const typedIn = new WeakSet();
document.addEventListener('focusin', ev => typedIn.delete(ev.target));
document.addEventListener('input', ev => typedIn.add(ev.target), true);

document.addEventListener('keydown', ev => {
  const tag = ev.target.tagName;
  const box = tag === 'INPUT' && ['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(ev.target.type);
  const text = (tag === 'INPUT' && !box) || tag === 'TEXTAREA';
  const k = ev.key, ctrl = ev.ctrlKey || ev.metaKey;
  const z = ctrl && !ev.altKey && (k === 'z' || k === 'Z'), y = ctrl && !ev.altKey && (k === 'y' || k === 'Y');
  if ((z || y) && !(text && typedIn.has(ev.target))) {
    ev.preventDefault();
    return z && !ev.shiftKey ? undo() : redo();
  }
  // Other keys belong to a field; a ticked checkbox (the facility's
  // connect mode) keeps the shortcuts.
  if (text || tag === 'SELECT') return;
  // Keys pressed in a dialog (Generate…, the key list) are the dialog's:
  // R or Delete there never acts on the map behind it.
  if (ev.target.closest && ev.target.closest('dialog[open]')) return;
  if (!app.state) return;
  if (ctrl && !ev.altKey && app.state.kind === 'grid') {
    // Copy, paste and duplicate what is selected on the map.
    if (k === 'c' || k === 'C') { if (copySel()) ev.preventDefault(); return; }
    if (k === 'v' || k === 'V') { ev.preventDefault(); return paste(); }
    if (k === 'd' || k === 'D') { ev.preventDefault(); const items = picked(); return items.length && paste(copyOf(app.state.board, items)); }
  }
  if (ctrl || ev.altKey) return;
  if (k === '?') { ev.preventDefault(); return $('#help').showModal(); }
  if (k === '+' || k === '=') { ev.preventDefault(); zoomed = true; return zoom(1.25); }
  if (k === '-') { ev.preventDefault(); zoomed = true; return zoom(0.8); }
  if (k === '0') { ev.preventDefault(); zoomed = true; return zoomTo(1); }
  if ((k === 'f' || k === 'F') && app.state.kind === 'grid') { ev.preventDefault(); zoomed = false; return fit(); }
  if (facility && app.state.kind === 'facility' && facility.key(ev)) return;
  if ((k === 'r' || k === 'R') && drag && drag.kind === 'tile') {
    // R while dragging a tile (a face from the palette, or one on the
    // board) turns it before it lands.
    ev.preventDefault();
    drag.rot = ((drag.rot || 0) + 90) % 360;
    if (drag.ghost) drag.ghost.textContent = `${drag.label || drag.face} ${drag.rot}°`;
    if (drag.last) canvas.preview(ghosts(drag, drag.target));
    return;
  }
  // On a token or tile of the map reached with Tab but not selected,
  // the keys that change the selection wait for Enter: they never act on
  // something else than what has the focus.
  const key = ev.target.dataset && ev.target.dataset.key;
  if (key && (!app.sel || key !== app.sel.kind + ':' + app.sel.index) && /^(r|R|p|P|Delete|Backspace|Arrow\w+)$/.test(k)) return;
  if (k === 'r' || k === 'R') { ev.preventDefault(); return rotateSel(); }
  if ((k === 'p' || k === 'P') && app.state.kind === 'grid' && picked().length) { ev.preventDefault(); return gen.pins.toggle(picked()); }
  if (k === 'Delete' || k === 'Backspace') { ev.preventDefault(); return removeSel(); }
  if (k === 'Escape') { if (armed) { arm(null); return banner(''); } return select([]); }
  const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (arrows[k] && app.sel) { ev.preventDefault(); moveSel(...arrows[k]); }
});

// --- live reload ---

function listen() {
  follow({
    lost: () => banner('Lost the connection to zmission edit; trying again… (was it stopped?)', 'info'),
    back: () => { if ($('#banner').textContent.startsWith('Lost the connection')) banner(''); },
    change: rev => noticed(rev),
  });
}

// Text typed and not saved yet is sent as the page is left (a reload, a
// closed tab): the request outlives the page.
addEventListener('pagehide', () => {
  const ops = takePending();
  if (!ops.length || !app.state) return;
  leave('api/op', { version: app.state.version, ops, tab: TAB });
});

load().then(listen);

// The grid kind's palette: the tile set's faces (greyed when the other side
// of the same physical tile is on the board) and the boxes' tokens with how
// many are used of how many are owned.
import { el } from './canvas.js';

const KIND_FILL = { room: '#e9dcc4', corridor: '#cfd8dc', exterior: '#c8d9b8', street: '#d5d5d5' };
export const COLOUR = {
  red: '#c0392b', blue: '#2f6fbd', green: '#2e8b3a', violet: '#7b3fa0', yellow: '#e0b000', neutral: '#9a9a9a',
  white: '#f4f4f4', orange: '#e67e22', black: '#222',
};

export function tokenLabel(t) {
  return (t.color ? t.color + ' ' : '') + t.type;
}

// faceSVG draws a face as a small floor plan: its zones as coloured
// floor, a line where one zone meets another and a frame round the tile.
// (Zone letters meant nothing at the table; the caption names the tile.)
export function faceSVG(f) {
  const n = f.grid.length, s = el('svg', { viewBox: `-1 -1 ${n * 10 + 2} ${n * 10 + 2}` });
  f.grid.forEach((row, y) => row.forEach((l, x) => {
    el('rect', { x: x * 10, y: y * 10, width: 10, height: 10, fill: KIND_FILL[f.kinds[l]] || '#eee' }, s);
  }));
  let d = '';
  f.grid.forEach((row, y) => row.forEach((l, x) => {
    if (x + 1 < n && row[x + 1] !== l) d += `M${x * 10 + 10} ${y * 10}v10`;
    if (y + 1 < n && f.grid[y + 1][x] !== l) d += `M${x * 10} ${y * 10 + 10}h10`;
  }));
  if (d) el('path', { d, stroke: '#555', 'stroke-width': 0.8, fill: 'none' }, s);
  el('rect', { x: 0, y: 0, width: n * 10, height: n * 10, fill: 'none', stroke: '#333', 'stroke-width': 1.6 }, s);
  return s;
}

// renderPalette lists what can be put on the board: dragged with the
// mouse, or from the keyboard, each item reached with Tab and put on the
// board with Enter (place).
export function renderPalette(host, pal, startDrag, place) {
  host.replaceChildren();
  if (!pal) return;
  const h = document.createElement('h3');
  h.textContent = 'Tiles';
  host.appendChild(h);
  const faces = document.createElement('div');
  faces.className = 'faces';
  for (const f of pal.faces) {
    const d = document.createElement('div');
    d.className = 'face';
    d.dataset.face = f.id;
    const blocked = f.other_used > 0;
    if (blocked) {
      d.classList.add('greyed');
      d.title = `${f.id}${f.title ? ' — ' + f.title : ''}: its other side, ${f.other}, is on the board`;
    } else {
      d.title = `${f.id}${f.title ? ' — ' + f.title : ''}${f.other ? ' (other side ' + f.other + ')' : ''}`;
    }
    const pic = faceSVG(f);
    pic.setAttribute('aria-hidden', 'true'); // a picture; the caption names it
    d.appendChild(pic);
    const cap = document.createElement('div');
    cap.textContent = f.id + (f.used ? ' ✓' : '');
    d.appendChild(cap);
    const what = { kind: 'tile', face: f.id, label: f.id, blocked };
    d.addEventListener('pointerdown', ev => startDrag(ev, what));
    keyed(d, what, place);
    faces.appendChild(d);
  }
  host.appendChild(faces);
  const h2 = document.createElement('h3');
  h2.textContent = 'Tokens (used / owned)';
  host.appendChild(h2);
  const toks = document.createElement('div');
  toks.className = 'tokens';
  for (const t of pal.tokens) {
    const d = document.createElement('div');
    d.className = 'tok';
    d.dataset.type = t.type;
    d.dataset.color = t.color || '';
    const sw = document.createElement('span');
    sw.className = 'sw';
    sw.style.background = COLOUR[t.color] || (t.type === 'start' ? '#fff' : '#ddd');
    d.appendChild(sw);
    const name = document.createElement('span');
    name.textContent = t.all ? t.type + ', all colours' : tokenLabel(t);
    d.appendChild(name);
    const n = document.createElement('span');
    n.className = 'n';
    n.textContent = t.owned < 0 ? String(t.used) : `${t.used} / ${t.owned}`;
    if (t.owned >= 0 && t.used > t.owned) d.classList.add('over');
    d.appendChild(n);
    const needed = t.extra ? `${t.used} needed (${t.used - t.extra} on the board, ${t.extra} for the Survivors)` : `${t.used} on the board`;
    // A token shows one side: the boxes' tokens that can show this colour.
    d.title = t.owned < 0 ? 'placed on the board' : `${needed}, ${t.owned} in the boxes`;
    if (t.all) {
      // Every colour together: a count of two-sided tokens, nothing to drag.
      d.classList.add('all');
      d.title += ' (each token shows one side)';
      toks.appendChild(d);
      continue;
    }
    const what = { kind: t.type === 'door' ? 'door' : 'token', type: t.type, color: t.color, label: tokenLabel(t) };
    d.addEventListener('pointerdown', ev => startDrag(ev, what));
    keyed(d, what, place);
    toks.appendChild(d);
  }
  host.appendChild(toks);
  roving(host);
}

// keyed makes a palette item a button of the keyboard: Enter or Space
// puts it on the board. Its name is what it shows (a screen reader says
// what the eye reads); what it does is its description.
function keyed(d, what, place) {
  d.tabIndex = -1;
  d.setAttribute('role', 'button');
  d.setAttribute('aria-description', 'puts it on the board');
  d.addEventListener('keydown', ev => {
    if (ev.key !== 'Enter' && ev.key !== ' ') return;
    ev.preventDefault();
    ev.stopPropagation();
    place(what);
  });
}

// itemKey names a palette item across redraws.
const itemKey = e => e.dataset.face ? 'face:' + e.dataset.face : 'tok:' + e.dataset.type + ':' + e.dataset.color;

// roving makes the palette one stop of Tab, as a toolbar is: the item
// last reached holds the stop, and the arrows (Home, End) move among
// the items inside. key names an item across redraws (another kind's
// palette, as the facility's rooms, gives its own); the item holding the
// stop is returned.
export function roving(host, key = itemKey) {
  host.setAttribute('role', 'toolbar');
  host.setAttribute('aria-orientation', 'vertical');
  const items = [...host.querySelectorAll('[role=button]')];
  if (!items.length) return null;
  host.rovingKey = key; // the keys bound once below name items with the palette drawn last
  const current = items.find(e => key(e) === host.dataset.current) || items[0];
  current.tabIndex = 0;
  const go = to => {
    for (const e of items) e.tabIndex = -1;
    to.tabIndex = 0;
    host.dataset.current = key(to);
    to.focus();
  };
  for (const e of items) e.addEventListener('focus', () => { if (e.tabIndex !== 0) go(e); });
  if (host.dataset.roving) return current; // the keys are the host's, bound once
  host.dataset.roving = '1';
  host.addEventListener('keydown', ev => {
    const all = [...host.querySelectorAll('[role=button]')];
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    const to = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: all.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    ev.stopPropagation(); // the arrows move in the palette, not the selection on the map
    const e = all[Math.max(0, Math.min(all.length - 1, to))];
    for (const x of all) x.tabIndex = -1;
    e.tabIndex = 0;
    host.dataset.current = host.rovingKey(e);
    e.focus();
  });
  return current;
}

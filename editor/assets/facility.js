// The facility crawler's canvas: the slot grid with its rooms and the
// corridors between slots, drawn from State.facility, and the room
// catalogue as a palette. Everything is an operation sent to the server;
// undo, redo, the issues pane and live reload are the shell's.

import { roving } from './palette.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 130; // one grid place, in SVG units
const BOX = 92; // a slot's box inside it
const PAD = 24;
const TYPES = ['A', 'B', 'C', '?'];
const FILL = { A: '#d9e6f5', B: '#dcefd6', C: '#f6d9d4' };
const SEV = ['error', 'warning', 'info'];

const STYLE = `
body[data-kind="facility"] #overlays, body[data-kind="facility"] #zoom-in, body[data-kind="facility"] #zoom-out,
body[data-kind="facility"] #bar label:has(#hover-los), body[data-kind="facility"] #tabs button[data-tab="tour"] { display: none; }
.fac-tools { display: flex; gap: 8px; align-items: center; margin-bottom: 8px; font-size: 12px; flex-wrap: wrap; }
.fac-tools button.on { background: #2f6fbd; color: white; }
.fac-tools .hint { color: #666; }
#fac-svg { background: white; box-shadow: 0 1px 4px rgba(0,0,0,.25); max-width: 100%; height: auto; user-select: none; }
#fac-svg .slot rect.box { stroke: #555; stroke-width: 1.5; }
#fac-svg .slot, #fac-svg .cor, #fac-svg .place { cursor: pointer; }
#fac-svg .slot.sel rect.box, #fac-svg .place.sel rect { stroke: #2f6fbd; stroke-width: 5; }
#fac-svg .slot.from rect.box { stroke: #e08a00; stroke-width: 5; stroke-dasharray: 8 4; }
#fac-svg .slot.drop rect.box { stroke: #1e7a32; stroke-width: 5; }
#fac-svg .slot.unknown rect.box { stroke: #b3261e; stroke-dasharray: 6 3; }
#fac-svg .cor line.way { stroke: #444; stroke-width: 7; stroke-linecap: round; }
#fac-svg .cor.unexplored line.way { stroke: #999; }
#fac-svg .cor.technical line.way { stroke-dasharray: 10 7; stroke-linecap: butt; }
#fac-svg .cor.sel line.way { stroke: #2f6fbd; }
#fac-svg .cor line.hit { stroke: transparent; stroke-width: 22; }
#fac-svg .noise circle { fill: white; stroke: #444; stroke-width: 1.5; }
#fac-svg .noise.reinforced circle { fill: #444; }
#fac-svg .noise.reinforced text { fill: white; }
#fac-svg .cor.sel .noise circle { stroke: #2f6fbd; stroke-width: 3; }
#fac-svg .door { stroke: #222; stroke-width: 1.5; }
#fac-svg .door.open { fill: white; } #fac-svg .door.closed { fill: #7a4b12; } #fac-svg .door.destroyed { fill: #bbb; stroke-dasharray: 3 2; }
#fac-svg text { font: 12px system-ui, "DejaVu Sans", sans-serif; pointer-events: none; }
#fac-svg .name { font-weight: bold; font-size: 13px; }
#fac-svg .sid { font-size: 11px; fill: #555; }
#fac-svg .cor-tokens text { paint-order: stroke; stroke: white; stroke-width: 3px; stroke-linejoin: round; pointer-events: none; }
#fac-svg .empty { fill: #777; font-style: italic; }
#fac-svg .place rect { fill: transparent; stroke: #ccc; stroke-dasharray: 4 4; }
#fac-svg .place:hover rect { stroke: #888; }
#fac-svg .place text { fill: #bbb; font-size: 22px; }
#fac-svg .fac-badge { cursor: pointer; }
#fac-svg .fac-badge text { fill: white; font-weight: bold; font-size: 12px; }
#fac-svg .badge-error circle { fill: #c0392b; } #fac-svg .badge-warning circle { fill: #e0a100; } #fac-svg .badge-info circle { fill: #2f6fbd; }
.fac-rooms { display: flex; flex-direction: column; gap: 2px; }
.fac-room { display: flex; gap: 6px; align-items: center; padding: 2px 4px; border-radius: 3px; font-size: 12px; cursor: grab; user-select: none; }
.fac-room:hover { background: #e6e3da; }
.fac-room .sw { width: 12px; height: 12px; border: 1px solid #555; flex: none; }
.fac-room .n { margin-left: auto; color: #595959; font-size: 11px; }
.fac-room.used { color: #595959; font-style: italic; }
.fac-room.used .sw { opacity: .5; }
#fac-help { font-size: 12px; color: #555; margin: 0 0 6px; }
.fac-room:focus-visible { outline: 3px solid #e0a100; outline-offset: 1px; }
#fac-svg .slot { outline: none; }
#fac-svg .slot:focus-visible rect.box { stroke: #e0a100; stroke-width: 6; }
`;

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function html(tag, attrs = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// wrap breaks a room's name into lines that fit its box.
function wrap(s, width = 12) {
  const lines = [];
  for (const w of s.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && (last + ' ' + w).length <= width) lines[lines.length - 1] = last + ' ' + w;
    else lines.push(w);
  }
  return lines;
}

function worst(st, idx) {
  let best = 3;
  for (const i of idx) best = Math.min(best, SEV.indexOf(st.findings[i].severity));
  return SEV[best] || 'info';
}

// facilityView is the canvas for a facility scenario. shell gives it the
// page's elements and send (operations), pick (select a finding) and
// banner.
export function facilityView(shell) {
  const v = {
    st: null,
    sel: null, // {kind: 'slot', id} | {kind: 'corridor', id} | {kind: 'place', at: [x, y]}
    view: 'canvas', // or 'sheet': render's printable sheet
    connect: false,
    from: null, // connect mode: the first slot
    drag: null,
  };
  if (!document.getElementById('fac-style')) {
    const s = document.createElement('style');
    s.id = 'fac-style';
    s.textContent = STYLE;
    document.head.appendChild(s);
  }

  const fac = () => v.st && v.st.facility;
  const slot = id => fac().slots.find(s => s.id === id);
  const corridor = id => fac().corridors.find(c => c.id === id);

  function exists(sel) {
    if (!sel || !fac()) return false;
    if (sel.kind === 'slot') return !!slot(sel.id);
    if (sel.kind === 'corridor') return !!corridor(sel.id);
    return !fac().slots.some(s => s.at[0] === sel.at[0] && s.at[1] === sel.at[1]);
  }

  function select(sel) {
    v.sel = sel;
    drawCanvas();
    renderSelection();
  }

  async function send(ops, then) {
    const r = await shell.send(ops);
    if (r && r.status === 200 && then) then();
    return r;
  }

  // --- the canvas ---

  function render(st) {
    v.st = st;
    if (v.sel && !exists(v.sel)) v.sel = null;
    if (v.from && !slot(v.from)) v.from = null;
    renderPalette();
    renderTools();
    drawCanvas();
    renderSelection();
    if (shell.form && st.schema) {
      shell.form(st);
    } else {
      const p = html('p', {}, 'The title, briefing, objectives and setup values are written in the file: save it in your editor and the canvas, the sheet and the findings follow within a second.');
      shell.mission.replaceChildren(p);
    }
  }

  function renderTools() {
    let tools = shell.canvas.querySelector('.fac-tools');
    if (tools) return;
    tools = html('div', { class: 'fac-tools' });
    for (const [view, label] of [['canvas', 'Canvas'], ['sheet', 'Sheet']]) {
      const b = html('button', { 'data-view': view }, label);
      b.addEventListener('click', () => { v.view = view; drawCanvas(); });
      tools.appendChild(b);
    }
    const l = html('label');
    const c = html('input', { type: 'checkbox', id: 'fac-connect' });
    c.addEventListener('change', () => { v.connect = c.checked; v.from = null; drawCanvas(); });
    l.append(c, ' connect mode');
    tools.appendChild(l);
    // Ids in reading order make the rules' two tie-breaks agree; new slots
    // and corridors keep that order, this button restores it.
    const rn = html('button', { id: 'fac-renumber', title: 'Number slots and corridors row by row from the top-left, as the rules want' }, 'Renumber');
    rn.addEventListener('click', () => shell.send([{ op: 'ids.renumber' }]));
    tools.appendChild(rn);
    tools.appendChild(html('span', { class: 'hint' }, 'Click a slot to select it; shift-click another (or use connect mode) to lay a corridor between them; Delete removes the selection.'));
    shell.canvas.replaceChildren(tools, html('div', { id: 'fac-board' }));
  }

  function drawCanvas() {
    const board = shell.canvas.querySelector('#fac-board');
    if (!board) return;
    for (const b of shell.canvas.querySelectorAll('.fac-tools button')) b.classList.toggle('on', b.dataset.view === v.view);
    const st = v.st, f = fac();
    if (v.view === 'sheet' || !f) {
      const d = html('div', { class: 'sheet' });
      if (st.svg) d.innerHTML = st.svg; // render's own SVG, from the server
      else d.textContent = st.error ? 'No sheet yet: fix the error above.' : 'No sheet.';
      board.replaceChildren(d);
      return;
    }
    const [cols, rows] = f.grid;
    const W = Math.max(cols, 1) * CELL + 2 * PAD, H = Math.max(rows, 1) * CELL + 2 * PAD;
    const svg = el('svg', { id: 'fac-svg', viewBox: `0 0 ${W} ${H}`, width: W, height: H });
    const defs = el('defs', {}, svg);
    for (const [a, b] of [['A', 'B'], ['A', 'C'], ['B', 'C']]) {
      const g = el('linearGradient', { id: `fac-${a}${b}`, x1: 0, y1: 0, x2: 1, y2: 1 }, defs);
      el('stop', { offset: '50%', 'stop-color': FILL[a] }, g);
      el('stop', { offset: '50%', 'stop-color': FILL[b] }, g);
    }
    const hatch = el('pattern', { id: 'fac-hatch', width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' }, defs);
    el('line', { x1: 0, y1: 0, x2: 0, y2: 8, stroke: '#8a8a8a', 'stroke-width': 3 }, hatch);
    el('rect', { x: 0, y: 0, width: W, height: H, fill: 'white', class: 'bg' }, svg);
    const centre = s => [PAD + s.at[0] * CELL + CELL / 2, PAD + s.at[1] * CELL + CELL / 2];

    // Grid places with no slot: a click there offers a new slot.
    const places = el('g', { class: 'places' }, svg);
    const taken = new Set(f.slots.map(s => s.at.join(',')));
    for (let y = 0; y < rows; y++) for (let x = 0; x < cols; x++) {
      if (taken.has(x + ',' + y)) continue;
      const on = v.sel && v.sel.kind === 'place' && v.sel.at[0] === x && v.sel.at[1] === y;
      const g = el('g', { class: 'place' + (on ? ' sel' : ''), 'data-place': `${x},${y}` }, places);
      const x0 = PAD + x * CELL + (CELL - BOX) / 2, y0 = PAD + y * CELL + (CELL - BOX) / 2;
      el('rect', { x: x0, y: y0, width: BOX, height: BOX, rx: 6 }, g);
      el('text', { x: x0 + BOX / 2, y: y0 + BOX / 2 + 8, 'text-anchor': 'middle' }, g).textContent = '+';
      g.addEventListener('pointerdown', ev => { ev.preventDefault(); select({ kind: 'place', at: [x, y] }); });
    }

    // Corridors: the ways under the boxes, their noise and doors above.
    const ways = el('g', { class: 'corridors' }, svg);
    const labels = [];
    for (const c of f.corridors) {
      const a = slot(c.between[0]), b = slot(c.between[1]);
      if (!a || !b || a === b) continue;
      const [ax, ay] = centre(a), [bx, by] = centre(b);
      const on = v.sel && v.sel.kind === 'corridor' && v.sel.id === c.id;
      const g = el('g', { class: 'cor' + (c.unexplored ? ' unexplored' : '') + (c.technical ? ' technical' : '') + (on ? ' sel' : ''), 'data-corridor': c.id }, ways);
      el('line', { class: 'way', x1: ax, y1: ay, x2: bx, y2: by }, g);
      el('line', { class: 'hit', x1: ax, y1: ay, x2: bx, y2: by }, g);
      g.addEventListener('pointerdown', ev => { ev.preventDefault(); select({ kind: 'corridor', id: c.id }); });
      labels.push([c, g, ax, ay, bx, by]);
    }
    const slots = el('g', { class: 'slots' }, svg);
    for (const s of f.slots) {
      const [cx, cy] = centre(s);
      const x0 = cx - BOX / 2, y0 = cy - BOX / 2;
      const cls = ['slot'];
      if (v.sel && v.sel.kind === 'slot' && v.sel.id === s.id) cls.push('sel');
      if (v.from === s.id) cls.push('from');
      if (s.room && !s.known) cls.push('unknown');
      // Each slot is reached with Tab and selected with Enter, as a click does.
      // Its name is its title, which the mouse's tooltip shows too.
      const g = el('g', { class: cls.join(' '), 'data-slot': s.id, tabindex: 0, role: 'button', 'aria-pressed': String(cls.includes('sel')) }, slots);
      el('title', {}, g).textContent = `Slot ${s.id}, section ${s.section}: ${s.room ? (s.name || s.room) + (s.covered ? ' (covered)' : '') : 'empty'}` +
        (s.escape ? `, escape ${s.escape}` : '') + (s.tokens && s.tokens.length ? `, ${s.tokens.join(', ')}` : '');
      const fill = FILL[s.section] || (s.section.includes('/') ? `url(#fac-${s.section.replace('/', '')})` : '#eee');
      el('rect', { class: 'box', x: x0, y: y0, width: BOX, height: BOX, rx: 6, fill }, g);
      if (s.covered) el('rect', { x: x0, y: y0, width: BOX, height: BOX, rx: 6, fill: 'url(#fac-hatch)', opacity: 0.35 }, g);
      // The slot's words are said by its title.
      const words = el('g', { 'aria-hidden': 'true' }, g);
      el('text', { class: 'sid', x: x0 + 5, y: y0 + 13 }, words).textContent = `${s.id}`;
      el('text', { class: 'sid', x: x0 + BOX - 5, y: y0 + BOX - 5, 'text-anchor': 'end' }, words).textContent = s.section;
      if (s.room) {
        const lines = wrap(s.name || s.room);
        if (s.covered) lines.push('(covered)');
        lines.forEach((l, i) => {
          const t = el('text', { class: 'name', x: cx, y: cy + 4 + (i - (lines.length - 1) / 2) * 15, 'text-anchor': 'middle' }, words);
          t.textContent = l;
          // A long word is squeezed into the box rather than over its edge.
          if (l.length * 7.8 > BOX - 8) { t.setAttribute('textLength', BOX - 8); t.setAttribute('lengthAdjust', 'spacingAndGlyphs'); }
        });
        if (s.escape) {
          // Left of the section letter, squeezed rather than over it.
          const t = el('text', { class: 'sid esc', x: x0 + 5, y: y0 + BOX - 5 }, words);
          t.textContent = '⇪ ' + s.escape;
          const room = BOX - 10 - 8 * s.section.length - 6;
          if (t.textContent.length * 6.6 > room) { t.setAttribute('textLength', room); t.setAttribute('lengthAdjust', 'spacingAndGlyphs'); }
        }
      } else {
        el('text', { class: 'empty', x: cx, y: cy + 4, 'text-anchor': 'middle' }, words).textContent = 'empty';
      }
      if (s.tokens && s.tokens.length) el('text', { class: 'sid', x: cx, y: y0 + 27, 'text-anchor': 'middle' }, words).textContent = s.tokens.join(', ');
      g.addEventListener('pointerdown', ev => slotDown(ev, s));
      g.addEventListener('keydown', ev => {
        if (ev.key !== 'Enter' && ev.key !== ' ') return;
        ev.preventDefault();
        select({ kind: 'slot', id: s.id });
      });
      if (s.findings.length) badge(svg, x0 + BOX - 4, y0 + 4, s.findings);
    }
    // What stands on a corridor is written over everything, never under a
    // room's box: under a level corridor, or beside an upright one, in the
    // band between the rows.
    const onWays = el('g', { class: 'cor-tokens' }, svg);
    for (const [c, g, ax, ay, bx, by] of labels) {
      // The noise value where the way is seen: between the two boxes for
      // neighbours, at the middle for a technical corridor.
      const mx = (ax + bx) / 2, my = (ay + by) / 2;
      const n = el('g', { class: 'noise' + (c.noise === 0 ? ' reinforced' : '') }, g);
      el('circle', { cx: mx, cy: my, r: 12 }, n);
      el('text', { x: mx, y: my + 4, 'text-anchor': 'middle' }, n).textContent = c.deadly ? `${c.noise}/${c.deadly}` : `${c.noise}`;
      if (c.door && c.door !== 'none') {
        // The door slot lies just outside the box of the slot it faces
        // (the first end when the file does not say).
        const toB = c.door_at === c.between[1];
        const [ox, oy] = toB ? [bx, by] : [ax, ay];
        const len = Math.hypot(bx - ax, by - ay) || 1;
        const ux = (toB ? ax - bx : bx - ax) / len, uy = (toB ? ay - by : by - ay) / len;
        const reach = BOX / 2 + 7;
        const dx = ox + ux * reach, dy = oy + uy * reach;
        const horiz = Math.abs(bx - ax) >= Math.abs(by - ay);
        el('rect', { class: 'door ' + c.door, 'data-door': c.door, x: dx - (horiz ? 4 : 12), y: dy - (horiz ? 12 : 4), width: horiz ? 8 : 24, height: horiz ? 24 : 8 }, g);
      }
      if (c.tokens && c.tokens.length) {
        const level = Math.abs(bx - ax) >= Math.abs(by - ay);
        const at = level ? { x: mx, y: my + 26, 'text-anchor': 'middle' } : { x: mx + 16, y: my + 4, 'text-anchor': 'start' };
        const t = el('text', { class: 'sid', 'data-corridor': c.id, ...at }, onWays);
        t.textContent = c.tokens.join(', ');
      }
      if (c.findings.length) {
        // In the gap between the boxes: above a level corridor, beside an
        // upright one.
        const level = Math.abs(bx - ax) >= Math.abs(by - ay);
        badge(svg, level ? mx : mx + 24, level ? my - 24 : my, c.findings);
      }
    }
    svg.querySelector('.bg').addEventListener('pointerdown', () => select(null));
    // A slot that had the focus keeps it as the canvas is drawn anew.
    const focused = document.activeElement && document.activeElement.closest && document.activeElement.closest('#fac-svg [data-slot]');
    board.replaceChildren(svg);
    if (focused) { const g = svg.querySelector(`[data-slot="${focused.dataset.slot}"]`); if (g) g.focus(); }
  }

  // badge marks findings on the canvas; a click picks the first.
  function badge(svg, x, y, idx) {
    const sev = worst(v.st, idx);
    const g = el('g', { class: `fac-badge badge-${sev}`, 'data-findings': idx.join(' ') }, svg);
    el('circle', { cx: x, cy: y, r: 10 }, g);
    el('text', { x, y: y + 4, 'text-anchor': 'middle' }, g).textContent = idx.length > 1 ? String(idx.length) : '!';
    const t = el('title', {}, g);
    t.textContent = idx.map(i => v.st.findings[i].words || v.st.findings[i].message).join('\n');
    g.addEventListener('pointerdown', ev => { ev.stopPropagation(); ev.preventDefault(); shell.pick(idx[0]); });
  }

  function slotDown(ev, s) {
    if (ev.button !== 0) return;
    ev.preventDefault();
    const first = v.connect ? v.from : ev.shiftKey && v.sel && v.sel.kind === 'slot' ? v.sel.id : null;
    if (first && first !== s.id) {
      // A corridor from the first slot to this one; it is then selected.
      v.from = null;
      send([{ op: 'corridor.add', between: [first, s.id] }], () => {
        const c = fac().corridors.find(c => (c.between[0] === first && c.between[1] === s.id) || (c.between[0] === s.id && c.between[1] === first));
        select(c ? { kind: 'corridor', id: c.id } : null);
      });
      return;
    }
    if (v.connect) v.from = s.id;
    select({ kind: 'slot', id: s.id });
  }

  // --- the palette: the room catalogue ---

  function renderPalette() {
    const host = shell.palette;
    const had = host.contains(document.activeElement); // a room reached with the keys keeps the focus
    host.replaceChildren();
    const f = fac();
    if (!f) return;
    host.appendChild(html('p', { id: 'fac-help' }, 'Drag a room onto a slot, or select a slot and click a room (or reach it with Tab and the arrows, and press Enter).'));
    const groups = [...TYPES.map(t => [`Type ${t}`, f.rooms.filter(r => r.type === t && !r.custom)]), ['Custom rooms', f.rooms.filter(r => r.custom)]];
    for (const [title, rooms] of groups) {
      if (!rooms.length) continue;
      host.appendChild(html('h3', {}, title));
      const list = html('div', { class: 'fac-rooms' });
      for (const r of rooms) {
        const d = html('div', { class: 'fac-room' + (r.slot ? ' used' : ''), 'data-room': r.id, title: r.id + (r.escape ? ` (escape: ${r.escape})` : '') });
        const sw = html('span', { class: 'sw' });
        sw.style.background = FILL[r.type] || '#eee';
        d.append(sw, html('span', {}, r.name), html('span', { class: 'n' }, r.slot ? `slot ${r.slot}` : ''));
        d.addEventListener('pointerdown', ev => startDrag(ev, r));
        // A button of the keyboard too: Enter or Space puts the room in the
        // selected slot; its name is what it shows.
        d.tabIndex = -1;
        d.setAttribute('role', 'button');
        d.setAttribute('aria-description', 'puts it in the selected slot');
        d.addEventListener('keydown', ev => {
          if (ev.key !== 'Enter' && ev.key !== ' ') return;
          ev.preventDefault();
          ev.stopPropagation();
          placeSelected(r);
        });
        list.appendChild(d);
      }
      host.appendChild(list);
    }
    // One stop of Tab, the arrows inside, as the tile games' palette.
    const current = roving(host, e => 'room:' + e.dataset.room);
    if (had && current) current.focus();
  }

  // placeSelected puts room r in the selected slot: a click on the room,
  // or Enter on it.
  function placeSelected(r) {
    if (!v.sel || v.sel.kind !== 'slot') {
      shell.banner('Select a slot first, then click a room to place it there (or drag the room onto a slot).', 'info');
      return;
    }
    const target = v.sel.id;
    send([{ op: 'room.place', slot: target, room: r.id }], () => select({ kind: 'slot', id: target }));
  }

  function startDrag(ev, r) {
    if (ev.button !== 0) return;
    ev.preventDefault();
    v.drag = { room: r, x0: ev.clientX, y0: ev.clientY, moved: false, ghost: null };
  }

  function slotUnder(ev) {
    const e = document.elementFromPoint(ev.clientX, ev.clientY);
    const g = e && e.closest('#fac-svg [data-slot]');
    return g ? Number(g.dataset.slot) : null;
  }

  document.addEventListener('pointermove', ev => {
    const d = v.drag;
    if (!d) return;
    if (Math.abs(ev.clientX - d.x0) + Math.abs(ev.clientY - d.y0) > 4 && !d.moved) {
      d.moved = true;
      d.ghost = html('div', { class: 'ghost' }, d.room.name);
      document.body.appendChild(d.ghost);
    }
    if (!d.ghost) return;
    d.ghost.style.left = ev.clientX + 8 + 'px';
    d.ghost.style.top = ev.clientY + 8 + 'px';
    const over = slotUnder(ev);
    for (const g of document.querySelectorAll('#fac-svg .slot.drop')) g.classList.remove('drop');
    if (over) { const g = document.querySelector(`#fac-svg [data-slot="${over}"]`); if (g) g.classList.add('drop'); }
  });

  document.addEventListener('pointerup', ev => {
    const d = v.drag;
    if (!d) return;
    v.drag = null;
    if (d.ghost) d.ghost.remove();
    for (const g of document.querySelectorAll('#fac-svg .slot.drop')) g.classList.remove('drop');
    if (!d.moved) {
      placeSelected(d.room);
      return;
    }
    const target = slotUnder(ev);
    if (!target) return;
    send([{ op: 'room.place', slot: target, room: d.room.id }], () => select({ kind: 'slot', id: target }));
  });

  // --- the selection pane ---

  function renderSelection() {
    const host = shell.selection;
    host.replaceChildren();
    const sel = v.sel;
    if (!sel || !fac()) return;
    const line = (bold, rest) => { const d = html('div'); d.append(html('b', {}, bold), rest || ''); host.appendChild(d); return d; };
    const button = (label, id, f) => { const b = html('button', { id }, label); b.addEventListener('click', f); host.appendChild(b); return b; };
    const choose = (label, id, options, value, f) => {
      const l = html('label', {}, label + ' ');
      const s = html('select', { id });
      for (const [val, text] of options) s.add(new Option(text, val, false, String(val) === String(value)));
      s.addEventListener('change', () => f(s.value));
      l.appendChild(s);
      host.appendChild(l);
      host.append(' ');
      return s;
    };
    if (sel.kind === 'slot') {
      const s = slot(sel.id);
      line(`Slot ${s.id}`, ` · section ${s.section} · [${s.at[0]}, ${s.at[1]}]`);
      if (s.room) {
        line(s.name || s.room, s.known ? ` (type ${s.type}${s.escape ? ', escape by ' + s.escape : ''})` : ' — not a room of the catalogue');
        if (s.room === 'hibernatorium') {
          const l = html('label');
          const c = html('input', { type: 'checkbox', id: 'fac-covered' });
          c.checked = s.covered;
          c.addEventListener('change', () => send([{ op: 'room.set', slot: s.id, covered: c.checked }]));
          l.append(c, ' covered by the Undiscovered tile');
          host.appendChild(l);
        }
        button('Remove room (Delete)', 'fac-remove-room', () => send([{ op: 'room.remove', slot: s.id }]));
      } else {
        host.appendChild(html('div', {}, 'Empty: explored during play. Pick a room in the palette to place one here.'));
      }
      if (s.tokens && s.tokens.length) line('Tokens: ', s.tokens.join(', '));
      button(s.room ? 'Remove slot' : 'Remove slot (Delete)', 'fac-remove-slot', () => send([{ op: 'slot.remove', slot: s.id }]));
    } else if (sel.kind === 'corridor') {
      const c = corridor(sel.id);
      line(`Corridor ${c.id}`, ` · slots ${c.between[0]}–${c.between[1]}${c.unexplored ? ' · unexplored' : ''}`);
      const set = o => send([{ op: 'corridor.set', corridor: c.id, ...o }]);
      choose('noise', 'fac-noise', [[0, '0 (reinforced)'], [1, '1'], [2, '2'], [3, '3'], [4, '4']], c.noise, x => set({ noise: Number(x) }));
      choose('deadly', 'fac-deadly', [[0, '—'], [1, '1'], [2, '2'], [3, '3']], c.deadly || 0, x => set({ deadly: Number(x) }));
      host.appendChild(html('br'));
      choose('door', 'fac-door', [['none', 'none'], ['open', 'open'], ['closed', 'closed'], ['destroyed', 'destroyed']], c.door || 'none', x => set({ door: x }));
      if (c.door && c.door !== 'none') {
        choose('facing', 'fac-door-at', [[0, '—'], [c.between[0], `slot ${c.between[0]}`], [c.between[1], `slot ${c.between[1]}`]], c.door_at || 0, x => set({ door_at: Number(x) }));
      }
      const l = html('label');
      const t = html('input', { type: 'checkbox', id: 'fac-technical' });
      t.checked = !!c.technical;
      t.addEventListener('change', () => set({ technical: t.checked }));
      l.append(t, ' technical');
      host.append(html('br'), l, ' ');
      if (c.tokens && c.tokens.length) line('Tokens: ', c.tokens.join(', '));
      button('Remove corridor (Delete)', 'fac-remove-corridor', () => send([{ op: 'corridor.remove', corridor: c.id }]));
    } else if (sel.kind === 'place') {
      line(`[${sel.at[0]}, ${sel.at[1]}]`, ': no slot here.');
      const sections = fac().sections.filter(x => !x.includes('/') || fac().borders.includes(x));
      const s = choose('section', 'fac-section', sections.map(x => [x, x]), sections[0], () => {});
      button('Add a slot', 'fac-add-slot', () => send([{ op: 'slot.add', at: sel.at, section: s.value }], () => {
        const n = fac().slots.find(x => x.at[0] === sel.at[0] && x.at[1] === sel.at[1]);
        select(n ? { kind: 'slot', id: n.id } : null);
      }));
    }
  }

  function removeSel() {
    const sel = v.sel;
    if (!sel) return;
    if (sel.kind === 'corridor') { v.sel = null; send([{ op: 'corridor.remove', corridor: sel.id }]); }
    if (sel.kind === 'slot') {
      // The room first; an empty slot goes itself.
      if (slot(sel.id).room) send([{ op: 'room.remove', slot: sel.id }]);
      else { v.sel = null; send([{ op: 'slot.remove', slot: sel.id }]); }
    }
  }

  return {
    render,
    // pick selects a finding's slot or corridor.
    pick(f) {
      const p = f.place;
      if (!p || !fac()) return;
      const id = Number(p.zone.split(' ')[1]);
      if (p.kind === 'slot') select({ kind: 'slot', id });
      else if (p.kind === 'corridor') select({ kind: 'corridor', id });
      const node = shell.canvas.querySelector('#fac-svg .sel');
      if (node && node.scrollIntoView) node.scrollIntoView({ block: 'center', inline: 'center' });
    },
    // key handles the canvas's keys; true when it did.
    key(ev) {
      if (ev.key === 'Delete' || ev.key === 'Backspace') { ev.preventDefault(); removeSel(); return true; }
      if (ev.key === 'Escape') { v.from = null; select(null); return true; }
      return false;
    },
    get sel() { return v.sel; },
  };
}

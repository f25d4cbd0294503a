// The tile-set editor: one face at a time, drawn large. Click a cell to
// paint the current zone label on it; click near a cell side to cycle what
// stands there. The zone table sets kinds, features and names; a face is
// paired with its other side from a list.
import { el } from './canvas.js';

const KIND_FILL = { room: '#e9dcc4', corridor: '#cfd8dc', exterior: '#c8d9b8', street: '#d5d5d5' };
const INSIDE = ['wall', 'opening', 'door', 'marking', 'hatch'];
const BORDER = ['open', 'wall', 'opening', 'door', 'marking', 'hatch'];
const FEATURES = ['security', 'oxygen', 'airlock', 'dark'];
const ui = { face: null, label: 'a', kind: 'room', veil: 0.45 };

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'on') for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

function sideStyle(kind) {
  switch (kind) {
    case 'wall': return { stroke: '#222', 'stroke-width': 7 };
    case 'door': return { stroke: '#a0522d', 'stroke-width': 7, 'stroke-dasharray': '12 6' };
    case 'opening': return { stroke: '#2e8b3a', 'stroke-width': 3, 'stroke-dasharray': '2 6' };
    case 'marking': return { stroke: '#666', 'stroke-width': 3, 'stroke-dasharray': '10 6' };
    case 'hatch': return { stroke: '#7b3fa0', 'stroke-width': 9 };
    case 'open': return { stroke: '#2f6fbd', 'stroke-width': 2, 'stroke-dasharray': '4 4' };
  }
  return null;
}

// shrink makes a picture at most 1400 pixels a side, a JPEG small enough
// to send (the editor keeps at most 768 KB a photo); it gives its base64.
async function shrink(file) {
  const bmp = await createImageBitmap(file);
  const k = Math.min(1, 1400 / Math.max(bmp.width, bmp.height));
  const c = document.createElement('canvas');
  c.width = Math.round(bmp.width * k);
  c.height = Math.round(bmp.height * k);
  c.getContext('2d').drawImage(bmp, 0, 0, c.width, c.height);
  for (const q of [0.85, 0.7, 0.55, 0.4]) {
    const blob = await new Promise(r => c.toBlob(r, 'image/jpeg', q));
    if (blob && blob.size <= 700 * 1024) {
      const url = await new Promise(r => { const fr = new FileReader(); fr.onload = () => r(fr.result); fr.readAsDataURL(blob); });
      return url.slice(url.indexOf(',') + 1);
    }
  }
  throw new Error('the picture stays too large');
}

export function renderTileset(host, st, send, post) {
  host.replaceChildren();
  const ts = st.tileset;
  if (!ts) { host.append(h('p', { textContent: 'The tile set cannot be read as it is; fix the error shown above.' })); return; }
  if (!ts.faces.find(f => f.id === ui.face)) ui.face = ts.faces.length ? ts.faces[0].id : null;
  const bad = new Map();
  for (const f of st.findings) if (f.place && f.place.face) bad.set(f.place.face, (bad.get(f.place.face) || 0) + 1);
  const list = h('div', { className: 'row', id: 'face-list' });
  for (const f of ts.faces) {
    list.append(h('button', { textContent: f.id + (bad.get(f.id) ? ` (${bad.get(f.id)}!)` : ''), className: f.id === ui.face ? 'on' : '',
      on: { click: () => { ui.face = f.id; renderTileset(host, st, send, post); } }, 'data-face': f.id }));
  }
  const nid = h('input', { placeholder: 'new face id', id: 'new-face', size: 6 });
  list.append(nid, h('button', { textContent: 'Add face', on: { click: () => { if (nid.value.trim()) { ui.face = nid.value.trim(); send([{ op: 'face.add', face: ui.face }]); } } } }));
  host.append(h('h2', { textContent: `${ts.title || ts.name} — ${ts.size}×${ts.size} cells` }), list);
  const f = ts.faces.find(f => f.id === ui.face);
  if (!f) return;
  const n = ts.size, C = 100, pad = 20;
  const svg = el('svg', { viewBox: `${-pad} ${-pad} ${n * C + 2 * pad} ${n * C + 2 * pad}`, id: 'face-grid', width: Math.min(520, n * 110) });
  // A photo of the real tile under the grid, cropped by the face's square;
  // the zones are drawn over it, see-through.
  const photo = ts.photos && ts.photos[f.id];
  if (photo) {
    const clip = el('clipPath', { id: 'face-clip' }, el('defs', {}, svg));
    el('rect', { x: 0, y: 0, width: n * C, height: n * C }, clip);
    const s = photo.scale * n * C, cx = n * C / 2 + photo.x * n * C, cy = n * C / 2 + photo.y * n * C;
    const g = el('g', { 'clip-path': 'url(#face-clip)' }, svg);
    el('image', { href: `api/photo?face=${encodeURIComponent(f.id)}&v=${photo.stamp}`, x: cx - s / 2, y: cy - s / 2, width: s, height: s,
      preserveAspectRatio: 'xMidYMid meet', transform: `rotate(${photo.rot} ${cx} ${cy})`, id: 'face-photo' }, g);
  }
  f.grid.forEach((row, y) => row.forEach((l, x) => {
    const z = f.zones[l] || { kind: '' };
    const r = el('rect', { x: x * C, y: y * C, width: C, height: C, fill: KIND_FILL[z.kind] || '#fff', 'fill-opacity': photo ? ui.veil : 1, 'data-cell': `${x},${y}` }, svg);
    r.style.cursor = 'pointer';
    const t = el('text', { x: x * C + C / 2, y: y * C + C / 2 + 10, 'text-anchor': 'middle', 'font-size': 30, fill: '#444', 'pointer-events': 'none' }, svg);
    t.textContent = l;
  }));
  const segs = { n: [0, 0, 1, 0], e: [1, 0, 1, 1], s: [0, 1, 1, 1], w: [0, 0, 0, 1] };
  f.sides.forEach((row, y) => row.forEach((sides, x) => {
    ['n', 'e', 's', 'w'].forEach((d, i) => {
      const border = (d === 'n' && y === 0) || (d === 's' && y === n - 1) || (d === 'w' && x === 0) || (d === 'e' && x === n - 1);
      if (!border && (d === 'n' || d === 'w')) return; // each inside edge once
      const kind = border && sides[i] === 'none' ? 'open' : sides[i];
      const s = sideStyle(kind);
      const sg = segs[d];
      const x1 = (x + sg[0]) * C, y1 = (y + sg[1]) * C, x2 = (x + sg[2]) * C, y2 = (y + sg[3]) * C;
      if (s) el('line', { x1, y1, x2, y2, ...s, 'pointer-events': 'none' }, svg);
      // a wide invisible line takes the clicks on this side
      const hit = el('line', { x1, y1, x2, y2, stroke: 'transparent', 'stroke-width': 24, 'data-edge': `${x},${y} ${d}`, 'data-kind': kind }, svg);
      hit.style.cursor = 'pointer';
      el('title', {}, hit).textContent = `${x},${y} ${d}: ${kind} (click for the next)`;
      hit.addEventListener('click', () => {
        const cycle = border ? BORDER : INSIDE;
        const next = cycle[(cycle.indexOf(kind) + 1) % cycle.length];
        send([{ op: 'face.edge', face: f.id, at: [x, y], side: d, kind: next }]);
      });
    });
  }));
  svg.addEventListener('click', ev => {
    const c = ev.target.getAttribute && ev.target.getAttribute('data-cell');
    if (!c) return;
    const [x, y] = c.split(',').map(Number);
    send([{ op: 'face.paint', face: f.id, at: [x, y], label: ui.label, kind: ui.kind }]);
  });
  const lab = h('input', { value: ui.label, id: 'paint-label', size: 4, on: { input: e => { ui.label = e.target.value.trim(); } } });
  const kind = h('select', { id: 'paint-kind', on: { change: e => { ui.kind = e.target.value; } } }, ...Object.keys(KIND_FILL).map(k => h('option', { value: k, textContent: k, selected: k === ui.kind })));
  host.append(h('div', { className: 'row' }, h('label', {}, 'paint label ', lab), h('label', {}, 'new zones are ', kind)));
  host.append(svg);
  // Drop a picture on the face (or choose one) to put it under the grid.
  const put = async file => {
    if (!file || !/^image\//.test(file.type)) return;
    let image;
    try { image = await shrink(file); } catch (e) { return; }
    post('api/photo', { face: f.id, image, fit: { scale: 1, rot: 0, x: 0, y: 0, stamp: 0 } });
  };
  svg.addEventListener('dragover', e => e.preventDefault());
  svg.addEventListener('drop', e => { e.preventDefault(); put(e.dataTransfer.files[0]); });
  const pick = h('input', { type: 'file', accept: 'image/jpeg,image/png,image/*', id: 'photo-file', on: { change: e => put(e.target.files[0]) } });
  const row = h('div', { className: 'row', id: 'photo-controls' });
  if (!photo) row.append(h('span', { textContent: 'Photo of the real tile: drop a picture on the face, or ' }), pick);
  else {
    const fit = d => () => post('api/photo', { face: f.id, fit: { scale: photo.scale * (d.k || 1), rot: ((photo.rot + (d.r || 0) + 540) % 360) - 180, x: photo.x + (d.x || 0), y: photo.y + (d.y || 0), stamp: 0 } });
    const b = (id, text, title, f) => h('button', { id, textContent: text, title, on: { click: f } });
    const veil = h('input', { type: 'range', min: 0, max: 1, step: 0.05, value: ui.veil, id: 'photo-veil', on: { input: e => { ui.veil = Number(e.target.value); for (const r of svg.querySelectorAll('rect[data-cell]')) r.setAttribute('fill-opacity', ui.veil); } } });
    row.append(h('span', { textContent: 'Photo:' }),
      b('photo-bigger', '+', 'larger', fit({ k: 1.05 })), b('photo-smaller', '−', 'smaller', fit({ k: 1 / 1.05 })),
      b('photo-left90', '⟲', 'turn 90° anticlockwise', fit({ r: -90 })), b('photo-right90', '⟳', 'turn 90° clockwise', fit({ r: 90 })),
      b('photo-left', '↶', 'turn 1° anticlockwise', fit({ r: -1 })), b('photo-right', '↷', 'turn 1° clockwise', fit({ r: 1 })),
      b('photo-w', '←', 'move left', fit({ x: -0.01 })), b('photo-e', '→', 'move right', fit({ x: 0.01 })),
      b('photo-n', '↑', 'move up', fit({ y: -0.01 })), b('photo-s', '↓', 'move down', fit({ y: 0.01 })),
      h('label', { title: 'how much the zones cover the photo' }, 'zones ', veil),
      b('photo-remove', 'Remove photo', 'take the photo away (the files beside the tile set go)', () => post('api/photo', { face: f.id, remove: true })));
  }
  host.append(row);
  const title = h('input', { value: f.title || '', placeholder: 'title', id: 'face-title', on: { change: e => send([{ op: 'face.title', face: f.id, value: e.target.value }]) } });
  const other = h('select', { id: 'face-other', on: { change: e => send([{ op: 'face.pair', face: f.id, value: e.target.value }]) } },
    h('option', { value: '', textContent: '(single-sided)' }), ...ts.faces.filter(o => o.id !== f.id).map(o => h('option', { value: o.id, textContent: o.id, selected: o.id === f.other })));
  host.append(h('div', { className: 'row' }, h('label', {}, 'title ', title), h('label', {}, 'other side ', other),
    h('button', { textContent: 'Remove face', on: { click: () => send([{ op: 'face.remove', face: f.id }]) } })));
  const table = h('table', { id: 'zones' });
  for (const [l, z] of Object.entries(f.zones).sort()) {
    const ks = h('select', {}, ...Object.keys(KIND_FILL).map(k => h('option', { value: k, textContent: k, selected: k === z.kind })));
    const name = h('input', { value: z.name || '', placeholder: 'name', size: 12 });
    const feats = FEATURES.map(ft => { const c = h('input', { type: 'checkbox', checked: z.features.includes(ft) }); c.dataset.feature = ft; return c; });
    const other = z.features.filter(ft => !FEATURES.includes(ft));
    const save = () => send([{ op: 'face.zone', face: f.id, label: l, kind: ks.value, value: name.value, features: [...feats.filter(c => c.checked).map(c => c.dataset.feature), ...other] }]);
    ks.addEventListener('change', save);
    name.addEventListener('change', save);
    feats.forEach(c => c.addEventListener('change', save));
    const tr = h('tr', { 'data-label': l }, h('td', {}, h('b', { textContent: l })), h('td', {}, ks), h('td', {}, name),
      h('td', {}, ...feats.flatMap((c, i) => [c, FEATURES[i] + ' '])));
    tr.firstChild.style.cursor = 'pointer';
    tr.firstChild.title = 'paint with this label';
    tr.firstChild.addEventListener('click', () => { ui.label = l; lab.value = l; });
    table.append(tr);
  }
  host.append(table);
}

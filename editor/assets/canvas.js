// The board canvas of the grid kind: the map SVG as render draws it, and a
// layer inside its board group (board units, one cell = board.cell) for
// badges, the selection, sight, the tour and drop previews.
const NS = 'http://www.w3.org/2000/svg';
// CELL_PX is a board cell's size on screen at zoom 1.
export const CELL_PX = 100;

export function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Canvas {
  constructor(host) {
    this.host = host;
    this.svg = null;
    this.board = null; // the map's <g class="board">
    this.layers = {};
    this.b = null; // State.board
  }

  // mount shows a new map; the layers are made again on top of it. The
  // page is drawn at a fixed size per board cell (zoom 1: CELL_PX pixels),
  // so the map does not rescale when the board grows.
  mount(svgText, board, zoom = 1) {
    this.b = board;
    const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
    const svg = document.importNode(doc.documentElement, true);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.id = 'map';
    this.host.replaceChildren(svg);
    this.svg = svg;
    this.board = svg.querySelector('g.board');
    // The board group's place and scale in the page's units (mm).
    const m = this.board.transform.baseVal.consolidate();
    this.bm = m ? m.matrix : { a: 1, e: 0, f: 0 };
    const vb = svg.viewBox.baseVal;
    if (board && board.margin) {
      // Tokens with no board cell stand in a column right of the board:
      // the page grows to show it.
      const u = board.cell * this.bm.a;
      vb.width = Math.max(vb.width, this.bm.e + (board.w + 2.8) * u);
      vb.height = Math.max(vb.height, this.bm.f + (board.margin + 0.5) * u);
    }
    this.vb = { w: vb.width, h: vb.height };
    this.layers = {};
    for (const name of ['shade', 'tour', 'path', 'bad', 'sel', 'badges', 'preview']) {
      this.layers[name] = el('g', { class: 'ed-' + name }, this.board);
    }
    this.scale(zoom);
  }

  // pxPerUnit is the screen pixels of one page unit at a zoom.
  pxPerUnit(zoom) { return CELL_PX * zoom / ((this.b ? this.b.cell : 100) * this.bm.a); }

  // scale zooms the map: at 1 a board cell is CELL_PX pixels.
  scale(zoom) {
    if (!this.svg) return;
    this.svg.style.width = Math.round(this.vb.w * this.pxPerUnit(zoom)) + 'px';
    this.svg.style.height = Math.round(this.vb.h * this.pxPerUnit(zoom)) + 'px';
  }

  // bad draws the tokens the rules could not place where the file puts
  // them, in an error style, and the margin with those that have no cell.
  bad() {
    this.clear('bad');
    if (!this.b) return;
    const L = this.layers.bad, C = this.b.cell, red = '#c0392b';
    if (this.b.margin) {
      const x = (this.b.w + 0.6) * C;
      el('rect', { x, y: -0.1 * C, width: 1.8 * C, height: (this.b.margin + 0.2) * C, fill: '#fdf0ee', stroke: red, 'stroke-width': 3, 'stroke-dasharray': '10 6', class: 'ed-margin' }, L);
      el('text', { x: x + 0.9 * C, y: -0.22 * C, 'text-anchor': 'middle', 'font-size': 22, fill: red }, L).textContent = 'not on the board';
    }
    for (const t of this.b.tokens) {
      if (!t.bad) continue;
      const g = el('g', { class: 'ed-bad-token', 'data-index': t.index }, L);
      el('title', {}, g).textContent = `${t.color ? t.color + ' ' : ''}${t.type}: the rules cannot place it here (see Issues)`;
      if (t.type === 'door' && t.side && !t.off) {
        this.sideLine(t.x, t.y, t.side, { stroke: red, 'stroke-width': 18, 'stroke-dasharray': '12 8', 'stroke-linecap': 'butt' }, g);
        continue;
      }
      const cx = (t.x + (t.off ? 0.5 : 0.5)) * C, cy = (t.y + 0.5) * C;
      el('circle', { cx, cy, r: 0.34 * C, fill: 'white', 'fill-opacity': 0.9, stroke: red, 'stroke-width': 6, 'stroke-dasharray': '12 6' }, g);
      el('text', { x: cx, y: cy + 8, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 'bold', fill: red }, g).textContent = t.type.slice(0, 5);
    }
  }

  clear(name) { if (this.layers[name]) this.layers[name].replaceChildren(); }

  // at maps a pointer event to board coordinates in cells (fractions kept).
  at(ev) {
    if (!this.board) return null;
    const m = this.board.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(m.inverse());
    return { x: p.x / this.b.cell, y: p.y / this.b.cell };
  }

  // cellOf rounds a board point to its cell and the nearest cell side.
  static cellOf(p) {
    const cx = Math.floor(p.x), cy = Math.floor(p.y);
    const fx = p.x - cx, fy = p.y - cy;
    const d = { n: fy, e: 1 - fx, s: 1 - fy, w: fx };
    const side = Object.keys(d).reduce((a, k) => (d[k] < d[a] ? k : a), 'n');
    return { x: cx, y: cy, side, edge: d[side] };
  }

  zone(id) { return this.b && this.b.zones.find(z => z.id === id); }

  zoneAt(x, y) {
    if (!this.b) return null;
    return this.b.zones.find(z => z.cells.some(c => c[0] === x && c[1] === y)) || null;
  }

  // centre of a zone: the centre of its cell nearest to the cells' mean.
  centre(z) {
    const C = this.b.cell;
    let mx = 0, my = 0;
    for (const c of z.cells) { mx += c[0]; my += c[1]; }
    mx /= z.cells.length; my /= z.cells.length;
    let best = z.cells[0], bd = Infinity;
    for (const c of z.cells) {
      const d = (c[0] - mx) ** 2 + (c[1] - my) ** 2;
      if (d < bd) { bd = d; best = c; }
    }
    return [(best[0] + 0.5) * C, (best[1] + 0.5) * C];
  }

  // sidePoint is the middle of a cell side, in board units.
  sidePoint(x, y, side) {
    const C = this.b.cell;
    const o = { n: [0.5, 0], e: [1, 0.5], s: [0.5, 1], w: [0, 0.5] }[side] || [0.5, 0.5];
    return [(x + o[0]) * C, (y + o[1]) * C];
  }

  sideLine(x, y, side, attrs, layer) {
    const C = this.b.cell;
    const seg = { n: [0, 0, 1, 0], e: [1, 0, 1, 1], s: [0, 1, 1, 1], w: [0, 0, 0, 1] }[side];
    if (!seg) return;
    return el('line', { x1: (x + seg[0]) * C, y1: (y + seg[1]) * C, x2: (x + seg[2]) * C, y2: (y + seg[3]) * C, ...attrs }, layer);
  }

  cellRect(x, y, w, h, attrs, layer) {
    const C = this.b.cell;
    return el('rect', { x: x * C, y: y * C, width: w * C, height: h * C, ...attrs }, layer);
  }

  // badges: one marker per place, coloured by its worst finding, with the
  // number of findings there.
  badges(findings, onClick) {
    this.clear('badges');
    if (!this.b) return;
    const C = this.b.cell, L = this.layers.badges;
    const rank = { error: 3, warning: 2, info: 1 };
    const groups = new Map();
    findings.forEach((f, i) => {
      if (!f.place) return;
      const p = f.place;
      // In a corner of the cell, clear of what is drawn there: a door in
      // the middle of its side, the zone's label and a token in the middle
      // of the cell; a door's (or a named side's) badge at that side's end.
      const corner = { n: [0.86, 0.14], e: [0.86, 0.14], s: [0.86, 0.86], w: [0.14, 0.14] };
      let o = [0.86, 0.14];
      if ((p.kind === 'door' || p.kind === 'cell') && corner[p.side]) o = corner[p.side];
      else if (p.kind === 'tile') o = [0.14, 0.14];
      const pt = [(p.x + o[0]) * C, (p.y + o[1]) * C];
      const key = pt.join(',');
      if (!groups.has(key)) groups.set(key, { pt, items: [] });
      groups.get(key).items.push(i);
    });
    for (const { pt, items } of groups.values()) {
      const worst = items.map(i => findings[i].severity).sort((a, b) => rank[b] - rank[a])[0];
      const fill = { error: '#c0392b', warning: '#e0a100', info: '#2f6fbd' }[worst];
      const g = el('g', { class: 'badge badge-' + worst, 'data-findings': items.join(' '), transform: `translate(${pt[0]} ${pt[1]})` }, L);
      el('circle', { r: 12, fill, stroke: 'white', 'stroke-width': 2.5 }, g);
      const t = el('text', { 'text-anchor': 'middle', y: 5, 'font-size': 15, 'font-weight': 'bold', fill: 'white' }, g);
      t.textContent = items.length > 1 ? String(items.length) : '!';
      el('title', {}, g).textContent = items.map(i => findings[i].message).join('\n');
      // A press on a badge is the badge's, never the token's under it.
      g.addEventListener('pointerdown', ev => ev.stopPropagation());
      g.addEventListener('click', ev => { ev.stopPropagation(); onClick(items[0]); });
    }
  }

  // selection outline: a tile, a token's cell, a door's side, a zone.
  selection(sel) {
    this.clear('sel');
    if (!this.b) return;
    // The group picked with shift-click, then the current selection.
    const seen = new Set();
    for (const s of [...(this.group || []), sel]) {
      if (!s || seen.has(s.kind + s.index + s.zone)) continue;
      seen.add(s.kind + s.index + s.zone);
      this.selectionOne(s);
    }
  }

  selectionOne(sel) {
    const L = this.layers.sel, st = { fill: 'none', stroke: '#2f6fbd', 'stroke-width': 8, 'stroke-dasharray': '14 8' };
    if (sel.kind === 'tile') {
      const t = this.b.tiles.find(t => t.index === sel.index);
      if (t) this.cellRect(t.col * this.b.n, t.row * this.b.n, this.b.n, this.b.n, st, L);
    } else if (sel.kind === 'token') {
      const t = this.b.tokens.find(t => t.index === sel.index);
      if (!t) return;
      if (t.type === 'door') this.sideLine(t.x, t.y, t.side, { stroke: '#2f6fbd', 'stroke-width': 22, 'stroke-opacity': 0.5 }, L);
      else this.cellRect(t.x + 0.06, t.y + 0.06, 0.88, 0.88, st, L);
    } else if (sel.kind === 'zone') {
      const z = this.zone(sel.zone);
      if (z) for (const c of z.cells) this.cellRect(c[0], c[1], 1, 1, { ...st, 'stroke-width': 5 }, L);
    }
  }

  // sight shades what a zone sees, darker when nearer, and draws the
  // enemies' path to it.
  sight(los) {
    this.clear('shade');
    this.clear('path');
    if (!los || !this.b) return;
    const max = Math.max(1, ...los.seen.map(s => s.range));
    for (const s of los.seen) {
      const z = this.zone(s.zone);
      if (!z) continue;
      const op = s.range === 0 ? 0.45 : 0.38 - 0.25 * (s.range - 1) / max;
      for (const c of z.cells) this.cellRect(c[0], c[1], 1, 1, { fill: '#2f6fbd', 'fill-opacity': op.toFixed(2), class: 'los-cell', 'data-zone': s.zone, 'data-range': s.range }, this.layers.shade);
    }
    if (los.path.length > 1) {
      const pts = los.path.map(id => this.centre(this.zone(id)).join(',')).join(' ');
      el('polyline', { points: pts, fill: 'none', stroke: '#c0392b', 'stroke-width': 10, 'stroke-dasharray': '24 12', 'stroke-linecap': 'round', class: 'enemy-path' }, this.layers.path);
    }
  }

  // tour draws analyze's legs up to step, numbered at each stop.
  tour(legs, step) {
    this.clear('tour');
    if (!legs || !this.b) return;
    const L = this.layers.tour;
    legs.slice(0, step).forEach((leg, i) => {
      const pts = leg.path.map(id => this.zone(id)).filter(Boolean).map(z => this.centre(z));
      if (pts.length === 0) return;
      const off = (i % 3 - 1) * 8; // legs over the same zones stay apart
      el('polyline', { points: pts.map(p => `${p[0] + off},${p[1] + off}`).join(' '), fill: 'none', stroke: i === step - 1 ? '#1e7a32' : '#5a9e6a', 'stroke-width': 9, 'stroke-linejoin': 'round', 'stroke-linecap': 'round', 'stroke-opacity': 0.85, class: 'tour-leg' }, L);
      const end = pts[pts.length - 1];
      const g = el('g', { transform: `translate(${end[0] + off} ${end[1] + off})`, class: 'tour-stop' }, L);
      el('circle', { r: 17, fill: '#1e7a32', stroke: 'white', 'stroke-width': 3 }, g);
      el('text', { 'text-anchor': 'middle', y: 7, 'font-size': 20, 'font-weight': 'bold', fill: 'white' }, g).textContent = String(i + 1);
    });
  }

  // preview shows where a drop would land.
  preview(p) {
    this.clear('preview');
    if (!p || !this.b) return;
    const L = this.layers.preview, st = { fill: '#2f6fbd', 'fill-opacity': 0.18, stroke: '#2f6fbd', 'stroke-width': 6 };
    if (p.kind === 'tile') this.cellRect(p.col * this.b.n, p.row * this.b.n, this.b.n, this.b.n, st, L);
    else if (p.kind === 'door') this.sideLine(p.x, p.y, p.side, { stroke: '#2f6fbd', 'stroke-width': 24, 'stroke-opacity': 0.6 }, L);
    else this.cellRect(p.x, p.y, 1, 1, st, L);
  }
}

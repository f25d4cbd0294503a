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

// arrange makes parent's children the elements of list, in its order,
// with the fewest moves: the longest run of kept children already in
// order stays where it is, each other element of list is put before the
// one after it, and the children not in list go. Moving every element
// after one that moved (a badge whose first finding went down the list)
// made Chromium style and lay out hundreds of them again.
export function arrange(parent, list) {
  const want = new Set(list);
  for (const c of [...parent.children]) if (!want.has(c)) c.remove();
  const pos = new Map();
  let k = 0;
  for (const c of parent.children) pos.set(c, k++);
  // The longest increasing run of the kept elements' places (patience
  // sorting): tails[j] is the index in list of the smallest last place of
  // a run of j+1, prev links each to the one before it in its run.
  const tails = [], prev = new Array(list.length).fill(-1);
  list.forEach((e, i) => {
    const p = pos.get(e);
    if (p === undefined) return;
    let lo = 0, hi = tails.length;
    while (lo < hi) { const m = (lo + hi) >> 1; if (pos.get(list[tails[m]]) < p) lo = m + 1; else hi = m; }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  });
  const stay = new Set();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) stay.add(list[i]);
  for (let i = list.length - 1; i >= 0; i--) {
    if (stay.has(list[i])) continue;
    const next = i + 1 < list.length ? list[i + 1] : null;
    if (list[i].nextSibling !== next || list[i].parentNode !== parent) parent.insertBefore(list[i], next);
  }
}

// setAttributes gives e the attributes of an opening tag (render's own;
// the page's id, size and style of the <svg> element stay).
function setAttributes(e, tag, root) {
  const doc = new DOMParser().parseFromString(tag.replace(/>$/, '/>'), 'image/svg+xml');
  const n = doc.documentElement;
  const keep = a => a.name.startsWith('xmlns') || (root && ['id', 'style', 'width', 'height'].includes(a.name));
  for (const a of [...e.attributes]) if (!keep(a) && !n.hasAttribute(a.name)) e.removeAttribute(a.name);
  for (const a of n.attributes) if (!keep(a)) e.setAttribute(a.name, a.value);
}

// own: one of the editor's elements, not render's.
const own = c => (c.id || '').startsWith('ed-') || (c.getAttribute('class') || '').startsWith('ed-');

// The groups drawn in pieces (chunk), and a piece's side in cells.
const CHUNKED = new Set(['tokens', 'tile-badges', 'labels']);
const CHUNK_CELLS = 15;

// anchor is where an element of render's stands, in its units: its x and
// y, its centre, or its path's first point.
function anchor(e) {
  const num = a => { const v = e.getAttribute(a); return v === null ? NaN : parseFloat(v); };
  let x = num('x'), y = num('y');
  if (isNaN(x)) { x = num('cx'); y = num('cy'); }
  if (isNaN(x)) { x = num('x1'); y = num('y1'); }
  if (isNaN(x)) {
    const m = /(-?[\d.]+)[ ,]+(-?[\d.]+)/.exec(e.getAttribute('d') || e.getAttribute('points') || e.getAttribute('transform') || '');
    if (m) { x = parseFloat(m[1]); y = parseFloat(m[2]); }
  }
  return [isNaN(x) ? 0 : x, isNaN(y) ? 0 : y];
}

// sameShape: the new elements are the old ones' tags, one for one, each
// holding at most text (a group is replaced whole).
function sameShape(old, next) {
  if (!old.length || old.length !== next.length) return false;
  for (let j = 0; j < old.length; j++) {
    const a = old[j], b = next[j];
    if (a.tagName !== b.tagName || a.childElementCount || b.childElementCount) return false;
  }
  return true;
}

// copyInto makes e the element n: its attributes and its text.
function copyInto(e, n) {
  for (const a of [...e.attributes]) if (!n.hasAttribute(a.name)) e.removeAttribute(a.name);
  for (const a of n.attributes) if (e.getAttribute(a.name) !== a.value) e.setAttribute(a.name, a.value);
  if (e.textContent !== n.textContent) e.textContent = n.textContent;
}

// cuttable: a path drawn the same cut in paths of some of its strokes
// each: long, every stroke one straight segment (so the fill, which a
// path of its own would give each, covers nothing), and nothing that a
// cut path draws otherwise (an opacity, which overlapping paths would add
// up; markers; a transform).
function cuttable(e) {
  if (e.localName !== 'path') return false;
  const d = e.getAttribute('d') || '';
  if (d.length < 8192) return false;
  for (const a of ['opacity', 'stroke-opacity', 'fill-opacity', 'marker-start', 'marker-mid', 'marker-end', 'transform', 'filter', 'clip-path', 'mask']) if (e.hasAttribute(a)) return false;
  if (e.cutD === d) return e.cutOK;
  e.cutD = d;
  e.cutOK = /^(M\s*-?[\d.]+[\s,]+-?[\d.]+\s*[HV]\s*-?[\d.]+\s*)+$/.test(d);
  return e.cutOK;
}

// parseAdds parses the elements a patch adds, each run in a group of its
// own, all in one go: a turn on a 20×20-tile board replaces two hundred
// elements here and there, and a parse of each cost more than the
// elements. Were the runs to come apart in one parse (text that closes a
// group it did not open), each is parsed alone.
function parseAdds(adds) {
  const box = document.createElementNS(NS, 'g');
  box.innerHTML = adds.map(a => '<g>' + a + '</g>').join('');
  const gs = [...box.children];
  if (gs.length === adds.length && gs.every(g => g.localName === 'g' && g.namespaceURI === NS && !g.attributes.length)) return gs;
  return adds.map(a => { const g = document.createElementNS(NS, 'g'); g.innerHTML = a; return g; });
}

function setIf(e, name, value) {
  if (e.getAttribute(name) !== value) e.setAttribute(name, value);
}

export class Canvas {
  constructor(host) {
    this.host = host;
    this.svg = null;
    this.board = null; // the map's <g class="board">
    this.layers = {};
    this.b = null; // State.board
    this.parts = new Map(); // a group drawn in pieces → its elements, as render wrote them
    this.pieces = new Map(); // such a group → its pieces' holders by square
    this.pieceIDs = 0;
    this.splits = new Map(); // a group holding a path shown cut in squares (cut) → its elements, as render wrote them
  }

  // mount shows a new map; the layers are made again on top of it. The
  // page is drawn at a fixed size per board cell (zoom 1: CELL_PX pixels),
  // so the map does not rescale when the board grows.
  mount(svgText, board, zoom = 1) {
    // Parsed straight into this page (the HTML parser reads SVG as well):
    // a separate XML document and a deep import of it cost twice as much on
    // a big board.
    const tmp = document.createElement('div');
    tmp.innerHTML = svgText;
    const svg = tmp.querySelector('svg');
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.id = 'map';
    this.host.replaceChildren(svg);
    this.svg = svg;
    this.board = svg.querySelector('g.board');
    // What render drew goes in one group, so a drag can show a piece of
    // it (a tile, a token) under the pointer with <use>, clipped.
    const art = el('g', { id: 'ed-art' });
    art.append(...this.board.childNodes);
    this.board.appendChild(art);
    this.art = art;
    this.b = board;
    this.chunk();
    this.cut();
    this.defs = el('defs', { class: 'ed-defs' }, svg);
    const hatch = el('pattern', { id: 'ed-hatch', patternUnits: 'userSpaceOnUse', width: 24, height: 24, patternTransform: 'rotate(45)' }, this.defs);
    el('rect', { width: 8, height: 24, fill: '#c0392b', 'fill-opacity': 0.35 }, hatch);
    this.layers = {};
    for (const name of ['shade', 'tour', 'path', 'bad', 'pins', 'sel', 'badges', 'keys']) {
      this.layers[name] = el('g', { class: 'ed-' + name }, this.board);
    }
    // What a drag shows goes over the whole page (the text beside the
    // board comes after it in the drawing), in the board's units.
    const top = el('g', { class: 'ed-top' }, svg);
    this.layers.preview = el('g', { class: 'ed-preview' }, top);
    this.viewBox = svg.getAttribute('viewBox');
    this.place(board, zoom);
  }

  // place reads the board group's place and scale and sizes the page for
  // what the editor draws beyond render's page.
  place(board, zoom) {
    this.b = board;
    const svg = this.svg;
    // The board group's place and scale in the page's units (mm).
    const m = this.board.transform.baseVal.consolidate();
    this.bm = m ? m.matrix : { a: 1, e: 0, f: 0 };
    const [x, y, w0, h0] = this.viewBox.split(/[\s,]+/).map(Number);
    let w = w0, h = h0;
    if (board && board.margin) {
      // Tokens with no board cell stand in a column right of the board:
      // the page grows to show it.
      const u = board.cell * this.bm.a;
      w = Math.max(w, this.bm.e + (board.w + 2.8) * u);
      h = Math.max(h, this.bm.f + (board.margin + 0.5) * u);
    }
    if (board) {
      // A tile the rules refused may lie beyond the board: the page grows
      // to show it too.
      const u = board.cell * this.bm.a;
      for (const t of board.tiles) {
        if (!t.bad) continue;
        w = Math.max(w, this.bm.e + ((t.col + 1) * board.n + 0.3) * u);
        h = Math.max(h, this.bm.f + ((t.row + 1) * board.n + 0.3) * u);
      }
    }
    this.vb = { w, h };
    // Set only when it changes: a new viewBox lays the whole drawing out
    // again, which on a big board costs more than the edit.
    setIf(svg, 'viewBox', `${x} ${y} ${w} ${h}`);
    const chain = [];
    for (let e = this.board; e && e !== svg; e = e.parentNode) chain.unshift(e.getAttribute('transform') || '');
    setIf(this.layers.preview.parentNode, 'transform', chain.join(' ').trim());
    this.scale(zoom);
  }

  // patch makes the drawing shown into the next one by the session's
  // patch of it (editor/svgpatch.go): in each group the patch names,
  // children replaced, or the group's attributes set. The editor's own
  // elements (ed-…) are not render's: they are not counted. False when the
  // drawing shown is not the one the patch is of; nothing is changed then.
  patch(ops, board, zoom) {
    // The pieces cover the board they were cut for: a board of another
    // size is drawn anew.
    if (this.parts.size && board && this.b && (board.w !== this.b.w || board.h !== this.b.h)) return false;
    // The editor's elements are only in the <svg> element and the board
    // group (whose drawing is in ed-art).
    const kids = e => this.parts.get(e) || this.splits.get(e) || (e === this.board ? this.art.children : e === this.svg ? [...e.children].filter(c => !own(c)) : e.children);
    const todo = [...ops].sort((a, b) => b.line - a.line).map(op => {
      let e = this.svg;
      for (const i of op.path) if (!(e = kids(e)[i])) return null;
      return { op, e };
    });
    if (todo.some(t => !t || (!t.op.open && t.op.at + t.op.del > kids(t.e).length))) return false;
    const adding = todo.filter(t => !t.op.open && t.op.add);
    parseAdds(adding.map(t => t.op.add)).forEach((g, i) => { adding[i].parsed = g; });
    for (const { op, e, parsed } of todo) {
      if (op.open) {
        setAttributes(e, op.add, e === this.svg);
        if (e === this.svg) this.viewBox = e.getAttribute('viewBox');
        continue;
      }
      const ks = kids(e), host = e === this.board ? this.art : e;
      const ref = ks[op.at + op.del] || (host === this.svg ? [...host.children].find(own) : null) || null;
      const gone = [];
      for (let j = 0; j < op.del; j++) gone.push(ks[op.at + j]);
      const t = parsed || document.createElementNS(NS, 'g');
      if (sameShape(gone, t.children)) {
        // The same elements with other attributes or words (a token
        // moved, a label shifted): changed where they stand. Chromium then
        // keeps the drawing's paint structure, and the frame after the
        // edit costs a third less on a big board than with new elements.
        gone.forEach((g, j) => copyInto(g, t.children[j]));
        // One that went to another square goes to that square's piece.
        const parts = this.parts.get(e);
        if (parts) gone.forEach((g, j) => this.putInPiece(e, parts, op.at + j));
        if (this.splits.has(e)) this.showCut(e);
        continue;
      }
      for (const g of gone) g.remove();
      const list = this.splits.get(e);
      if (list) {
        list.splice(op.at, op.del, ...t.children);
        this.showCut(e);
        continue;
      }
      const parts = this.parts.get(e);
      if (parts) {
        // A group drawn in pieces: its list says what render wrote.
        const added = [...t.children];
        parts.splice(op.at, op.del, ...added);
        added.forEach((n, j) => this.putInPiece(e, parts, op.at + j));
        continue;
      }
      if (op.add) {
        const f = document.createDocumentFragment();
        f.append(...t.childNodes);
        host.insertBefore(f, ref);
      }
    }
    this.place(board, zoom);
    return true;
  }

  // chunk draws the groups that an edit changes here and there (tokens,
  // the tiles' badges, the labels) in pieces, a square of the board each:
  // Chromium paints again, after an edit, only the pieces it changed, where
  // it painted the whole drawing again (on a 60×60-cell board, a frame of
  // 30 ms became one of 17). Each piece is an <svg> in a <foreignObject>
  // of the group, in the board's units, on a layer of its own; the group's
  // list of what render wrote (parts) is what a patch counts in.
  chunk() {
    this.parts = new Map();
    this.pieces = new Map();
    const b = this.b;
    if (!b || !b.w || !b.h) return;
    for (const g of [...this.art.children]) {
      if (!CHUNKED.has(g.getAttribute('class')) || g.childElementCount === 0) continue;
      const parts = [...g.children];
      this.parts.set(g, parts);
      this.pieces.set(g, new Map());
      for (let i = 0; i < parts.length; i++) this.putInPiece(g, parts, i);
      // Text between the elements (render's line ends) is not drawn.
      for (const n of [...g.childNodes]) if (n.nodeType === Node.TEXT_NODE) n.remove();
    }
  }

  // cut shows each long path of the edges group (the walls, the doors'
  // frames: thousands of strokes in one path, over the whole board) as one
  // path a square of the board, the strokes that start in it. A turn
  // changes some strokes of such a path, and Chromium rasterised the whole
  // board again for it (a path's change repaints its whole box); now only
  // the squares whose strokes changed. The group's list (splits) is what
  // render wrote, which a patch counts in; only a path that draws the same
  // cut is cut (cuttable).
  cut() {
    this.splits = new Map();
    if (!this.b || !this.b.w || !this.b.h) return;
    for (const g of this.art.children) {
      if (g.getAttribute('class') !== 'edges' || ![...g.children].some(cuttable)) continue;
      this.splits.set(g, [...g.children]);
      this.showCut(g);
    }
  }

  // showCut makes group g show its list: a cuttable path by its squares'
  // paths (kept where they stand the same), the others as they are.
  showCut(g) {
    const shown = [];
    for (const e of this.splits.get(g)) {
      if (!cuttable(e)) { shown.push(e); continue; }
      let h = e.cutShown;
      if (!h) {
        h = document.createElementNS(NS, 'g');
        h.setAttribute('class', 'ed-cut');
        h.squares = new Map();
        e.cutShown = h;
      }
      shown.push(h);
      const d = e.getAttribute('d'), attrs = [...e.attributes].filter(a => a.name !== 'd');
      const sig = attrs.map(a => a.name + '=' + a.value).join(' ');
      if (h.d === d && h.sig === sig) continue;
      h.d = d;
      h.sig = sig;
      const by = new Map();
      for (const sub of d.split(/(?=M)/)) {
        const m = /^M\s*(-?[\d.]+)[\s,]+(-?[\d.]+)/.exec(sub);
        const k = m ? this.squareOf(+m[1], +m[2]) : 0;
        by.set(k, (by.get(k) || '') + sub);
      }
      const keys = [...by.keys()].sort((a, b) => a - b), paths = [];
      for (const k of keys) {
        let q = h.squares.get(k);
        if (!q) { q = document.createElementNS(NS, 'path'); h.squares.set(k, q); }
        for (const a of [...q.attributes]) if (a.name !== 'd' && !e.hasAttribute(a.name)) q.removeAttribute(a.name);
        for (const a of attrs) if (q.getAttribute(a.name) !== a.value) q.setAttribute(a.name, a.value);
        if (q.getAttribute('d') !== by.get(k)) q.setAttribute('d', by.get(k));
        paths.push(q);
      }
      for (const k of [...h.squares.keys()]) if (!by.has(k)) h.squares.delete(k);
      arrange(h, paths);
    }
    arrange(g, shown);
  }

  // putInPiece puts parts[i], an element of group g, in the piece of the
  // board where it stands, before the next of g's elements in that piece.
  putInPiece(g, parts, i) {
    const e = parts[i], C = this.b.cell;
    const pieces = this.pieces.get(g), key = this.squareOf(...anchor(e));
    let holder = pieces.get(key);
    if (holder && e.parentNode === holder) return; // in its piece, in order
    if (!holder) {
      // The piece covers the whole board and a cell around it: what stands
      // a little out of its square, or beyond the board, is drawn.
      const x0 = -C, y0 = -C, w = (this.b.w + 2) * C, h = (this.b.h + 2) * C;
      const fo = el('foreignObject', { x: x0, y: y0, width: w, height: h, class: 'ed-piece' }, g);
      const div = document.createElementNS('http://www.w3.org/1999/xhtml', 'div');
      div.className = 'ed-piece-layer';
      div.style.width = w + 'px';
      div.style.height = h + 'px';
      fo.appendChild(div);
      const svg = el('svg', { width: w, height: h, viewBox: `${x0} ${y0} ${w} ${h}`, overflow: 'visible' }, div);
      holder = el('g', { class: g.getAttribute('class'), id: `ed-piece-${++this.pieceIDs}` }, svg);
      pieces.set(key, holder);
    }
    let next = null;
    for (let j = i + 1; j < parts.length; j++) if (parts[j].parentNode === holder) { next = parts[j]; break; }
    holder.insertBefore(e, next);
  }

  // pieceUses draws, clipped by ed-clip-k, the pieces over the rectangle
  // x, y, w, h (board units): a <use> does not draw a <foreignObject>, so
  // a drag's picture of the map takes its tokens, badges and labels from
  // the pieces themselves.
  pieceUses(x, y, w, h, k, parent) {
    if (!this.b) return;
    const C = this.b.cell, side = CHUNK_CELLS * C, cols = Math.ceil(this.b.w / CHUNK_CELLS);
    for (const holders of this.pieces.values()) {
      for (const [key, holder] of holders) {
        // A piece's square (squareOf's key), and a cell around it for what
        // stands out.
        const px = (key % cols) * side - C, py = Math.floor(key / cols) * side - C;
        if (px > x + w || py > y + h || px + side + 2 * C < x || py + side + 2 * C < y) continue;
        el('use', { href: '#' + holder.id, 'clip-path': `url(#ed-clip-${k})`, class: 'ed-ghost-art' }, parent);
      }
    }
  }

  // squareOf is the key of the board's square (CHUNK_CELLS a side) that
  // holds the point x, y (board units): row by row, from 0; a point off
  // the board counts in the nearest square.
  squareOf(x, y) {
    const side = CHUNK_CELLS * this.b.cell;
    const cols = Math.ceil(this.b.w / CHUNK_CELLS), rows = Math.ceil(this.b.h / CHUNK_CELLS);
    const cx = Math.min(cols - 1, Math.max(0, Math.floor(x / side))), cy = Math.min(rows - 1, Math.max(0, Math.floor(y / side)));
    return cy * cols + cx;
  }

  // drawingText is the drawing as render wrote it, the editor's own
  // elements left out: what the page shows, for the tests.
  drawingText() {
    const text = e => {
      const parts = this.parts.get(e) || this.splits.get(e);
      if (!parts) return e.outerHTML;
      const open = e.cloneNode(false).outerHTML.replace(/<\/[^>]+>$/, '');
      return open + parts.map(text).join('') + `</${e.tagName}>`;
    };
    return [...this.svg.children].filter(c => !own(c)).map(c => c === this.board
      ? c.getAttribute('transform') + [...this.art.children].map(text).join('')
      : c.outerHTML);
  }

  // pxPerUnit is the screen pixels of one page unit at a zoom.
  pxPerUnit(zoom) { return CELL_PX * zoom / ((this.b ? this.b.cell : 100) * this.bm.a); }

  // scale zooms the map: at 1 a board cell is CELL_PX pixels.
  scale(zoom) {
    if (!this.svg) return;
    const w = Math.round(this.vb.w * this.pxPerUnit(zoom)) + 'px', h = Math.round(this.vb.h * this.pxPerUnit(zoom)) + 'px';
    if (this.svg.style.width !== w) this.svg.style.width = w;
    if (this.svg.style.height !== h) this.svg.style.height = h;
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
    for (const t of this.b.tiles) {
      if (!t.bad) continue;
      // A tile the rules refuse: hatched, outlined, and labelled in its
      // middle, where a click selects it even over the tile it overlaps.
      const n = this.b.n, g = el('g', { class: 'ed-bad-tile', 'data-index': t.index }, L);
      el('title', {}, g).textContent = `tile ${t.index + 1} (${t.face}): the rules cannot put it down here (see Issues)`;
      this.cellRect(t.col * n + 0.1, t.row * n + 0.1, n - 0.2, n - 0.2, { fill: 'url(#ed-hatch)', stroke: red, 'stroke-width': 8, 'stroke-dasharray': '24 10' }, g);
      const r = this.badTileLabel(t);
      this.cellRect(r.x, r.y, r.w, r.h, { fill: 'white', stroke: red, 'stroke-width': 4, rx: 8, class: 'ed-bad-tile-label' }, g);
      el('text', { x: (r.x + r.w / 2) * C, y: (r.y + r.h / 2) * C + 9, 'text-anchor': 'middle', 'font-size': 26, 'font-weight': 'bold', fill: red }, g).textContent = `✗ tile ${t.index + 1}: ${t.face}`;
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

  // badTileLabel is the label of a refused tile, in cells: a band across
  // its middle, a little below it so two refused tiles on one place differ.
  badTileLabel(t) {
    const n = this.b.n, same = this.b.tiles.filter(x => x.bad && x.col === t.col && x.row === t.row);
    const k = same.indexOf(t);
    return { x: t.col * n + n * 0.12, y: t.row * n + n / 2 - 0.25 + k * 0.6, w: n * 0.76, h: 0.5 };
  }

  badTileHit(t, p) {
    const r = this.badTileLabel(t);
    return p.x >= r.x && p.x <= r.x + r.w && p.y >= r.y && p.y <= r.y + r.h;
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
    // The same findings on the same layer: the badges drawn stand (an
    // edit that changes no finding, on a board of hundreds of them).
    const memo = { findings, layer: this.layers.badges, cell: this.b && this.b.cell };
    const m = this.badgesDrawn;
    if (m && m.findings === memo.findings && m.layer === memo.layer && m.cell === memo.cell) return;
    this.badgesDrawn = memo;
    this.badgeClick = onClick;
    if (!this.b) { this.clear('badges'); return; }
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
    // A badge drawn before with the same place, colour, count and words
    // stands: a turn changes a few findings of
    // hundreds but moves most of them in the list, so a badge is known by
    // what it shows, not by the findings' places in the list, which a kept
    // badge takes from this state (its click picks its first finding as
    // it is numbered now). Every badge made anew cost Chromium the styling
    // and layout of hundreds.
    const before = this.badgeEls && this.badgeEls.layer === L ? this.badgeEls.byKey : new Map();
    const byKey = new Map(), list = [];
    for (const { pt, items } of groups.values()) {
      const worst = items.map(i => findings[i].severity).sort((a, b) => rank[b] - rank[a])[0];
      const title = items.map(i => findings[i].words || findings[i].message).join('\n');
      const key = `${pt} ${worst} ${items.length} ${title}`;
      const at = items.join(' ');
      let g = before.get(key);
      if (g) {
        if (g.getAttribute('data-findings') !== at) g.setAttribute('data-findings', at);
      } else {
        const fill = { error: '#c0392b', warning: '#e0a100', info: '#2f6fbd' }[worst];
        // Placed by its shapes' own coordinates, not a transform: five
        // hundred transforms were as many paint property nodes, which
        // Chromium walked and layered again at every frame after an edit.
        g = el('g', { class: 'badge badge-' + worst, 'data-findings': at });
        el('circle', { cx: pt[0], cy: pt[1], r: 12, fill, stroke: 'white', 'stroke-width': 2.5 }, g);
        const t = el('text', { x: pt[0], y: pt[1] + 5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 'bold', fill: 'white' }, g);
        t.textContent = items.length > 1 ? String(items.length) : '!';
        el('title', {}, g).textContent = title;
        // A press on a badge is the badge's, never the token's under it.
        g.addEventListener('pointerdown', ev => ev.stopPropagation());
        const badge = g;
        g.addEventListener('click', ev => { ev.stopPropagation(); this.badgeClick(badge.badgeFirst); });
      }
      g.badgeFirst = items[0];
      byKey.set(key, g);
      list.push(g);
    }
    this.badgeEls = { layer: L, byKey };
    // In the order drawn anew: those that stand stay where they are.
    arrange(L, list);
  }

  // keys puts a focusable stand-in over each token and tile, in reading
  // order (the tokens, then the tiles): Tab reaches them, Enter or Space
  // on one selects it (onFocus), and the page's keys act on it as on a
  // selection made with the mouse, which goes through them. The one focused before
  // the map changed is focused again.
  keys(onFocus) {
    const L = this.layers.keys;
    const had = L.contains(document.activeElement) ? document.activeElement.dataset.key : null;
    const memo = { b: this.b, layer: L };
    const m = this.keysDrawn;
    this.keyFocus = onFocus;
    if (!(m && m.b === memo.b && m.layer === memo.layer)) {
      this.keysDrawn = memo;
      if (!this.b) { this.clear('keys'); this.keyEls = null; return; }
      const n = this.b.n;
      const byPlace = (a, b) => a.y - b.y || a.x - b.x || a.index - b.index;
      const want = [];
      for (const t of [...this.b.tokens].sort(byPlace)) {
        want.push({ key: 'token:' + t.index, r: [t.x + 0.04, t.y + 0.04, 0.92, 0.92],
          label: `${t.color ? t.color + ' ' : ''}${t.type}${t.id ? ' ' + t.id : ''}${t.zone ? ', zone ' + t.zone : ''}${t.side ? ', ' + t.side + ' side' : ''}` });
      }
      const tiles = [...this.b.tiles].map(t => ({ ...t, x: t.col, y: t.row })).sort(byPlace);
      for (const t of tiles) want.push({ key: 'tile:' + t.index, r: [t.col * n + 0.04, t.row * n + 0.04, n - 0.08, n - 0.08], label: `tile ${t.face}, turned ${t.rot}°` });
      // A stand-in with the same piece, place and words stands: each
      // turn's board is a new one, and every stand-in was made anew (on
      // 20×20 tiles, 400 and more, each styled and laid out again).
      const before = this.keyEls && this.keyEls.layer === L ? this.keyEls.byKey : new Map();
      const byKey = new Map(), list = [];
      for (const w of want) {
        const k = `${w.key} ${w.r.join(',')} ${this.b.cell} ${w.label}`;
        let r = before.get(k);
        if (!r) {
          r = this.cellRect(w.r[0], w.r[1], w.r[2], w.r[3], { class: 'ed-key', tabindex: 0, role: 'button' });
          r.dataset.key = w.key;
          r.setAttribute('aria-label', w.label);
          const [kind, i] = w.key.split(':');
          const sel = { kind, index: Number(i) };
          // Reached with Tab it is only focused (passing over a door must
          // not make the next R turn it); Enter or Space selects it.
          r.addEventListener('keydown', ev => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); this.keyFocus(sel, true); } });
        }
        byKey.set(k, r);
        list.push(r);
      }
      this.keyEls = { layer: L, byKey };
      // In reading order: those that stand stay where they are.
      arrange(L, list);
    }
    if (had && document.activeElement !== L.querySelector(`[data-key="${had}"]`)) {
      const r = L.querySelector(`[data-key="${had}"]`);
      if (r) r.focus({ preventScroll: true });
    }
  }

  // focusKey focuses the stand-in of a selection, when it has one.
  focusKey(sel) {
    const r = sel && this.layers.keys && this.layers.keys.querySelector(`[data-key="${sel.kind}:${sel.index}"]`);
    if (r && document.activeElement !== r) r.focus({ preventScroll: true });
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

  // pins marks what Regenerate the rest keeps: a pin in a tile's top
  // left corner, on a token's cell (a door: at its side).
  pins(items) {
    this.clear('pins');
    if (!this.b) return;
    const L = this.layers.pins, C = this.b.cell;
    const pin = (cx, cy, r, what) => {
      const g = el('g', { class: 'ed-pin', 'data-pin': what }, L);
      el('line', { x1: cx, y1: cy, x2: cx + r * 0.9, y2: cy + r * 1.9, stroke: '#5b1a12', 'stroke-width': r * 0.28, 'stroke-linecap': 'round' }, g);
      el('circle', { cx, cy, r, fill: '#c0392b', stroke: '#fff', 'stroke-width': r * 0.3 }, g);
    };
    for (const [kind, t] of items) {
      if (kind === 'tile') pin((t.col * this.b.n + 0.32) * C, (t.row * this.b.n + 0.3) * C, 0.14 * C, 'tile:' + t.index);
      else if (!t.off && t.type === 'door') { const [x, y] = this.sidePoint(t.x, t.y, t.side); pin(x, y - 0.12 * C, 0.1 * C, 'token:' + t.index); }
      else if (!t.off) pin((t.x + 0.2) * C, (t.y + 0.18) * C, 0.1 * C, 'token:' + t.index);
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

  // preview shows what a drag would put down, where and as it would land:
  // each item a tile (col, row, its turn) or a token (x, y, side), drawn
  // as it is on the map (src: where it stands now) or as the palette draws
  // it (face, icon); red where it would overlap or fall off (bad).
  preview(items) {
    this.clear('preview');
    for (const c of this.defs ? [...this.defs.querySelectorAll('.ed-clip')] : []) c.remove();
    if (!items || !this.b) return;
    const L = this.layers.preview, C = this.b.cell, n = this.b.n;
    items.forEach((p, k) => {
      const col = p.bad ? '#c0392b' : '#2f6fbd';
      const g = el('g', { class: 'ed-ghost' + (p.bad ? ' ed-ghost-bad' : ''), 'data-kind': p.kind }, L);
      if (p.kind === 'tile') {
        const x = p.col * n * C, y = p.row * n * C, s = n * C;
        if (p.src && k < 24) {
          // The tile as the map draws it, moved and turned.
          const sx = p.src.col * n * C, sy = p.src.row * n * C;
          const clip = el('clipPath', { id: 'ed-clip-' + k, class: 'ed-clip' }, this.defs);
          el('rect', { x: sx, y: sy, width: s, height: s }, clip);
          const u = el('g', { transform: `translate(${x - sx} ${y - sy}) rotate(${p.turn || 0} ${sx + s / 2} ${sy + s / 2})`, opacity: 0.9 }, g);
          el('rect', { x: sx, y: sy, width: s, height: s, fill: 'white' }, u);
          el('use', { href: '#ed-art', 'clip-path': `url(#ed-clip-${k})`, class: 'ed-ghost-art' }, u);
          this.pieceUses(sx, sy, s, s, k, u);
        } else if (p.face) {
          const u = el('g', { transform: `rotate(${p.rot || 0} ${x + s / 2} ${y + s / 2})`, opacity: 0.85 }, g);
          const pic = p.face.cloneNode(true);
          for (const [a, v] of Object.entries({ x, y, width: s, height: s, class: 'ed-ghost-face' })) pic.setAttribute(a, v);
          u.appendChild(pic);
        }
        el('rect', { x, y, width: s, height: s, fill: col, 'fill-opacity': p.bad ? 0.35 : 0.08, stroke: col, 'stroke-width': 8 }, g);
        return;
      }
      if (p.kind === 'door') {
        const line = this.sideLine(p.x, p.y, p.side, { stroke: p.bad ? col : (p.color || col), 'stroke-width': 24, 'stroke-opacity': 0.75, 'stroke-linecap': 'round' }, g);
        if (line && p.bad) line.setAttribute('stroke-dasharray', '14 8');
        return;
      }
      if (p.src && k < 24) {
        const clip = el('clipPath', { id: 'ed-clip-' + k, class: 'ed-clip' }, this.defs);
        el('rect', { x: p.src.x * C, y: p.src.y * C, width: C, height: C }, clip);
        const u = el('g', { transform: `translate(${(p.x - p.src.x) * C} ${(p.y - p.src.y) * C})`, opacity: 0.9 }, g);
        el('rect', { x: p.src.x * C, y: p.src.y * C, width: C, height: C, fill: 'white' }, u);
        el('use', { href: '#ed-art', 'clip-path': `url(#ed-clip-${k})`, class: 'ed-ghost-art' }, u);
        this.pieceUses(p.src.x * C, p.src.y * C, C, C, k, u);
      } else if (p.icon && this.svg.querySelector('symbol#' + CSS.escape(p.icon.id))) {
        el('use', { href: '#' + p.icon.id, x: (p.x + 0.15) * C, y: (p.y + 0.15) * C, width: 0.7 * C, height: 0.7 * C, color: p.icon.color || '#9a9a9a', class: 'ed-ghost-icon' }, g);
      } else if (p.icon) {
        el('circle', { cx: (p.x + 0.5) * C, cy: (p.y + 0.5) * C, r: 0.34 * C, fill: p.icon.color || '#ddd', stroke: '#333', 'stroke-width': 4, class: 'ed-ghost-icon' }, g);
        el('text', { x: (p.x + 0.5) * C, y: (p.y + 0.5) * C + 8, 'text-anchor': 'middle', 'font-size': 22, 'font-weight': 'bold', fill: '#222' }, g).textContent = p.icon.type.slice(0, 5);
      }
      this.cellRect(p.x, p.y, 1, 1, { fill: col, 'fill-opacity': p.bad ? 0.35 : 0.1, stroke: col, 'stroke-width': 6 }, g);
    });
  }

  // box draws the rectangle of a box-select, corners in cells.
  box(p, q) {
    const old = this.svg && this.svg.querySelector('.ed-box');
    if (old) old.remove();
    if (!p || !this.b) return;
    const C = this.b.cell;
    el('rect', { class: 'ed-box', x: Math.min(p.x, q.x) * C, y: Math.min(p.y, q.y) * C, width: Math.abs(q.x - p.x) * C, height: Math.abs(q.y - p.y) * C,
      fill: '#2f6fbd', 'fill-opacity': 0.08, stroke: '#2f6fbd', 'stroke-width': 4, 'stroke-dasharray': '12 8' }, this.layers.preview);
  }
}

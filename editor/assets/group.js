// What the page does to several tiles and tokens at once: the operations
// of a group moved, turned, pasted, and which things a box holds. Each
// returns the operations of ONE request, so the history keeps one step.
// An item is {kind: 'tile'|'token', index}, as the page's selection.

const tileOf = (b, i) => b.tiles.find(t => t.index === i);
const tokenOf = (b, i) => b.tokens.find(t => t.index === i);

// parts splits items into the tiles and the tokens that do not stand on
// one of those tiles (those go with their tile).
export function parts(b, items) {
  const tiles = items.filter(x => x.kind === 'tile').map(x => tileOf(b, x.index)).filter(Boolean);
  const on = new Set(tiles.map(t => t.col + ',' + t.row));
  const tokens = items.filter(x => x.kind === 'token').map(x => tokenOf(b, x.index))
    .filter(t => t && !t.off && !on.has(Math.floor(t.x / b.n) + ',' + Math.floor(t.y / b.n)));
  return { tiles, tokens };
}

// step is the group's unit of movement in cells: a tile when it holds a
// tile, else a cell.
export const step = (b, items) => (items.some(x => x.kind === 'tile') ? b.n : 1);

// moveOps moves the group by (dx, dy) cells (a whole number of tiles when
// it holds a tile).
export function moveOps(b, items, dx, dy) {
  const { tiles, tokens } = parts(b, items);
  const ops = [];
  if (tiles.length) ops.push({ op: 'tiles.move', moves: tiles.map(t => ({ index: t.index, at: [t.col + dx / b.n, t.row + dy / b.n], rot: t.rot })) });
  for (const t of tokens) ops.push({ op: 'token.move', index: t.index, at: [t.x + dx, t.y + dy], side: t.side || undefined });
  return ops;
}

const NEXT = { n: 'e', e: 's', s: 'w', w: 'n' };

// rotateOps turns the group a quarter clockwise about its corner: the
// tiles' box keeps its top left, each tile turns on itself, and the tokens
// turn with the tiles (or about the tokens' own box).
export function rotateOps(b, items) {
  const { tiles, tokens } = parts(b, items);
  const ops = [];
  let x0, y0, y1;
  if (tiles.length) {
    const c0 = Math.min(...tiles.map(t => t.col)), r0 = Math.min(...tiles.map(t => t.row)), r1 = Math.max(...tiles.map(t => t.row));
    ops.push({ op: 'tiles.move', moves: tiles.map(t => ({ index: t.index, at: [c0 + (r1 - t.row), r0 + (t.col - c0)], rot: (t.rot + 90) % 360 })) });
    x0 = c0 * b.n; y0 = r0 * b.n; y1 = (r1 + 1) * b.n - 1;
  } else {
    x0 = Math.min(...tokens.map(t => t.x)); y0 = Math.min(...tokens.map(t => t.y)); y1 = Math.max(...tokens.map(t => t.y));
  }
  for (const t of tokens) {
    ops.push({ op: 'token.move', index: t.index, at: [x0 + (y1 - t.y), y0 + (t.x - x0)], side: t.side ? NEXT[t.side] : undefined });
  }
  return ops;
}

// copyOf is what the clipboard keeps of a group: the tiles' faces and
// turns, and the tokens (those on copied tiles too), without their ids,
// which name one token only.
export function copyOf(b, items) {
  const tiles = items.filter(x => x.kind === 'tile').map(x => tileOf(b, x.index)).filter(Boolean);
  const on = new Set(tiles.map(t => t.col + ',' + t.row));
  const picked = new Set(items.filter(x => x.kind === 'token').map(x => x.index));
  const tokens = b.tokens.filter(t => !t.off && (picked.has(t.index) || on.has(Math.floor(t.x / b.n) + ',' + Math.floor(t.y / b.n))));
  return {
    n: b.n,
    tiles: tiles.map(t => ({ face: t.face, col: t.col, row: t.row, rot: t.rot })),
    tokens: tokens.map(t => ({ type: t.type, color: t.color, state: t.state, first: t.first, x: t.x, y: t.y, side: t.side })),
  };
}

// pasteOps places a copy next to where it was copied from, moved right
// (then down) until every tile lands on a free place. It returns the
// operations and how many tiles and tokens they add.
export function pasteOps(b, clip) {
  if (!clip || (!clip.tiles.length && !clip.tokens.length) || (clip.tiles.length && clip.n !== b.n)) return null;
  const taken = new Set(b.tiles.filter(t => !t.bad).map(t => t.col + ',' + t.row));
  let dx = 0, dy = 0;
  if (clip.tiles.length) {
    const c0 = Math.min(...clip.tiles.map(t => t.col)), c1 = Math.max(...clip.tiles.map(t => t.col));
    const r0 = Math.min(...clip.tiles.map(t => t.row)), r1 = Math.max(...clip.tiles.map(t => t.row));
    const free = (ox, oy) => clip.tiles.every(t => !taken.has((t.col + ox) + ',' + (t.row + oy)));
    // Beside the copied tiles first, then further right or below.
    const tries = [];
    for (let k = 0; k < 64; k++) tries.push([c1 - c0 + 1 + k, 0], [0, r1 - r0 + 1 + k]);
    const o = tries.find(([ox, oy]) => free(ox, oy));
    if (!o) return null;
    dx = o[0] * b.n; dy = o[1] * b.n;
  } else {
    const cells = new Set(b.tokens.filter(t => !t.off).map(t => t.x + ',' + t.y));
    const w = Math.max(...clip.tokens.map(t => t.x)) - Math.min(...clip.tokens.map(t => t.x)) + 1;
    for (let k = 0; k < 64; k++) {
      dx = w + k;
      if (clip.tokens.every(t => !cells.has((t.x + dx) + ',' + t.y))) break;
    }
  }
  const ops = [];
  for (const t of clip.tiles) ops.push({ op: 'tile.place', face: t.face, at: [t.col + dx / b.n, t.row + dy / b.n], rot: t.rot });
  for (const t of clip.tokens) {
    ops.push({ op: 'token.place', type: t.type, color: t.color || undefined, state: t.state || undefined, first: t.first || undefined, at: [t.x + dx, t.y + dy], side: t.side || undefined });
  }
  return { ops, tiles: clip.tiles.length, tokens: clip.tokens.length };
}

// inBox lists what a box (board cells, corners in any order) holds: a
// tile or a token whose middle is inside it.
export function inBox(b, p, q) {
  const x0 = Math.min(p.x, q.x), x1 = Math.max(p.x, q.x), y0 = Math.min(p.y, q.y), y1 = Math.max(p.y, q.y);
  const inside = (x, y) => x >= x0 && x <= x1 && y >= y0 && y <= y1;
  const out = [];
  for (const t of b.tiles) if (inside((t.col + 0.5) * b.n, (t.row + 0.5) * b.n)) out.push({ kind: 'tile', index: t.index });
  for (const t of b.tokens) {
    if (t.off) continue;
    const m = { n: [0.5, 0], e: [1, 0.5], s: [0.5, 1], w: [0, 0.5] }[t.type === 'door' && t.side] || [0.5, 0.5];
    if (inside(t.x + m[0], t.y + m[1])) out.push({ kind: 'token', index: t.index });
  }
  return out;
}

// The session answers with what changed since the state the page holds
// (editor/stateenc.go): the fields sent replace the page's, those named in
// `gone` go, the board's changed fields come in boardPatch, a list (of the state
// or of the board) most of whose elements the page has in `lists` (a
// patch of each), and the map comes as a patch of the page's own (svgPatch,
// editor/svgpatch.go). A state's map is then known by where it came from
// (svgSrc): the page patches the drawing it shows and makes the text only
// when something asks for it.

let srcs = 0; // numbers the maps: a patch names the map it is of (from)

// merge is the state an answer gives over base, or null when the answer
// is a delta of another state (the page then asks for the whole state).
export function merge(base, r) {
  let st;
  if (!r.base) {
    st = { ...r };
    st.svgSrc = r.svg ? { id: ++srcs, text: r.svg } : null;
  } else {
    if (!base || base.key !== r.base) return null;
    st = Object.assign({}, base, r);
    for (const k of r.gone || []) delete st[k];
    if ('svg' in r) st.svgSrc = { id: ++srcs, text: r.svg };
    else if (r.svgPatch) {
      if (!base.svgSrc) return null;
      st.svgSrc = { id: ++srcs, from: base.svgSrc.id, base: base.svgSrc, ops: r.svgPatch, depth: (base.svgSrc.depth || 0) + 1 };
    }
    else if ((r.gone || []).includes('svg')) st.svgSrc = null;
    if (r.boardPatch) {
      // The board's fields that changed (its zones stay when tokens move).
      if (!base.board) return null;
      st.board = Object.assign({}, base.board, r.boardPatch);
      for (const k of r.boardPatch.gone || []) delete st.board[k];
      delete st.board.gone;
      if (!patchLists(st.board, base.board, r.boardPatch.lists)) return null;
      delete st.board.lists;
    }
    if (!patchLists(st, base, r.lists)) return null;
    delete st.lists;
    delete st.base;
    delete st.gone;
    delete st.svgPatch;
    delete st.boardPatch;
  }
  delete st.svg;
  if (st.svgSrc && st.svgSrc.depth > 32) svgText(st); // a chain stays short
  Object.defineProperty(st, 'svg', { get() { return svgText(this); }, enumerable: false });
  return st;
}

// patchLists makes each list of lists (a patch of base's: [i, n] its n
// elements from i, anything else an element) in st; false when a patch
// does not fit base.
function patchLists(st, base, lists) {
  for (const [k, p] of Object.entries(lists || {})) {
    const from = base[k];
    if (!Array.isArray(from)) return false;
    const list = [];
    for (const it of p) {
      if (!Array.isArray(it)) { list.push(it); continue; }
      const [i, n] = it;
      if (!(i >= 0 && n > 0 && i + n <= from.length)) return false;
      for (let j = i; j < i + n; j++) list.push(from[j]);
    }
    st[k] = list;
  }
  return true;
}

// svgText is the text of a state's map, made from its patches once: the
// text of the nearest map known, split once, each patch on its lines.
export function svgText(st) {
  const src = st.svgSrc;
  if (!src) return undefined;
  if (src.text === undefined) {
    const chain = [];
    let s = src;
    for (; s.text === undefined; s = s.base) chain.unshift(s.ops);
    const lines = s.text.split('\n');
    for (const ops of chain) patchLines(lines, ops);
    src.text = lines.join('\n');
    src.base = null; // the chain ends here
    src.depth = 0;
  }
  return src.text;
}

// patchLines applies a patch to a map's lines: each op replaces `lines`
// lines from `line` by the lines of `add`, from the last up.
export function patchLines(lines, ops) {
  for (const op of [...ops].sort((a, b) => b.line - a.line)) {
    lines.splice(op.line, op.lines, ...(op.add === '' ? [] : op.add.split('\n')));
  }
}

// The form of a game played on a setup sheet, made from the game's JSON
// Schema as the server describes it (State.schema): one field per
// property, each edit one operation on its JSON pointer. What the file
// holds comes back in the next state and the form is made again from it.

const TEXT_DELAY = 500; // ms of quiet before typed text is saved

let cur = null; // {host, st, send}
// Text typed and not saved yet, by pointer: a new state keeps it.
const pending = new Map();
// Edits refused, by pointer: the field keeps saying why until it is
// edited again, through the states that come meanwhile.
const refusals = new Map();
// Set while the form is taken down: the field being typed in loses focus
// then, and the change event that fires is no author's.
let rebuilding = false;

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null) continue;
    if (k === 'on') for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e && k !== 'list') e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

const join = (p, k) => p + '/' + String(k).replace(/~/g, '~0').replace(/\//g, '~1');
const parent = p => p.slice(0, p.lastIndexOf('/'));

async function send(op, ptr) {
  refusals.delete(ptr);
  const r = await cur.send([op]);
  if (r && r.status === 400) refused(ptr, r.data.error || String(r.data));
  return r;
}
const set = (ptr, value) => send({ op: 'value.set', pointer: ptr, data: value }, ptr);
const remove = ptr => send({ op: 'value.remove', pointer: ptr }, ptr);

// refused shows why an edit was not made at its field; the file is as it was.
function refused(ptr, msg) {
  refusals.set(ptr, msg);
  mark(ptr, msg);
}

// unrefuse takes a refusal back once the field holds a value it can take.
function unrefuse(ptr) {
  refusals.delete(ptr);
  const el = fieldOf(ptr);
  el?.querySelector(':scope > .sf-refused')?.remove();
  if (el && !el.dataset.findings) el.classList.remove('sf-bad', 'sf-error');
}

// numberWanted says what a number field wants, in words: "Columns wants a
// whole number from 1 to 32, not "abc"" (or without the "not" part for an
// emptied field that must keep a value).
function numberWanted(f, raw) {
  let want = f.kind === 'integer' ? 'a whole number' : 'a number';
  const lo = f.min ?? null, hi = f.max ?? null;
  if (lo !== null && hi !== null) want += ` from ${lo} to ${hi}`;
  else if (lo !== null) want += ` of ${lo} or more`;
  else if (hi !== null) want += ` of ${hi} or less`;
  const who = f.label ? f.label[0].toUpperCase() + f.label.slice(1) : 'This value';
  return `${who} wants ${want}` + (raw === '' ? '' : `, not ${JSON.stringify(raw)}`);
}

function mark(ptr, msg) {
  const el = fieldOf(ptr);
  if (!el) return;
  el.classList.add('sf-bad', 'sf-error');
  el.querySelector(':scope > .sf-refused')?.remove();
  el.append(h('div', { className: 'sf-refused', textContent: msg }));
}

export function renderSchemaForm(host, st, sendOps) {
  // A new version of the file (an undo, a save elsewhere) answers what
  // was refused.
  if (cur && cur.st.version !== st.version) refusals.clear();
  cur = { host, st, send: sendOps };
  const form = st.schema;
  // The form is made again with each state: the open sections, the field
  // being typed in (its text, focus and caret) stay as they were.
  const open = new Map();
  for (const d of host.querySelectorAll('details[data-pointer]')) open.set(d.dataset.pointer, d.open);
  const a = document.activeElement;
  const typing = a && host.contains(a) && a.dataset.pointer !== undefined
    ? { ptr: a.dataset.pointer, tag: a.tagName, value: a.value, start: a.selectionStart, end: a.selectionEnd } : null;
  rebuilding = true;
  try { host.replaceChildren(); } finally { rebuilding = false; }
  if (!form) {
    host.append(h('p', { className: 'sf-note', textContent: 'This game has no schema to make a form from: edit the file in your text editor.' }));
    return;
  }
  const root = h('form', { className: 'sf-form', id: 'schema-form', on: { submit: e => e.preventDefault() } });
  if (form.locked) root.append(h('p', { className: 'sf-note', textContent: 'The file cannot be read as it is: the form shows the last good version. Fix the error above in the text.' }));
  const fs = h('fieldset', { disabled: !!form.locked });
  // The story first; how the file is kept (its short name, version, game,
  // tile set) folded under Advanced.
  const adv = h('details', { className: 'sf-advanced', dataset: { pointer: '#advanced' } }, h('summary', { textContent: 'Advanced' }));
  adv.open = open.get('#advanced') || false;
  for (const f of form.root.fields) (f.advanced ? adv : fs).append(field(f, (form.values || {})[f.key], join('', f.key), 1, open));
  if (adv.children.length > 1) fs.append(adv);
  root.append(fs);
  host.append(root);
  for (const [ptr, p] of pending) {
    const e = inputOf(ptr);
    if (e) e.value = p.value;
  }
  if (typing) {
    const e = inputOf(typing.ptr);
    if (e) {
      // A refused value stays in the field being typed in, to be fixed.
      if (refusals.has(typing.ptr) && e.tagName === typing.tag && e.type !== 'checkbox' && e.tagName !== 'SELECT') e.value = typing.value;
      e.focus();
      try { e.setSelectionRange(typing.start, typing.end); } catch (_) { /* not a text field */ }
    }
  }
  markFindings(host, st.findings);
  for (const [ptr, msg] of refusals) mark(ptr, msg);
}

// typed saves what is typed in e once the typing pauses (and at once when
// the field is left): op says what to send, or null when nothing changed.
// Until then the text is pending: a new state keeps it in the field, and
// leaving the page sends it (takePending).
function typed(e, ptr, op) {
  const commit = () => {
    pending.delete(ptr);
    const o = op();
    return o ? send(o, ptr) : null;
  };
  e.addEventListener('input', () => {
    const p = pending.get(ptr);
    if (p) clearTimeout(p.timer);
    pending.set(ptr, { value: e.value, op, timer: setTimeout(commit, TEXT_DELAY) });
  });
  e.addEventListener('change', () => {
    // A field taken out of the page as the form is made again is not
    // left by the author: its text stays pending, in the new field.
    if (rebuilding || !e.isConnected) return;
    const p = pending.get(ptr);
    if (p) clearTimeout(p.timer);
    commit();
  });
}

// takePending ends every wait and returns the operations of the text typed
// and not saved yet, for the page to send as it is left.
export function takePending() {
  const ops = [];
  for (const p of pending.values()) {
    clearTimeout(p.timer);
    const o = p.op();
    if (o) ops.push(o);
  }
  pending.clear();
  return ops;
}

// hasPending tells whether text typed is waiting to be saved.
export const hasPending = () => pending.size > 0;

function inputOf(ptr) {
  return cur.host.querySelector(`[data-pointer="${CSS.escape(ptr)}"]:is(input, select, textarea)`);
}

// fieldOf is the field of a pointer, or of the nearest value above it that
// has one.
function fieldOf(ptr) {
  if (!cur) return null;
  for (let p = ptr; p; p = parent(p)) {
    const el = cur.host.querySelector(`.sf-field[data-pointer="${CSS.escape(p)}"]`);
    if (el) return el;
  }
  return null;
}

// idOf is the id of the input of a pointer: a label names its field with
// it (for), and the help under a field is tied to it (aria-describedby).
export function idOf(ptr) {
  return 'sf' + ptr.replace(/[^A-Za-z0-9_-]/g, c => '.' + c.charCodeAt(0).toString(16));
}

// labelOf is a field's label: a real <label for> its input (a screen
// reader says it, a click on it focuses the field); buttons and menus
// that go with the field stand beside it, never inside.
function labelOf(f, ptr, extra) {
  const text = f.label + (f.required ? ' *' : '');
  const l = h('div', { className: 'sf-label' }, f.kind === 'const'
    ? h('span', { textContent: text })
    : h('label', { htmlFor: idOf(ptr), textContent: text }));
  if (extra) l.append(extra);
  if (f.help) l.title = f.help;
  return l;
}

function help(f, ptr) {
  return f.help ? h('div', { className: 'sf-help', id: ptr === undefined ? undefined : idOf(ptr) + '-help', textContent: f.help }) : null;
}

// field makes the field of form field f holding value v (undefined: not
// in the file) at pointer ptr.
function field(f, v, ptr, depth, open) {
  const wrap = h('div', { className: `sf-field sf-${f.kind}`, dataset: { pointer: ptr } });
  switch (f.kind) {
    case 'object': return object(f, v, ptr, depth, open);
    case 'list': return list(f, v, ptr, depth, open);
    case 'map': return map(f, v, ptr, depth, open);
    case 'choice': return choice(f, v, ptr, depth, open);
  }
  const input = leaf(f, v, ptr);
  wrap.append(labelOf(f, ptr), input);
  if (f.help) {
    wrap.append(help(f, ptr));
    const e = input.matches('input, select, textarea') ? input : input.querySelector('input, select, textarea');
    if (e) e.setAttribute('aria-describedby', idOf(ptr) + '-help');
  }
  return wrap;
}

// htmlPattern is a schema's pattern as a field's pattern attribute reads
// it: the browser compiles that with the v flag, where a class's
// unescaped - at its edge, or ( ) { } / |, is an error (Chromium logs it
// and validates nothing). Those are escaped; a pattern still unreadable
// is left off, and the checks say what is wrong.
function htmlPattern(p) {
  if (!p) return undefined;
  let out = '', cls = false, first = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') { out += c + (p[i + 1] || ''); i++; first = false; continue; }
    if (!cls) {
      if (c === '[') { cls = true; first = true; out += c; if (p[i + 1] === '^') { out += '^'; i++; } continue; }
      out += c;
      continue;
    }
    if (c === ']') { cls = false; out += c; continue; }
    if ('(){}/|'.includes(c) || (c === '-' && (first || p[i + 1] === ']'))) out += '\\' + c;
    else out += c;
    first = false;
  }
  try { new RegExp('^(?:' + out + ')$', 'v'); return out; } catch (e) { return undefined; }
}

function leaf(f, v, ptr) {
  switch (f.kind) {
    case 'text':
    case 'textarea': {
      const e = f.kind === 'textarea'
        ? h('textarea', { rows: 3 })
        : h('input', { type: 'text', pattern: htmlPattern(f.pattern) });
      e.value = v === undefined ? '' : String(v);
      if (f.max_length) e.maxLength = f.max_length;
      e.dataset.pointer = ptr;
      e.id = idOf(ptr);
      typed(e, ptr, () => {
        if (e.value === '' && !f.required) return v === undefined ? null : { op: 'value.remove', pointer: ptr };
        if (e.value === (v === undefined ? '' : String(v))) return null;
        return { op: 'value.set', pointer: ptr, data: e.value };
      });
      return e;
    }
    case 'integer':
    case 'number': {
      // Text, not type=number: a browser empties a number field that holds
      // "abc", and the emptied field would take the value out of the file
      // (an item out of a pair, which the schema then blames on the pair).
      // Text that is not a number is refused here, at the field, in words.
      const e = h('input', { type: 'text', inputMode: f.kind === 'integer' ? 'numeric' : 'decimal', className: 'sf-number', id: idOf(ptr) });
      e.value = v === undefined ? '' : String(v);
      e.dataset.pointer = ptr;
      typed(e, ptr, () => {
        const raw = e.value.trim();
        if (raw === '' && f.required && v !== undefined) {
          refused(ptr, numberWanted(f, raw)); // an item of a pair is not taken out
          return null;
        }
        if (raw === '') return v === undefined ? null : { op: 'value.remove', pointer: ptr };
        const n = raw.match(/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/) ? Number(raw) : NaN;
        if (!Number.isFinite(n) || (f.kind === 'integer' && !Number.isInteger(n))) {
          refused(ptr, numberWanted(f, raw));
          return null;
        }
        if (refusals.has(ptr)) unrefuse(ptr);
        if (n === v) return null;
        return { op: 'value.set', pointer: ptr, data: n };
      });
      return e;
    }
    case 'boolean': {
      const e = h('input', { type: 'checkbox', checked: v === true, id: idOf(ptr) });
      e.dataset.pointer = ptr;
      e.addEventListener('change', () => set(ptr, e.checked));
      const row = h('span', { className: 'sf-row' }, e);
      if (v !== undefined && !f.required) row.append(h('button', { type: 'button', className: 'sf-x', title: 'Remove from the file', 'aria-label': `Remove ${f.label}`, textContent: '×', on: { click: () => remove(ptr) } }));
      return row;
    }
    case 'enum': {
      const e = h('select', { id: idOf(ptr) });
      e.dataset.pointer = ptr;
      if (!f.required || v === undefined) e.add(new Option('—', ''));
      for (const x of f.enum) e.add(new Option(String(x), String(x), false, x === v));
      if (v === undefined) e.value = '';
      e.addEventListener('change', () => {
        if (e.value === '') return remove(ptr);
        set(ptr, f.enum.find(x => String(x) === e.value));
      });
      return e;
    }
    case 'const':
      return h('span', { className: 'sf-const', textContent: v === undefined ? String(f.const) : String(v) });
  }
  // A value the form has no input for: its JSON.
  const e = h('textarea', { rows: 2, id: idOf(ptr) });
  e.value = v === undefined ? '' : JSON.stringify(v);
  e.dataset.pointer = ptr;
  e.addEventListener('change', () => {
    if (e.value.trim() === '') return remove(ptr);
    let x;
    try { x = JSON.parse(e.value); } catch (_) { return refused(ptr, 'not JSON'); }
    set(ptr, x);
  });
  return e;
}

function section(f, v, ptr, depth, open, ...extra) {
  if (depth === 0) return h('div', { className: 'sf-field sf-object', dataset: { pointer: ptr } });
  const d = h('details', { className: `sf-field sf-${f.kind}`, dataset: { pointer: ptr } });
  d.open = open.has(ptr) ? open.get(ptr) : v !== undefined && depth < 3;
  const s = h('summary', {}, h('span', { textContent: f.label + (f.required ? ' *' : '') }));
  if (v === undefined) s.append(h('span', { className: 'sf-absent', textContent: ' (not set)' }));
  if (f.help) s.title = f.help;
  d.append(s);
  // A summary is itself a control: the buttons and menus of the section
  // (remove it, what kind of value it is) stand under it, not inside.
  const tools = extra.filter(Boolean);
  if (tools.length) d.append(h('div', { className: 'sf-tools' }, ...tools));
  if (f.help) d.append(help(f));
  return d;
}

function object(f, v, ptr, depth, open, ...extra) {
  const d = section(f, v, ptr, depth, open, ...extra);
  const vals = v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  for (const c of f.fields || []) d.append(field(c, vals[c.key], join(ptr, c.key), depth + 1, open));
  return d;
}

// A list item's field: its own number, a button to take it out.
function item(f, v, ptr, i, depth, open) {
  const x = h('button', { type: 'button', className: 'sf-x', title: 'Remove this item', 'aria-label': `Remove item ${i + 1}`, textContent: '×',
    on: { click: e => { e.preventDefault(); send({ op: 'item.remove', pointer: ptr }, ptr); } } });
  const lf = { ...f, label: `${i + 1}`, required: false, help: '' };
  if (f.kind === 'object') {
    const d = object(lf, v, ptr, depth, open, x);
    d.open = open.has(ptr) ? open.get(ptr) : true;
    d.querySelector('.sf-absent')?.remove();
    d.classList.add('sf-item');
    return d;
  }
  const el = field(lf, v, ptr, depth, open);
  el.classList.add('sf-item');
  (el.querySelector(':scope > .sf-label') || el.querySelector(':scope > .sf-tools') || el).append(x);
  return el;
}

// tupleNames are the names a description gives a fixed row of values:
// "[columns, rows]".
function tupleNames(f, n) {
  const m = /\[([a-z][a-z ]*(?:, [a-z][a-z ]*)+)\]/.exec(f.help || '');
  const names = m ? m[1].split(', ') : [];
  return names.length === n ? names : null;
}

// tuple is a fixed row of plain values, each named: a grid's columns and
// rows, not a list of items "1" and "2".
function tuple(f, v, ptr, depth, open) {
  const n = f.max_items;
  const names = tupleNames(f, n) || [...Array(n).keys()].map(i => String(i + 1));
  const items = Array.isArray(v) ? v : [];
  const wrap = h('div', { className: 'sf-field sf-tuple', dataset: { pointer: ptr } }, h('div', { className: 'sf-label', title: f.help || undefined }, h('span', { textContent: f.label + (f.required ? ' *' : '') })));
  const row = h('div', { className: 'sf-row' });
  names.forEach((name, i) => {
    const e = leaf({ ...f.items, required: true, label: name }, items[i], join(ptr, i));
    row.append(h('label', { className: 'sf-tuple-item', htmlFor: e.id }, h('span', { textContent: name + ' ' })), e);
  });
  wrap.append(row);
  if (f.help) wrap.append(help(f));
  return wrap;
}

function list(f, v, ptr, depth, open) {
  if (f.max_items && f.min_items === f.max_items && f.max_items <= 4 && f.items && ['integer', 'number', 'text', 'enum'].includes(f.items.kind) && Array.isArray(v)) {
    return tuple(f, v, ptr, depth, open);
  }
  const items = Array.isArray(v) ? v : [];
  const d = section(f, v, ptr, depth, open, h('span', { className: 'sf-count', textContent: ` ${items.length}` }));
  items.forEach((x, i) => d.append(item(f.items, x, join(ptr, i), i, depth + 1, open)));
  if (!f.max_items || items.length < f.max_items) {
    d.append(h('button', { type: 'button', className: 'sf-add', textContent: '+ add', dataset: { add: ptr },
      on: { click: e => { e.preventDefault(); send({ op: 'item.add', pointer: ptr }, ptr); } } }));
  }
  return d;
}

function map(f, v, ptr, depth, open) {
  const vals = v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  const d = section(f, v, ptr, depth, open);
  for (const [k, x] of Object.entries(vals)) {
    const p = join(ptr, k);
    const el = field({ ...f.items, label: k, required: false, help: '' }, x, p, depth + 1, open);
    const rm = h('button', { type: 'button', className: 'sf-x', title: `Remove ${k}`, 'aria-label': `Remove ${k}`, textContent: '×',
      on: { click: e => { e.preventDefault(); remove(p); } } });
    const at = el.querySelector(':scope > .sf-label') || el.querySelector(':scope > .sf-tools');
    if (at) at.append(rm);
    else if (el.tagName === 'DETAILS') el.querySelector(':scope > summary').after(h('div', { className: 'sf-tools' }, rm));
    else el.append(rm);
    d.append(el);
  }
  const key = h('input', { type: 'text', placeholder: 'new key', 'aria-label': `New ${f.label} name`, pattern: htmlPattern(f.key_pattern) });
  d.append(h('div', { className: 'sf-row' }, key, h('button', { type: 'button', className: 'sf-add', textContent: '+ add',
    on: { click: e => { e.preventDefault(); if (key.value.trim()) set(join(ptr, key.value.trim()), f.items.default); } } })));
  return d;
}

// fits tells whether value v has the shape of alternative c.
function fits(c, v) {
  if (v === undefined) return false;
  switch (c.kind) {
    case 'text': case 'textarea': return typeof v === 'string';
    case 'integer': case 'number': return typeof v === 'number';
    case 'boolean': return typeof v === 'boolean';
    case 'enum': return c.enum.includes(v);
    case 'const': return c.const === v;
    case 'list': return Array.isArray(v);
    case 'object': case 'map': return v !== null && typeof v === 'object' && !Array.isArray(v);
  }
  return true;
}

function choice(f, v, ptr, depth, open) {
  let at = f.choices.findIndex(c => fits(c, v));
  if (at < 0) at = 0;
  const sel = h('select', { className: 'sf-choice', title: 'What kind of value', 'aria-label': `What kind of value ${f.label} is` });
  sel.dataset.choice = ptr;
  f.choices.forEach((c, i) => sel.add(new Option(c.label, String(i), false, i === at)));
  sel.addEventListener('change', () => set(ptr, f.choices[Number(sel.value)].default));
  const c = { ...f.choices[at], key: f.key, label: f.label, required: f.required, help: f.help };
  const el = field(c, v, ptr, depth, open);
  const head = el.querySelector(':scope > .sf-label') || el.querySelector(':scope > .sf-tools');
  if (head) head.append(sel);
  else if (el.tagName === 'DETAILS') el.querySelector(':scope > summary').after(h('div', { className: 'sf-tools' }, sel));
  el.classList.add('sf-has-choice');
  return el;
}

// markFindings shows each finding at the field its pointer names.
function markFindings(host, findings) {
  findings.forEach((f, i) => {
    if (!f.pointer) return;
    const el = fieldOf(f.pointer);
    if (!el) return;
    el.classList.add('sf-bad', 'sf-' + f.severity);
    el.dataset.findings = ((el.dataset.findings || '') + ' ' + i).trim();
    const msg = h('div', { className: 'sf-finding sf-' + f.severity, textContent: f.words || f.message });
    msg.dataset.finding = String(i);
    const body = el.tagName === 'DETAILS' ? el.querySelector(':scope > summary') : null;
    if (body) body.after(msg); else el.append(msg);
    for (let d = el; d && d !== host; d = d.parentElement) if (d.tagName === 'DETAILS') d.open = true;
  });
}

// focusFinding brings the field of a finding into view and focuses it;
// false when the finding names no field.
export function focusFinding(f) {
  if (!f.pointer || !cur) return false;
  const el = fieldOf(f.pointer);
  if (!el) return false;
  for (let d = el; d && d !== cur.host; d = d.parentElement) if (d.tagName === 'DETAILS') d.open = true;
  el.scrollIntoView({ block: 'center' });
  // The field's own input, or the first one inside that holds a value.
  const all = [...el.querySelectorAll('input:not([type=hidden]), select:not(.sf-choice), textarea')];
  const input = all.find(e => e.value !== '') || all[0];
  if (input) input.focus({ preventScroll: true });
  el.classList.remove('sf-focus');
  void el.offsetWidth; // start the highlight again
  el.classList.add('sf-focus');
  return true;
}

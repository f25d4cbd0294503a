// The mission forms: text fields, objectives and special rules. Each change
// is one operation; what the file holds comes back in the next state.

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'on') for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (k in e && k !== 'list') e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

// value reads a form value as the document wants it: whole numbers as
// numbers, the rest as text.
function value(s) {
  s = s.trim();
  return /^\d+$/.test(s) ? Number(s) : s;
}

// labelled puts a field under its name: a real label for it.
function labelled(text, control) {
  return h('label', { className: 'fl', htmlFor: control.id }, h('span', { textContent: text }), control);
}

const OBJ_KEYS = ['take', 'exit', 'reach', 'activate', 'survive', 'kill', 'text'];
const WHEN_KEYS = ['take', 'reach', 'activate', 'round'];
const THEN_KEYS = ['open', 'activate', 'grant', 'remove', 'text'];

export function renderForms(host, form, send) {
  // The forms are made again with each state; the field being typed in
  // keeps its text, focus and caret.
  const a = document.activeElement;
  const typing = a && host.contains(a) && a.id ? { id: a.id, value: a.value, start: a.selectionStart, end: a.selectionEnd } : null;
  build(host, form, send);
  if (typing) {
    const e = document.getElementById(typing.id);
    if (e) {
      e.value = typing.value;
      e.focus();
      try { e.setSelectionRange(typing.start, typing.end); } catch (_) { /* not a text field */ }
    }
  }
}

function build(host, form, send) {
  host.replaceChildren();
  if (!form) {
    return; // the head form above says why

  }
  host.append(h('h3', { textContent: 'Objectives' }));
  const ol = h('ol', { className: 'items', id: 'objectives' });
  form.objectives.forEach((o, i) => {
    const words = (form.objective_text?.[i] || JSON.stringify(o)) + (o && o.text ? ` — “${o.text}”` : '');
    ol.append(h('li', {}, h('span', { textContent: words }),
      h('button', { textContent: '✕', title: 'Remove this objective', 'aria-label': `Remove objective ${i + 1}`, on: { click: () => send([{ op: 'objective.remove', index: i }]) } })));
  });
  host.append(ol);
  const ok = h('select', { id: 'obj-key' }, ...OBJ_KEYS.map(k => h('option', { value: k, textContent: k })));
  const ov = h('input', { id: 'obj-value', placeholder: 'red, all, 1A/c, 3…' });
  const oc = h('input', { id: 'obj-count', placeholder: 'count' });
  const ot = h('input', { id: 'obj-text', placeholder: 'optional' });
  host.append(h('div', { className: 'row' }, labelled('Objective', ok), labelled('What', ov), labelled('How many', oc)), h('div', { className: 'row' }, labelled('Told to the players', ot),
    h('button', { textContent: 'Add objective', id: 'obj-add', on: { click: () => {
      const item = {};
      if (ok.value === 'text') item.text = ot.value.trim() || ov.value.trim();
      else {
        item[ok.value] = value(ov.value);
        if (oc.value.trim()) item.count = value(oc.value);
        if (ot.value.trim()) item.text = ot.value.trim();
      }
      send([{ op: 'objective.add', item }]);
    } } })));

  host.append(h('h3', { textContent: 'Special rules' }));
  const rl = h('ol', { className: 'items', id: 'rules' });
  form.rules.forEach((r, i) => {
    rl.append(h('li', {}, h('span', { textContent: form.rule_text?.[i] || JSON.stringify(r) }),
      h('button', { textContent: '✕', title: 'Remove this rule', 'aria-label': `Remove rule ${i + 1}`, on: { click: () => send([{ op: 'rule.remove', index: i }]) } })));
  });
  host.append(rl);
  const wk = h('select', { id: 'when-key' }, h('option', { value: '', textContent: '(free text)' }), ...WHEN_KEYS.map(k => h('option', { value: k, textContent: 'when ' + k })));
  const wv = h('input', { id: 'when-value', placeholder: 'a colour, zone or id' });
  const tk = h('select', { id: 'then-key' }, ...THEN_KEYS.map(k => h('option', { value: k, textContent: 'then ' + k })));
  const tv = h('input', { id: 'then-value', placeholder: 'a colour, zone or id' });
  const rt = h('input', { id: 'rule-text', placeholder: 'optional' });
  host.append(h('div', { className: 'row' }, labelled('When', wk), labelled('What', wv)), h('div', { className: 'row' }, labelled('Then', tk), labelled('What', tv)), h('div', { className: 'row' }, labelled('The rule in words', rt),
    h('button', { textContent: 'Add rule', id: 'rule-add', on: { click: () => {
      const item = {};
      if (wk.value) {
        item.when = { [wk.value]: value(wv.value) };
        item.then = [{ [tk.value]: value(tv.value) }];
      }
      if (rt.value.trim()) item.text = rt.value.trim();
      send([{ op: 'rule.add', item }]);
    } } })));
}

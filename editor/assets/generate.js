// Generate…: a mission made from the boxes an author owns (the same
// generator, options and seed as `zmission generate`), in place of the
// open one, or the open one made again around what the author pinned
// (Regenerate the rest). Either is one edit: Undo takes it back. The web
// edition makes a new piece of work instead (app.generateNew).
//
// Pins are the page's, not the file's: a tile by its place on the tile
// grid, a token by its type, colour and place, kept for this tab as the
// selection is, and found again after any edit that leaves them where
// they were.

const $ = s => document.querySelector(s);

function el(tag, props = {}, ...kids) {
  const e = Object.assign(document.createElement(tag), props);
  for (const k of kids) e.append(k);
  return e;
}

// pinKey names a tile or token of the board by what it is and where.
export function pinKey(kind, t) {
  if (kind === 'tile') return `tile:${t.col},${t.row}`;
  return `token:${t.type}:${t.color || ''}:${t.off ? 'off' : t.x + ',' + t.y + ':' + (t.side || '')}`;
}

// generator makes the dialog and the pins for the page: ctx holds the
// page's app, api (a call), post (an edit, in turn), banner, redraw
// (the map's decorations and the selection pane drawn again) and made
// (a mission was made).
export function generator(ctx) {
  const { app, api, post } = ctx;
  const pins = { set: new Set() };
  const key = () => 'zmission-pins:' + (app.state ? app.state.file : '');
  pins.load = () => {
    try { pins.set = new Set(JSON.parse(sessionStorage.getItem(key()) || '[]')); } catch (e) { pins.set = new Set(); }
  };
  const save = () => { try { sessionStorage.setItem(key(), JSON.stringify([...pins.set])); } catch (e) { /* a full storage loses only this */ } };
  pins.clear = () => { pins.set.clear(); save(); ctx.redraw(); };
  // has: is this tile or token of the board pinned?
  pins.has = (kind, t) => pins.set.has(pinKey(kind, t));
  // toggle pins the items (a selection or a group), or unpins them when
  // all were pinned.
  pins.toggle = items => {
    const b = app.state && app.state.board;
    if (!b || !items.length) return;
    const things = items.map(s => [s.kind, s.kind === 'tile' ? b.tiles.find(t => t.index === s.index) : b.tokens.find(t => t.index === s.index)]).filter(x => x[1]);
    const all = things.every(([k, t]) => pins.has(k, t));
    for (const [k, t] of things) {
      if (all) pins.set.delete(pinKey(k, t));
      else pins.set.add(pinKey(k, t));
    }
    save();
    ctx.redraw();
  };
  // kept is what Regenerate the rest keeps: the pinned tiles' and tokens'
  // indexes in the file.
  pins.kept = () => {
    const b = app.state.board;
    return {
      tiles: b.tiles.filter(t => pins.has('tile', t)).map(t => t.index),
      tokens: b.tokens.filter(t => pins.has('token', t)).map(t => t.index),
    };
  };

  let offer = null;
  const d = el('dialog', { id: 'gen' });
  d.setAttribute('aria-labelledby', 'gen-title');
  const game = el('select', { id: 'gen-ruleset' });
  const boxes = el('fieldset', { id: 'gen-boxes' }, el('legend', { textContent: 'Boxes you own' }));
  const players = el('input', { id: 'gen-players', size: 6, autocomplete: 'off' });
  const size = el('input', { id: 'gen-size', size: 6, autocomplete: 'off' });
  const unit = el('span', { id: 'gen-unit' });
  const choice = (id, values, on) => {
    const s = el('select', { id });
    for (const v of values) s.add(new Option(v, v, false, v === on));
    return s;
  };
  const difficulty = choice('gen-difficulty', ['easy', 'medium', 'hard'], 'medium');
  const length = choice('gen-length', ['short', 'medium', 'long'], 'medium');
  // The mission type: the game's own (none: the facility's one setup).
  const mtype = el('select', { id: 'gen-type', title: 'What kind of mission: left to the seed, or one the rulebooks describe' });
  const typeRow = el('label', { className: 'gen-row' }, el('span', { textContent: 'Type' }), mtype);
  const seed = el('input', { id: 'gen-seed', size: 12, inputMode: 'numeric', autocomplete: 'off' });
  const reseed = el('button', { type: 'button', id: 'gen-reseed', textContent: 'New seed', title: 'Another seed: another mission from the same options' });
  const pinned = el('p', { id: 'gen-pinned' });
  const err = el('p', { id: 'gen-error', role: 'alert', hidden: true });
  const rest = el('button', { type: 'button', id: 'gen-rest', textContent: 'Regenerate the rest' });
  const fresh = el('button', { type: 'button', id: 'gen-new', textContent: 'Generate' });
  const cancel = el('button', { type: 'button', id: 'gen-cancel', textContent: 'Cancel' });
  const row = (label, ...kids) => el('label', { className: 'gen-row' }, el('span', { textContent: label }), ...kids);
  d.append(
    el('h2', { id: 'gen-title', textContent: 'Generate a mission' }),
    el('p', { className: 'gen-about', textContent: 'A mission made for the boxes you own, checked by every rule before it is shown. The same options and seed make it again, here or with zmission generate.' }),
    row('Game', game), boxes, row('Players', players), row('Size', size, ' ', unit),
    row('Difficulty', difficulty), row('Length', length), typeRow, row('Seed', seed, ' ', reseed),
    pinned, err, el('div', { className: 'gen-buttons' }, rest, ' ', fresh, ' ', cancel));
  document.body.append(d);
  // What each choice does, in a line under it (a screen reader reads it
  // with the field).
  for (const [c, text] of [
    [difficulty, 'How hard it plays: only missions the checks rate this hard are kept.'],
    [length, 'How long a game takes: it sets the board\'s size when Size is left empty.'],
    [seed, 'The number the mission is made from: the same options and seed make the same mission again.'],
  ]) {
    const help = el('small', { className: 'gen-help', id: c.id + '-help', textContent: text });
    c.setAttribute('aria-describedby', help.id);
    c.closest('.gen-row').after(help);
  }

  const current = () => offer && offer.games.find(g => g.ruleset === game.value);
  const newSeed = () => { seed.value = String(Math.floor(Math.random() * 2 ** 31)); };
  reseed.onclick = newSeed;
  cancel.onclick = () => d.close();
  // fill shows the game's boxes and size unit; start: from the open
  // mission's options when it is of this game.
  const fill = start => {
    const g = current();
    if (!g) return;
    const mine = start && offer.ruleset === g.ruleset;
    const owned = mine && offer.boxes && offer.boxes.length ? offer.boxes : [g.core].filter(Boolean);
    boxes.replaceChildren(boxes.firstChild);
    boxes.hidden = !g.boxes.length;
    for (const b of g.boxes) {
      const c = el('input', { type: 'checkbox', name: 'box', value: b, checked: owned.includes(b) });
      boxes.append(el('label', {}, c, ' ' + b));
    }
    const was = mtype.value;
    mtype.replaceChildren(new Option('chosen by the seed', ''));
    for (const t of g.types || []) mtype.add(new Option(t, t, false, t === was));
    typeRow.hidden = !(g.types || []).length;
    players.placeholder = `${g.players[0]}-${g.players[1]}`;
    players.value = mine && offer.players ? offer.players : '';
    unit.textContent = g.unit === 'tiles' ? 'tiles (columns x rows)' : 'slots (columns x rows)';
    const sizes = () => { size.placeholder = g.sizes[length.value] || ''; };
    sizes();
    length.onchange = sizes;
    size.value = mine && offer.size ? offer.size : '';
    if (mine && offer.difficulty) difficulty.value = offer.difficulty;
    showRest();
  };
  game.onchange = () => fill(false);
  const showRest = () => {
    const g = current(), st = app.state;
    const can = g && g.complete && st && st.kind === 'grid' && st.ruleset === g.ruleset && !!st.board;
    rest.hidden = !can;
    if (!can) { pinned.textContent = ''; return; }
    const k = pins.kept();
    pinned.textContent = k.tiles.length + k.tokens.length
      ? `Pinned: ${k.tiles.length} tile${k.tiles.length === 1 ? '' : 's'} and ${k.tokens.length} token${k.tokens.length === 1 ? '' : 's'}. Regenerate the rest keeps them where they are (and the tile under each pinned token), and makes the rest again.`
      : 'Nothing is pinned: Regenerate the rest keeps only the mission\'s head (title, id, author, boxes, players) and the board\'s size. Pin a tile or token with P (or its pinned box) to keep it.';
  };

  const options = () => ({
    ruleset: game.value,
    boxes: [...boxes.querySelectorAll('input[name=box]:checked')].map(c => c.value),
    players: players.value.trim(),
    size: size.value.trim(),
    difficulty: difficulty.value,
    length: length.value,
    type: typeRow.hidden ? '' : mtype.value,
    seed: seed.value.trim(),
  });
  // run makes the mission; the dialog stays open, saying why, when the
  // request cannot be met.
  const run = async keep => {
    err.hidden = true;
    rest.disabled = fresh.disabled = true;
    d.setAttribute('aria-busy', 'true');
    try {
      const o = options();
      let why = null;
      if (keep) {
        o.keep = pins.kept();
        if (!o.size) delete o.size;
        why = await answer(post('api/generate', o));
      } else if (app.generateNew) {
        why = await app.generateNew(o); // the web edition: a new piece of work
      } else {
        why = await answer(post('api/generate', o));
      }
      if (why) {
        err.textContent = why;
        err.hidden = false;
      } else {
        d.close();
        if (!keep) pins.clear(); // a whole new mission: nothing of it was pinned
        ctx.made(); // what was selected is another thing now, or gone
      }
    } finally {
      rest.disabled = fresh.disabled = false;
      d.removeAttribute('aria-busy');
    }
  };
  // answer is null when the edit was made, else why not.
  const answer = async p => {
    const r = await p;
    if (!r) return 'nothing was sent';
    if (r.status === 200) return null;
    ctx.banner('');
    return (r.data && r.data.error) || String(r.data);
  };
  rest.onclick = () => run(true);
  fresh.onclick = () => run(false);

  // open shows the dialog, from the open mission's options and a new seed.
  const open = async () => {
    if (!offer) {
      const r = await api('api/generate');
      if (r.status !== 200) return ctx.banner((r.data && r.data.error) || 'the generator does not answer');
      offer = r.data;
      for (const g of offer.games) game.add(new Option(g.name, g.ruleset));
    } else {
      const r = await api('api/generate');
      if (r.status === 200) offer = r.data;
    }
    game.value = offer.games.some(g => g.ruleset === offer.ruleset) ? offer.ruleset : offer.games[0].ruleset;
    fill(true);
    newSeed();
    err.hidden = true;
    d.showModal();
    (rest.hidden ? fresh : rest).focus();
  };
  return { pins, open, dialog: d };
}

// The form view's "Played out" section: what simulated play says of a
// setup or scenario of a game not played on tiles (Survival Infection's
// whole games, seat by seat, beside the base game for a variant; a colony
// scenario's odds of meeting its Main Objective), with the flags the
// checks raise from the same games. The session computes the figures
// (GET balance), the same for zmission edit and the web edition; the page
// asks only once edits have paused, so typing never waits for them.
import { call } from './transport.js';

// DELAY is the quiet after the last new version before the figures are
// asked for: longer than the form's typing pause, so a burst of edits
// asks once.
const DELAY = 800;

let timer = 0;
let wanted = null; // the state's version the section should show
let gen = 0; // bumped by each new version: an answer for an older one is dropped

// balancePanel shows the figures of st's version in host, asking the
// session for them once edits pause; a version already shown asks
// nothing.
export function balancePanel(host, st) {
  if (!host || st.version === wanted) return;
  wanted = st.version;
  const g = ++gen;
  if (!host.firstChild) host.append(h('h2', { id: 'balance-title', textContent: 'Played out' }), h('p', { className: 'bal-status', role: 'status' }));
  host.setAttribute('aria-labelledby', 'balance-title');
  host.setAttribute('aria-busy', 'true');
  host.dataset.state = 'waiting';
  status(host, host.dataset.version ? 'Played again once the edits pause…' : 'Played out once the edits pause…');
  clearTimeout(timer);
  timer = setTimeout(async () => {
    status(host, 'Playing…');
    const r = await call('api/balance');
    if (g !== gen) return; // a newer version asks for itself
    host.removeAttribute('aria-busy');
    if (r.status !== 200 || !r.data || r.data.unavailable) {
      host.dataset.state = 'none';
      const why = r.data && (r.data.unavailable || r.data.error);
      host.replaceChildren(host.firstChild, h('p', { className: 'bal-status', role: 'status', textContent: why ? `Not played out: ${why}.` : 'Not played out.' }));
      return;
    }
    host.dataset.state = 'shown';
    host.dataset.version = r.data.version;
    const f = r.data.figures;
    const body = r.data.ruleset === 'colony' ? colony(f) : games(f);
    const stale = r.data.version !== st.version ? ' These are the last version that could be read.' : '';
    const policy = h('details', { className: 'bal-policy' }, h('summary', { textContent: 'How the simulated players choose' }), h('p', { textContent: f.policy + '.' }));
    host.replaceChildren(host.firstChild, h('p', { className: 'bal-status', role: 'status', textContent: body.note + stale }), ...flags(f.flags), body.table, policy);
  }, DELAY);
}

function status(host, text) {
  const p = host.querySelector('.bal-status');
  if (p) p.textContent = text;
}

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...kids);
  return e;
}

const pct = x => (Math.round(x * 1000) / 10).toFixed(1) + '%';
const rate = r => `${pct(r.rate)} (${pct(r.low)}–${pct(r.high)})`;
const span = s => s.median ? `${s.median} (${s.p10}–${s.p90})` : '—';
const ended = (es, key) => es.map(e => `${e.how.replace(/-/g, ' ')} ${e[key]}`).join(', ');

// flags lists the checks' flags: each is a finding in Issues too.
function flags(fs) {
  if (!fs || !fs.length) return [];
  const ul = h('ul', { className: 'bal-flags', 'aria-label': 'Flags of the play checks' });
  for (const f of fs) ul.append(h('li', { dataset: { rule: f.rule, players: f.players } }, h('strong', { textContent: f.rule }), ': ' + f.message + '.'));
  return [ul];
}

// mark is a flagged row's sign, its rule said to a screen reader.
const mark = rule => h('span', { className: 'bal-mark', title: rule, dataset: { rule } }, ' ⚑', h('span', { className: 'bal-sr', textContent: ' flagged: ' + rule }));

function table(caption, head) {
  const t = h('table', { className: 'bal-table' }, h('caption', { textContent: caption }));
  const tr = h('tr');
  for (const c of head) tr.append(h('th', { scope: 'col', textContent: c }));
  t.append(h('thead', {}, tr), h('tbody'));
  return t;
}

// games is Survival Infection's whole games: a row per player count, the
// base game's row under each of a variant's.
function games(f) {
  const base = new Map((f.base_game || []).map(b => [b.players, b]));
  const flagged = new Map((f.flags || []).map(x => [x.players, x.rule]));
  const t = table(base.size ? 'Whole games per player count, each beside the base game played the same way' : 'Whole games per player count',
    ['Players', 'Seat wins (95% interval)', 'First seat lead', 'Zombies win', 'Rounds median (p10–p90)', 'Ended']);
  t.id = 'balance-games';
  const row = (r, kind) => {
    const th = h('th', { scope: 'row', textContent: kind === 'base' ? `${r.players}, base game` : String(r.players) });
    const tr = h('tr', { className: kind, dataset: { players: r.players } }, th);
    if (kind === 'variant' && flagged.has(r.players)) { tr.classList.add('flagged'); th.append(mark(flagged.get(r.players))); }
    if (r.problem) { tr.append(h('td', { colSpan: 5, textContent: r.problem })); return tr; }
    const seats = h('td', { className: 'bal-seats' });
    r.seats.forEach((s, i) => seats.append(h('span', { textContent: `${i + 1}: ${rate(s)}` })));
    tr.append(seats, h('td', { textContent: (r.first_seat_advantage > 0 ? '+' : '') + pct(r.first_seat_advantage) }),
      h('td', { textContent: rate(r.zombies) }), h('td', { textContent: span(r.rounds) }), h('td', { textContent: ended(r.endings, 'games') }));
    return tr;
  };
  for (const r of f.players || []) {
    t.tBodies[0].append(row(r, base.size ? 'variant' : 'game'));
    if (base.has(r.players)) t.tBodies[0].append(row(base.get(r.players), 'base'));
  }
  const note = `${f.runs} games per player count, seed ${f.seed}, the games the checks play; a seat is flagged when its whole interval strays more than ${Math.round(f.fair_margin * 100)}% from a fair share.`;
  return { table: t, note };
}

// colony is a scenario's plays: a row per side and player count.
function colony(f) {
  const flagged = new Map((f.flags || []).map(x => [x.side + ' ' + x.players, x.rule]));
  const t = table('Plays per side and player count', ['Side, players', 'Main Objective met by the last round (95% interval)', 'Morale held', 'Food held', 'Round met, median (p10–p90)', 'Ended']);
  t.id = 'balance-plays';
  for (const r of f.rows || []) {
    const th = h('th', { scope: 'row', textContent: `${r.side}, ${r.players}` });
    const tr = h('tr', { dataset: { side: r.side, players: r.players } }, th);
    const fl = flagged.get(r.side + ' ' + r.players);
    if (fl) { tr.classList.add('flagged'); th.append(mark(fl)); }
    if (r.problem) tr.append(h('td', { colSpan: 5, textContent: r.problem }));
    else tr.append(h('td', { textContent: rate(r.objective_met) }), h('td', { textContent: rate(r.morale_held) }), h('td', { textContent: rate(r.food_held) }),
      h('td', { textContent: span(r.rounds_to_meet) }), h('td', { textContent: ended(r.endings, 'plays') }));
    t.tBodies[0].append(tr);
  }
  const note = `${f.plays} plays per side and player count, seed ${f.seed}, the plays the checks make; flagged when met in under ${pct(f.seldom_won_below)} or over ${pct(f.foregone_above)} of plays.`;
  return { table: t, note };
}

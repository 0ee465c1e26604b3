// Building blocks every game renderer uses: DOM helper, seat marks, card faces, piles, zones, and
// the matching of legal actions to the elements they act on (data-ref).
import { t, pick, lang } from './i18n.js';

/** h('div.cls', {attr}, children...) — a tiny DOM builder; strings become text nodes (never markup). */
export function h(spec, attrs, ...children) {
  const id = (spec.match(/#([\w-]+)/) || [])[1];
  const [tag, ...classes] = spec.replace(/#[\w-]+/, '').split('.').filter((x, i) => i === 0 || x);
  const el = document.createElement(tag || 'div');
  if (id) el.id = id;
  if (classes.length) el.className = classes.join(' ');
  if (attrs && (typeof attrs !== 'object' || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') el.className += (el.className ? ' ' : '') + v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : v);
  }
  append(el, children);
  return el;
}

/** Replace an element's children: arrays are flattened, null and false left out (never "null"). */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c == null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

const SHAPES = ['●', '▲', '■', '◆', '★', '✚'];
let seatLabels = null;

/** Names a game gives its seats (thrones, colours…), as its log names them; null: P1, P2… */
export function setSeatLabels(labels) { seatLabels = labels && labels.length ? labels : null; }

/** A seat's short label: the game's own name for it, else P1, P2… */
export function seatShort(seat) { return (seatLabels && seatLabels[seat]) || t('seat.short', { n: seat + 1 }); }

/** A seat's long label: the game's own name for it, else Player 1, Player 2… */
export function seatLabel(seat) { return (seatLabels && seatLabels[seat]) || t('seat.n', { n: seat + 1 }); }

/** A seat's mark: colour plus a shape plus its label, so colour is never the only sign. */
export function seatMark(seat, extra = '') {
  if (seat == null) return h('span.seat-mark', '—');
  return h(`span.seat-mark.seat-${seat}`, { title: seatLabel(seat) },
    h('span.shape', { 'aria-hidden': 'true' }, SHAPES[seat % SHAPES.length]), seatShort(seat), extra);
}

/** "Player 2 (AI: Normal)", "Yellow (you)"; without `withWho` the seat's label alone. */
export function seatName(view, seat, withWho = true) {
  if (seat == null) return t('seat.spectator');
  if (!withWho) return seatLabel(seat);
  const info = (view.seats || []).find((s) => s.seat === seat) || {};
  const who = seat === view.seat ? t('seat.you') : info.kind === 'ai' ? t('seat.ai', { agent: agentLabel(info.agent) }) : (info.name || t('seat.human'));
  return `${seatLabel(seat)} (${who})`;
}

let agentLabels = {};
export function setAgentLabels(list) {
  agentLabels = Object.fromEntries(list.map((a) => [a.name, a.label]));
  // `heuristic` is the player `normal` names: one label for both
  if (agentLabels.normal) agentLabels.heuristic = agentLabels.normal;
}
export function agentLabel(name) { return agentLabels[name] ? pick(agentLabels[name]) : (name || ''); }

/** Stat chips: [[labelKey, value, cls?], ...] with zero values left out. */
export function chips(stats) {
  return h('div.chips', stats.filter(([, v]) => v !== 0 && v != null && v !== '')
    .map(([label, v, cls]) => h(`span.chip${cls ? '.' + cls : ''}`, { title: label }, label, ' ', h('b', String(v)))));
}

/**
 * A card face: name, cost, symbols (chips), effect text; `slots` draws parts stacked on the card (a sleeve's
 * positions). `ref` ties it to legal actions. `back` draws a face-down card.
 */
export function cardFace({ name, cost, stats = [], text = '', ref, cls = '', slots, badge, back, owner, title, key, card } = {}) {
  const dataset = {};
  if (card != null) dataset.card = card;
  if (ref) dataset.ref = ref;
  if (key != null) dataset.key = key;
  if (back) {
    return h(`div.card.back${cls ? ' ' + cls : ''}`.replace(/ /g, '.'), { dataset, 'aria-label': t('card.hidden') },
      h('span.back-mark', '✦'));
  }
  return h(`div.card${cls ? ' ' + cls : ''}`.replace(/ /g, '.'), { dataset, title: title || text || name },
    h('div.card-head', h('span.card-name', name), cost != null && cost !== '' ? h('span.cost', { title: t('card.cost') }, String(cost)) : null),
    owner != null ? seatMark(owner) : null,
    badge ? h('div.badge', badge) : null,
    slots ? h('div.slots', slots) : null,
    stats.length ? chips(stats) : null,
    text ? h('div.card-text', text) : null);
}

const COUNT_LINE = /^(count|copies|枚数)\s*[:：]/i;

/**
 * The full text of the card(s) an element shows, for the popover: its own card, else the parts
 * sleeved into it. [{id, name, text}], empty when it shows no card.
 */
export function cardInfo(el, faces) {
  const els = el.dataset.card != null ? [el] : [...el.querySelectorAll('.slots [data-card]')];
  const seen = new Set();
  const out = [];
  for (const e of els) {
    const id = e.dataset.card;
    if (seen.has(id)) continue;
    seen.add(id);
    const f = (faces && faces[id]) || {};
    const name = f.name || e.querySelector('.card-name, .slot-name')?.textContent || String(id);
    const raw = f.text || e.getAttribute('title') || '';
    const lines = raw.replaceAll(' — ', '\n').split('\n').map((l, i) => {
      const line = l.trim();
      return i === 0 && line.startsWith(name) ? line.slice(name.length).replace(/×\d+/, '').trim() : line;
    }).filter((l) => l && l !== '-' && !COUNT_LINE.test(l));
    out.push({ id, name, text: lines.join('\n') });
  }
  return out;
}

/** A face-down pile with its count (deck, stack, hidden hand). */
export function pile(label, count, ref) {
  return h('div.pile', { dataset: ref ? { ref } : {}, title: label },
    h('div.pile-stack', h('span.count', String(count))), h('div.pile-label', label));
}

/** Seats in the order a table shows them: the viewer's own first, then the others in turn. */
export function seatOrder(n, me) {
  const order = [...Array(n).keys()];
  return me == null ? order : [...order.slice(me), ...order.slice(0, me)];
}

/** A titled area of the table. */
export function zone(title, children, cls = '') {
  return h(`section.zone${cls ? '.' + cls : ''}`, h('h3.zone-title', title), h('div.zone-body', children));
}

/** A row of cards that wraps. */
export function row(children, cls = '') { return h(`div.cardrow${cls ? '.' + cls : ''}`, children); }

/** The face data of a card id for the current language, or a neutral stand-in. */
export function face(faces, id) {
  return (faces && faces[id]) || { name: String(id), text: '' };
}

/** First non-empty text line of a face's text, skipping a repeated name. */
export function faceText(f) {
  if (!f || !f.text) return '';
  const lines = f.text.split('\n').filter((l) => l.trim() && l.trim() !== f.name);
  return lines.join('\n');
}

/** Name of something given as {en, ja}, a string id resolved through faces, or a raw string. */
export function nameOf(faces, thing) {
  if (thing == null) return '';
  if (typeof thing === 'object') return pick(thing.name ?? thing);
  return face(faces, thing).name;
}

/** Ordinal/number formatting in the current language. */
export function num(n) { return Number(n).toLocaleString(lang()); }

/**
 * Ties legal actions to board elements: `refsOf(action)` names the elements (data-ref values)
 * an action acts on. Returns the actions no element carries (they become buttons).
 */
export function bindActions(root, legal, refsOf, choose, explain) {
  const byRef = new Map();
  const loose = [];
  for (const entry of legal) {
    const refs = refsOf(entry.action) || [];
    let placed = false;
    for (const ref of refs) {
      if (!root.querySelector(`[data-ref="${CSS.escape(ref)}"]`)) continue;
      if (!byRef.has(ref)) byRef.set(ref, []);
      byRef.get(ref).push(entry);
      placed = true;
    }
    if (!placed) loose.push(entry);
  }
  for (const el of root.querySelectorAll('[data-ref]')) {
    if (byRef.has(el.dataset.ref)) el.classList.add('playable');
  }
  for (const el of root.querySelectorAll('[data-ref], [data-card]')) {
    const entries = el.dataset.ref != null ? byRef.get(el.dataset.ref) : undefined;
    let keys = el;
    if (entries) {
      // an area holding other outlined things is clicked anywhere, but takes the keyboard through its
      // title: one control never sits inside another
      if (el.querySelector('.playable')) {
        keys = el.querySelector(':scope > .group-head, :scope > .zone-title, :scope > h3');
        if (!keys) { keys = h('button.area-act', { type: 'button' }, h('span', { 'aria-hidden': 'true' }, '⋯')); el.prepend(keys); }
      }
      if (keys.tagName !== 'BUTTON') {
        keys.setAttribute('role', 'button');
        keys.setAttribute('tabindex', '0');
      }
      // its name is what it shows, then what it does: the moves are words read after the visible text
      keys.append(h('span.sr-only.moves', ` — ${entries.map((e) => e.text).join(' / ')}`));
    }
    const go = (ev) => {
      // a card with nothing to do inside a highlighted area (a unit in a battle area) acts as the area
      if (!entries && el.parentElement && el.parentElement.closest('.playable')) return;
      ev.stopPropagation();
      if (entries) choose(entries, el); else explain(el);
    };
    el.addEventListener('click', go);
    keys.addEventListener('keydown', (ev) => {
      if (ev.target === keys && (ev.key === 'Enter' || ev.key === ' ')) { ev.preventDefault(); if (entries) choose(entries, el); }
    });
  }
  return loose;
}

/**
 * A card drawn from its face data: `fields` lists [faceField, labelKey] pairs shown as chips,
 * `costField` the number in the corner, `badgeField` a small label (kind, tier).
 */
export function faceCard(faces, id, { fields = [], costField, badgeField, textField, ref, key, owner, cls = '', extra = [], name } = {}) {
  const f = face(faces, id);
  const stats = fields.filter(([k]) => f[k] != null && typeof f[k] !== 'object').map(([k, label]) => [t(label), f[k], `stat-${k}`]);
  const text = textField ? [].concat(f[textField] || []).join('\n') : (f.text && f.text !== f.name ? f.text : '');
  return cardFace({ name: name || f.name, cost: costField ? f[costField] : null, badge: badgeField ? f[badgeField] : null,
    stats: stats.concat(extra), text, title: f.text, ref, key, owner, card: id, cls: `${cls} kind-${f.type || f.kind || 'card'}` });
}

// Bellum Magica: each castle with its six die rows (production on the left, attack on the right),
// the creatures tucked under each side, food, glyphs, barrels, shields and chests; the tavern and
// kingdom locations to attack; the evil and most-evil creature rows to recruit from.
import { t, pick } from '../i18n.js';
import { h, zone, row, seatMark, pile, cardFace, seatOrder } from '../shared.js';

const LEFT = ['food', 'glyph', 'map'];
const RIGHT = ['sword', 'msword', 'thief'];

export function status({ obs }) {
  return [t('bm.day', { n: obs.day }), t(`bm.phase.${obs.phase}`),
    obs.die ? t('bm.die', { n: obs.die }) : '', obs.captain != null ? t('bm.captain', { seat: t('seat.short', { n: obs.captain + 1 }) }) : '']
    .filter(Boolean).join(' · ');
}

function icons(values, names) {
  return names.map((k, i) => (values[i] ? h(`span.sym.sym-${k}`, `${t(`bm.icon.${k}`)}×${values[i]}`) : null));
}

function rowsGrid(rows, active) {
  return h('table.die-rows', h('thead', h('tr', h('th', t('bm.row')), h('th', t('bm.left')), h('th', t('bm.right')))),
    h('tbody', rows.map((r, i) => {
      const n = r.row ?? i + 1;
      const left = r.left ?? r[0];
      const right = r.right ?? r[1];
      return h(`tr${active === n ? '.active-row' : ''}`, h('th', String(n)), h('td', icons(left, LEFT)), h('td', icons(right, RIGHT)));
    })));
}

function creature(c, ref, faces) {
  const rows = c.left.map((l, i) => ({ row: i + 1, left: l, right: c.right[i] }));
  return cardFace({ name: pick(c.name), ref, key: ref ? `c${c.id}${ref}` : `c${c.id}`, cls: 'creature', card: c.id,
    slots: rowsGrid(rows), text: c.bonus && c.bonus.length ? c.bonus.map((b) => t(`bm.bonus.${b}`)).join(', ') : '',
    title: faces[c.id]?.text });
}

/** A goblin card: its six rows come from the card face (dicts of icon -> count per row). */
function goblin(g, faces) {
  const f = faces[g.id] || {};
  const arr = (d, names) => names.map((k) => (d && (d[k] ?? (k === 'msword' ? d.magic_sword : 0))) || 0);
  const rows = (f.left || []).map((l, i) => ({ row: i + 1, left: arr(l, LEFT), right: arr((f.right || [])[i], RIGHT) }));
  return cardFace({ name: pick(g.name), ref: `goblin:${g.id}`, key: `g${g.id}`, cls: 'creature goblin', card: g.id,
    slots: rows.length ? rowsGrid(rows) : null, title: f.text });
}

function location(loc, faces) {
  const loot = Object.entries(loc.loot || {}).map(([k, v]) => [t(`bm.loot.${k}`), v, `loot-${k}`]);
  return cardFace({ name: pick(loc.name), ref: `loc:${loc.id}`, key: `loc${loc.id}`, cls: `location kind-${loc.kind}`,
    badge: t(`bm.kind.${loc.kind}`), stats: [[t('bm.shields'), loc.shields], [t('bm.magic_shields'), loc.magic_shields], ...loot],
    title: faces[loc.id]?.text });
}

function castle(ctx, c) {
  const { obs } = ctx;
  const p = c.seat;
  const tucked = (list) => row(list.map((g) => h('span.tucked', { title: pick(g.name) }, pick(g.name))));
  const counters = [[t('bm.food'), c.food], [t('bm.glyph'), c.glyph], [t('bm.barrels'), c.barrels],
    [t('bm.shields'), c.defence[0]], [t('bm.magic_shields'), c.defence[1]], [t('bm.confusion'), c.confusion_up], [t('bm.chests'), c.chests]];
  return h(`section.player-area.castle.seat-bg-${p}${obs.current_player === p ? '.active' : ''}`, { dataset: { ref: `castle:${p}` } },
    h('h3.zone-title', seatMark(p), ' ', pick(c.board_name)),
    h('div.counters', counters.map(([l, v]) => h('span.counter', l, ' ', h('b', String(v))))),
    h('div.castle-body', h('div.side', { dataset: p === ctx.me ? { ref: 'side:L' } : {} }, h('div.pile-label', t('bm.left')), tucked(c.left)),
      rowsGrid(c.rows, obs.active_row),
      h('div.side', { dataset: p === ctx.me ? { ref: 'side:R' } : {} }, h('div.pile-label', t('bm.right')), tucked(c.right))),
    h('div.chest-counts', ['wood', 'metal', 'gold'].map((k, i) => h('span.chest', { dataset: { ref: `chest:${p}:${k}` } },
      `${t(`bm.chest.${k}`)}×${c.chest_counts[i]}`))),
    ...privateZones(ctx, p));
}

/** The replay's everything view: this lord's chests (with their values) and goblins, shown. */
function privateZones(ctx, p) {
  const priv = ctx.obs.seat_private && ctx.obs.seat_private[p];
  if (!priv) return [];
  return [
    priv.my_chests && priv.my_chests.length ? zone(t('bm.chests_held'), row(priv.my_chests.map((c) => h(`span.chest.chest-${c.type}`, `${t(`bm.chest.${c.type}`)} ${c.value}`)))) : null,
    priv.goblin_hand && priv.goblin_hand.length ? zone(t('bm.goblins_held'), row(priv.goblin_hand.map((g) => goblin(g, ctx.faces)))) : null];
}

export function render(ctx) {
  const { obs, faces, me } = ctx;
  const k = obs.kingdom;
  const order = seatOrder(obs.castles.length, me);
  return h('div.board-bm',
    h('section.commons',
      zone(t('bm.kingdom'), h('div.cardrow', location(k.tavern, faces), k.display.map((l) => location(l, faces)),
        pile(t('bm.kingdom_deck'), k.deck_size), pile(t('bm.discard'), k.discard.length))),
      ['evil', 'most_evil'].map((deck) => zone(t(`bm.deck.${deck}`), row([
        ...obs.creatures[deck].display.map((c, i) => creature(c, `recruit:${deck}:${i}`, faces)),
        pile(t('bm.deck_left'), obs.creatures[deck].deck_size)]))),
      zone(t('bm.chest_stacks'), row(obs.chest_stacks.map((n, i) => pile(t(`bm.chest.${['wood', 'metal', 'gold'][i]}`), n))))),
    obs.recruit ? zone(t('bm.recruiting'), creature(obs.recruit.card, null, faces)) : null,
    obs.goblin_hand && obs.goblin_hand.length ? zone(t('bm.goblins'), row(obs.goblin_hand.map((g) => goblin(g, faces)))) : null,
    obs.my_chests && obs.my_chests.length ? zone(t('bm.my_chests'), row(obs.my_chests.map((c) => h(`span.chest.chest-${c.type}`, `${t(`bm.chest.${c.type}`)} ${c.value}`)))) : null,
    obs.known_chests && obs.known_chests.length ? zone(t('bm.known_chests'), row(obs.known_chests.map((c) => h('span.chest', seatMark(c.holder), ` ${t(`bm.chest.${c.type}`)} ${c.value}`)))) : null,
    obs.draft_pool && obs.draft_pool.length ? zone(t('bm.draft'), row(obs.draft_pool.map((b) => cardFace({ name: pick(b.name), ref: `board:${b.id}`, title: faces[b.id]?.text })))) : null,
    h('div.players', order.map((p) => castle(ctx, obs.castles[p]))));
}

export function refs(action) {
  const a = action.args || [];
  switch (action.kind) {
    case 'place_goblin': return [`goblin:${a[0]}`];
    case 'place_creature': return [`side:${a[0]}`];
    case 'attack_location': return [`loc:${a[0]}`];
    case 'recruit': return [`recruit:${a[0]}:${a[1]}`];
    case 'attack_castle': return [`castle:${a[0]}`];
    default: return a.length === 1 && typeof a[0] === 'string' ? [`board:${a[0]}`] : [];
  }
}

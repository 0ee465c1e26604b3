// Mystic Vale: one's own field first, then the advancement rows, Fertile Soil and the vale rows, then
// the others' fields: each field of sleeved cards (three advancement slots each), the on-deck card,
// deck and discard, vale cards.
import { t, tn, pick } from '/static/i18n.js';
import { h, cardFace, pile, zone, row, seatMark, face, seatOrder } from '/static/shared.js';

const STATS = ['mana', 's1', 's2', 's3', 'wild', 'decay', 'growth', 'vp', 'evp', 'guard'];
const POS = ['top', 'middle', 'bottom'];
const SIZE = 20;

export function status({ obs }) {
  return [t('mv.round', { n: obs.round }), t(`mv.phase.${obs.phase}`), t('mv.pool', { n: obs.pool }),
    obs.end_triggered ? t('mv.end_triggered') : ''].filter(Boolean).join(' · ');
}

function symbolLabel(key, faces) {
  if (['s1', 's2', 's3', 'wild'].includes(key)) {
    const any = Object.values(faces || {}).find((f) => f.spirit_names);
    if (any) return any.spirit_names[key];
  }
  return t(`mv.stat.${key}`);
}

function statChips(stats, faces) {
  return STATS.map((k, i) => [symbolLabel(k, faces), stats[i], `sym-${k}`]);
}

function part(obs, faces, idx, pos, extra = {}) {
  if (idx == null || idx < 0) return h('div.slot.empty', { title: t(`mv.pos.${POS[pos]}`) }, t(`mv.pos.${POS[pos]}`));
  const p = obs.catalog.parts[idx];
  const f = face(faces, p.id);
  return h(`div.slot.level-${p.level}`, { title: f.text || pick(p.name), dataset: { card: p.id }, ...extra },
    h('span.slot-name', pick(p.name)), h('span.slot-stats', statChips(p.stats, faces).filter(([, v]) => v).map(([l, v, c]) => h(`span.sym.${c}`, `${l}${v > 1 ? '×' + v : ''}`))),
    f.ability ? h('span.slot-ability', f.ability.text) : null);
}

function sleeved(obs, faces, owner, card, cls = '') {
  const pl = obs.players[owner];
  const local = card % SIZE;
  const slots = [0, 1, 2].map((pos) => part(obs, faces, pl.slots[3 * local + pos], pos));
  return cardFace({ name: t('mv.card_no', { n: local + 1 }), slots, ref: `card:${card}`, cls: `sleeved ${cls}`, key: `mv${card}` });
}

function advCard(obs, faces, idx, ref) {
  if (idx < 0) return h('div.card.empty-spot', t('mv.empty'));
  const p = obs.catalog.parts[idx];
  const f = face(faces, p.id);
  return cardFace({ name: pick(p.name), cost: p.cost, ref, cls: `advancement level-${p.level}`, card: p.id, key: `a${idx}`,
    badge: `${t('mv.level', { n: p.level })} · ${t(`mv.pos.${POS[p.pos]}`)}`, stats: statChips(p.stats, faces), text: f.ability ? f.ability.text : '' });
}

function valeCard(obs, faces, idx, ref, spent) {
  if (idx < 0) return h('div.card.empty-spot', t('mv.empty'));
  const v = obs.catalog.vale[idx];
  const f = face(faces, v.id);
  const cost = v.cost.map((n, i) => [symbolLabel(['s1', 's2', 's3', 'wild'][i], faces), n, `sym-${['s1', 's2', 's3', 'wild'][i]}`]);
  return cardFace({ name: pick(v.name), ref, cls: `vale level-${v.level}${spent ? ' spent' : ''}`, card: v.id, key: `v${idx}`,
    badge: `${t('card.cost')}: ${cost.filter(([, n]) => n).map(([l, n]) => `${l}×${n}`).join(' ')} · ${t('mv.vp', { n: v.vp })}`,
    text: f.ability ? f.ability.text : '' });
}

function playerArea(ctx, q) {
  const { obs, faces } = ctx;
  const pl = obs.players[q];
  const active = obs.active === q;
  const turn = obs.turn;
  return h(`section.player-area.seat-bg-${q}${active ? '.active' : ''}`,
    h('h3.zone-title', seatMark(q), ' ', tn('mv.vp_tokens', pl.vp), pl.token_active ? ` · ${t('mv.token')}` : '',
      ` · ${t('mv.decay', { n: pl.effective_decay })}`),
    active ? h('div.turn-pool', t('mv.mana', { n: turn.mana }), ' ',
      ['s1', 's2', 's3', 'wild'].map((k, i) => (turn.spirit[i] ? `${symbolLabel(k, faces)}×${turn.spirit[i]} ` : ''))) : null,
    active && turn.pending.length ? zone(t('mv.to_sleeve'), row(turn.pending.map((idx, i) => advCard(obs, faces, idx, `pending:${i}`)))) : null,
    zone(t('mv.field'), row(pl.field.map((c) => sleeved(obs, faces, q, c)))),
    h('div.piles',
      pl.on_deck >= 0 ? h('div.on-deck', h('div.pile-label', t('mv.on_deck')), sleeved(obs, faces, q, pl.on_deck, 'on-deck')) : null,
      pile(t('mv.deck'), pl.deck_size, `deck:${q}`),
      pile(t('mv.discard'), pl.discard.length, `discard:${q}`)),
    pl.vale.length ? zone(t('mv.vale_owned'), row(pl.vale.map((v) => valeCard(obs, faces, v, `use:${10000 + v}`, pl.spent_vale.includes(v))))) : null);
}

/** A row's label says the levels of the cards it holds: once the level-1 deck runs out, the first row
 * is refilled from level 2, and its cards are level 2 (the deck beside it stays the row's own). */
function rowLabel(levels, lv) {
  const shown = [...new Set(levels)].sort();
  if (shown.length > 1) return t('mv.levels', { lo: shown[0], hi: shown[shown.length - 1] });
  return t('mv.level', { n: shown.length ? shown[0] : lv + 1 });
}

export function render(ctx) {
  const { obs, faces, me } = ctx;
  const c = obs.commons;
  const advLevels = (rowIdx) => rowIdx.filter((idx) => idx >= 0).map((idx) => obs.catalog.parts[idx].level);
  const valeLevels = (rowIdx) => rowIdx.filter((idx) => idx >= 0).map((idx) => obs.catalog.vale[idx].level);
  const commons = h('section.commons',
    zone(t('mv.advancements'), c.adv_display.map((rowIdx, lv) => h('div.level-row',
      h('span.row-label', rowLabel(advLevels(rowIdx), lv)), row(rowIdx.map((idx, i) => advCard(obs, faces, idx, `buy:${lv + 1}:${i}`))),
      pile(t('mv.level_deck', { n: lv + 1 }), c.adv_deck[lv])))),
    zone(t('mv.soil'), row(c.soil.map((n, pos) => h('div.pile.soil', { dataset: { ref: `soil:${pos}` } },
      h('div.pile-stack', h('span.count', String(n))), h('div.pile-label', `${t('mv.soil_card')} (${t(`mv.pos.${POS[pos]}`)})`))))),
    zone(t('mv.vale'), c.vale_display.map((rowIdx, lv) => h('div.level-row',
      h('span.row-label', rowLabel(valeLevels(rowIdx), lv)), row(rowIdx.map((idx, i) => valeCard(obs, faces, idx, `vale:${lv + 1}:${i}`))),
      pile(t('mv.level_deck', { n: lv + 1 }), c.vale_deck[lv])))));
  const order = seatOrder(obs.players.length, me);
  // one's own field comes first, above the rows one buys from: both fit a laptop's screen
  if (me == null) return h('div.board-mv', commons, h('div.players', order.map((q) => playerArea(ctx, q))));
  return h('div.board-mv', h('div.players.mine', playerArea(ctx, me)), commons,
    h('div.players', order.slice(1).map((q) => playerArea(ctx, q))));
}

export function refs(action) {
  const a = action.args || [];
  switch (action.kind) {
    case 'sleeve': return [`card:${a[1]}`, `pending:${a[0]}`];
    case 'buy': return [`buy:${a[0]}:${a[1]}`];
    case 'vale': return [`vale:${a[0]}:${a[1]}`];
    case 'soil': return [`soil:${a[0]}`];
    case 'use': return a[0] >= 10000 ? [`use:${a[0]}`] : [`card:${a[0]}`];
    default: return [];
  }
}

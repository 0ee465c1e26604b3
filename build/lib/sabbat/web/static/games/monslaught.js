// Monslaught in Walpurgis: the boss row, the Field of monsters and items, the land stacks and the
// decks; each witch's hand (backs show the tier), play area with monsters on lands, lands, discard.
import { t, tn } from '../i18n.js';
import { h, zone, row, seatMark, faceCard, pile, cardFace, seatOrder } from '../shared.js';

const FIELDS = [['summon_cost', 'ms.summon'], ['attack', 'ms.attack'], ['scout_cost', 'ms.scout'], ['points', 'ms.points'],
  ['pays', 'ms.pays'], ['flip_at', 'ms.flip_at']];

export function status({ obs }) {
  return [t('ms.round', { n: obs.round }), obs.boss_round ? t('ms.boss_round') : '', t(`ms.phase.${obs.phase}`)]
    .filter(Boolean).join(' · ');
}

const card = (faces, id, opts = {}) => faceCard(faces, id, { fields: FIELDS, textField: 'abilities', ...opts, cls: `${opts.cls || ''} tier-${(faces[id] || {}).tier || 'none'}` });

function playerArea(ctx, q) {
  const { obs, faces } = ctx;
  const pl = obs.players[q];
  const hand = pl.hand
    ? row(pl.hand.map((c, i) => card(faces, c, { ref: `hand:${c}`, key: `h${q}-${c}-${i}` })))
    : row(pl.hand_tiers.map((tier, i) => h(`div.card.back.tier-${tier}`, { 'aria-label': t('card.hidden') }, h('span.back-mark', t(`ms.tier.${tier}`)), i ? null : null)));
  const lands = pl.lands.map((ld) => {
    const on = pl.play.filter((m) => m.land === ld.uid);
    return h('div.land', card(faces, ld.flipped ? `${ld.kind}_back` : ld.kind, { ref: `land:${ld.uid}`, key: `l${ld.uid}`,
      extra: ld.budget ? [[t('ms.budget'), ld.budget, 'stat-budget']] : [] }),
    on.length ? row(on.map((m) => played(faces, m))) : null);
  });
  const free = pl.play.filter((m) => m.land == null);
  return h(`section.player-area.seat-bg-${q}${obs.active === q ? '.active' : ''}`, { dataset: { seat: q } },
    h('h3.zone-title', seatMark(q), ' ', tn('ms.bosses_won', pl.bosses.length),
      pl.credit ? ` · ${t('ms.credit', { n: pl.credit })}` : '', pl.scout_bonus ? ` · ${t('ms.scout_bonus', { n: pl.scout_bonus })}` : '',
      ` · ${t('ms.refill_limit', { n: pl.refill_limit })}`),
    pl.offer && pl.offer.length ? zone(t('ms.offer'), row(pl.offer.map((c, i) => card(faces, c, { ref: `offer:${c}`, key: `o${q}-${c}-${i}` })))) : null,
    !pl.offer && pl.offer_size ? zone(t('ms.offer'), pile(t('ms.offer'), pl.offer_size)) : null,
    zone(t('ms.hand', { n: pl.hand_size }), hand),
    zone(t('ms.play'), row(free.map((m) => played(faces, m)))),
    pl.lands.length ? zone(t('ms.lands'), h('div.lands', lands)) : null,
    zone(t('ms.discard', { n: pl.discard.length }), row(pl.discard.map((c, i) => card(faces, c, { ref: `discard:${q}:${c}`, key: `d${q}-${c}-${i}`, cls: 'small' })))),
    pl.bosses.length ? zone(t('ms.won'), row(pl.bosses.map((b) => card(faces, b, { cls: 'boss' })))) : null);
}

function played(faces, m) {
  const extra = [];
  if (m.boost) extra.push([t('ms.boost'), m.boost, 'stat-boost']);
  const el = card(faces, m.card, { ref: `play:${m.uid}`, key: `p${m.uid}`, extra, cls: m.used ? 'used' : '' });
  if (m.copy) el.querySelector('.card-name').append(` ${m.copy}`);
  if (m.acted) el.append(h('span.tag', t('ms.acted')));
  return el;
}

export function render(ctx) {
  const { obs, faces, me } = ctx;
  const bosses = row(obs.bosses.map((b) => (b.id ? card(faces, b.id, { cls: 'boss', key: `b${b.number}` })
    : cardFace({ back: true, cls: 'boss', key: `b${b.number}` }))));
  const field = row(Object.entries(obs.field).flatMap(([c, n]) => Array.from({ length: n }, (_, i) => card(faces, c, { ref: `field:${c}`, key: `f${c}${i}` }))));
  const order = seatOrder(obs.players.length, me);
  return h('div.board-ms',
    h('section.commons',
      zone(t('ms.boss_row'), bosses),
      zone(t('ms.field'), field),
      h('div.piles', pile(t('ms.farms'), obs.stacks.farm, 'stack:farm'), pile(t('ms.mountains'), obs.stacks.mountain, 'stack:mountain'),
        ['lower', 'middle', 'upper'].map((k) => pile(t(`ms.deck.${k}`), obs.decks[k])))),
    h('div.players', order.map((q) => playerArea(ctx, q))));
}

export function refs(action, ctx) {
  const a = action.args || [];
  const me = ctx.view.current_player;
  switch (action.kind) {
    case 'pick': return [`offer:${a[0]}`];
    case 'summon': case 'pay_hand': return [`hand:${a[0]}`];
    // only the mover's own discard pile: the same card in another witch's discard is not theirs to take
    case 'recover': case 'take': case 'penalty_bury': return [`discard:${me}:${a[0]}`];
    case 'scout_card': case 'take_field': return [`field:${a[0]}`];
    case 'penalty_card': return [`play:${a[0]}`];
    case 'penalty_land': return [`land:${a[0]}`];
    case 'scout_land': case 'take_land': return [`stack:${a[0]}`];
    case 'use': case 'use_oneshot': case 'send': case 'add': case 'target': case 'release': case 'pay_play': case 'maintain':
      return [`play:${a[0]}`];
    case 'pay_land': case 'flip': return [`land:${a[0]}`];
    default: return [];
  }
}

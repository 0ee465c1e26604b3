// The Nameless Dark Lord: the four battle areas with their targets and placed units, each
// Dark Lord's throne, coins, income, territories, artifacts and units at home; the Level decks.
import { t } from '/static/i18n.js';
import { h, zone, row, seatMark, faceCard, pile, seatOrder } from '/static/shared.js';

const FIELDS = [['power', 'ndl.power'], ['upkeep', 'ndl.upkeep'], ['income', 'ndl.income'], ['vp', 'ndl.vp']];

export function status({ obs }) {
  return [t('ndl.round', { n: obs.round }), t(`ndl.phase.${obs.phase}`),
    obs.pending && obs.pending.resolving ? t('ndl.resolving', { area: obs.pending.resolving }) : ''].filter(Boolean).join(' · ');
}

const card = (faces, id, opts = {}) => faceCard(faces, id, { fields: FIELDS, badgeField: 'type_label', ...opts });

function unit(faces, u, extra = {}) {
  const power = u.power != null ? [[t('ndl.now_power'), u.power, 'stat-now']] : [];
  const tokens = u.tokens ? [[t('ndl.tokens'), u.tokens, 'stat-tokens']] : [];
  return card(faces, u.card, { ref: `unit:${u.uid}`, key: `u${u.uid}`, owner: u.owner, extra: power.concat(tokens), ...extra });
}

function area(ctx, a, x) {
  const { obs, faces } = ctx;
  const totals = Object.entries(a.power || {}).map(([p, v]) => h('span.area-power', seatMark(Number(p)), ` ${v}`));
  const resolving = obs.pending && obs.pending.resolving === a.area;
  return h(`section.battle-area${resolving ? '.resolving' : ''}`, { dataset: { ref: `area:${x}` } },
    h('h3.zone-title', t('ndl.area', { area: a.area }), a.outcome >= 0 ? h('span.outcome', ' → ', seatMark(a.outcome)) : null),
    h('div.target', h('div.pile-label', t('ndl.target')), card(faces, a.target, { cls: 'target-card', key: `t${a.area}${a.target}` })),
    h('div.area-totals', totals.length ? totals : t('ndl.no_units')),
    row(a.units.map((u) => unit(faces, u))));
}

function playerArea(ctx, p) {
  const { obs, faces } = ctx;
  const pl = obs.players[p];
  const home = pl.units.filter((u) => u.at_home);
  return h(`section.player-area.seat-bg-${p}${obs.to_move === p ? '.active' : ''}`,
    h('h3.zone-title', seatMark(p), ' · ', t('ndl.throne_order', { n: pl.seat }),
      pl.passed ? ` · ${t('ndl.passed')}` : ''),
    h('div.counters', [
      [t('ndl.coins'), pl.coins], [t('ndl.income'), pl.income], [t('ndl.stones'), pl.stones], [t('ndl.curses'), pl.curses],
      [t('ndl.sleeves'), pl.sleeves], [t('ndl.score'), pl.score]].map(([l, v]) => h('span.counter', l, ' ', h('b', String(v))))),
    zone(t('ndl.home_units'), row(home.map((u) => {
      const el = unit(faces, { ...u, owner: p }, { cls: u.sleeved ? 'sleeved-unit' : '' });
      if (u.sleeved) el.append(h('span.tag', t('ndl.sleeved')));
      return el;
    }))),
    zone(t('ndl.territories'), row(pl.territories.map((c, i) => card(faces, c, { key: `ter${p}-${i}-${c}`, cls: pl.negative.includes(c) ? 'negative' : '' })))),
    pl.artifacts.length ? zone(t('ndl.artifacts'), row(pl.artifacts.map((c) => card(faces, c)))) : null,
    obs.seat_private && obs.seat_private[p] && (obs.seat_private[p].draft || []).length
      ? zone(t('ndl.draft_held'), row(obs.seat_private[p].draft.map((c) => card(faces, c)))) : null);
}

export function render(ctx) {
  const { obs, faces, me } = ctx;
  const order = seatOrder(obs.players.length, me);
  return h('div.board-ndl',
    h('div.battle-areas', obs.areas.map((a, x) => area(ctx, a, x))),
    h('div.piles', obs.deck_sizes.map((n, i) => pile(t('ndl.level_deck', { n: i + 1 }), n)),
      pile(t('ndl.trash'), obs.trash.length), pile(t('ndl.removed'), obs.removed.length)),
    obs.draft && obs.draft.length ? zone(t('ndl.draft'), row(obs.draft.map((c) => card(faces, c)))) : null,
    h('div.players', order.map((p) => playerArea(ctx, p))));
}

const THRONES = { red: '#c0392b', blue: '#2471a3', yellow: '#8a6d00', green: '#1e8449' };

/** Each Dark Lord is named by their throne's colour, as the log names them (Yellow, not P1). */
export function seatLabels({ obs }) {
  return obs.players.map((pl) => t(`ndl.seat.${pl.colour}`));
}

/** Each Dark Lord's seat takes the colour of their throne, as at the real table. */
export function seatColours({ obs }) {
  return obs.players.map((pl) => THRONES[pl.colour]);
}

export function refs(action) {
  const a = action.args || [];
  switch (action.kind) {
    case 'sleeve': case 'target': return [`unit:${a[0]}`];
    case 'place': return [`unit:${a[0]}`, `area:${a[1]}`];
    default: return [];
  }
}

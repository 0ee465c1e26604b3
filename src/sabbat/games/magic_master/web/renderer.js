// Magic Master: each player's groups (characters, troops, items, terrain) with their attack,
// defence, movement and succession; hands as counts; one's own hand and characters; the market.
import { t, tn, pick } from '/static/i18n.js';
import { h, zone, row, seatMark, pile, cardFace, seatOrder } from '/static/shared.js';

export function status({ obs }) {
  return [t(`mm.phase.${obs.phase}`), obs.regroup ? t(`mm.regroup.${obs.regroup}`) : '', step(obs.regroup_step),
    obs.countdown && obs.countdown.round > 0 ? t('mm.countdown', { n: obs.countdown.round }) : ''].filter(Boolean).join(' · ');
}

/** The regroup asks about one table card at a time, stage by stage: say which, or that hand cards may be played. */
function step(s) {
  if (!s) return '';
  const ask = s.card ? t('mm.deciding', { card: pick(s.card.name) }) : t('mm.hand_step');
  return t('mm.step', { stage: t(`mm.stage.${s.stage}`), ask });
}

/** The face text after the name: "Orcs [troop] ×3 — attack 1D / defence 11 / …" gives the kind and the stats. */
function details(f) {
  const text = (f && f.text) || '';
  const cut = text.indexOf(' — ');
  const kind = text.match(/\[([^\]]+)\]/);
  return { badge: kind ? kind[1] : '', text: cut >= 0 ? text.slice(cut + 3).replaceAll(' — ', '\n') : '' };
}

function mmCard(c, faces, cls = '', deciding = null) {
  const d = details(faces[c.card]);
  if (deciding === c.id) cls = `${cls} deciding`.trim();
  return cardFace({ name: pick(c.name), ref: `mm:${c.id}`, key: `mm${c.id}`, cls, title: faces[c.card]?.text, card: c.card, badge: d.badge, text: d.text });
}

/** An attack in words: "1 die + 3", never the rulebook's "1D+3". */
function attackWords(atk) {
  if (!Array.isArray(atk)) return String(atk);
  const [dice, bonus] = atk;
  if (!dice) return String(bonus || 0);
  return tn('mm.dice_n', dice) + (bonus > 0 ? ` + ${bonus}` : bonus < 0 ? ` − ${-bonus}` : '');
}

function group(ctx, p, g, gi) {
  const { faces } = ctx;
  const asked = ctx.obs.regroup_step && ctx.obs.regroup_step.card && p === ctx.obs.active ? ctx.obs.regroup_step.card.id : null;
  const card = (c, cls) => mmCard(c, faces, cls, asked);
  const stats = [['atk', attackWords(g.atk)], ['def', g.def], ['mov', g.mov], ['suc', g.suc], ['mag', g.mag]]
    .filter(([, v]) => v != null);
  return h('div.group', { dataset: { ref: `group:${p}:${gi}` } },
    h('div.group-head', t('mm.group', { n: gi + 1 }), g.regalia ? h('span.tag', t('mm.regalia', { n: g.regalia })) : null),
    h('div.chips', stats.map(([k, v]) => h('span.chip', { title: t(`mm.${k}_help`) }, t(`mm.${k}`), ' ', h('b', String(v))))),
    g.char.length ? h('div.group-part', h('span.part-label', t('mm.characters')), row(g.char.map((c) => card(c, 'character')))) : null,
    g.troops.length ? h('div.group-part', h('span.part-label', t('mm.troops')), row(g.troops.map((c) => card(c, 'troop')))) : null,
    g.items.length ? h('div.group-part', h('span.part-label', t('mm.items')), row(g.items.map((c) => card(c, 'item')))) : null,
    g.terrain ? h('div.group-part', h('span.part-label', t('mm.terrain')), card(g.terrain, 'terrain')) : null);
}

function playerArea(ctx, p) {
  const { obs } = ctx;
  const pl = obs.players[p];
  const newGroup = h('div.group.new-group', { dataset: { ref: `group:${p}:${pl.groups.length}` } }, t('mm.new_group'));
  return h(`section.player-area.seat-bg-${p}${obs.to_move === p ? '.active' : ''}${pl.eliminated ? '.eliminated' : ''}`,
    h('h3.zone-title', seatMark(p), pl.eliminated ? ` · ${t('mm.eliminated')}` : ''),
    h('div.counters', h('span.counter', tn('mm.hand_n', pl.hand)), h('span.counter', tn('mm.char_hand_n', pl.char_hand))),
    h('div.groups', pl.groups.map((g, gi) => group(ctx, p, g, gi)), p === obs.to_move ? newGroup : null),
    ...privateZones(ctx, p));
}

/** The replay's everything view: this player's hand and characters in hand, shown. */
function privateZones(ctx, p) {
  const priv = ctx.obs.seat_private && ctx.obs.seat_private[p];
  if (!priv) return [];
  return [
    priv.my_chars && priv.my_chars.length ? zone(t('mm.chars_held'), row(priv.my_chars.map((c) => mmCard(c, ctx.faces, 'character')))) : null,
    priv.my_hand && priv.my_hand.length ? zone(t('mm.hand_held'), row(priv.my_hand.map((c) => mmCard(c, ctx.faces)))) : null];
}

export function render(ctx) {
  const { obs, faces, me } = ctx;
  const order = seatOrder(obs.players.length, me);
  return h('div.board-mm',
    h('section.commons', h('div.piles', pile(t('mm.deck'), obs.deck), pile(t('mm.discard'), obs.discard.length), pile(t('mm.set_aside'), obs.set_aside)),
      obs.discard_top && obs.discard_top.length ? zone(t('mm.discard_top'), row(obs.discard_top.map((n) => h('span.tucked', pick(n))))) : null,
      obs.market && obs.market.length ? zone(t('mm.market'), row(obs.market.map((c) => mmCard(c, faces)))) : null),
    obs.my_chars && obs.my_chars.length ? zone(t('mm.my_chars'), row(obs.my_chars.map((c) => mmCard(c, faces, 'character')))) : null,
    obs.my_hand && obs.my_hand.length ? zone(t('mm.my_hand'), row(obs.my_hand.map((c) => mmCard(c, faces)))) : null,
    h('div.players', order.map((p) => playerArea(ctx, p))));
}

/** How the game was won, for the score sheet. */
export function outcome({ obs }) {
  return obs.win_reason ? t(`mm.won_by.${obs.win_reason}`) : '';
}

/** The card `id` and its identical copies beside it (the same card in the same hand or among the same
 * group's items): the rules offer a move once for all of them, and any of them can be clicked. */
function copies(ctx, id) {
  const { obs } = ctx;
  const places = [obs.my_hand, obs.market, ...(obs.players || []).flatMap((pl) => pl.groups.map((g) => g.items))];
  const place = places.find((cards) => (cards || []).some((c) => c.id === id));
  const card = place && place.find((c) => c.id === id).card;
  return place ? place.filter((c) => c.card === card).map((c) => `mm:${c.id}`) : [`mm:${id}`];
}

export function refs(action, ctx) {
  const a = action.args || [];
  const me = ctx.view.current_player;
  switch (action.kind) {
    case 'play': case 'move': case 'troop': return [...copies(ctx, a[0]), `group:${me}:${a[1]}`];
    case 'attack': return [`group:${me}:${a[0]}`, `group:${a[1]}:${a[2]}`];
    case 'card_attack': return [...copies(ctx, a[0]), `group:${a[1]}:${a[2]}`];
    case 'support': case 'scrap': case 'keep': case 'drop': case 'take': case 'cleric': return copies(ctx, a[0]);
    case 'choose_heir': return [`mm:${a[0]}`];
    default: return [];
  }
}

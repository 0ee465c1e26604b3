// The board of a game that brings no renderer of its own: what the seat may see (its observation)
// shown as nested lists in words, every legal action a button beside the board (no card names an
// action). A key reads as the game's own message `<game id>.obs.<key>` where the game declares one,
// else as words ("hand_size" → "Hand size"); a card id reads as the card's name.
import { t, pick, has, lang } from './i18n.js';
import { h } from './shared.js';

export function status() { return ''; }

export function render({ obs, faces, view }) {
  const game = (view && view.game) || '';
  return h('section.generic-board', h('h2.zone-title', t('generic.observation')), value(obs, { game, faces: faces || {} }));
}

export function refs() { return []; }

/** A name given in both languages ({en, ja}) reads as one word. */
function isName(v) {
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k === 'en' || k === 'ja');
}

/** An observation key in words: the game's own message for it, else the key with its underscores as
 * spaces (capitalised in English; in another language they stay the plug-in's own words, as written). */
export function keyWords(game, key) {
  const own = `${game}.obs.${key}`;
  if (has(own)) return t(own);
  const words = String(key).replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
  if (!words) return String(key);
  return lang() === 'en' ? words[0].toUpperCase() + words.slice(1) : words;
}

function value(v, ctx) {
  if (v == null) return h('span.muted', '—');
  if (typeof v === 'boolean') return h('span', t(v ? 'generic.yes' : 'generic.no'));
  if (Array.isArray(v)) return v.length ? h('ol.generic-list', v.map((x) => h('li', value(x, ctx)))) : h('span.muted', '—');
  if (typeof v === 'object') {
    if (isName(v)) return h('span', pick(v));
    return h('dl.generic-obs', Object.entries(v).flatMap(([k, x]) => [h('dt', keyWords(ctx.game, k)), h('dd', value(x, ctx))]));
  }
  // a card's id reads as its name
  if (typeof v === 'string' && ctx.faces[v] && ctx.faces[v].name) return h('span', ctx.faces[v].name);
  return h('span', String(v));
}

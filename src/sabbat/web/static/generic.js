// The board of a game that brings no renderer of its own: what the seat may see (its observation)
// shown as nested lists, every legal action a button beside the board (no card names an action).
import { t, pick } from './i18n.js';
import { h } from './shared.js';

export function status() { return ''; }

export function render({ obs }) {
  return h('section.generic-board', h('h3.zone-title', t('generic.observation')), value(obs));
}

export function refs() { return []; }

/** A name given in both languages ({en, ja}) reads as one word. */
function isName(v) {
  const keys = Object.keys(v);
  return keys.length > 0 && keys.every((k) => k === 'en' || k === 'ja');
}

function value(v) {
  if (v == null) return h('span.muted', '—');
  if (typeof v === 'boolean') return h('span', t(v ? 'generic.yes' : 'generic.no'));
  if (Array.isArray(v)) return v.length ? h('ol.generic-list', v.map((x) => h('li', value(x)))) : h('span.muted', '—');
  if (typeof v === 'object') {
    if (isName(v)) return h('span', pick(v));
    return h('dl.generic-obs', Object.entries(v).flatMap(([k, x]) => [h('dt', k), h('dd', value(x))]));
  }
  return h('span', String(v));
}

// What the table and the replay viewer share: the game's renderer module, its card faces, its
// title, and the FLIP animation that slides cards from where they were to where they are.
import { api } from './api.js';
import { pick } from './i18n.js';

const GAMES = new Set(['mystic_vale', 'nameless_dark_lord', 'monslaught', 'bellum_magica', 'magic_master']);
const facesCache = new Map();
let titles = {};
api('/api/games').then((gs) => { titles = Object.fromEntries(gs.map((g) => [g.id, g.title])); }).catch(() => {});

export async function loadRenderer(game) {
  if (!GAMES.has(game)) throw new Error(`unknown game ${game}`);
  return import(`./games/${game}.js`);
}

export async function loadFaces(game, lang) {
  const key = `${game}/${lang}`;
  if (!facesCache.has(key)) facesCache.set(key, api(`/api/games/${encodeURIComponent(game)}/cards?lang=${lang}`).catch(() => ({})));
  return facesCache.get(key);
}

export function gameTitle(game) { return pick(titles[game]) || game; }

/** Where each keyed card is now (call before replacing the board). */
export function snapshot(root) {
  const at = new Map();
  for (const el of root.querySelectorAll('[data-key]')) at.set(el.dataset.key, el.getBoundingClientRect());
  return at;
}

/** Slide keyed cards from their old place; new ones fade in. */
export function flip(before, root) {
  if (!before.size || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  for (const el of root.querySelectorAll('[data-key]')) {
    const old = before.get(el.dataset.key);
    if (!old) { el.classList.add('arrive'); continue; }
    const now = el.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
    el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], { duration: 260, easing: 'ease-out' });
  }
}

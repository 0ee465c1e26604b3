// What the table and the replay viewer share: the game's renderer module and style (from the game's own
// package, or the generic view for a game without one) with its messages, its card faces, its
// title, and the FLIP animation that slides cards from where they were to where they are.
import { api } from './api.js';
import { pick, addMessages } from './i18n.js';
import * as generic from './generic.js';

const frontCache = new Map();
const facesCache = new Map();
let titles = {};
// a renderer is handed out only once the titles are in, so the first drawing of a table already has its title
const titlesLoaded = api('/api/games').then((gs) => { titles = Object.fromEntries(gs.map((g) => [g.id, g.title])); }).catch(() => {});

/** The game's renderer, once its messages in `lang` are in the dictionaries and its style sheet is in. */
export async function loadRenderer(game, lang) {
  const key = `${game}/${lang}`;
  if (!frontCache.has(key)) {
    const front = api(`/api/games/${encodeURIComponent(game)}/front?lang=${lang}`).then(async (f) => {
      addMessages(lang, f.messages);
      const [renderer] = await Promise.all([f.renderer ? import(f.renderer) : generic, f.style && addStyle(f.style)]);
      return renderer;
    });
    front.catch(() => frontCache.delete(key)); // a failed load is tried again next time
    frontCache.set(key, front);
  }
  const [renderer] = await Promise.all([frontCache.get(key), titlesLoaded]);
  return renderer;
}

/** Link a style sheet once; resolves when it is loaded (or failed: the board still works). */
function addStyle(href) {
  const found = document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`);
  if (found) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = link.onerror = resolve;
    document.head.append(link);
  });
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

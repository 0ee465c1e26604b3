// UI strings: one dictionary per language (i18n/en.js, i18n/ja.js); the language comes from the
// browser unless the person picked one (kept in localStorage).
import en from './i18n/en.js';
import ja from './i18n/ja.js';

const DICTS = { en, ja };
const KEY = 'sabbat.lang';
let current = pickInitial();

function pickInitial() {
  const saved = localStorage.getItem(KEY);
  if (saved && DICTS[saved]) return saved;
  const nav = (navigator.languages && navigator.languages[0]) || navigator.language || 'en';
  return nav.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function lang() { return current; }

export function setLang(code) {
  if (!DICTS[code]) return;
  current = code;
  localStorage.setItem(KEY, code);
  document.documentElement.lang = code;
}

/** Whether a key exists (game renderers fall back to a neutral label when it does not). */
export function has(key) { return key in DICTS[current]; }

/** The string for `key` with `{name}` placeholders filled; a missing key shows as ⟦key⟧ so tests catch it. */
export function t(key, params = {}) {
  const tpl = DICTS[current][key];
  if (tpl === undefined) return `⟦${key}⟧`;
  return tpl.replace(/\{(\w+)\}/g, (_, k) => (k in params ? String(params[k]) : `{${k}}`));
}

/** `t(key, {n})`, with the singular form `key.one` when n is 1 and the language has one ("1 point"). */
export function tn(key, n, params = {}) {
  const one = `${key}.one`;
  return t(Number(n) === 1 && DICTS[current][one] ? one : key, { ...params, n });
}

/** A {en, ja} name object (from observations and the game list) in the current language. */
export function pick(obj) {
  if (obj == null) return '';
  if (typeof obj === 'string') return obj;
  return obj[current] ?? obj.en ?? Object.values(obj)[0] ?? '';
}

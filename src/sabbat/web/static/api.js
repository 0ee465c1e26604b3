// HTTP helpers, "my games" (table id -> seat and token) and the person's name, kept only in this
// browser. Every request that changes something is a POST of JSON (Content-Type: application/json).
import { t } from './i18n.js';

const MINE = 'sabbat.mygames';
const NAME = 'sabbat.name';

const MOVING_TRIES = 30;

export async function api(path, body) {
  let res;
  // A 503 with Retry-After: the table is moving to another server process and nothing was done;
  // ask again after the time it says, for as long as a takeover may take.
  for (let tries = 0; ; tries += 1) {
    try {
      res = await fetch(path, body === undefined ? {} : {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
      });
    } catch {
      throw new Error(t('net.failed'));
    }
    const after = res.headers.get('Retry-After');
    if (res.status !== 503 || after === null || tries >= MOVING_TRIES) break;
    await new Promise((done) => { setTimeout(done, Math.min(2000, 1000 * Number(after) || 500)); });
  }
  const text = await res.text();
  let data;
  try { data = text ? JSON.parse(text) : null; } catch { data = { message: text }; }
  if (!res.ok) {
    const msg = (data && (data.message || data.detail || data.error)) || `HTTP ${res.status}`;
    throw new Error(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }
  return data;
}

export function myGames() {
  try { return JSON.parse(localStorage.getItem(MINE)) || {}; } catch { return {}; }
}

export function remember(tableId, entry) {
  const all = myGames();
  all[tableId] = { ...(all[tableId] || {}), ...entry, saved: all[tableId]?.saved || Date.now() };
  localStorage.setItem(MINE, JSON.stringify(all));
}

export function forget(tableId) {
  const all = myGames();
  delete all[tableId];
  localStorage.setItem(MINE, JSON.stringify(all));
}

export function wsUrl(path) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

/** The name this person plays under (remembered in this browser); '' until they give one. */
export function myName() {
  try { return localStorage.getItem(NAME) || ''; } catch { return ''; }
}

export function setMyName(name) {
  const clean = String(name || '').trim().slice(0, 40);
  try { if (clean) localStorage.setItem(NAME, clean); else localStorage.removeItem(NAME); } catch { /* private mode */ }
  return clean;
}

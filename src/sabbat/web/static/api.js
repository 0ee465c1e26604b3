// HTTP helpers and "my games" (table id -> seat and token), kept only in this browser.
const MINE = 'sabbat.mygames';

export async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  const text = await res.text();
  let data = null;
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

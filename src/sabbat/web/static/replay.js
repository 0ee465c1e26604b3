// The replay viewer: step through a finished game, jump to any move, look through any seat's eyes
// (or everyone's, since the game is over); the replay file can be downloaded for `sabbat replay`.
// Positions come from the server (GET /api/tables/{id}/replay/view?step=&seat=); where the server
// has no such view, the viewer shows the final table and steps through the log instead.
import { t, lang } from './i18n.js';
import { h, seatMark } from './shared.js';
import { api, wsUrl } from './api.js';
import { loadRenderer, loadFaces, gameTitle, flip, snapshot } from './board.js';

export function showReplay(root, tableId) {
  const s = { step: 0, total: 0, seat: 'all', mode: null, finalView: null, events: [], renderer: null, faces: null, alive: true };
  const head = h('div.table-head', h('p.muted', t('lobby.loading')));
  const bar = h('div.replay-bar');
  const board = h('div.board');
  const log = h('ol.log');
  root.append(h('div.table-page.replay-page', head, bar, h('div.table-main', h('div.board-wrap', board), h('aside.side', h('h3', t('replay.moves')), log))));
  const fileUrl = `/api/tables/${encodeURIComponent(tableId)}/replay`;

  const viewUrl = () => `/api/tables/${encodeURIComponent(tableId)}/replay/view?step=${s.step}&lang=${lang()}${s.seat === 'all' ? '' : `&seat=${s.seat}`}`;

  async function show() {
    let v = null;
    if (s.mode === 'server') {
      try { v = await api(viewUrl()); } catch { v = null; }
    }
    if (!s.alive) return;
    if (s.mode !== 'server') v = s.finalView;
    if (!v) { head.replaceChildren(h('p.error', t('replay.unavailable')), h('a.button', { href: '/' }, t('nav.lobby'))); return; }
    if (!s.renderer) [s.renderer, s.faces] = await Promise.all([loadRenderer(v.game), loadFaces(v.game, lang())]);
    const total = s.mode === 'server' ? (v.total_steps ?? s.total) : s.events.length;
    s.total = total;
    const ctx = { obs: v.observation, view: { ...v, legal: [] }, faces: s.faces, me: s.seat === 'all' ? null : Number(s.seat), lang: lang() };
    if (s.renderer.seatColours) s.renderer.seatColours(ctx).forEach((c, i) => { if (c) head.parentElement.style.setProperty(`--seat-${i}`, c); });
    head.replaceChildren(h('h2.game-title', `${t('replay.title')}: ${gameTitle(v.game)}`), h('span.status', s.renderer.status(ctx)),
      h('a.button', { href: fileUrl, download: `${tableId}.replay.json` }, t('replay.download')));
    const range = h('input', { type: 'range', min: 0, max: total, value: s.step, 'aria-label': t('replay.step', { n: s.step, total }),
      oninput: (ev) => go(Number(ev.target.value)) });
    const seatSel = h('select#replay-seat', { 'aria-label': t('replay.view_of'), onchange: (ev) => { s.seat = ev.target.value; show(); } },
      h('option', { value: 'all' }, t('replay.everyone')),
      Array.from({ length: v.players }, (_, i) => h('option', { value: String(i) }, t('seat.n', { n: i + 1 }))));
    seatSel.value = s.seat;
    bar.replaceChildren(
      h('button#replay-first', { type: 'button', onclick: () => go(0) }, t('replay.first')),
      h('button#replay-prev', { type: 'button', onclick: () => go(s.step - 1) }, t('replay.prev')),
      range,
      h('button#replay-next', { type: 'button', onclick: () => go(s.step + 1) }, t('replay.next')),
      h('button#replay-last', { type: 'button', onclick: () => go(total) }, t('replay.last')),
      h('span.replay-step', t('replay.step', { n: s.step, total })),
      s.mode === 'server' ? h('label', t('replay.view_of'), ' ', seatSel) : null);
    const before = snapshot(board);
    board.replaceChildren(s.renderer.render(ctx));
    flip(before, board);
    const events = s.mode === 'server' ? (v.events || []) : s.events;
    log.replaceChildren(h('li.muted', t('replay.start')), ...events.map((e, i) => h(`li${s.mode !== 'server' && i === s.step - 1 ? '.current-step' : ''}`,
      { onclick: s.mode === 'server' ? null : () => go(i + 1) }, e.text)));
    const cur = log.querySelector('.current-step');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
    if (v.status === 'finished' && v.scores) {
      board.prepend(h('div.zone.final-scores', h('h3.zone-title', t('end.game_over')),
        h('div.counters', v.scores.map((sc, i) => h('span.counter', seatMark(i), ' ', t('table.points', { n: sc }), (v.winners || []).includes(i) ? ' ★' : '')))));
    }
  }

  function go(step) {
    s.step = Math.max(0, Math.min(s.total, step));
    show();
  }

  const onKey = (ev) => {
    if (ev.target.closest('input, select')) return;
    if (ev.key === 'ArrowRight') go(s.step + 1);
    else if (ev.key === 'ArrowLeft') go(s.step - 1);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(s.total);
  };
  document.addEventListener('keydown', onKey);

  (async () => {
    try {
      const first = await api(`/api/tables/${encodeURIComponent(tableId)}/replay/view?step=0&lang=${lang()}`);
      if (!first || !first.observation) throw new Error('no replay views');
      s.mode = 'server';
      s.total = first.total_steps ?? 0;
      s.step = s.total;
    } catch {
      s.mode = 'final';
      s.finalView = await finalView(tableId).catch(() => null);
      s.events = s.finalView ? (s.finalView.events || []).filter(Boolean) : [];
      s.step = s.events.length;
    }
    show();
  })();
  return () => { s.alive = false; document.removeEventListener('keydown', onKey); };
}

/** The finished table as a spectator sees it (everything the game reveals at its end). */
function finalView(tableId) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(`/ws/tables/${encodeURIComponent(tableId)}`));
    const timer = setTimeout(() => { ws.close(); reject(new Error('timeout')); }, 8000);
    ws.onopen = () => ws.send(JSON.stringify({ type: 'hello', token: null, lang: lang() }));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.type === 'view') { clearTimeout(timer); ws.close(); resolve(m); }
      if (m.type === 'error') { clearTimeout(timer); ws.close(); reject(new Error(m.message)); }
    };
    ws.onerror = () => { clearTimeout(timer); reject(new Error('ws')); };
  });
}

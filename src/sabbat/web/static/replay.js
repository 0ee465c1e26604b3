// The replay viewer: step through a finished game, jump to any move, look through any seat's eyes
// or at everything (every hand shown, since the game is over); the replay file can be downloaded
// for `sabbat replay`. Positions come from the server (GET /api/tables/{id}/replay/view?step=&seat=).
// A game still being played has no replay yet: the page says so and offers to watch it.
import { t, tn, lang } from './i18n.js';
import { h, fill, seatMark, seatLabel, setSeatLabels, cardInfo } from './shared.js';
import { api } from './api.js';
import { loadRenderer, gameTitle, flip, snapshot } from './board.js';
import { tableFaces } from './custom.js';

export function showReplay(root, tableId) {
  const s = { step: 'last', total: 0, seat: 'all', renderer: null, faces: null, alive: true, busy: 0 };
  const head = h('div.table-head', h('p.muted', t('lobby.loading')));
  const bar = h('div.replay-bar');
  const board = h('div.board');
  const log = h('ol.log', { tabindex: '0', 'aria-label': t('replay.moves') });
  const menu = h('div.choice-menu', { hidden: true, role: 'dialog' });
  const page = h('div.table-page.replay-page', head, bar,
    h('div.table-main', h('div.board-wrap', board, menu), h('aside.side', h('h3', t('replay.moves')), log)));
  root.append(page);
  const fileUrl = `/api/tables/${encodeURIComponent(tableId)}/replay`;
  const viewUrl = () => `/api/tables/${encodeURIComponent(tableId)}/replay/view?step=${s.step}&lang=${lang()}&seat=${s.seat}`;

  async function show() {
    const ticket = ++s.busy;
    let v;
    try { v = await api(viewUrl()); } catch { v = null; }
    if (!s.alive || ticket !== s.busy) return;
    if (!v) { fill(head, h('p.error', t('replay.unavailable')), h('a.button', { href: '/' }, t('nav.lobby'))); return; }
    if (!s.renderer) [s.renderer, s.faces] = await Promise.all([loadRenderer(v.game, lang()), tableFaces(tableId, lang())]); // the table's own cards, where it had its own
    s.total = v.total_steps ?? s.total;
    s.step = v.step ?? s.step;
    const ctx = { obs: v.observation, view: { ...v, legal: [] }, faces: s.faces, me: s.seat === 'all' ? null : Number(s.seat), lang: lang() };
    if (s.renderer.seatColours) s.renderer.seatColours(ctx).forEach((c, i) => { if (c) page.style.setProperty(`--seat-${i}`, c); });
    setSeatLabels(s.renderer.seatLabels ? s.renderer.seatLabels(ctx) : null);
    page.dataset.step = String(s.step);
    fill(head, h('h1.game-title', `${t('replay.title')}: ${gameTitle(v.game)}`), h('span.status', s.renderer.status(ctx)),
      h('a.button#replay-download', { href: fileUrl, download: `${tableId}.replay.json` }, t('replay.download')));
    const range = h('input', { type: 'range', min: 0, max: s.total, value: s.step, 'aria-label': t('replay.step', { n: s.step, total: s.total }),
      oninput: (ev) => go(Number(ev.target.value)) });
    const seatSel = h('select#replay-seat', { onchange: (ev) => { s.seat = ev.target.value; show(); } },
      h('option', { value: 'all' }, t('replay.everyone')),
      Array.from({ length: v.players }, (_, i) => h('option', { value: String(i) }, t('replay.seat_view', { seat: seatLabel(i) }))));
    seatSel.value = s.seat;
    fill(bar,
      h('button#replay-first', { type: 'button', onclick: () => go(0) }, t('replay.first')),
      h('button#replay-prev', { type: 'button', onclick: () => go(s.step - 1) }, t('replay.prev')),
      range,
      h('button#replay-next', { type: 'button', onclick: () => go(s.step + 1) }, t('replay.next')),
      h('button#replay-last', { type: 'button', onclick: () => go(s.total) }, t('replay.last')),
      h('span.replay-step', t('replay.step', { n: s.step, total: s.total })),
      h('label', t('replay.view_of'), ' ', seatSel));
    const before = snapshot(board);
    fill(board, s.renderer.render(ctx));
    flip(before, board);
    // the move list follows the step: the last line is what the step just did
    const events = (v.events || []).filter(Boolean);
    fill(log, h('li.muted', h('span.log-n', ''), t('replay.start')),
      events.map((e, i) => h(`li${i === events.length - 1 && s.step > 0 ? '.current-step' : ''}`, h('span.log-n', String(i + 1)), e.text)));
    const cur = log.querySelector('.current-step');
    if (cur) cur.scrollIntoView({ block: 'nearest' });
    else log.scrollTop = 0;
    for (const el of board.querySelectorAll('[data-card], .sleeved')) {
      el.addEventListener('click', (ev) => { ev.stopPropagation(); showCard(el); });
    }
    if (v.status === 'finished' && v.scores) {
      board.prepend(h('div.zone.final-scores', h('h3.zone-title', t('end.game_over')),
        h('div.counters', v.scores.map((sc, i) => h('span.counter', seatMark(i), ' ', sc == null ? t('table.points_unknown') : tn('table.points', sc), (v.winners || []).includes(i) ? ' ★' : '')))));
    }
  }

  function showCard(anchor) {
    const cards = cardInfo(anchor, s.faces);
    if (!cards.length) return;
    fill(menu, h('p.menu-title', cards.length === 1 ? cards[0].name : t('table.cards')),
      cards.map((c) => h('div.menu-card', cards.length > 1 ? h('b', c.name) : null, c.text ? h('p.menu-card-text', c.text) : null)),
      h('button.menu-cancel', { type: 'button', onclick: () => { menu.hidden = true; } }, t('table.close')));
    const r = anchor.getBoundingClientRect();
    const base = menu.parentElement.getBoundingClientRect();
    menu.style.left = `${Math.max(0, Math.min(r.left - base.left, base.width - 300))}px`;
    menu.style.top = `${Math.max(0, r.bottom - base.top + 4)}px`;
    menu.hidden = false;
    menu.querySelector('.menu-cancel').focus({ preventScroll: true });
  }

  function go(step) {
    menu.hidden = true;
    s.step = Math.max(0, Math.min(s.total, step));
    show();
  }

  const onKey = (ev) => {
    if (ev.target.closest('input, select')) return;
    if (ev.key === 'ArrowRight') go(s.step + 1);
    else if (ev.key === 'ArrowLeft') go(s.step - 1);
    else if (ev.key === 'Home') go(0);
    else if (ev.key === 'End') go(s.total);
    else if (ev.key === 'Escape') menu.hidden = true;
  };
  document.addEventListener('keydown', onKey);

  (async () => {
    let row;
    try { row = await api(`/api/tables/${encodeURIComponent(tableId)}`); } catch { row = null; }
    if (!s.alive) return;
    if (!row) { fill(head, h('h1.game-title', t('replay.title')), h('p.error', t('replay.unavailable')), h('a.button', { href: '/' }, t('nav.lobby'))); return; }
    if (row.status !== 'finished') {
      fill(head, h('h1.game-title', t('replay.title')), h('p', t('replay.unfinished')),
        h('a.button.primary', { href: `/t/${encodeURIComponent(tableId)}?watch=1` }, t('lobby.watch_table')),
        h('a.button', { href: '/' }, t('nav.lobby')));
      return;
    }
    show(); // at the final position: the step is `last` until the server says its number
  })();
  return () => { s.alive = false; setSeatLabels(null); document.removeEventListener('keydown', onKey); };
}

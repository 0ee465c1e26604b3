// A live table: the WebSocket session, the seats strip, the board drawn by the game's renderer,
// the action bar (board clicks, buttons, the full legal list, hint, undo), the log and the end screen.
import { t, has, lang } from './i18n.js';
import { h, seatMark, seatName, bindActions, agentLabel } from './shared.js';
import { api, myGames, remember, wsUrl } from './api.js';
import { toast } from './app.js';
import { loadRenderer, loadFaces, gameTitle, flip, snapshot } from './board.js';

export function showTable(root, tableId) {
  const params = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  let token = hash.get('token');
  if (token) {
    remember(tableId, { token });
    history.replaceState(null, '', `/t/${tableId}`);
  } else if (!params.has('watch')) {
    token = myGames()[tableId]?.token || null;
  }
  const s = { tableId, token, view: null, events: [], faces: null, renderer: null, ws: null, closed: false,
    msg: 0, hint: null, showList: false, digits: '', tick: null, retry: 0, sentVersion: -1 };
  const el = {
    head: h('div.table-head'), seats: h('div.seats-strip'), board: h('div.board'), bar: h('div.action-bar'),
    list: h('ol.legal-list', { hidden: true }), log: h('ol.log'), end: h('div.end-screen', { hidden: true }),
    menu: h('div.choice-menu', { hidden: true }),
  };
  root.append(h('div.table-page', el.head, el.seats,
    h('div.table-main', h('div.board-wrap', el.board, el.menu), h('aside.side', h('div.controls', el.bar, el.list), h('h3', t('table.log')), el.log)),
    el.end));
  root.querySelector('.table-page').dataset.table = tableId;
  el.head.append(h('p.muted', t('table.connecting')));

  const send = (obj) => { if (s.ws && s.ws.readyState === 1) s.ws.send(JSON.stringify(obj)); };
  const act = (entry) => {
    if (!s.view || s.sentVersion === s.view.version) return;
    s.sentVersion = s.view.version;
    closeMenu();
    send({ type: 'act', msg_id: `m${Date.now()}-${++s.msg}`, version: s.view.version, action_id: entry.id });
    el.board.classList.add('waiting');
  };
  const closeMenu = () => { el.menu.hidden = true; el.menu.replaceChildren(); };
  const choose = (entries, anchor) => {
    if (entries.length === 1) { act(entries[0]); return; }
    el.menu.replaceChildren(h('p.menu-title', t('table.choose')),
      entries.map((e) => h('button.menu-item', { type: 'button', onclick: () => act(e) }, `${e.id + 1}. ${e.text}`)),
      h('button.menu-cancel', { type: 'button', onclick: closeMenu }, t('table.cancel')));
    const r = anchor.getBoundingClientRect();
    const base = el.menu.parentElement.getBoundingClientRect();
    el.menu.style.left = `${Math.max(0, Math.min(r.left - base.left, base.width - 260))}px`;
    el.menu.style.top = `${r.bottom - base.top + 4}px`;
    el.menu.hidden = false;
  };
  const explain = () => {
    const v = s.view;
    if (!v) return;
    if (v.status === 'finished') toast(t('explain.finished'));
    else if (v.seat == null) toast(t('explain.spectator'));
    else if (v.current_player !== v.seat) toast(t('explain.not_your_turn', { who: seatName(v, v.current_player) }));
    else toast(t('explain.nothing_here'));
  };

  function render() {
    const v = s.view;
    if (!v || !s.renderer) return;
    const before = snapshot(el.board);
    const obs = v.observation;
    const ctx = { obs, view: v, faces: s.faces, me: v.seat, lang: lang() };
    const page = el.head.parentElement;
    Object.assign(page.dataset, { version: v.version, status: v.status, myTurn: '' });
    window.__sabbatView = v; // read by the browser tests
    if (s.renderer.seatColours) s.renderer.seatColours(ctx).forEach((c, i) => { if (c) page.style.setProperty(`--seat-${i}`, c); });
    // head
    const myTurn = v.seat != null && v.current_player === v.seat && v.status !== 'finished';
    const turnText = v.status === 'finished' ? t('table.finished')
      : myTurn ? t('table.your_turn')
        : v.current_player == null ? t('table.waiting')
          : t(v.thinking ? 'table.thinking' : 'table.their_turn', { who: seatName(v, v.current_player) });
    el.head.replaceChildren(
      h('h2.game-title', gameTitle(v.game)),
      h('span.who-am-i', v.seat == null ? t('table.spectating') : t('table.you_are', { seat: t('seat.n', { n: v.seat + 1 }) })),
      h(`span.turn${myTurn ? '.mine' : ''}`, { 'aria-live': 'polite' }, turnText),
      h('span.status', s.renderer.status(ctx)));
    // seats
    el.seats.replaceChildren(...Array.from({ length: v.players }, (_, i) => seatCard(v, i)));
    // board
    el.board.replaceChildren(s.renderer.render(ctx));
    el.board.classList.remove('waiting');
    flip(before, el.board);
    const legal = v.legal || [];
    const loose = bindActions(el.board, legal, (a) => s.renderer.refs(a, ctx), choose, explain);
    const hinted = s.hint ? legal.find((e) => e.id === s.hint.action_id) : null;
    if (hinted) {
      for (const ref of s.renderer.refs(hinted.action, ctx) || []) {
        for (const n of el.board.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`)) n.classList.add('hinted');
      }
    }
    // action bar
    const buttons = loose.map((e) => h(`button.act${hinted === e ? '.hinted' : ''}`, { type: 'button', 'data-action-id': e.id, onclick: () => act(e) }, e.text));
    el.bar.replaceChildren(
      h('div.act-buttons', buttons),
      h('div.tools',
        h('button#toggle-list', { type: 'button', disabled: !legal.length, 'aria-expanded': String(s.showList), onclick: () => { s.showList = !s.showList; render(); } },
          t('table.all_actions', { n: legal.length })),
        h('button#hint', { type: 'button', disabled: !myTurn, title: t('table.hint_key'), onclick: () => send({ type: 'hint' }) }, t('table.hint')),
        v.can_undo ? h('button#undo', { type: 'button', onclick: () => send({ type: 'undo', version: v.version }) }, t('table.undo')) : null,
        mySeat(v).substitute ? h('button#reclaim.primary', { type: 'button', onclick: () => send({ type: 'reclaim' }) }, t('table.reclaim')) : null,
        h('a.button', { href: '/' }, t('nav.lobby'))),
      s.hint ? h('p.hint-text', t('table.hint_says', { text: s.hint.text }),
        s.hint.estimate != null ? ` — ${t('table.estimate', { pct: Math.round(100 * s.hint.estimate) })}` : '') : '');
    el.list.hidden = !s.showList || !legal.length;
    el.list.replaceChildren(...legal.map((e, i) => h('li', h(`button.legal${hinted === e ? '.hinted' : ''}`, { type: 'button', 'data-action-id': e.id, onclick: () => act(e) },
      h('kbd', String(i + 1)), ' ', e.text))));
    // log
    page.dataset.myTurn = myTurn && legal.length ? '1' : '0';
    el.log.replaceChildren(...s.events.filter(Boolean).map((e) => h('li', e.text)));
    el.log.scrollTop = el.log.scrollHeight;
    // end screen
    if (v.status === 'finished') showEnd(v); else el.end.hidden = true;
  }

  function seatCard(v, i) {
    const info = (v.seats || []).find((x) => x.seat === i) || {};
    const tb = (v.tie_breaks || [])[i] || {};
    const clock = info.clock_s != null ? h('span.clock', { 'data-clock': i }, fmtClock(info.clock_s)) : null;
    return h(`div.seat-card.seat-bg-${i}${v.current_player === i && v.status !== 'finished' ? '.current' : ''}${v.seat === i ? '.me' : ''}`,
      seatMark(i), h('span.seat-who', seatName(v, i).replace(/^[^(]*\(|\)$/g, '')),
      h('span.score', { title: t('table.score') }, t('table.points', { n: (v.scores || [])[i] ?? 0 })),
      Object.keys(tb).length ? h('span.tiebreak', Object.entries(tb).map(([k, val]) => tieText(k, val)).join(', ')) : null,
      clock,
      info.kind === 'human' ? h(`span.conn${info.connected ? '.on' : ''}`, info.connected ? t('table.online') : t('table.offline')) : null,
      info.substitute ? h('span.tag', t('table.substitute', { agent: agentLabel(info.substitute) })) : null,
      v.current_player === i && v.status !== 'finished' ? h('span.turn-flag', t('table.turn_flag')) : null);
  }

  function showEnd(v) {
    const order = [...Array(v.players).keys()].sort((a, b) => (v.scores[b] ?? 0) - (v.scores[a] ?? 0));
    el.end.hidden = false;
    el.end.replaceChildren(h('div.end-box',
      h('h2', (v.winners || []).includes(v.seat) ? t('end.you_won') : t('end.game_over')),
      h('p', t('end.winners', { who: (v.winners || []).map((w) => t('seat.n', { n: w + 1 })).join(', ') })),
      h('table.scores', h('thead', h('tr', h('th', t('end.seat')), h('th', t('end.score')), h('th', t('end.tiebreaks')))),
        h('tbody', order.map((i) => h(`tr${(v.winners || []).includes(i) ? '.winner' : ''}`,
          h('td', seatMark(i), ' ', seatName(v, i)), h('td', String(v.scores[i] ?? 0)),
          h('td', Object.entries((v.tie_breaks || [])[i] || {}).map(([k, val]) => tieText(k, val)).join(', ') || '—'))))),
      h('div.end-actions', h('a.button.primary', { href: `/replay/${s.tableId}` }, t('end.replay')),
        h('a.button', { href: '/' }, t('nav.lobby')),
        h('button', { type: 'button', onclick: () => { el.end.hidden = true; } }, t('end.look_at_table')))));
  }

  function onView(v) {
    if (v.events_from != null && v.events_from > 0 && s.view) { for (const e of v.events) s.events[e.i] = e; }
    else s.events = (v.events || []).reduce((acc, e) => { acc[e.i] = e; return acc; }, []);
    if (v.events_total != null) s.events.length = v.events_total; // an undo can shorten the log
    if (s.view && v.version !== s.view.version) s.hint = null;
    s.view = v;
    s.sentVersion = -1;
    if (v.seat != null && s.token) remember(tableId, { seat: v.seat, token: s.token, game: v.game });
    const ready = s.renderer && s.faces;
    if (ready) render();
    else Promise.all([loadRenderer(v.game), loadFaces(v.game, lang())]).then(([r, f]) => { s.renderer = r; s.faces = f; render(); })
      .catch((e) => toast(e.message, 'error'));
    startClock();
  }

  function startClock() {
    clearInterval(s.tick);
    const v = s.view;
    if (!v || v.status === 'finished' || v.current_player == null) return;
    const info = (v.seats || []).find((x) => x.seat === v.current_player);
    if (!info || info.clock_s == null) return;
    const started = Date.now();
    s.tick = setInterval(() => {
      const c = el.seats.querySelector(`[data-clock="${v.current_player}"]`);
      if (c) c.textContent = fmtClock(Math.max(0, info.clock_s - (Date.now() - started) / 1000));
    }, 1000);
  }

  function connect() {
    const ws = new WebSocket(wsUrl(`/ws/tables/${encodeURIComponent(tableId)}`));
    s.ws = ws;
    ws.onopen = () => { s.retry = 0; ws.send(JSON.stringify({ type: 'hello', token: s.token, lang: lang() })); };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.type === 'view') onView(m);
      else if (m.type === 'error') {
        s.sentVersion = -1;
        el.board.classList.remove('waiting');
        toast(m.message || m.code, 'error');
        if (m.code === 'bad_token' || m.code === 'unknown_table') { s.closed = true; el.head.replaceChildren(h('p.error', m.message || m.code), h('a.button', { href: '/' }, t('nav.lobby'))); }
      } else if (m.type === 'hint') { s.hint = m; render(); }
    };
    ws.onclose = () => {
      if (s.closed) return;
      s.retry = Math.min(s.retry + 1, 6);
      setTimeout(() => { if (!s.closed) connect(); }, 300 * 2 ** s.retry);
    };
  }

  const onKey = (ev) => {
    if (ev.target.closest('input, select, textarea') || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const legal = s.view?.legal || [];
    if (/^[0-9]$/.test(ev.key) && legal.length) {
      s.digits += ev.key;
      clearTimeout(s.digitTimer);
      const pickNow = () => { const n = Number(s.digits); s.digits = ''; if (legal[n - 1]) act(legal[n - 1]); };
      if (Number(s.digits + '0') > legal.length) pickNow(); else s.digitTimer = setTimeout(pickNow, 700);
    } else if (ev.key === 'h') send({ type: 'hint' });
    else if (ev.key === 'u' && s.view?.can_undo) send({ type: 'undo', version: s.view.version });
    else if (ev.key === 'a') { s.showList = !s.showList; render(); }
    else if (ev.key === 'Escape') closeMenu();
  };
  document.addEventListener('keydown', onKey);
  connect();
  api(`/api/tables/${encodeURIComponent(tableId)}`).catch((e) => { if (!s.view) el.head.replaceChildren(h('p.error', e.message), h('a.button', { href: '/' }, t('nav.lobby'))); });
  return () => { s.closed = true; clearInterval(s.tick); document.removeEventListener('keydown', onKey); if (s.ws) s.ws.close(); };
}

function mySeat(v) {
  return (v.seat != null && (v.seats || []).find((x) => x.seat === v.seat)) || {};
}

function tieText(key, value) {
  return has(`tie.${key}`) ? t(`tie.${key}`, { value }) : t('tie.generic', { value });
}

function fmtClock(sec) {
  const m = Math.floor(sec / 60);
  const r = Math.floor(sec % 60);
  return `${m}:${String(r).padStart(2, '0')}`;
}


// A live table: the WebSocket session, the seats strip with everyone's clock, the board drawn by the
// game's renderer, the card and choice popover, the action bar (board clicks, buttons, the full legal
// list, hint, undo), the rules panel, the log, the offline banner and the end screen.
import { t, tn, has, lang } from './i18n.js';
import { h, fill, seatMark, seatName, seatLabel, setSeatLabels, bindActions, agentLabel, cardInfo } from './shared.js';
import { api, myGames, remember, wsUrl, myName, setMyName } from './api.js';
import { toast } from './app.js';
import { loadRenderer, loadFaces, gameTitle, flip, snapshot } from './board.js';
import { rulesPanel } from './rules.js';

const PING_MS = 10_000;
const SILENCE_MS = 25_000;

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
    msg: 0, hint: null, showList: false, digits: '', tick: null, retry: 0, sentVersion: -1, online: false,
    viewAt: 0, lastMsg: 0, heartbeat: null, menu: null, everOnline: false, timedOutSeen: -1 };
  const el = {
    banner: h('div.offline-banner', { role: 'alert', hidden: true }),
    head: h('div.table-head'), nameBox: h('div.name-box', { hidden: true }), seats: h('div.seats-strip'), board: h('div.board'), bar: h('div.action-bar'),
    list: h('ol.legal-list', { hidden: true }), log: h('ol.log', { tabindex: '0', 'aria-label': t('table.log') }), end: h('div.end-screen', { hidden: true }),
    menu: h('div.choice-menu', { hidden: true, role: 'dialog' }),
    rules: h('aside.rules-panel', { hidden: true, role: 'dialog', 'aria-modal': 'false' }),
  };
  const page = h('div.table-page', el.banner, el.head, el.nameBox, el.seats,
    h('div.table-main', h('div.board-wrap', el.board, el.menu),
      h('aside.side', h('div.controls', el.bar, el.list), h('h3', t('table.log')), el.log)),
    el.rules, el.end);
  root.append(page);
  page.dataset.table = tableId;
  el.head.append(h('p.muted', t('table.connecting')));

  const send = (obj) => { if (s.ws && s.ws.readyState === 1) s.ws.send(JSON.stringify(obj)); };
  const act = (entry) => {
    if (!s.online) { toast(t('net.wait'), 'error'); return; }
    if (!s.view || s.sentVersion === s.view.version) return;
    s.sentVersion = s.view.version;
    closeMenu();
    send({ type: 'act', msg_id: `m${Date.now()}-${++s.msg}`, version: s.view.version, action_id: entry.id });
    el.board.classList.add('waiting');
  };

  // ----- the popover: a card's full text and what can be done with it ---------------------------
  const closeMenu = (refocus = false) => {
    const anchor = s.menu && s.menu.anchor;
    s.menu = null;
    el.menu.hidden = true;
    el.menu.replaceChildren();
    if (refocus && anchor && anchor.isConnected) anchor.focus();
  };
  const openMenu = (anchor, { title, cards = [], entries = [], note = '' }) => {
    s.menu = { anchor, version: s.view ? s.view.version : -1 };
    const items = entries.map((e) => h('button.menu-item', { type: 'button', 'data-action-id': e.id, onclick: () => act(e) }, e.text));
    el.menu.setAttribute('aria-label', title);
    fill(el.menu, 
      h('p.menu-title', title),
      ...cards.map((c) => h('div.menu-card', cards.length > 1 || c.name !== title ? h('b', c.name) : null,
        c.text ? h('p.menu-card-text', c.text) : null)),
      note ? h('p.menu-note', note) : null,
      entries.length > 1 ? h('p.menu-ask', t('table.choose')) : null,
      ...items,
      h('button.menu-cancel', { type: 'button', onclick: () => closeMenu(true) }, entries.length ? t('table.cancel') : t('table.close')));
    const r = anchor.getBoundingClientRect();
    const base = el.menu.parentElement.getBoundingClientRect();
    el.menu.style.left = `${Math.max(0, Math.min(r.left - base.left, base.width - 300))}px`;
    el.menu.style.top = `${Math.max(0, r.bottom - base.top + 4)}px`;
    el.menu.hidden = false;
    el.menu.scrollIntoView({ block: 'nearest' });
    (el.menu.querySelector('.menu-item') || el.menu.querySelector('.menu-cancel')).focus({ preventScroll: true });
  };
  const choose = (entries, anchor) => {
    const cards = cardInfo(anchor, s.faces);
    if (entries.length === 1 && !cards.length) { act(entries[0]); return; }
    openMenu(anchor, { title: cards.length === 1 ? cards[0].name : t('table.choose_title'), cards, entries });
  };
  const why = () => {
    const v = s.view;
    if (!v) return '';
    if (v.status === 'finished') return t('explain.finished');
    if (v.seat == null) return t('explain.spectator');
    if (v.current_player !== v.seat) return t('explain.not_your_turn', { who: seatName(v, v.current_player) });
    if (!(v.legal || []).length) return t('explain.stand_in');
    return t('explain.nothing_here');
  };
  const explain = (anchor) => {
    const cards = cardInfo(anchor, s.faces);
    if (cards.length) openMenu(anchor, { title: cards.length === 1 ? cards[0].name : t('table.cards'), cards, note: why() });
    else toast(why());
  };

  // ----- drawing -------------------------------------------------------------------------------
  function render() {
    const v = s.view;
    if (!v || !s.renderer) return;
    const before = snapshot(el.board);
    const obs = v.observation;
    const ctx = { obs, view: v, faces: s.faces, me: v.seat, lang: lang() };
    const myTurn = v.seat != null && v.current_player === v.seat && v.status !== 'finished';
    const legal = s.online ? (v.legal || []) : [];
    Object.assign(page.dataset, { version: v.version, status: v.status, myTurn: myTurn && legal.length ? '1' : '0', online: s.online ? '1' : '0' });
    page.classList.toggle('offline', !s.online);
    window.__sabbatView = v; // read by the browser tests
    if (s.renderer.seatColours) s.renderer.seatColours(ctx).forEach((c, i) => { if (c) page.style.setProperty(`--seat-${i}`, c); });
    setSeatLabels(s.renderer.seatLabels ? s.renderer.seatLabels(ctx) : null);
    if (s.menu && s.menu.version !== v.version) closeMenu();
    // head
    const me = mySeat(v);
    const turnText = !s.online ? t('net.reconnecting')
      : v.status === 'finished' ? t('table.finished')
        : myTurn && me.timed_out ? t('table.timed_out_me', { agent: agentLabel(me.timed_out) })
          : myTurn && me.substitute ? t('table.substitute_me', { agent: agentLabel(me.substitute) })
            : myTurn ? t('table.your_turn')
              : v.current_player == null ? t('table.waiting')
                : t(v.thinking ? 'table.thinking' : 'table.their_turn', { who: seatName(v, v.current_player) });
    document.title = `${myTurn && legal.length ? `▶ ${t('table.your_turn')} · ` : ''}${gameTitle(v.game)} · sabbat`;
    fill(el.head, 
      h('h2.game-title', gameTitle(v.game)),
      h('span.who-am-i', v.seat == null ? t('table.spectating') : t('table.you_are', { seat: seatName(v, v.seat, false) })),
      h(`span.turn${myTurn && legal.length ? '.mine' : ''}`, { 'aria-live': 'polite' }, turnText),
      h('span.status', s.renderer.status(ctx)),
      h('button#rules-toggle', { type: 'button', 'aria-expanded': String(!el.rules.hidden), onclick: toggleRules }, t('rules.open')));
    const askName = v.seat != null && !me.name && !myName() && v.status !== 'finished';
    if (askName && !el.nameBox.childElementCount) el.nameBox.append(nameForm());
    el.nameBox.hidden = !askName;
    // seats
    fill(el.seats, ...Array.from({ length: v.players }, (_, i) => seatCard(v, i)));
    if (me.timed_out && s.timedOutSeen !== v.version) {
      s.timedOutSeen = v.version;
      toast(t('table.timed_out_me', { agent: agentLabel(me.timed_out) }), 'error');
    }
    // board
    fill(el.board, s.renderer.render(ctx));
    el.board.classList.remove('waiting');
    flip(before, el.board);
    const loose = bindActions(el.board, legal, (a) => s.renderer.refs(a, ctx), choose, explain);
    const hinted = s.hint ? legal.find((e) => e.id === s.hint.action_id) : null;
    if (hinted) {
      for (const ref of s.renderer.refs(hinted.action, ctx) || []) {
        for (const n of el.board.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`)) n.classList.add('hinted');
      }
    }
    // action bar: what belongs to no card, then the tools (a spectator has only the way back)
    const buttons = loose.map((e) => h(`button.act${hinted === e ? '.hinted' : ''}`, { type: 'button', 'data-action-id': e.id, onclick: () => act(e) }, e.text));
    const seated = v.seat != null && v.status !== 'finished';
    fill(el.bar, 
      buttons.length ? h('div.act-buttons', buttons) : null,
      myTurn && legal.length ? h('p.how-to.muted', t('table.how_to')) : null,
      h('div.tools',
        seated ? h('button#toggle-list', { type: 'button', disabled: !legal.length, 'aria-expanded': String(s.showList && !!legal.length),
          'aria-controls': 'legal-list', onclick: () => { s.showList = !s.showList; render(); } },
        s.showList && legal.length ? t('table.hide_actions') : t('table.all_actions', { n: legal.length })) : null,
        seated ? h('button#hint', { type: 'button', disabled: !(myTurn && legal.length), title: t('table.hint_key'), onclick: () => send({ type: 'hint' }) }, t('table.hint')) : null,
        v.can_undo && s.online ? h('button#undo', { type: 'button', onclick: () => send({ type: 'undo', version: v.version }) }, t('table.undo')) : null,
        me.substitute && s.online ? h('button#reclaim.primary', { type: 'button', onclick: () => send({ type: 'reclaim' }) }, t('table.reclaim')) : null,
        h('a.button', { href: '/' }, t('nav.lobby'))),
      s.hint ? h('p.hint-text', t('table.hint_says', { text: s.hint.text }),
        s.hint.estimate != null ? ` — ${t('table.estimate', { pct: Math.round(100 * s.hint.estimate) })}` : '') : null);
    el.list.id = 'legal-list';
    el.list.hidden = !s.showList || !legal.length;
    fill(el.list, ...(el.list.hidden ? [] : legal.map((e, i) => h('li', h(`button.legal${hinted === e ? '.hinted' : ''}`, { type: 'button', 'data-action-id': e.id, onclick: () => act(e) },
      h('kbd', String(i + 1)), ' ', e.text)))));
    // log
    const atBottom = el.log.scrollHeight - el.log.scrollTop - el.log.clientHeight < 40;
    fill(el.log, ...s.events.filter(Boolean).map((e) => h('li', h('span.log-n', String(e.i + 1)), e.text)));
    if (atBottom || !before.size) el.log.scrollTop = el.log.scrollHeight;
    // end screen
    if (v.status === 'finished') showEnd(v); else el.end.hidden = true;
    updateClocks();
  }

  function seatCard(v, i) {
    const info = (v.seats || []).find((x) => x.seat === i) || {};
    const tb = (v.tie_breaks || [])[i] || {};
    const score = (v.scores || [])[i];
    const current = v.current_player === i && v.status !== 'finished';
    return h(`div.seat-card.seat-bg-${i}${current ? '.current' : ''}${v.seat === i ? '.me' : ''}`,
      seatMark(i), h('span.seat-who', seatWho(v, i)),
      h('span.score', { title: t('table.score') }, score == null ? t('table.points_unknown') : tn('table.points', score)),
      Object.keys(tb).length ? h('span.tiebreak', Object.entries(tb).map(([k, val]) => tieText(k, val)).join(', ')) : null,
      clocks(info, i),
      info.kind === 'human' ? connMark(info.connected && (s.online || v.seat !== i)) : null,
      info.substitute ? h('span.tag', t('table.substitute', { agent: agentLabel(info.substitute) })) : null,
      info.timed_out ? h('span.tag.timed-out', t('table.timed_out', { agent: agentLabel(info.timed_out) })) : null,
      current ? h('span.turn-flag', t('table.turn_flag')) : null);
  }

  function clocks(info, i) {
    const parts = [];
    if (info.move_left_s != null) {
      parts.push(h('span.clock.clock-move', { dataset: { clock: 'move', seat: i, base: info.move_left_s, running: info.clock_running ? '1' : '' } }));
    }
    if (info.game_left_s != null) {
      parts.push(h('span.clock.clock-game', { dataset: { clock: 'game', seat: i, base: info.game_left_s, running: info.clock_running ? '1' : '' } }));
    }
    return parts.length ? h('span.clocks', { role: 'timer', 'aria-label': t('clock.label', { who: seatLabel(i) }) }, parts) : null;
  }

  function updateClocks() {
    const gone = (performance.now() - s.viewAt) / 1000;
    for (const c of el.seats.querySelectorAll('[data-clock]')) {
      const running = c.dataset.running === '1' && s.online;
      const left = Math.max(0, Number(c.dataset.base) - (running ? gone : 0));
      const time = fmtClock(left);
      c.textContent = c.dataset.clock === 'move' ? t(running ? 'clock.move_left' : 'clock.move_each', { time }) : t('clock.game', { time });
      c.classList.toggle('running', running);
      c.classList.toggle('low', running && left <= 10);
    }
  }

  function showEnd(v) {
    const sc = (i) => v.scores[i] ?? -Infinity;
    const order = [...Array(v.players).keys()].sort((a, b) => sc(b) - sc(a));
    el.end.hidden = false;
    fill(el.end, h('div.end-box', { role: 'dialog', 'aria-label': t('end.game_over') },
      h('h2', (v.winners || []).includes(v.seat) ? t('end.you_won') : t('end.game_over')),
      h('p', t('end.winners', { who: (v.winners || []).map((w) => seatName(v, w, false)).join(', ') })),
      h('table.scores', h('thead', h('tr', h('th', t('end.seat')), h('th', t('end.score')), h('th', t('end.tiebreaks')))),
        h('tbody', order.map((i) => h(`tr${(v.winners || []).includes(i) ? '.winner' : ''}`,
          h('td', seatMark(i), ' ', seatName(v, i)), h('td', v.scores[i] == null ? '?' : String(v.scores[i])),
          h('td', Object.entries((v.tie_breaks || [])[i] || {}).map(([k, val]) => tieText(k, val)).join(', ') || '—'))))),
      h('div.end-actions', h('a.button.primary', { href: `/replay/${s.tableId}` }, t('end.replay')),
        h('a.button', { href: '/' }, t('nav.lobby')),
        h('button', { type: 'button', onclick: () => { el.end.hidden = true; } }, t('end.look_at_table')))));
  }

  /** A person who came by an invite link and never gave a name may give one here. */
  function nameForm() {
    const input = h('input#seat-name', { type: 'text', maxlength: 40, autocomplete: 'nickname', placeholder: t('lobby.name_placeholder') });
    return h('form.name-form', { onsubmit: (ev) => {
      ev.preventDefault();
      const name = setMyName(input.value);
      if (name) send({ type: 'name', name });
    } }, h('label', { for: 'seat-name' }, t('lobby.your_name')), input, h('button', { type: 'submit' }, t('table.save_name')));
  }

  function toggleRules() {
    if (el.rules.hidden) {
      el.rules.hidden = false;
      if (!el.rules.childElementCount && s.view) rulesPanel(el.rules, s.view.game, () => toggleRules());
    } else el.rules.hidden = true;
    const b = el.head.querySelector('#rules-toggle');
    if (b) b.setAttribute('aria-expanded', String(!el.rules.hidden));
    if (!el.rules.hidden) el.rules.querySelector('button, h2')?.focus();
  }

  // ----- the connection ------------------------------------------------------------------------
  function onView(v) {
    if (v.events_from != null && v.events_from > 0 && s.view) { for (const e of v.events) s.events[e.i] = e; }
    else s.events = (v.events || []).reduce((acc, e) => { acc[e.i] = e; return acc; }, []);
    if (v.events_total != null) s.events.length = v.events_total; // an undo can shorten the log
    if (s.view && v.version !== s.view.version) s.hint = null;
    s.view = v;
    s.viewAt = performance.now();
    s.sentVersion = -1;
    const wasOnline = s.online;
    s.online = true;
    setBanner();
    if (!wasOnline && s.everOnline) toast(t('net.back'));
    s.everOnline = true;
    if (v.seat != null && s.token) remember(tableId, { seat: v.seat, token: s.token, game: v.game });
    if (v.seat != null && !s.named && myName() && !mySeat(v).name) send({ type: 'name', name: myName() });
    if (v.seat != null) s.named = true;
    const ready = s.renderer && s.faces;
    if (ready) render();
    else Promise.all([loadRenderer(v.game), loadFaces(v.game, lang())]).then(([r, f]) => { s.renderer = r; s.faces = f; render(); })
      .catch((e) => toast(e.message, 'error'));
  }

  function setBanner() {
    el.banner.hidden = s.online || !s.everOnline;
    el.banner.textContent = t('net.offline');
  }

  function goOffline() {
    if (!s.online && !el.banner.hidden) return;
    s.online = false;
    setBanner();
    closeMenu();
    render();
  }

  function connect() {
    const ws = new WebSocket(wsUrl(`/ws/tables/${encodeURIComponent(tableId)}`));
    s.ws = ws;
    ws.onopen = () => { s.retry = 0; s.lastMsg = Date.now(); ws.send(JSON.stringify({ type: 'hello', token: s.token, lang: lang() })); };
    ws.onmessage = (ev) => {
      s.lastMsg = Date.now();
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.type === 'view') onView(m);
      else if (m.type === 'error') {
        s.sentVersion = -1;
        el.board.classList.remove('waiting');
        toast(m.message || m.code, 'error');
        if (m.code === 'bad_token' || m.code === 'unknown_table') { s.closed = true; fill(el.head, h('p.error', m.message || m.code), h('a.button', { href: '/' }, t('nav.lobby'))); }
      } else if (m.type === 'hint') { s.hint = m; render(); }
    };
    ws.onclose = () => {
      if (s.ws !== ws) return;
      if (s.closed) return;
      goOffline();
      s.retry = Math.min(s.retry + 1, 5);
      setTimeout(() => { if (!s.closed && s.ws === ws) connect(); }, Math.min(4000, 250 * 2 ** s.retry));
    };
  }

  // A server that vanished without closing the socket is noticed by its silence.
  s.heartbeat = setInterval(() => {
    const ws = s.ws;
    if (!ws || ws.readyState !== 1) return;
    if (Date.now() - s.lastMsg > SILENCE_MS) { ws.close(); return; }
    if (Date.now() - s.lastMsg > PING_MS) send({ type: 'ping' });
  }, PING_MS / 2);
  s.tick = setInterval(updateClocks, 250);
  const onOffline = () => { if (s.ws) s.ws.close(); };
  window.addEventListener('offline', onOffline);

  const onKey = (ev) => {
    if (ev.target.closest('input, select, textarea, .choice-menu, .rules-panel') && ev.key !== 'Escape') return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const legal = s.online ? (s.view?.legal || []) : [];
    if (/^[0-9]$/.test(ev.key) && legal.length) {
      s.digits += ev.key;
      clearTimeout(s.digitTimer);
      const pickNow = () => { const n = Number(s.digits); s.digits = ''; if (legal[n - 1]) act(legal[n - 1]); };
      if (Number(s.digits + '0') > legal.length) pickNow(); else s.digitTimer = setTimeout(pickNow, 700);
    } else if (ev.key === 'h' && legal.length) send({ type: 'hint' });
    else if (ev.key === 'u' && s.view?.can_undo) send({ type: 'undo', version: s.view.version });
    else if (ev.key === 'a' && legal.length) { s.showList = !s.showList; render(); }
    else if (ev.key === 'Escape') {
      if (s.menu) closeMenu(true);
      else if (!el.rules.hidden) toggleRules();
    }
  };
  document.addEventListener('keydown', onKey);
  const onDocClick = (ev) => {
    if (s.menu && !el.menu.contains(ev.target) && !s.menu.anchor.contains(ev.target)) closeMenu();
  };
  document.addEventListener('click', onDocClick);
  connect();
  api(`/api/tables/${encodeURIComponent(tableId)}`).catch((e) => { if (!s.view) fill(el.head, h('p.error', e.message), h('a.button', { href: '/' }, t('nav.lobby'))); });
  return () => {
    s.closed = true;
    clearInterval(s.tick);
    clearInterval(s.heartbeat);
    document.title = 'sabbat';
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onDocClick);
    window.removeEventListener('offline', onOffline);
    setSeatLabels(null);
    if (s.ws) s.ws.close();
  };
}

/** Whether a person's page is connected (one's own seat says offline as soon as the page is). */
function connMark(on) {
  return h(`span.conn${on ? '.on' : ''}`, on ? t('table.online') : t('table.offline'));
}

function mySeat(v) {
  return (v.seat != null && (v.seats || []).find((x) => x.seat === v.seat)) || {};
}

/** Who sits at seat i, without the seat's own label (the seat mark beside it shows that). */
function seatWho(v, i) {
  const info = (v.seats || []).find((x) => x.seat === i) || {};
  if (i === v.seat) return info.name ? `${info.name} (${t('seat.you')})` : t('seat.you');
  if (info.kind === 'ai') return t('seat.ai', { agent: agentLabel(info.agent) });
  if (info.open && !info.name) return t('lobby.open_seat');
  return info.name || t('seat.human');
}

function tieText(key, value) {
  if (value === 1 && has(`tie.${key}.one`)) return t(`tie.${key}.one`, { value });
  return has(`tie.${key}`) ? t(`tie.${key}`, { value }) : t('tie.generic', { value });
}

function fmtClock(sec) {
  const whole = Math.ceil(sec);
  const m = Math.floor(whole / 60);
  const r = whole % 60;
  return `${m}:${String(r).padStart(2, '0')}`;
}

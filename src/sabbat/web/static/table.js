// A live table: the page's state and its parts wired together. Each part is a module of table/: the
// WebSocket session (socket.js), the head (head.js), the seats strip with everyone's clock
// (seats.js), the card and choice popover (menu.js), the action bar and the full legal list
// (bar.js), the keys (keys.js), the log (log.js), the end screen (end.js), the question before a
// mistaken move (confirm.js) and the focus after a render (focus.js); the board is drawn by
// the game's renderer, and the rules panel, the offline banner and the hint are kept here.
import { t, lang } from './i18n.js';
import { h, fill, setSeatLabels, bindActions, agentLabel } from './shared.js';
import { api, myGames, remember, myName } from './api.js';
import { toast } from './toast.js';
import { loadRenderer, loadFaces, flip, snapshot } from './board.js';
import { rulesPanel } from './rules.js';
import { openSocket } from './table/socket.js';
import { cardMenu } from './table/menu.js';
import { renderHead, renderNameBox, turnText } from './table/head.js';
import { announce } from './announce.js';
import { renderSeats, updateClocks, mySeat, withClocks } from './table/seats.js';
import { renderBar, renderList } from './table/bar.js';
import { keyHandler } from './table/keys.js';
import { mergeEvents, renderLog } from './table/log.js';
import { showEnd } from './table/end.js';
import { renderLesson, pointAt } from './table/lesson.js';
import { confirmMove } from './table/confirm.js';
import { focusBefore, restoreFocus } from './table/focus.js';
import { tableFaces, customNotice, confirmSeat } from './custom.js';
import { navigate } from './router.js';
import { renderSeatLink, renderInvites } from './table/seatlinks.js';

export function showTable(root, tableId) {
  const invited = location.hash.includes('token=');
  const s = { tableId, token: seatToken(tableId), view: null, events: [], faces: null, renderer: null,
    hint: null, showList: false, sentVersion: -1, msg: 0, did: null, online: false, viewAt: 0, everOnline: false, timedOutSeen: -1, named: false,
    heard: null, saidTurn: '' };
  const { page, el } = layout(root, tableId);
  let conn = null;
  const send = (obj) => conn.send(obj);
  const act = (entry, sure = false) => {
    if (!s.online) { toast(t('net.wait'), 'error'); return; }
    if (!s.view || s.sentVersion === s.view.version) return;
    // a move the game calls almost always a mistake is played only once the person confirms it
    if (entry.caution && !sure) { menu.close(); confirmMove(el.confirm, entry, () => act(entry, true)); return; }
    s.sentVersion = s.view.version;
    s.did = { from: s.view.events_total, version: s.view.version, to: null }; // the lines this move adds to the log
    menu.close();
    send({ type: 'act', msg_id: `m${Date.now()}-${++s.msg}`, version: s.view.version, action_id: entry.id });
    el.board.classList.add('waiting');
  };
  const menu = cardMenu(el.menu, { act, view: () => s.view, faces: () => s.faces });
  const legalNow = () => (s.online ? (s.view?.legal || []) : []);
  const toggleList = () => { s.showList = !s.showList; render(); };
  const tickClocks = () => updateClocks(el.seats, s.viewAt, s.online);

  function render() {
    const v = s.view;
    if (!v || !s.renderer) return;
    const before = snapshot(el.board);
    const focus = focusBefore([el.board, el.bar, el.list, el.head]);
    const ctx = { obs: v.observation, view: v, faces: s.faces, me: v.seat, lang: lang() };
    const myTurn = v.seat != null && v.current_player === v.seat && v.status !== 'finished';
    const legal = legalNow();
    Object.assign(page.dataset, { version: v.version, status: v.status, myTurn: myTurn && legal.length ? '1' : '0', online: s.online ? '1' : '0' });
    page.classList.toggle('offline', !s.online);
    if (s.renderer.seatColours) s.renderer.seatColours(ctx).forEach((c, i) => { if (c) page.style.setProperty(`--seat-${i}`, c); });
    setSeatLabels(s.renderer.seatLabels ? s.renderer.seatLabels(ctx) : null);
    menu.closeIfStale(v.version);
    const me = mySeat(v);
    renderHead(el.head, v, { me, online: s.online, myTurn, mine: myTurn && legal.length > 0, status: s.renderer.status(ctx),
      rulesOpen: !el.rules.hidden, toggleRules });
    renderNameBox(el.nameBox, v, me, send);
    renderSeats(el.seats, v, s.online);
    if (me.timed_out && s.timedOutSeen !== v.version) {
      s.timedOutSeen = v.version;
      toast(t('table.timed_out_me', { agent: agentLabel(me.timed_out) }), 'error');
    }
    const { loose, hinted } = drawBoard(before, legal, ctx);
    renderBar(el.bar, v, { me, legal, loose, hinted, hint: s.hint, myTurn, online: s.online, showList: s.showList, act, send, toggleList });
    renderList(el.list, { legal, hinted, showList: s.showList, act });
    renderLesson(el.lesson, v, s.did?.to == null ? [] : s.events.filter((e) => e && e.i >= s.did.from && e.i < s.did.to), myTurn);
    if (myTurn) pointAt(page, v, (a) => s.renderer.refs(a, ctx));
    renderLog(el.log, s.events, !before.size);
    if (v.status === 'finished') showEnd(el.end, v, s.tableId, s.renderer.outcome ? s.renderer.outcome(ctx) : ''); else el.end.hidden = true;
    tickClocks();
    say(turnText(v, me, s.online, myTurn));
    restoreFocus(focus, el, myTurn && legal.length > 0);
  }

  /** Tell a screen reader what just happened: the log's new lines, and whose turn it is when that
   * changed (the board itself is in no live region). */
  function say(turn) {
    const lines = s.heard == null ? [] : s.events.slice(s.heard).filter(Boolean).map((e) => e.text);
    s.heard = s.events.length;
    if (turn !== s.saidTurn) { lines.push(turn); s.saidTurn = turn; }
    if (lines.length) announce(lines.join('\n'));
  }

  /** The game's board, its elements bound to their actions and the hinted one marked; gives the
   * actions no element shows and the hinted entry. */
  function drawBoard(before, legal, ctx) {
    fill(el.board, s.renderer.render(ctx));
    el.board.classList.remove('waiting');
    flip(before, el.board);
    const loose = bindActions(el.board, legal, (a) => s.renderer.refs(a, ctx), menu.choose, menu.explain);
    const hinted = s.hint ? legal.find((e) => e.id === s.hint.action_id) : null;
    if (hinted) {
      for (const ref of s.renderer.refs(hinted.action, ctx) || []) {
        for (const n of el.board.querySelectorAll(`[data-ref="${CSS.escape(ref)}"]`)) n.classList.add('hinted');
      }
    }
    return { loose, hinted };
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

  function onView(v) {
    // entries of the observation the server left out because this page holds them unchanged
    if (v.kept && s.view) for (const k of v.kept) v.observation[k] = s.view.observation[k];
    s.events = mergeEvents(s.events, v, !!s.view);
    if (s.heard != null) s.heard = Math.min(s.heard, s.events.length); // an undo shortens the log
    if (s.view && v.version !== s.view.version) s.hint = null;
    if (s.did && s.did.to == null && v.version !== s.did.version) s.did.to = v.events_total; // the first view after the move
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
    renderInvites(el.invites, v);
    renderSeatLink(el.seatLink, v, s.token, swapToken);
    if (v.custom_cards && !el.custom.childElementCount) showCustom(v);
    if (s.renderer && s.faces) render();
    else Promise.all([loadRenderer(v.game, lang()), v.custom_cards ? tableFaces(tableId, lang()) : loadFaces(v.game, lang())])
      .then(([r, f]) => { s.renderer = r; s.faces = f; render(); })
      .catch((e) => toast(e.message, 'error'));
  }

  /** The server's reading of every clock: the seats strip counts down from it. */
  function onClocks(m) {
    if (!s.view) return;
    s.view = withClocks(s.view, m.seats);
    s.viewAt = performance.now();
    renderSeats(el.seats, s.view, s.online);
    tickClocks();
  }

  function onMessage(m) {
    if (m.type === 'view') onView(m);
    else if (m.type === 'clocks') onClocks(m);
    else if (m.type === 'error') {
      s.sentVersion = -1;
      el.board.classList.remove('waiting');
      toast(m.message || m.code, 'error');
      if (m.code === 'bad_token' || m.code === 'token_replaced' || m.code === 'unknown_table') { conn.giveUp(); fill(el.head, h('h1.game-title', t('table.unavailable')), h('p.error', m.message || m.code), h('a.button', { href: '/' }, t('nav.lobby'))); }
    } else if (m.type === 'hint') { s.hint = m; render(); }
  }

  /** A table with its own cards says so above its board; a person who came by an invite link is
   * asked first, the changes shown, whether to take the seat. */
  function showCustom(v) {
    el.custom.append(customNotice(tableId));
    el.custom.hidden = false;
    if (invited && v.seat != null && v.status === 'playing') {
      confirmSeat(tableId, true).then((stay) => { if (!stay) navigate('/'); });
    }
  }

  /** Replace this seat's token: the connection is closed while `work` asks for the new one (the
   * server closes every connection of the old one), then opened again with the token it gives. */
  async function swapToken(work) {
    conn.close();
    const token = await work();
    if (token) s.token = token;
    conn = connect();
  }

  function setBanner() {
    el.banner.hidden = s.online || !s.everOnline;
    el.banner.textContent = t('net.offline');
  }

  function goOffline() {
    if (!s.online && !el.banner.hidden) return;
    s.online = false;
    setBanner();
    menu.close();
    render();
  }

  const tick = setInterval(tickClocks, 250);
  const onKey = keyHandler({
    legal: legalNow,
    act,
    hint: () => send({ type: 'hint' }),
    undo: () => { if (s.view?.can_undo) send({ type: 'undo', version: s.view.version }); },
    toggleList,
    escape: () => { if (menu.isOpen()) menu.close(true); else if (!el.rules.hidden) toggleRules(); },
  });
  document.addEventListener('keydown', onKey);
  const onDocClick = (ev) => menu.closeIfOutside(ev.target);
  document.addEventListener('click', onDocClick);
  const connect = () => openSocket(tableId, { hello: () => ({ type: 'hello', token: s.token, lang: lang() }), onMessage, onDrop: goOffline });
  conn = connect();
  api(`/api/tables/${encodeURIComponent(tableId)}`).catch((e) => { if (!s.view) fill(el.head, h('h1.game-title', t('table.unavailable')), h('p.error', e.message), h('a.button', { href: '/' }, t('nav.lobby'))); });
  return () => {
    clearInterval(tick);
    announce('');
    document.title = 'sabbat';
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onDocClick);
    setSeatLabels(null);
    conn.close();
  };
}

/** The token that seats this page: from an invite link (kept, and taken out of the address), else the
 * one remembered for the table; none for a page that asked to watch. */
function seatToken(tableId) {
  const params = new URLSearchParams(location.search);
  const hash = new URLSearchParams(location.hash.slice(1));
  const token = hash.get('token');
  if (token) {
    remember(tableId, { token });
    history.replaceState(null, '', `/t/${tableId}`);
    return token;
  }
  return params.has('watch') ? null : (myGames()[tableId]?.token || null);
}

/** The page's frame: its parts, empty until the first view comes. */
function layout(root, tableId) {
  const el = {
    banner: h('div.offline-banner', { role: 'alert', hidden: true }),
    head: h('div.table-head'), custom: h('div.table-custom', { hidden: true }), invites: h('div.table-invites', { hidden: true }), seatLink: h('div.seat-link-box', { hidden: true }), nameBox: h('div.name-box', { hidden: true }), seats: h('div.seats-strip'), board: h('div.board'), bar: h('div.action-bar'),
    lesson: h('section.lesson-panel', { hidden: true, 'aria-live': 'polite', 'aria-label': t('lesson.panel') }),
    list: h('ol.legal-list', { hidden: true }), log: h('ol.log', { tabindex: '0', 'aria-label': t('table.log') }), end: h('div.end-screen', { hidden: true }),
    menu: h('div.choice-menu', { hidden: true, role: 'dialog' }),
    confirm: h('dialog.caution-box'),
    rules: h('aside.rules-panel', { hidden: true, role: 'dialog', 'aria-modal': 'false' }),
  };
  const page = h('div.table-page', el.banner, el.head, el.custom, el.nameBox, el.lesson, el.seats,
    h('div.table-main', h('div.board-wrap', el.board, el.menu),
      h('aside.side', h('div.controls', el.bar, el.list), el.invites, el.seatLink, h('h3', t('table.log')), el.log)),
    el.rules, el.end, el.confirm);
  root.append(page);
  page.dataset.table = tableId;
  el.head.append(h('p.muted', t('table.connecting')));
  return { page, el };
}

// The lobby: your name, create a table (game, player count, each seat, options in a player's words,
// clock), the rules of each game, invite links, open tables to join, games to watch, my games and
// finished games to replay.
import { t, pick, lang } from './i18n.js';
import { h, fill, agentLabel } from './shared.js';
import { api, myGames, remember, forget, myName, setMyName } from './api.js';
import { toast } from './toast.js';
import { navigate } from './router.js';
import { rulesPanel } from './rules.js';
import { inviteUrl, inviteList, invitesAgain } from './invites.js';
import { customBadge, confirmSeat } from './custom.js';

const DEFAULT_AI = 'normal';
const HIDDEN_AGENTS = new Set(['heuristic']); // the same player as `normal`
const NAME_MAX = 40;

export function showLobby(root) {
  const create = h('section.panel.create', h('h2', t('lobby.new_table')), h('p.muted', t('lobby.loading')));
  const invites = h('section.panel.invites', { hidden: true });
  const learn = h('section.panel.learn', { hidden: true });
  const mine = h('section.panel.mine', h('h2', t('lobby.my_games')));
  const open = h('section.panel.open', h('h2', t('lobby.open_tables')));
  const playing = h('section.panel.playing', h('h2', t('lobby.watch')));
  const finished = h('section.panel.finished', h('h2', t('lobby.finished')));
  const rules = h('aside.rules-panel', { hidden: true, role: 'dialog', 'aria-modal': 'false' });
  root.append(h('h1.page-title', t('nav.lobby')), h('div.lobby', invites, learn, create, mine, open, playing, finished), rules);
  let alive = true;
  Promise.all([api('/api/games'), api('/api/agents')]).then(([games, agents]) => {
    const titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
    const refresh = () => { if (alive) loadLists({ mine, open, playing, finished }, titles); };
    if (alive) buildCreate(create, invites, games, agents, rules, refresh);
    if (alive) buildLearn(learn, games);
    refresh();
  }).catch((e) => create.append(h('p.error', e.message)));
  const onKey = (ev) => { if (ev.key === 'Escape' && !rules.hidden) rules.hidden = true; };
  document.addEventListener('keydown', onKey);
  return () => { alive = false; document.removeEventListener('keydown', onKey); };
}

/** The words a person reads for an option: its label, its explanation, each value's label. */
function optionWords(name, o) {
  const label = pick(o.label) || ((lang() === 'ja' && o.help_ja) || o.help || name);
  const valueLabel = (v) => pick((o.values || {})[String(v)]) || String(v);
  return { label, explain: pick(o.explain), valueLabel };
}

function optionInput(name, o) {
  const { label, explain, valueLabel } = optionWords(name, o);
  const id = `opt-${name}`;
  const mark = (v) => (v === o.default ? ` ${t('lobby.standard')}` : '');
  let input;
  if (o.kind === 'bool') {
    input = h('select', { id, name: `opt:${name}`, 'data-kind': 'bool' },
      [false, true].map((v) => h('option', { value: String(v), selected: v === !!o.default }, valueLabel(v) + mark(v))));
  } else if (o.kind === 'int') {
    input = h('input', { id, type: 'number', name: `opt:${name}`, value: o.default, min: o.minimum, max: o.maximum, 'data-kind': 'int' });
  } else {
    input = h('select', { id, name: `opt:${name}`, 'data-kind': 'choice' },
      (o.choices || []).map((c) => h('option', { value: c, selected: c === o.default }, valueLabel(c) + mark(c))));
  }
  const help = explain ? h('small.opt-explain', { id: `${id}-explain` }, explain) : null;
  if (help) input.setAttribute('aria-describedby', help.id);
  return h('div.option', h('label.opt-label', { for: id }, label), input, help);
}

function buildCreate(box, invites, games, agents, rulesBox, refresh) {
  fill(box, h('h2', t('lobby.new_table')));
  const nameInput = h('input#player-name', { type: 'text', name: 'name', maxlength: NAME_MAX, autocomplete: 'nickname',
    value: myName(), placeholder: t('lobby.name_placeholder'), 'aria-describedby': 'player-name-help' });
  nameInput.addEventListener('change', () => setMyName(nameInput.value));
  const gameSel = h('select#game', { name: 'game' }, games.map((g) => h('option', { value: g.id }, pick(g.title))));
  const countSel = h('select#players', { name: 'players' });
  const seatsBox = h('div.seats-form');
  const optsBox = h('div.options-form');
  const summary = h('p.summary.muted');
  const rulesButton = h('button#lobby-rules.link', { type: 'button' }, t('lobby.read_rules'));
  // a designer's own card values: start from the shipped file, change it, send it with the table
  const cardFile = h('input#card-file', { type: 'file', accept: '.yaml,.yml,.json', 'aria-describedby': 'card-file-help' });
  const shippedCards = h('a#shipped-cards', { download: '' }, t('lobby.shipped_cards'));
  const ownCards = h('details.own-cards', h('summary', t('lobby.own_cards')), h('div.options-form',
    h('p.muted#card-file-help', t('lobby.own_cards_help')), shippedCards,
    h('div.option', h('label.opt-label', { for: 'card-file' }, t('lobby.card_file')), cardFile)));
  const form = h('form.create-form',
    h('label', { for: 'player-name' }, t('lobby.your_name')), nameInput,
    h('small.muted#player-name-help', t('lobby.name_help')),
    h('label', { for: 'game' }, t('lobby.game')), gameSel, h('div.summary-row', summary, rulesButton),
    h('label', { for: 'players' }, t('lobby.players')), countSel,
    h('fieldset', h('legend', t('lobby.seats')), seatsBox),
    h('details', h('summary', t('lobby.options')), optsBox),
    ownCards,
    h('details', h('summary', t('lobby.clock')), h('div.options-form',
      h('p.muted.clock-help', t('lobby.clock_help')),
      h('div.option', h('label.opt-label', { for: 'per-move' }, t('lobby.per_move')),
        h('input#per-move', { type: 'number', min: 0, step: 1, placeholder: t('lobby.no_clock') })),
      h('div.option', h('label.opt-label', { for: 'per-game' }, t('lobby.per_game')),
        h('input#per-game', { type: 'number', min: 0, step: 1, placeholder: t('lobby.no_clock') })))),
    h('button.primary', { type: 'submit', id: 'create-table' }, t('lobby.create')));
  box.append(form);
  const current = () => games.find((g) => g.id === gameSel.value);
  rulesButton.addEventListener('click', () => {
    rulesBox.hidden = false;
    rulesPanel(rulesBox, current().id, () => { rulesBox.hidden = true; rulesButton.focus(); });
    rulesBox.querySelector('h2')?.focus();
  });
  const seatChoices = [['me', t('lobby.seat.me')], ['friend', t('lobby.seat.friend')], ['open', t('lobby.seat.open')],
    ...agents.filter((a) => !HIDDEN_AGENTS.has(a.name)).map((a) => [`ai:${a.name}`, t('lobby.seat.ai', { agent: pick(a.label) })])];
  const drawSeats = () => {
    const n = Number(countSel.value);
    const old = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    fill(seatsBox);
    for (let i = 0; i < n; i++) {
      const id = `seat-${i}`;
      const sel = h('select', { id, name: `seat${i}`, 'data-seat': i },
        seatChoices.map(([v, label]) => h('option', { value: v }, label)));
      sel.value = old[i] || (i === 0 ? 'me' : `ai:${DEFAULT_AI}`);
      seatsBox.append(h('div.seat-row', h('label', { for: id }, t('seat.n', { n: i + 1 })), sel));
    }
  };
  const drawGame = () => {
    const g = current();
    summary.textContent = pick(g.summary) || '';
    fill(countSel);
    for (let n = g.min_players; n <= g.max_players; n++) countSel.append(h('option', { value: n }, String(n)));
    drawSeats();
    fill(optsBox, Object.entries(g.options || {}).map(([name, o]) => optionInput(name, o)));
    if (!optsBox.childElementCount) optsBox.append(h('p.muted', t('lobby.no_options')));
    ownCards.hidden = !g.card_file;
    shippedCards.href = `/api/games/${encodeURIComponent(g.id)}/cards.yaml`;
    cardFile.value = ''; // another game's file would be refused
  };
  gameSel.addEventListener('change', drawGame);
  countSel.addEventListener('change', drawSeats);
  drawGame();
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const g = current();
    const name = nameInput.value.trim();
    setMyName(name);
    const picks = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    const seats = picks.map((p) => (p.startsWith('ai:') ? { kind: 'ai', agent: p.slice(3) }
      : p === 'open' ? { kind: 'human', open: true } : p === 'me' && name ? { kind: 'human', name } : { kind: 'human' }));
    const options = {};
    for (const el of optsBox.querySelectorAll('[name^="opt:"]')) {
      const key = el.name.slice(4);
      const o = g.options[key];
      const v = o.kind === 'bool' ? el.value === 'true' : o.kind === 'int' ? Number(el.value) : el.value;
      if (v !== o.default) options[key] = v;
    }
    const button = form.querySelector('button[type=submit]');
    button.disabled = true;
    try {
      const body = { game: g.id, players: picks.length, seats, options };
      const perMove = Number(form.querySelector('#per-move').value);
      const perGame = Number(form.querySelector('#per-game').value);
      if (perMove > 0 || perGame > 0) {
        body.clock = {};
        if (perMove > 0) body.clock.per_move_s = Math.round(perMove);
        if (perGame > 0) body.clock.per_game_s = Math.round(perGame * 60);
      }
      if (cardFile.files.length && g.card_file) body.cards = await cardFile.files[0].text();
      const res = await api('/api/tables', body);
      const mineIdx = picks.indexOf('me');
      const myToken = mineIdx >= 0 ? res.seats.find((s) => s.seat === mineIdx)?.token : null;
      const friends = res.seats.filter((s) => picks[s.seat] === 'friend' || (picks[s.seat] === 'me' && s.seat !== mineIdx));
      const links = friends.map((s) => ({ seat: s.seat, url: inviteUrl(res.table_id, s) }));
      // the links are kept with the table in this browser only, to be shown again after a reload
      if (myToken || links.length) {
        remember(res.table_id, { game: g.id, ...(myToken ? { seat: mineIdx, token: myToken } : {}), ...(links.length ? { invites: links, creator: res.creator_key } : {}) });
      }
      if (!links.length) { navigate(`/t/${res.table_id}`); return; }
      showInvites(invites, res.table_id, links, mineIdx >= 0);
      refresh();
    } catch (e) {
      toast(e.message, 'error');
    } finally {
      button.disabled = false;
    }
  });
}

/** "Learn to play": a button per lesson of each game (named by the game, and by the lesson where a
 * game has several), each opening a guided first game against the AI. */
function buildLearn(box, games) {
  const buttons = games.flatMap((g) => (g.lessons || []).map((l) => h('li',
    h('button.learn', { type: 'button', 'data-game': g.id, 'data-lesson': l.id, onclick: (ev) => startLesson(g, l, ev.currentTarget) },
      g.lessons.length > 1 ? `${pick(g.title)}: ${pick(l.title)}` : pick(g.title)))));
  box.hidden = !buttons.length;
  fill(box, h('h2', t('lobby.learn')), h('p.muted', t('lobby.learn_help')), h('ul.learn-list', buttons));
}

async function startLesson(game, lesson, button) {
  button.disabled = true;
  try {
    const name = myName().trim();
    const res = await api('/api/lessons', { game: game.id, lesson: lesson.id, ...(name ? { name } : {}) });
    const mine = res.seats.find((s) => s.token);
    remember(res.table_id, { seat: mine.seat, token: mine.token, game: game.id });
    navigate(`/t/${res.table_id}`);
  } catch (e) {
    toast(e.message, 'error');
    button.disabled = false;
  }
}

function showInvites(box, tableId, links, iPlay) {
  box.hidden = false;
  fill(box, h('h2', t('lobby.invites')), h('p.muted', t('lobby.invites_help')), inviteList(links),
    h('a.button.primary', { href: `/t/${tableId}` }, iPlay ? t('lobby.go_to_table') : t('lobby.watch_table')));
  box.scrollIntoView({ block: 'start' });
}

async function loadLists(boxes, titles) {
  const title = (g) => pick(titles[g]) || g;
  const row = (tb, ...actions) => h('li.table-row', h('span.tb-game', title(tb.game)),
    h('span.tb-players', t('lobby.n_players', { n: tb.players })),
    h('span.tb-seats', (tb.seats || []).map((s) => h('span.tb-seat', s.kind === 'ai' ? t('seat.ai', { agent: agentLabel(s.agent) })
      : s.open ? t('lobby.open_seat') : (s.name || t('seat.human'))))),
    Number.isInteger(tb.seed) ? h('span.tb-seed', { title: t('lobby.seed_help') }, t('lobby.seed', { seed: tb.seed })) : null,
    tb.custom_cards ? customBadge(tb.table_id) : null,
    tb.status === 'stopped' ? h('span.tb-stopped', t('lobby.stopped'), tb.stopped_reason ? `: ${pick(tb.stopped_reason)}` : '') : null,
    h('span.tb-actions', actions));
  const fillBox = (box, rows, empty) => {
    box.querySelector(':scope > ul')?.remove();
    box.querySelector(':scope > p')?.remove();
    box.append(rows.length ? h('ul.tables', rows) : h('p.muted', empty));
  };
  // my games
  const mine = myGames();
  const ids = Object.keys(mine).sort((a, b) => (mine[b].saved || 0) - (mine[a].saved || 0));
  const rows = await Promise.all(ids.map(async (id) => {
    try {
      const tb = await api(`/api/tables/${encodeURIComponent(id)}`);
      // a table stopped before its game was over keeps its secrets: back to my seat's own view, as in play
      return tb.status === 'finished'
        ? row(tb, h('a.button', { href: `/replay/${id}` }, t('lobby.replay')))
        : tb.stopped_log ? row(tb, h('a.button', { href: `/api/tables/${encodeURIComponent(id)}/replay`, download: `${id}.log.json` }, t('lobby.download_log')))
          : unfinished(row, tb, id, mine[id]);
    } catch {
      return h('li.table-row', h('span', t('lobby.gone')),
        h('button', { type: 'button', onclick: (ev) => { forget(id); ev.target.closest('li').remove(); } }, t('lobby.forget')));
    }
  }));
  fillBox(boxes.mine, rows, t('lobby.none_mine'));
  const list = async (status) => { try { return await api(`/api/tables?status=${status}`); } catch { return []; } };
  const [open, playing, finished] = await Promise.all([list('open'), list('playing'), list('finished')]);
  fillBox(boxes.open, open.map((tb) => row(tb, h('button.primary', { type: 'button', onclick: () => join(tb.table_id, tb.game, tb.custom_cards) }, t('lobby.join')),
    ' ', h('a.button', { href: `/t/${tb.table_id}?watch=1` }, t('lobby.watch_table')))), t('lobby.none_open'));
  fillBox(boxes.playing, playing.map((tb) => row(tb, h('a.button', { href: `/t/${tb.table_id}?watch=1` }, t('lobby.watch_table')))), t('lobby.none_playing'));
  fillBox(boxes.finished, finished.slice(0, 20).map((tb) => row(tb, h('a.button', { href: `/replay/${tb.table_id}` }, t('lobby.replay')))), t('lobby.none_finished'));
}

/** A table of mine still being played: back to my seat (or watch it, when I play none), and the
 * invite links I sent, shown again to me only. */
function unfinished(row, tb, id, entry) {
  const r = entry.token ? row(tb, h('a.button.primary', { href: `/t/${id}` }, t('lobby.resume')), ' ', t('seat.n', { n: entry.seat + 1 }))
    : row(tb, h('a.button', { href: `/t/${id}?watch=1` }, t('lobby.watch_table')));
  if (entry.invites?.length) r.append(invitesAgain(entry.invites));
  return r;
}

/** Take the first free seat; a table with its own cards says so and asks first. */
async function join(tableId, game, custom) {
  if (custom && !(await confirmSeat(tableId))) return;
  try {
    const res = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, {});
    remember(tableId, { seat: res.seat, token: res.token, game });
    navigate(`/t/${tableId}`);
  } catch (e) {
    toast(e.message, 'error');
  }
}

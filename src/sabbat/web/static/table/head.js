// The table's head: the game's title, who one is, whose turn it is (also in the tab's title), the
// game's status line and the rules button; and the name form for a seat that has no name yet.
import { t } from '../i18n.js';
import { h, fill, seatName, agentLabel } from '../shared.js';
import { myName, setMyName } from '../api.js';
import { gameTitle } from '../board.js';

/** Draw the head; `mine` says an action is waiting for this page's person. */
export function renderHead(head, v, { me, online, myTurn, mine, status, rulesOpen, toggleRules }) {
  document.title = `${mine ? `▶ ${t('table.your_turn')} · ` : ''}${gameTitle(v.game)} · sabbat`;
  fill(head,
    h('h1.game-title', gameTitle(v.game)),
    h('span.who-am-i', v.seat == null ? t('table.spectating') : t('table.you_are', { seat: seatName(v, v.seat, false) })),
    h(`span.turn${mine ? '.mine' : ''}`, { tabindex: '-1' }, turnText(v, me, online, myTurn)),
    h('span.status', status),
    h('button#rules-toggle', { type: 'button', 'aria-expanded': String(rulesOpen), onclick: toggleRules }, t('rules.open')),
    // a table carried over an upgrade that changed its game's rules says so (in the reader's language)
    v.rules_notice ? h('p.rules-notice', { role: 'note' }, v.rules_notice) : null);
}

/** Whose turn it is, in words (also said to a screen reader when it changes). */
export function turnText(v, me, online, myTurn) {
  if (!online) return t('net.reconnecting');
  if (v.status === 'finished') return t('table.finished');
  if (v.status === 'stopped') return v.stopped_reason || t('lobby.stopped');
  if (myTurn && me.timed_out) return t('table.timed_out_me', { agent: agentLabel(me.timed_out) });
  if (myTurn && me.substitute) return t('table.substitute_me', { agent: agentLabel(me.substitute) });
  if (myTurn) return t('table.your_turn');
  if (v.current_player == null) return t('table.waiting');
  return t(v.thinking ? 'table.thinking' : 'table.their_turn', { who: seatName(v, v.current_player) });
}

/** A person who came by an invite link and never gave a name may give one here. */
export function renderNameBox(box, v, me, send) {
  const askName = v.seat != null && !me.name && !myName() && v.status !== 'finished';
  if (askName && !box.childElementCount) box.append(nameForm(send));
  box.hidden = !askName;
}

function nameForm(send) {
  const input = h('input#seat-name', { type: 'text', maxlength: 40, autocomplete: 'nickname', placeholder: t('lobby.name_placeholder') });
  return h('form.name-form', { onsubmit: (ev) => {
    ev.preventDefault();
    const name = setMyName(input.value);
    if (name) send({ type: 'name', name });
  } }, h('label', { for: 'seat-name' }, t('lobby.your_name')), input, h('button', { type: 'submit' }, t('table.save_name')));
}

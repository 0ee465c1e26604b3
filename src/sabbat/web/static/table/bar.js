// The action bar beside the board: the actions that belong to no card, the tools (the full legal
// list, hint, undo, reclaiming one's seat, the way back) and the hint's words; and the full list.
import { t } from '../i18n.js';
import { h, fill } from '../shared.js';

/** Draw the bar. `loose`: the actions no board element shows; `hinted`: the hinted entry or null. */
export function renderBar(bar, v, { me, legal, loose, hinted, hint, myTurn, online, showList, act, send, toggleList }) {
  const buttons = loose.map((e) => h(`button.act${hinted === e ? '.hinted' : ''}`, { type: 'button', 'data-action-id': e.id, onclick: () => act(e) }, e.text));
  const seated = v.seat != null && v.status !== 'finished';
  fill(bar,
    buttons.length ? h('div.act-buttons', buttons) : null,
    myTurn && legal.length ? h('p.how-to.muted', t('table.how_to')) : null,
    myTurn && (v.notes || []).length ? h('ul.decision-notes', v.notes.map((n) => h('li', n))) : null,
    h('div.tools',
      seated ? h('button#toggle-list', { type: 'button', disabled: !legal.length, 'aria-expanded': String(showList && !!legal.length),
        'aria-controls': 'legal-list', onclick: toggleList },
      showList && legal.length ? t('table.hide_actions') : t('table.all_actions', { n: legal.length })) : null,
      seated ? h('button#hint', { type: 'button', disabled: !(myTurn && legal.length), title: t('table.hint_key'), onclick: () => send({ type: 'hint' }) }, t('table.hint')) : null,
      v.can_undo && online ? h('button#undo', { type: 'button', onclick: () => send({ type: 'undo', version: v.version }) }, t('table.undo')) : null,
      me.substitute && online ? h('button#reclaim.primary', { type: 'button', onclick: () => send({ type: 'reclaim' }) }, t('table.reclaim')) : null,
      h('a.button', { href: '/' }, t('nav.lobby'))),
    hint ? h('p.hint-text', t('table.hint_says', { text: hint.text }),
      hint.estimate != null ? ` — ${t('table.estimate', { pct: Math.round(100 * hint.estimate) })}` : '') : null);
}

/** Draw the full legal list, numbered as the digit keys pick from it (hidden unless asked for). */
export function renderList(list, { legal, hinted, showList, act }) {
  list.id = 'legal-list';
  list.hidden = !showList || !legal.length;
  fill(list, ...(list.hidden ? [] : legal.map((e, i) => h('li', h(`button.legal${hinted === e ? '.hinted' : ''}`, { type: 'button', 'data-action-id': e.id, onclick: () => act(e) },
    h('kbd', String(i + 1)), ' ', e.text)))));
}

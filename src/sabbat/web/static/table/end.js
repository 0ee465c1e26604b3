// The end screen: who won, every seat's score and tie-breaks, and the ways on (replay, lobby, the table).
import { t } from '../i18n.js';
import { h, fill, seatMark, seatName } from '../shared.js';
import { tieText } from './seats.js';

export function showEnd(box, v, tableId) {
  const sc = (i) => v.scores[i] ?? -Infinity;
  const order = [...Array(v.players).keys()].sort((a, b) => sc(b) - sc(a));
  box.hidden = false;
  fill(box, h('div.end-box', { role: 'dialog', 'aria-label': t('end.game_over') },
    h('h2', (v.winners || []).includes(v.seat) ? t('end.you_won') : t('end.game_over')),
    h('p', t('end.winners', { who: (v.winners || []).map((w) => seatName(v, w, false)).join(', ') })),
    h('table.scores', h('thead', h('tr', h('th', t('end.seat')), h('th', t('end.score')), h('th', t('end.tiebreaks')))),
      h('tbody', order.map((i) => h(`tr${(v.winners || []).includes(i) ? '.winner' : ''}`,
        h('td', seatMark(i), ' ', seatName(v, i)), h('td', v.scores[i] == null ? '?' : String(v.scores[i])),
        h('td', Object.entries((v.tie_breaks || [])[i] || {}).map(([k, val]) => tieText(k, val)).join(', ') || '—'))))),
    h('div.end-actions', h('a.button.primary', { href: `/replay/${tableId}` }, t('end.replay')),
      h('a.button', { href: '/' }, t('nav.lobby')),
      h('button', { type: 'button', onclick: () => { box.hidden = true; } }, t('end.look_at_table')))));
}

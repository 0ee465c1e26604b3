// The end screen: who won (by the names people gave), how the game was won where the game says so,
// every seat's score and tie-breaks, and the ways on (replay, lobby, the table).
import { t } from '../i18n.js';
import { h, fill, seatMark, seatName } from '../shared.js';
import { tieText, seatWho } from './seats.js';

/** `outcome`: how the game was won, in words, from the game's renderer ('' when it says nothing). */
export function showEnd(box, v, tableId, outcome = '') {
  const sc = (i) => v.scores[i] ?? -Infinity;
  const order = [...Array(v.players).keys()].sort((a, b) => sc(b) - sc(a));
  const winners = v.winners || [];
  box.hidden = false;
  fill(box, h('div.end-box', { role: 'dialog', 'aria-label': t('end.game_over') },
    h('h2', winners.includes(v.seat) ? t('end.you_won') : t('end.game_over')),
    h('p.end-winners', t('end.winners', { who: winners.map((w) => winnerName(v, w)).join(', ') })),
    outcome ? h('p.end-outcome', outcome) : null,
    h('table.scores', h('thead', h('tr', h('th', t('end.seat')), h('th', t('end.score')), h('th', t('end.tiebreaks')))),
      h('tbody', order.map((i) => h(`tr${winners.includes(i) ? '.winner' : ''}`,
        h('td', seatMark(i), ' ', seatWho(v, i)), h('td', v.scores[i] == null ? '?' : String(v.scores[i])),
        h('td', Object.entries((v.tie_breaks || [])[i] || {}).map(([k, val]) => tieText(k, val)).join(', ') || '—'))))),
    h('div.end-actions', h('a.button.primary', { href: `/replay/${tableId}` }, t('end.replay')),
      h('a.button', { href: '/' }, t('nav.lobby')),
      h('button', { type: 'button', onclick: () => { box.hidden = true; } }, t('end.look_at_table')))));
}

/** A winner as people know them: the name they gave, else the seat and who played it. */
function winnerName(v, seat) {
  const info = (v.seats || []).find((s) => s.seat === seat) || {};
  return info.name ? seatWho(v, seat) : seatName(v, seat);
}

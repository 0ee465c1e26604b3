// The seats strip: each seat's mark, who sits there, score and tie-breaks, clocks, connection and
// stand-in tags and whose turn it is; the clocks count down between views.
import { t, tn, has } from '../i18n.js';
import { h, fill, seatMark, seatLabel, agentLabel } from '../shared.js';

/** Draw every seat; `online` says whether this page is connected. */
export function renderSeats(strip, v, online) {
  fill(strip, ...Array.from({ length: v.players }, (_, i) => seatCard(v, i, online)));
}

function seatCard(v, i, online) {
  const info = (v.seats || []).find((x) => x.seat === i) || {};
  const tb = (v.tie_breaks || [])[i] || {};
  const score = (v.scores || [])[i];
  const current = v.current_player === i && v.status !== 'finished';
  return h(`div.seat-card.seat-bg-${i}${current ? '.current' : ''}${v.seat === i ? '.me' : ''}`,
    seatMark(i), h('span.seat-who', seatWho(v, i)),
    h('span.score', { title: t('table.score') }, score == null ? t('table.points_unknown') : tn('table.points', score)),
    Object.keys(tb).length ? h('span.tiebreak', Object.entries(tb).map(([k, val]) => tieText(k, val)).join(', ')) : null,
    clocks(info, i),
    info.kind === 'human' ? connMark(info.connected && (online || v.seat !== i)) : null,
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

/** Show the time left on each clock, counting down from the view received at `viewAt`. */
export function updateClocks(strip, viewAt, online) {
  const gone = (performance.now() - viewAt) / 1000;
  for (const c of strip.querySelectorAll('[data-clock]')) {
    const running = c.dataset.running === '1' && online;
    const left = Math.max(0, Number(c.dataset.base) - (running ? gone : 0));
    const time = fmtClock(left);
    c.textContent = c.dataset.clock === 'move' ? t(running ? 'clock.move_left' : 'clock.move_each', { time }) : t('clock.game', { time });
    c.classList.toggle('running', running);
    c.classList.toggle('low', running && left <= 10);
  }
}

const CLOCK_FIELDS = ['move_left_s', 'game_left_s', 'clock_running'];

/** The view with each seat's clock readings from a `clocks` frame (the server's count, sent every few
 * seconds, so a page whose timers were held back, a tab in the background say, shows the time right). */
export function withClocks(v, rows) {
  const bySeat = new Map((rows || []).map((r) => [r.seat, r]));
  const seats = (v.seats || []).map((row) => {
    const fresh = bySeat.get(row.seat);
    if (!fresh) return row;
    const next = { ...row };
    for (const k of CLOCK_FIELDS) {
      if (k in fresh) next[k] = fresh[k]; else delete next[k];
    }
    return next;
  });
  return { ...v, seats };
}

/** The seat this page's person sits at ({} for a spectator). */
export function mySeat(v) {
  return (v.seat != null && (v.seats || []).find((x) => x.seat === v.seat)) || {};
}

/** Who sits at seat i, without the seat's own label (the seat mark beside it shows that): the
 * name the person gave ("Alice (you)"), the AI's level, an open seat. */
export function seatWho(v, i) {
  const info = (v.seats || []).find((x) => x.seat === i) || {};
  if (i === v.seat) return info.name ? `${info.name} (${t('seat.you')})` : t('seat.you');
  if (info.kind === 'ai') return t('seat.ai', { agent: agentLabel(info.agent) });
  if (info.open && !info.name) return t('lobby.open_seat');
  return info.name || t('seat.human');
}

/** Whether a person's page is connected (one's own seat says offline as soon as the page is). */
function connMark(on) {
  return h(`span.conn${on ? '.on' : ''}`, on ? t('table.online') : t('table.offline'));
}

/** One tie-break value in words. */
export function tieText(key, value) {
  if (value === 1 && has(`tie.${key}.one`)) return t(`tie.${key}.one`, { value });
  return has(`tie.${key}`) ? t(`tie.${key}`, { value }) : t('tie.generic', { value });
}

function fmtClock(sec) {
  const whole = Math.ceil(sec);
  const m = Math.floor(whole / 60);
  const r = whole % 60;
  return `${m}:${String(r).padStart(2, '0')}`;
}

// The lesson panel of a table played for a lesson: the step the server says applies now (what to do
// and why, in the game's terms), what the learner's last move did, the moves the step points at, and
// at the last step what was learned with a button to play a real game. The way out is always there.
import { t } from '../i18n.js';
import { h, fill } from '../shared.js';
import { api, remember, myName } from '../api.js';
import { toast } from '../toast.js';
import { navigate } from '../router.js';

const DID_MAX = 4; // log lines shown as what the learner's move did

/** Draw the panel for view `v` (hidden on a table that is no lesson). `did`: the log lines the
 * learner's last move added; `myTurn`: the learner decides now. The panel is a polite live region,
 * so it is drawn again only when what it says changes. */
export function renderLesson(box, v, did, myTurn) {
  const lesson = v.lesson;
  box.hidden = !lesson;
  if (!lesson) return;
  const pointing = myTurn && lesson.point.length > 0 && (v.legal || []).some((e) => lesson.point.includes(e.action.kind));
  const sig = JSON.stringify([lesson.step, lesson.text, pointing, did.slice(0, DID_MAX).map((e) => e.i)]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  const step = t('lesson.step', { n: lesson.index + 1, total: lesson.total });
  const text = h('p.lesson-text', lesson.text);
  fill(box,
    h('div.lesson-head', h('h2.lesson-title', lesson.title), h('span.lesson-step.muted', step)),
    text,
    pointing ? h('p.lesson-pointing.muted', t('lesson.pointing')) : null,
    did.length ? h('div.lesson-did', h('h3', t('lesson.did')), h('ul', did.slice(0, DID_MAX).map((e) => h('li', e.text)))) : null,
    lesson.last ? h('div.lesson-learned', h('h3', t('lesson.learned')), h('ul', lesson.learned.map((line) => h('li', line))),
      h('p.muted', t('lesson.keep_playing'))) : null,
    h('div.lesson-actions',
      lesson.last ? h('button#lesson-real.primary', { type: 'button', onclick: (ev) => playReal(v, ev.target) }, t('lesson.play_real')) : null,
      h('a.button#lesson-leave', { href: '/' }, t('lesson.leave'))));
  box.dataset.step = lesson.step;
  box.dataset.last = lesson.last ? '1' : '0';
}

/** Outline, beside the usual yellow, the elements and buttons of the moves the step points at. */
export function pointAt(page, v, refsOf) {
  const kinds = new Set(v.lesson?.point || []);
  if (!kinds.size) return;
  for (const entry of v.legal || []) {
    if (!kinds.has(entry.action.kind)) continue;
    for (const ref of refsOf(entry.action) || []) {
      for (const n of page.querySelectorAll(`.board [data-ref="${CSS.escape(ref)}"]`)) n.classList.add('lesson-point');
    }
    for (const n of page.querySelectorAll(`.act-buttons [data-action-id="${entry.id}"]`)) n.classList.add('lesson-point');
  }
}

/** A real game of the lesson's game: the learner against the normal AI, as many players as the lesson. */
async function playReal(v, button) {
  button.disabled = true;
  const name = myName();
  const seats = Array.from({ length: v.players }, (_, i) => (i === 0 ? { kind: 'human', ...(name ? { name } : {}) } : { kind: 'ai', agent: 'normal' }));
  try {
    const res = await api('/api/tables', { game: v.game, players: v.players, seats });
    const mine = res.seats.find((s) => s.seat === 0);
    remember(res.table_id, { seat: 0, token: mine.token, game: v.game });
    navigate(`/t/${res.table_id}`);
  } catch (e) {
    toast(e.message, 'error');
    button.disabled = false;
  }
}

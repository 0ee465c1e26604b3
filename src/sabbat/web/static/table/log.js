// The game log: the events the views bring, kept by their index, drawn as a numbered list that
// follows the newest entry unless the person scrolled up.
import { h, fill } from '../shared.js';

/** The log after a view: a view with `events_from` > 0 adds to the log held, any other replaces it. */
export function mergeEvents(events, v, hadView) {
  let out;
  if (v.events_from != null && v.events_from > 0 && hadView) { out = events; for (const e of v.events) out[e.i] = e; }
  else out = (v.events || []).reduce((acc, e) => { acc[e.i] = e; return acc; }, []);
  if (v.events_total != null) out.length = v.events_total; // an undo can shorten the log
  return out;
}

/** Draw the log; `jump` scrolls to the newest entry even when the person had scrolled up. */
export function renderLog(log, events, jump) {
  const atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  fill(log, ...events.filter(Boolean).map((e) => h('li', h('span.log-n', String(e.i + 1)), e.text)));
  if (atBottom || jump) log.scrollTop = log.scrollHeight;
}

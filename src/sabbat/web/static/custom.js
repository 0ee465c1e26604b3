// A table that plays with its own (uploaded) card file says so wherever a person meets it: a badge in
// the lobby's lists and at the table, a question before joining, a notice when a person arrives by an
// invite link; each shows which cards differ from the shipped ones. Its cards are drawn from the
// table's own catalogue (`/api/tables/{id}/cards`), never the game's.
import { t, lang } from './i18n.js';
import { h, fill } from './shared.js';
import { api } from './api.js';

const facesCache = new Map();

/** The faces of a table's cards in `lng`, with that table's values. */
export function tableFaces(tableId, lng) {
  const key = `${tableId}/${lng}`;
  if (!facesCache.has(key)) {
    const faces = api(`/api/tables/${encodeURIComponent(tableId)}/cards?lang=${lng}`);
    faces.catch(() => facesCache.delete(key)); // a failed load is tried again next time
    facesCache.set(key, faces);
  }
  return facesCache.get(key);
}

/** The cards the table changes, as a list a person reads: each card's name, what changed, and its
 * text as shipped and at this table. */
export async function changesList(tableId) {
  const { changes } = await api(`/api/tables/${encodeURIComponent(tableId)}/cards/changes?lang=${lang()}`);
  if (!changes.length) return h('p.muted', t('custom.no_changes'));
  return h('ul.card-changes', changes.map((c) => h('li.card-change', { dataset: { card: c.id, change: c.change } },
    h('b', c.name), ' ', h('span.change-kind', t(`custom.${c.change}`)),
    c.shipped != null || c.here != null ? h('div.change-texts',
      c.shipped != null ? h('div.change-shipped', h('span.change-label', t('custom.shipped')), h('p', c.shipped)) : null,
      c.here != null ? h('div.change-here', h('span.change-label', t('custom.here')), h('p', c.here)) : null) : null,
    told(c) ? null : h('ul.change-fields', c.fields.map((f) => h('li', h('code', f.field), ': ',
      f.shipped ?? t('custom.none'), ' → ', f.here ?? t('custom.none')))))));
}

/** Whether a change's card texts show it: else the card file's own fields are listed (a value no
 * face prints). */
function told(c) {
  if (c.change !== 'changed') return c.shipped != null || c.here != null;
  return c.shipped != null && c.here != null && c.shipped !== c.here;
}

let notices = 0;

/** A notice that the table's cards are its own (`brief`: the badge alone, no sentence), with a button
 * that shows (and hides) which differ. */
export function customNotice(tableId, brief = false) {
  const list = h('div.card-changes-box', { hidden: true, id: `card-changes-${++notices}` });
  const button = h('button.link.show-changes', { type: 'button', 'aria-expanded': 'false', 'aria-controls': list.id,
    onclick: async () => {
      const opening = list.hidden;
      list.hidden = !opening;
      button.setAttribute('aria-expanded', String(opening));
      if (opening && !list.childElementCount) {
        try { fill(list, await changesList(tableId)); } catch (e) { fill(list, h('p.error', e.message)); }
      }
    } }, t('custom.show'));
  return h('div.custom-notice', { role: 'note' }, h('span.custom-badge', t('custom.badge')), ' ',
    brief ? null : [h('span.custom-text', t('custom.text')), ' '], button, list);
}

/** The badge a lobby row shows for such a table, with the same way to see the changes. */
export function customBadge(tableId) {
  return h('span.tb-custom', customNotice(tableId, true));
}

/** Before a person takes a seat at such a table (joining from the lobby, or arriving by an invite
 * link): say so, show the changes, and ask. Resolves true to take the seat. */
export function confirmSeat(tableId, invited = false) {
  return new Promise((resolve) => {
    const box = h('dialog.custom-join', { 'aria-labelledby': 'custom-join-title', 'aria-describedby': 'custom-join-text' });
    const done = (yes) => { box.close(); box.remove(); resolve(yes); };
    const list = h('div.card-changes-box', h('p.muted', t('lobby.loading')));
    fill(box, h('h2#custom-join-title', t('custom.join_title')), h('p#custom-join-text', t('custom.join_text')), list,
      h('div.caution-actions',
        h('button#custom-join-back.primary', { type: 'button', onclick: () => done(false) }, t(invited ? 'custom.to_lobby' : 'custom.back')),
        h('button#custom-join-go', { type: 'button', onclick: () => done(true) }, t(invited ? 'custom.take_seat' : 'custom.join_anyway'))));
    box.addEventListener('cancel', (ev) => { ev.preventDefault(); done(false); });
    document.body.append(box);
    box.showModal();
    box.querySelector('#custom-join-back').focus();
    changesList(tableId).then((el) => fill(list, el)).catch((e) => fill(list, h('p.error', e.message)));
  });
}

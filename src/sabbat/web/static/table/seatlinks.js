// Seat links changed after the table was made. The seat's holder may get a new link for their seat
// (the old one stops working at once, on every page that uses it: a leaked link is then worth
// nothing); the table's creator may withdraw an invite nobody has taken up yet, or replace it with a
// new link. New links are kept in this browser with the others; the old ones are forgotten.
import { t } from '../i18n.js';
import { h, fill } from '../shared.js';
import { api, myGames, remember } from '../api.js';
import { inviteUrl, inviteList, invitesAgain } from '../invites.js';
import { toast } from '../toast.js';

/** The holder's "New link for my seat": `swap(work)` runs `work` with the page's connection closed,
 * then reconnects with the token `work` gives (or the old one when it fails). */
export function renderSeatLink(box, v, token, swap) {
  const show = v.seat != null && !!token && v.status === 'playing' && !v.lesson; // a lesson's seat is nobody else's
  box.hidden = !show;
  if (!show || box.dataset.seat === String(v.seat)) return;
  box.dataset.seat = String(v.seat);
  const result = h('div.seat-link-result', { 'aria-live': 'polite' });
  const button = h('button#new-seat-link', { type: 'button', onclick: () => swap(async () => {
    button.disabled = true;
    try {
      const res = await api(`/api/tables/${encodeURIComponent(v.table_id)}/token`, { token });
      remember(v.table_id, { token: res.token });
      token = res.token;
      fill(result, h('p', t('table.new_link_done')), inviteList([{ seat: res.seat, url: inviteUrl(v.table_id, res) }]));
      result.querySelector('input')?.focus();
      return res.token;
    } catch (e) {
      toast(e.message, 'error');
      return null;
    } finally {
      button.disabled = false;
    }
  }) }, t('table.new_link'));
  fill(box, h('details.seat-link', h('summary', t('table.my_link')), h('p.muted', t('table.new_link_help')), button, result));
}

/** The invite links this browser sent for the table (to nobody else: only this browser keeps them);
 * for the table's creator, each invite nobody has taken up yet can be withdrawn or reissued. */
export function renderInvites(box, v) {
  const entry = myGames()[v.table_id] || {};
  const links = entry.invites || [];
  const show = links.length > 0 && v.status === 'playing';
  box.hidden = !show;
  if (!show) return;
  const waiting = new Set((v.seats || []).filter((s) => s.unclaimed).map((s) => s.seat));
  const manage = entry.creator ? links.filter((l) => waiting.has(l.seat)) : [];
  const sig = JSON.stringify([links, manage.map((l) => l.seat)]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  const open = box.querySelector('details')?.open || false;
  const focused = document.activeElement?.dataset?.inviteAction;
  const shown = invitesAgain(links);
  shown.open = open;
  if (manage.length) shown.append(h('ul.invite-manage', manage.map((l) => manageRow(v.table_id, entry.creator, l, () => renderInvites(box, v)))));
  fill(box, shown);
  // keep the keyboard where it was: on the same button, or on the seat's other one once it is gone
  if (focused) (box.querySelector(`[data-invite-action="${focused}"]`) || box.querySelector(`[data-invite-action="reissue-${focused.split('-')[1]}"]`))?.focus();
}

function manageRow(tableId, creator, link, redraw) {
  const n = link.seat + 1;
  const call = async (action) => {
    try {
      const res = await api(`/api/tables/${encodeURIComponent(tableId)}/invites`, { creator, seat: link.seat, action });
      const invites = (myGames()[tableId]?.invites || []).map((l) => (l.seat !== link.seat ? l
        : { seat: l.seat, url: res.token ? inviteUrl(tableId, res) : null }));
      remember(tableId, { invites });
      toast(t(res.token ? 'invite.reissued' : 'invite.withdrawn', { n }));
      redraw();
    } catch (e) {
      toast(e.message, 'error');
    }
  };
  return h('li', h('span', t('seat.n', { n })), link.url ? null : h('span.muted', t('invite.none')),
    link.url ? h('button', { type: 'button', dataset: { inviteAction: `withdraw-${link.seat}` }, onclick: () => call('withdraw') },
      t('invite.withdraw', { n })) : null,
    h('button', { type: 'button', dataset: { inviteAction: `reissue-${link.seat}` }, onclick: () => call('reissue') },
      t('invite.reissue', { n })));
}

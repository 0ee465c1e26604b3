// The invite links a table's creator sent: each friend's seat link with a Copy button. They are kept
// in the creator's browser only (with "my games"), so the lobby and the table can show them again
// after a reload, and to nobody else.
import { t } from './i18n.js';
import { h } from './shared.js';
import { toast } from './toast.js';

/** The absolute link of an invited seat from the server's answer to Create. */
export function inviteUrl(tableId, seat) {
  return new URL(seat.invite_url || `/t/${tableId}#token=${seat.token}`, location.origin).href;
}

/** A list of invite links: `links` is [{seat, url}]. */
export function inviteList(links) {
  return h('ul.invite-list', links.map(({ seat, url }) => {
    const label = t('seat.n', { n: seat + 1 });
    const input = h('input', { type: 'text', readonly: true, value: url, 'aria-label': label });
    return h('li', h('span', label), input,
      h('button', { type: 'button', onclick: async () => {
        try { await navigator.clipboard.writeText(url); toast(t('lobby.copied')); } catch { input.select(); toast(t('lobby.copy_manually')); }
      } }, t('lobby.copy')));
  }));
}

/** The links again, folded: "Invite links (2)" opens them (an invite its creator withdrew has none). */
export function invitesAgain(links) {
  const live = links.filter((l) => l.url);
  return h('details.invites-again', h('summary', t('lobby.invite_links', { n: live.length })),
    h('p.muted', t('lobby.invites_help')), inviteList(live));
}

// The popover over the board: a card's full text and what can be done with it, or, where nothing can,
// why not.
import { t } from '../i18n.js';
import { h, fill, seatName, cardInfo } from '../shared.js';
import { toast } from '../toast.js';

/** The popover in `box`; `act(entry)` plays an action, `view()` and `faces()` give what is shown now. */
export function cardMenu(box, { act, view, faces }) {
  let open = null; // { anchor, version } while it is shown
  const close = (refocus = false) => {
    const anchor = open && open.anchor;
    open = null;
    box.hidden = true;
    box.replaceChildren();
    if (refocus && anchor && anchor.isConnected) anchor.focus();
  };
  const show = (anchor, { title, cards = [], entries = [], note = '' }) => {
    const v = view();
    open = { anchor, version: v ? v.version : -1 };
    const items = entries.map((e) => h('button.menu-item', { type: 'button', 'data-action-id': e.id, onclick: () => act(e) }, e.text));
    box.setAttribute('aria-label', title);
    fill(box,
      h('p.menu-title', title),
      ...cards.map((c) => h('div.menu-card', cards.length > 1 || c.name !== title ? h('b', c.name) : null,
        c.text ? h('p.menu-card-text', c.text) : null)),
      note ? h('p.menu-note', note) : null,
      entries.length > 1 ? h('p.menu-ask', t('table.choose')) : null,
      ...items,
      h('button.menu-cancel', { type: 'button', onclick: () => close(true) }, entries.length ? t('table.cancel') : t('table.close')));
    const r = anchor.getBoundingClientRect();
    const base = box.parentElement.getBoundingClientRect();
    box.style.left = `${Math.max(0, Math.min(r.left - base.left, base.width - 300))}px`;
    box.style.top = `${Math.max(0, r.bottom - base.top + 4)}px`;
    box.hidden = false;
    box.scrollIntoView({ block: 'nearest' });
    (box.querySelector('.menu-item') || box.querySelector('.menu-cancel')).focus({ preventScroll: true });
  };
  return {
    close,
    isOpen: () => open != null,
    /** Close a popover opened on an older view. */
    closeIfStale(version) { if (open && open.version !== version) close(); },
    /** Close it when a click lands outside it and its anchor. */
    closeIfOutside(target) { if (open && !box.contains(target) && !open.anchor.contains(target)) close(); },
    /** A click on something with actions: one action on no card plays at once, else the popover asks. */
    choose(entries, anchor) {
      const cards = cardInfo(anchor, faces());
      if (entries.length === 1 && !cards.length) { act(entries[0]); return; }
      show(anchor, { title: cards.length === 1 ? cards[0].name : t('table.choose_title'), cards, entries });
    },
    /** A click on something with no action: its card text and why nothing can be done with it. */
    explain(anchor) {
      const cards = cardInfo(anchor, faces());
      if (cards.length) show(anchor, { title: cards.length === 1 ? cards[0].name : t('table.cards'), cards, note: why(view()) });
      else toast(why(view()));
    },
  };
}

/** Why a click does nothing now. */
function why(v) {
  if (!v) return '';
  if (v.status === 'finished') return t('explain.finished');
  if (v.seat == null) return t('explain.spectator');
  if (v.current_player !== v.seat) return t('explain.not_your_turn', { who: seatName(v, v.current_player) });
  if (!(v.legal || []).length) return t('explain.stand_in');
  // what the game says about this decision (a card that cannot be kept, and why) comes first
  return [...(v.notes || []), t('explain.nothing_here')].join('\n');
}

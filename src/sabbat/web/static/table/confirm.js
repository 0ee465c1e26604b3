// The question before a move the game calls almost always a mistake: what it means, in the game's
// words, and a choice between going back (the default) and playing it anyway.
import { t } from '../i18n.js';
import { h, fill } from '../shared.js';

/** Ask in the <dialog> `box` about `entry` (a legal action with a `caution`); `go()` plays it. */
export function confirmMove(box, entry, go) {
  const done = (play) => { box.close(); if (play) go(); };
  box.setAttribute('aria-labelledby', 'caution-title');
  box.setAttribute('aria-describedby', 'caution-text');
  fill(box,
    h('h2#caution-title', t('caution.title', { action: entry.text })),
    h('p#caution-text', entry.caution),
    h('div.caution-actions',
      h('button#caution-back.primary', { type: 'button', onclick: () => done(false) }, t('caution.back')),
      h('button#caution-go', { type: 'button', 'data-action-id': entry.id, onclick: () => done(true) }, t('caution.go', { action: entry.text }))));
  box.showModal();
  box.querySelector('#caution-back').focus();
}

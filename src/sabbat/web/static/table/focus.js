// Where the keyboard focus goes when a view rebuilds the board: never to the page's body (a screen
// reader or keyboard user would start again from the top after every move).

/** Where the focus is, when it is in one of the `parts` a render rebuilds (or already lost to the
 * body); null when it is elsewhere (the log, a field), which a render leaves alone. */
export function focusBefore(parts) {
  const a = document.activeElement;
  if (!a || a === document.body) return { ref: null };
  if (!parts.some((part) => part.contains(a))) return null;
  return { ref: a.closest('[data-ref]')?.dataset.ref ?? null };
}

/** After a render: back on the same option if it still is one, else on the first option when it is
 * one's turn (`mine`), else on the line that says whose turn it is. */
export function restoreFocus(was, { board, bar, head }, mine) {
  if (!was || (document.activeElement && document.activeElement !== document.body)) return;
  const control = (n) => (n && n.matches('[tabindex], button') ? n : n?.querySelector(':scope > [tabindex], :scope > button'));
  const same = was.ref != null ? control(board.querySelector(`.playable[data-ref="${CSS.escape(was.ref)}"]`)) : null;
  const first = mine ? board.querySelector('.playable[tabindex], .playable > [tabindex], .playable > button') || bar.querySelector('button.act') : null;
  (same || first || head.querySelector('.turn'))?.focus({ preventScroll: true });
}

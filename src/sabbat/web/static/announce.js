// What just happened, said to a screen reader: one polite live region (#announce) outside the board,
// so a new view announces its new log lines and whose turn it is, never the whole rebuilt board.

/** Say `text` (replacing whatever was said before); '' clears the region. */
export function announce(text) {
  const box = document.getElementById('announce');
  if (box) box.textContent = text || '';
}

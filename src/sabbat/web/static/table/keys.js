// The table's keys: digits pick from the full legal list, h asks for a hint, u undoes, a shows or
// hides the list, Escape closes the popover or the rules. Keys typed into a field or a dialog are
// theirs (Escape aside).
const DIGIT_WAIT_MS = 700;

/** The keydown handler; `legal()` gives the actions one may take now. */
export function keyHandler({ legal, act, hint, undo, toggleList, escape }) {
  let digits = '';
  let timer = null;
  return (ev) => {
    if (ev.target.closest('input, select, textarea, dialog, .choice-menu, .rules-panel') && ev.key !== 'Escape') return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const now = legal();
    if (/^[0-9]$/.test(ev.key) && now.length) {
      digits += ev.key;
      clearTimeout(timer);
      const pickNow = () => { const n = Number(digits); digits = ''; if (now[n - 1]) act(now[n - 1]); };
      if (Number(digits + '0') > now.length) pickNow(); else timer = setTimeout(pickNow, DIGIT_WAIT_MS);
    } else if (ev.key === 'h' && now.length) hint();
    else if (ev.key === 'u') undo();
    else if (ev.key === 'a' && now.length) toggleList();
    else if (ev.key === 'Escape') escape();
  };
}

// The short message at the bottom of the page (an error, "link copied"…), gone after a few seconds.
let timer = null;

export function toast(text, kind = 'info') {
  const el = document.getElementById('toast');
  el.textContent = text;
  el.className = `toast-${kind}`;
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => { el.hidden = true; }, 3500);
}

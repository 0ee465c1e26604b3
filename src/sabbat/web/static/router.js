// Moving between pages without a reload: navigate() records the address, then has the entry point
// (app.js, which registers its drawing with onNavigate) draw it. Kept apart from app.js so the pages
// that app.js loads never import app.js back.
let draw = () => {};

/** Who draws the page for the current address (the entry point, once). */
export function onNavigate(fn) { draw = fn; }

export function navigate(path) {
  history.pushState(null, '', path);
  draw();
}

// Entry point: routes /, /t/{id} and /replay/{id} to the lobby, the table and the replay viewer;
// owns the language switch.
import { t, lang, setLang } from './i18n.js';
import { setAgentLabels } from './shared.js';
import { api } from './api.js';
import { navigate, onNavigate } from './router.js';

const app = document.getElementById('app');
let teardown = null;

function translateStatic() {
  document.documentElement.lang = lang();
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  const sw = document.getElementById('lang-switch');
  // the button's name is its visible word (a screen reader reads what a sighted person sees); the
  // title says what it does
  sw.textContent = lang() === 'ja' ? 'English' : '日本語';
  sw.removeAttribute('aria-label');
  sw.title = t('nav.switch_lang');
  sw.lang = lang() === 'ja' ? 'en' : 'ja';
}

async function route() {
  if (teardown) { teardown(); teardown = null; }
  translateStatic();
  app.replaceChildren();
  const path = location.pathname;
  let m;
  if ((m = path.match(/^\/t\/([^/]+)\/?$/))) {
    const { showTable } = await import('./table.js');
    teardown = showTable(app, decodeURIComponent(m[1]));
  } else if ((m = path.match(/^\/replay\/([^/]+)\/?$/))) {
    const { showReplay } = await import('./replay.js');
    teardown = showReplay(app, decodeURIComponent(m[1]));
  } else {
    const { showLobby } = await import('./lobby.js');
    teardown = showLobby(app);
  }
}

document.getElementById('lang-switch').addEventListener('click', () => {
  setLang(lang() === 'ja' ? 'en' : 'ja');
  route();
});
document.addEventListener('click', (ev) => {
  const a = ev.target.closest('a[href^="/"]');
  if (!a || a.target || a.hasAttribute('download') || a.getAttribute('href').startsWith('/api/')
    || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
  ev.preventDefault();
  navigate(a.getAttribute('href'));
});
window.addEventListener('popstate', route);
onNavigate(route);

api('/api/agents').then(setAgentLabels).catch(() => {}).finally(route);

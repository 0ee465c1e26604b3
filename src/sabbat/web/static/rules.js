// The rules panel at the table: how this page is played, then the game's rules summary (the same
// text as `sabbat rules GAME`), drawn from its Markdown as plain DOM nodes (never as markup).
import { t, lang } from './i18n.js';
import { h, fill } from './shared.js';
import { api } from './api.js';

const HELP = ['help.turn', 'help.card', 'help.buttons', 'help.hint', 'help.clock'];

export function rulesPanel(box, game, close) {
  const body = h('div.rules-text', h('p.muted', t('lobby.loading')));
  box.setAttribute('aria-label', t('rules.title'));
  fill(box, 
    h('div.rules-head', h('h2', { tabindex: '-1' }, t('rules.title')),
      h('button.rules-close', { type: 'button', onclick: close }, t('table.close'))),
    h('section.how-page', h('h3', t('help.title')), h('ul', HELP.map((k) => h('li', t(k))))),
    body);
  api(`/api/games/${encodeURIComponent(game)}/rules?lang=${lang()}`)
    .then((r) => fill(body, ...markdown(r.text || '')))
    .catch((e) => fill(body, h('p.error', e.message)));
}

/** Inline Markdown (**bold**, *emphasis*, `code`) as nodes. */
function inline(text) {
  const out = [];
  const re = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`/g;
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(m[1] != null ? h('strong', inline(m[1])) : m[2] != null ? h('em', inline(m[2])) : h('code', m[3]));
    last = re.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The block Markdown the rules summaries use: headings, paragraphs, lists, tables. */
export function markdown(text) {
  const nodes = [];
  let para = null;
  let list = null;
  let item = null;
  let table = null;
  const end = () => { para = null; list = null; item = null; table = null; };
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    let m;
    if (!line.trim()) { end(); continue; }
    if ((m = line.match(/^(#{1,6})\s+(.*)$/))) {
      end();
      nodes.push(h(`h${Math.min(6, m[1].length + 2)}`, inline(m[2])));
    } else if ((m = line.match(/^\s*\|(.*)\|\s*$/))) {
      const cells = m[1].split('|').map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      if (!table) { para = null; list = null; table = h('table.rules-table'); nodes.push(table); table.append(h('tr', cells.map((c) => h('th', inline(c))))); }
      else table.append(h('tr', cells.map((c) => h('td', inline(c)))));
    } else if ((m = line.match(/^\s*([-*]|\d+\.)\s+(.*)$/))) {
      para = null;
      table = null;
      const ordered = /\d/.test(m[1]);
      if (!list || list.tagName !== (ordered ? 'OL' : 'UL')) { list = h(ordered ? 'ol' : 'ul'); nodes.push(list); }
      item = h('li', inline(m[2]));
      list.append(item);
    } else if (item && /^\s+/.test(line)) {
      item.append(' ', ...inline(line.trim()));
    } else if (para) {
      para.append(' ', ...inline(line.trim()));
    } else {
      list = null;
      item = null;
      table = null;
      para = h('p', inline(line.trim()));
      nodes.push(para);
    }
  }
  return nodes;
}

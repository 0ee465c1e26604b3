// The rules panel at the table and in the lobby: how this page is played, then the game's rules
// summary (the same text as `sabbat rules GAME`), drawn from its Markdown as plain DOM nodes (never
// as markup). It speaks to a browser player: where the summary names an option as the command line
// does (`castle_choice=draft`, `max_days`), the panel says it in the lobby's words, and a sentence
// about a command-line flag (`--cards FILE`) is left out.
import { t, lang, pick } from './i18n.js';
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
  Promise.all([api(`/api/games/${encodeURIComponent(game)}/rules?lang=${lang()}`), api('/api/games').catch(() => [])])
    .then(([r, games]) => fill(body, markdown(forBrowser(r.text || ''), optionNamer(games.find((g) => g.id === game)))))
    .catch((e) => fill(body, h('p.error', e.message)));
}

/** `name=value` or `name` of one of the game's options, in the lobby's words; null for any other code. */
function optionNamer(game) {
  const options = (game && game.options) || {};
  return (code) => {
    const m = code.match(/^(\w+)(?:=(\w+))?$/);
    const o = m && options[m[1]];
    if (!o || !pick(o.label)) return null;
    if (m[2] == null) return t('rules.option_name', { label: pick(o.label) });
    return t('rules.option', { label: pick(o.label), value: pick((o.values || {})[m[2]]) || m[2] });
  };
}

const FLAG = /`--[^`]*`/;

/** The summary without its sentences about command-line flags: a paragraph naming one is joined into
 * one line and the sentences that name a flag are left out (lists and tables are kept as they are). */
export function forBrowser(text) {
  return text.split(/\n\s*\n/).map((block) => {
    if (!FLAG.test(block) || /^\s*([-*|#]|\d+\.)/.test(block)) return block;
    const joined = block.split('\n').map((l) => l.trim()).join(' ');
    return (joined.match(/[^.。]*(?:[.。]+|$)\s*/g) || []).filter((sentence) => !FLAG.test(sentence)).join('').trim();
  }).filter(Boolean).join('\n\n');
}

/** Inline Markdown (**bold**, *emphasis*, `code`) as nodes. */
function inline(text, named) {
  const out = [];
  const re = /\*\*(.+?)\*\*|\*(.+?)\*|`(.+?)`/g;
  let last = 0;
  let m;
  while ((m = re.exec(text))) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] != null) out.push(h('strong', inline(m[1], named)));
    else if (m[2] != null) out.push(h('em', inline(m[2], named)));
    else out.push(named(m[3]) ? h('span.option-name', named(m[3])) : h('code', m[3]));
    last = re.lastIndex;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** The block Markdown the rules summaries use: headings, paragraphs, lists, tables. */
export function markdown(text, named = () => null) {
  const nodes = [];
  const line = (s) => inline(s, named);
  let para = null;
  let list = null;
  let item = null;
  let table = null;
  const end = () => { para = null; list = null; item = null; table = null; };
  for (const raw of text.split('\n')) {
    const row = raw.replace(/\s+$/, '');
    let m;
    if (!row.trim()) { end(); continue; }
    if ((m = row.match(/^(#{1,6})\s+(.*)$/))) {
      end();
      nodes.push(h(`h${Math.min(6, m[1].length + 2)}`, line(m[2])));
    } else if ((m = row.match(/^\s*\|(.*)\|\s*$/))) {
      const cells = m[1].split('|').map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      if (!table) {
        end();
        table = h('table.rules-table', h('tr', cells.map((c) => h('th', line(c)))));
        nodes.push(table);
      } else table.append(h('tr', cells.map((c) => h('td', line(c)))));
    } else if ((m = row.match(/^\s*([-*]|\d+\.)\s+(.*)$/))) {
      para = null;
      table = null;
      const ordered = /\d/.test(m[1]);
      if (!list || list.tagName !== (ordered ? 'OL' : 'UL')) { list = h(ordered ? 'ol' : 'ul'); nodes.push(list); }
      item = h('li', line(m[2]));
      list.append(item);
    } else if (item && /^\s+/.test(row)) {
      item.append(' ', ...line(row.trim()));
    } else if (para) {
      para.append(' ', ...line(row.trim()));
    } else {
      end();
      para = h('p', line(row.trim()));
      nodes.push(para);
    }
  }
  return nodes;
}

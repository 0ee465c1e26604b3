"""What the browser tests do as a person would: open pages, wait for their turn, click an option,
and check that a page shows no untranslated string."""

from __future__ import annotations

import json
import random
import re
import urllib.request
from pathlib import Path
from typing import Any


def http_json(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as res:
        return json.loads(res.read().decode())


SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
TURN_TIMEOUT_MS = 30_000


class PageErrors(list[str]):
    """What went wrong on a page (a test fails if any): JavaScript errors, console errors, requests
    that failed and answers in the 400s or 500s."""


VIEW_HOOK = """(() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (ev) => {
        let m;
        try { m = JSON.parse(ev.data); } catch { return; }
        if (m.type === 'view') {
          // a later view leaves out what did not change and names it in `kept`, as the page fills it in
          if (m.kept && window.__sabbatView) for (const k of m.kept) m.observation[k] = window.__sabbatView.observation[k];
          window.__sabbatView = m;
        }
        else if (m.type === 'clocks' && window.__sabbatView) {
          const fresh = new Map((m.seats || []).map((r) => [r.seat, r]));
          window.__sabbatView.seats = (window.__sabbatView.seats || []).map((r) => ({ ...r, ...(fresh.get(r.seat) || {}) }));
        }
      });
    }
  };
})();"""
"""Added by the tests to every page they open (the production client has no such hook): the table's
latest view as the server sent it, with each clocks frame's times, as `window.__sabbatView`. Its
listener runs just before the page's own, in the same task, so what a test reads next matches the
board drawn from the same message."""


def open_page(browser: Any, lang: str, width: int = 1280, height: int = 900,
              allow_status: tuple[int, ...] = ()) -> tuple[Any, Any, PageErrors]:
    """A new browser context whose navigator.language is `lang`, with the tests' view hook
    (`VIEW_HOOK`); `allow_status` names HTTP error statuses the test provokes on purpose."""
    ctx = browser.new_context(locale="ja-JP" if lang == "ja" else "en-US", viewport={"width": width, "height": height},
                              reduced_motion="reduce", accept_downloads=True)
    ctx.add_init_script(VIEW_HOOK)
    page = ctx.new_page()
    errors = PageErrors()
    page.on("pageerror", lambda e: errors.append(f"page error: {e}"))
    page.on("console", lambda m: errors.append(f"console: {m.text}")
            if m.type == "error" and "WebSocket" not in m.text and "status of" not in m.text else None)
    page.on("requestfailed", lambda r: errors.append(f"request failed: {r.url} {r.failure}")
            if "/api/" in r.url or "/static/" in r.url else None)
    page.on("response", lambda r: errors.append(f"HTTP {r.status}: {r.url}")
            if r.status >= 400 and r.status not in allow_status else None)
    return ctx, page, errors


BAD_TEXT_JS = """(ids) => {
  const text = document.body.innerText;
  const found = [];
  for (const m of text.matchAll(/\\[object|\\bundefined\\b|\\bnull\\b|\\bNaN\\b|⟦[^⟧]*⟧|\\b1 (?:pts|points|bosses|chests|cards|coins|groups|units|barrels)\\b|\\(s\\)/g)) found.push(m[0]);
  for (const id of ids) if (new RegExp(`(^|[^A-Za-z_])${id}([^A-Za-z_]|$)`).test(text)) found.push(id);
  for (const o of document.querySelectorAll('option')) if (ids.includes(o.textContent.trim()) || o.textContent.trim() === o.value && /[a-z]/.test(o.value) && o.closest('.options-form')) found.push(`option ${o.value}`);
  return found;
}"""


def option_ids(base: str) -> list[str]:
    """Internal option names and values a page must never show: every option's name and each value
    written as an id (with an underscore)."""
    ids: set[str] = set()
    for g in http_json(base + "/api/games"):
        for name, o in g["options"].items():
            ids.add(name)
            ids.update(c for c in o.get("choices", []) if "_" in c)
    return sorted(ids)


def bad_text(page: Any, ids: list[str]) -> list[str]:
    """Text a person must never read: `[object …]`, undefined, null, NaN, a missing-key marker, "1
    points", an internal option id."""
    return list(page.evaluate(BAD_TEXT_JS, ids))


def wait_turn(page: Any, last: int) -> str:
    """Block until the game is over ('finished') or it is this page's turn at a newer version ('turn')."""
    page.wait_for_function(
        """(last) => { const p = document.querySelector('.table-page');
            return p && (p.dataset.status === 'finished' || (p.dataset.myTurn === '1' && Number(p.dataset.version) > last)); }""",
        arg=last, timeout=TURN_TIMEOUT_MS)
    return str(page.eval_on_selector(".table-page", "p => p.dataset.status === 'finished' ? 'finished' : 'turn'"))


def version(page: Any) -> int:
    return int(page.eval_on_selector(".table-page", "p => Number(p.dataset.version)"))


def click_legal(page: Any, rng: random.Random) -> dict[str, Any]:
    """Open the full list of options (if closed) and click one of them; returns the action chosen."""
    if page.get_attribute("#toggle-list", "aria-expanded") != "true":
        page.click("#toggle-list")
    buttons = page.locator(".legal-list button.legal")
    n = buttons.count()
    assert n > 0, "my turn, but the list of options is empty"
    i = rng.randrange(n)
    action = page.evaluate("(i) => window.__sabbatView.legal[i].action", i)
    before = version(page)
    buttons.nth(i).click()
    confirm_if_asked(page, before)
    return dict(action)


CAUTION = "dialog.caution-box[open]"


def confirm_if_asked(page: Any, before: int) -> None:
    """A move the game calls almost always a mistake asks first: play it anyway, as a person who
    read the question and meant it."""
    page.wait_for_function(
        """([v, sel]) => document.querySelector(sel) || Number(document.querySelector('.table-page').dataset.version) > v
             || document.querySelector('.board.waiting')""", arg=[before, CAUTION], timeout=TURN_TIMEOUT_MS)
    if page.locator(CAUTION).count():
        page.click("#caution-go")


def play_turns(page: Any, rng: random.Random, limit: int, stop_after: int | None = None) -> tuple[str, list[dict[str, Any]]]:
    """Play this page's turns by clicking until the game ends (or `stop_after` own moves)."""
    actions: list[dict[str, Any]] = []
    last = -1
    for _ in range(limit):
        if wait_turn(page, last) == "finished":
            return "finished", actions
        last = version(page)
        actions.append(click_legal(page, rng))
        if stop_after is not None and len(actions) >= stop_after:
            return "stopped", actions
    raise AssertionError(f"the game did not end within {limit} of my moves")


ASCII_WORD = re.compile(r"[A-Za-z]{3,}")
CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]+")


def people_names(base: str) -> list[str]:
    """Every name people gave (tables and seats) on every list the lobby shows: playing, finished, stopped."""
    names = []
    for status in ("", "?status=finished", "?status=stopped"):
        for table in http_json(base + "/api/tables" + status):
            names += [table.get("name") or "", *(s.get("name") or "" for s in table["seats"])]
    return names


def untranslated(page: Any, base: str, lang: str, game: str | None) -> list[str]:
    """Strings on the page that are not in its language: missing-key markers anywhere, and words of
    the other language that neither the game's own data nor the server's texts (log, options) hold."""
    html = page.content()
    problems = [m.group(0) for m in re.finditer(r"⟦[^⟧]*⟧", html)]
    text = page.inner_text("body")
    data = [json.dumps(http_json(base + "/api/games"), ensure_ascii=False),
            json.dumps(http_json(base + "/api/agents"), ensure_ascii=False),
            json.dumps(people_names(base), ensure_ascii=False)]  # people's names are theirs, in any script
    if game:
        data.append(json.dumps(http_json(f"{base}/api/games/{game}/cards?lang={lang}"), ensure_ascii=False))
        view = page.evaluate("() => window.__sabbatView || null")
        if view:
            texts = [e["text"] for e in view.get("events", []) if e] + [e["text"] for e in view.get("legal", [])]
            data.append(json.dumps(texts, ensure_ascii=False))
            data.append(json.dumps(view.get("observation"), ensure_ascii=False))
            data.append(json.dumps([s.get("name") for s in view.get("seats", [])], ensure_ascii=False))  # people's names
    known = "\n".join(data)
    if lang == "ja":
        allowed = set(ASCII_WORD.findall(known)) | {"sabbat", "English"}
        problems += sorted({w for w in ASCII_WORD.findall(text) if w not in allowed})
    else:
        allowed = set(CJK_RUN.findall(known)) | {"日本語"}
        problems += sorted({w for w in CJK_RUN.findall(text) if w not in allowed})
    return problems


def screenshot(page: Any, name: str, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=full_page)
    return path


CLICKABLE = ".board .playable, .act-buttons button.act"
MENU_ITEMS = ".choice-menu:not([hidden]) .menu-item"


def click_a_move(page: Any, rng: random.Random) -> str:
    """One move made as a person makes it: click one of the outlined cards or places on the board, or
    a button beside it, and pick from the popover when one opens; never the full list of actions.
    Returns what was clicked (for the failure message)."""
    before = version(page)
    targets = page.locator(CLICKABLE)
    n = targets.count()
    assert n > 0, "my turn, but nothing on the board is outlined and there is no button to press"
    target = targets.nth(rng.randrange(n))
    what = target.get_attribute("data-ref") or target.inner_text()[:40]
    target.click()
    page.wait_for_function(
        """([v, sel, ask]) => document.querySelector(sel) || document.querySelector(ask)
             || Number(document.querySelector('.table-page').dataset.version) > v
             || document.querySelector('.board.waiting')""", arg=[before, MENU_ITEMS, CAUTION], timeout=5_000)
    items = page.locator(MENU_ITEMS)
    if items.count():
        item = items.nth(rng.randrange(items.count()))
        what += " → " + item.inner_text()[:60]
        item.click()
    confirm_if_asked(page, before)
    page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v",
                           arg=before, timeout=TURN_TIMEOUT_MS)
    return str(what)


def play_by_clicking(page: Any, rng: random.Random, limit: int, stop_after: int | None = None,
                     check: Any = None, check_every: int = 25) -> tuple[str, int]:
    """Play this page's moves by clicking the board until the game ends (or `stop_after` moves);
    `check(page)` runs every `check_every` moves. Returns ('finished' | 'stopped', moves made)."""
    moves = 0
    last = -1
    for _ in range(limit):
        if wait_turn(page, last) == "finished":
            return "finished", moves
        last = version(page)
        click_a_move(page, rng)
        moves += 1
        if check is not None and moves % check_every == 0:
            check(page)
        if stop_after is not None and moves >= stop_after:
            return "stopped", moves
    raise AssertionError(f"the game did not end within {limit} of my moves")


PAGE_RULES_JS = """() => {
  const found = [];
  if (!document.querySelector('h1')) found.push('no level-one heading');
  const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"], [role="timer"], [role="marquee"]';
  for (const region of document.querySelectorAll(live)) {
    if (region.querySelector('.board, #app, .seats-strip, [data-clock]') || region.id === 'app') {
      found.push(`a live region holds the board or a clock: ${region.tagName.toLowerCase()}${region.id ? '#' + region.id : ''}.${region.className}`);
    }
  }
  return found;
}"""


def audit(page: Any, axe_source: str, where: str) -> list[str]:
    """Everything on the page as it is now that fails a person using assistive technology: axe-core's
    serious and critical violations, a page without a level-one heading, and a live region that holds
    the board or a clock (a screen reader would read it all out on every change). Any page's test may
    call it (the table, the lobby, the replay, a lesson)."""
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(content=axe_source)
    result = page.evaluate("""async () => {
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
          .map(v => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | ')}`);
    }""")
    return [f"{where}: {v}" for v in [*result, *page.evaluate(PAGE_RULES_JS)]]


def play_until(page: Any, rng: random.Random, predicate: str, limit: int = 80) -> bool:
    """Play by clicking until, at one of this page's turns, the JavaScript `predicate` (an arrow
    function of the view) holds; False if the game ends or `limit` moves pass first."""
    last = -1
    for _ in range(limit):
        if wait_turn(page, last) == "finished":
            return False
        if page.evaluate(f"() => ({predicate})(window.__sabbatView)"):
            return True
        last = version(page)
        click_a_move(page, rng)
    return False

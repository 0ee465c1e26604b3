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
    """JavaScript errors seen on a page (a test fails if any)."""


def open_page(browser: Any, lang: str, width: int = 1280, height: int = 900) -> tuple[Any, Any, PageErrors]:
    """A new browser context whose navigator.language is `lang`."""
    ctx = browser.new_context(locale="ja-JP" if lang == "ja" else "en-US", viewport={"width": width, "height": height},
                              reduced_motion="reduce")
    page = ctx.new_page()
    errors = PageErrors()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "WebSocket" not in m.text else None)
    return ctx, page, errors


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
    buttons.nth(i).click()
    return dict(action)


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


def untranslated(page: Any, base: str, lang: str, game: str | None) -> list[str]:
    """Strings on the page that are not in its language: missing-key markers anywhere, and words of
    the other language that neither the game's own data nor the server's texts (log, options) hold."""
    html = page.content()
    problems = [m.group(0) for m in re.finditer(r"⟦[^⟧]*⟧", html)]
    text = page.inner_text("body")
    data = [json.dumps(http_json(base + "/api/games"), ensure_ascii=False),
            json.dumps(http_json(base + "/api/agents"), ensure_ascii=False)]
    if game:
        data.append(json.dumps(http_json(f"{base}/api/games/{game}/cards?lang={lang}"), ensure_ascii=False))
        view = page.evaluate("() => window.__sabbatView || null")
        if view:
            texts = [e["text"] for e in view.get("events", []) if e] + [e["text"] for e in view.get("legal", [])]
            data.append(json.dumps(texts, ensure_ascii=False))
            data.append(json.dumps(view.get("observation"), ensure_ascii=False))
    known = "\n".join(data)
    if lang == "ja":
        allowed = set(ASCII_WORD.findall(known)) | {"sabbat", "English"}
        problems += sorted({w for w in ASCII_WORD.findall(text) if w not in allowed})
    else:
        allowed = set(CJK_RUN.findall(known)) | {"日本語"}
        problems += sorted({w for w in CJK_RUN.findall(text) if w not in allowed})
    return problems


def screenshot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True)
    return path

"""A newcomer learns each game from the lobby's "Learn to play": by clicking only what the page
offers (the moves the lesson points at first), on a desktop and on a 390×844 phone, every game's
lesson once in English and once in Japanese; then "Play a real game" starts a real table. A page
error, a failed request, raw or untranslated text fails the test. The desktop runs photograph a
lesson step of each game in both languages for the docs."""

from __future__ import annotations

import random
from typing import Any

import pytest

from sabbat import games
from tests.browser.helpers import (
    MENU_ITEMS,
    TURN_TIMEOUT_MS,
    audit,
    bad_text,
    http_json,
    open_page,
    option_ids,
    screenshot,
    untranslated,
    version,
)

DESKTOP = (1280, 900)
PHONE = (390, 844)
NAME = "Ｌｅａｒｎｅｒ"
RUNS = [  # each game's lesson in both languages, one at desktop size and one on a phone
    ("mystic_vale", "en", DESKTOP), ("mystic_vale", "ja", PHONE),
    ("nameless_dark_lord", "ja", DESKTOP), ("nameless_dark_lord", "en", PHONE),
    ("monslaught", "en", DESKTOP), ("monslaught", "ja", PHONE),
    ("bellum_magica", "ja", DESKTOP), ("bellum_magica", "en", PHONE),
    ("magic_master", "en", DESKTOP), ("magic_master", "ja", PHONE),
]
MOVES = 300
"""The most moves a learner makes before the lesson must be over."""
PHOTO_STEP = 2
"""The lesson step photographed for the docs (one that points at moves on the board)."""


def lesson_of(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("() => (window.__sabbatView || {}).lesson || {}"))


def wait_for_me(page: Any, last: int) -> None:
    """Until the lesson has reached its end, or it is this page's turn at a newer version."""
    page.wait_for_function(
        """(last) => { const p = document.querySelector('.table-page'); const v = window.__sabbatView;
            return p && v && (v.lesson?.last || (p.dataset.myTurn === '1' && Number(p.dataset.version) > last)); }""",
        arg=last, timeout=TURN_TIMEOUT_MS)


def follow_the_page(page: Any, rng: random.Random) -> str:
    """One move as a newcomer makes it: an element the lesson points at (else any outlined one or a
    button beside the board), and in a popover the entry of a move the lesson points at, if any."""
    before = version(page)
    pointed = page.locator(".lesson-point:visible")
    targets = pointed if pointed.count() else page.locator(".board .playable:visible, .act-buttons button.act")
    n = targets.count()
    assert n > 0, "my turn, but nothing is outlined and there is no button to press"
    target = targets.nth(rng.randrange(n))
    what = target.get_attribute("data-ref") or target.inner_text()[:40]
    target.click()
    page.wait_for_function(
        """([v, sel]) => document.querySelector(sel) || Number(document.querySelector('.table-page').dataset.version) > v
             || document.querySelector('.board.waiting')""", arg=[before, MENU_ITEMS], timeout=5_000)
    items = page.locator(MENU_ITEMS)
    if items.count():
        wanted = page.evaluate("""() => { const v = window.__sabbatView; const kinds = new Set(v.lesson?.point || []);
            return v.legal.filter((e) => kinds.has(e.action.kind)).map((e) => String(e.id)); }""")
        ids = [items.nth(i).get_attribute("data-action-id") for i in range(items.count())]
        good = [i for i, x in enumerate(ids) if x in wanted] or list(range(len(ids)))
        item = items.nth(rng.choice(good))
        what += " → " + item.inner_text()[:60]
        item.click()
    page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v",
                           arg=before, timeout=TURN_TIMEOUT_MS)
    return str(what)


def switch_language(page: Any, to: str) -> None:
    page.click("#lang-switch")
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=to)
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.myTurn === '1'")
    page.wait_for_selector(".lesson-panel:not([hidden]) .lesson-text")


def photograph_both_languages(page: Any, game: str, lang: str) -> None:
    """docs/screenshots/lesson_<game>_<lang>.png of this step, in the page's language and the
    other; the page is left in its own language."""
    other = "en" if lang == "ja" else "ja"
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, f"lesson_{game}_{lang}", full_page=False)
    switch_language(page, other)
    page.evaluate("() => window.scrollTo(0, 0)")
    screenshot(page, f"lesson_{game}_{other}", full_page=False)
    switch_language(page, lang)


def start_lesson(page: Any, base: str, game: str) -> None:
    """From the lobby: give a name and press the game's "Learn to play" button."""
    page.goto(base + "/")
    page.wait_for_selector("#create-table")
    page.fill("#player-name", NAME)
    page.dispatch_event("#player-name", "change")
    page.click(f"button.learn[data-game='{game}']")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".lesson-panel:not([hidden]) .lesson-text")


@pytest.mark.parametrize(("game", "lang", "screen"), RUNS, ids=[f"{g}-{lang}-{s[0]}" for g, lang, s in RUNS])
def test_a_newcomer_learns_the_game_by_clicking_then_plays_a_real_one(browser: Any, server: str, axe_source: str,
                                                                    game: str, lang: str, screen: tuple[int, int]) -> None:
    ctx, page, errors = open_page(browser, lang, *screen)
    ids = option_ids(server)
    rng = random.Random(f"{game}-{lang}")
    steps: list[str] = []  # the steps the page showed, in order
    try:
        start_lesson(page, server, game)
        assert page.evaluate("document.documentElement.lang") == lang
        lesson_id = str(page.locator(".lesson-panel").get_attribute("data-step"))
        assert lesson_id == "welcome"
        table_id = page.eval_on_selector(".table-page", "p => p.dataset.table")
        assert table_id not in [r["table_id"] for r in http_json(server + "/api/tables")], "a lesson is in the lobby"
        last = -1
        for _ in range(MOVES):
            wait_for_me(page, last)
            lesson = lesson_of(page)
            if not steps or steps[-1] != lesson["step"]:
                steps.append(lesson["step"])
                assert bad_text(page, ids) == [] and untranslated(page, server, lang, game) == []
                if screen == DESKTOP and lesson["index"] == PHOTO_STEP:
                    assert audit(page, axe_source, f"{game} lesson ({lang})") == []
                    photograph_both_languages(page, game, lang)
            if lesson["last"]:
                break
            last = version(page)
            follow_the_page(page, rng)
        else:
            raise AssertionError(f"the lesson did not end within {MOVES} moves; steps seen: {steps}")
        required = [s.id for s in games.get(game).lessons()[0].steps if not s.optional]
        assert [s for s in steps if s in required] == required, f"steps seen: {steps}"
        learned = page.locator(".lesson-learned li")
        assert learned.count() >= 3
        if screen == PHONE:
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), \
                "the lesson scrolls sideways on a phone"
            for _ in range(80):  # by keyboard: Tab to "Play a real game", then Enter
                page.keyboard.press("Tab")
                if page.evaluate("() => document.activeElement?.id === 'lesson-real'"):
                    break
            assert page.evaluate("() => document.activeElement?.id === 'lesson-real'"), "Play a real game is out of the keyboard's reach"
            page.keyboard.press("Enter")
        else:
            page.click("#lesson-real")
        page.wait_for_function("(old) => location.pathname.startsWith('/t/') && !location.pathname.endsWith(old)", arg=table_id)
        page.wait_for_function("() => window.__sabbatView && window.__sabbatView.status === 'playing' && !window.__sabbatView.lesson")
        page.wait_for_selector(".lesson-panel", state="hidden")
        real = page.eval_on_selector(".table-page", "p => p.dataset.table")
        assert real in [r["table_id"] for r in http_json(server + "/api/tables")], "the real game is a lobby table"
        assert bad_text(page, ids) == [] and untranslated(page, server, lang, game) == []
        assert errors == []
    finally:
        ctx.close()


def test_a_learner_leaves_the_lesson_at_any_step_and_finds_it_again(browser: Any, server: str) -> None:
    """"Leave the lesson" goes back to the lobby; "My games" brings the learner back to the same step,
    and a reload changes nothing."""
    ctx, page, errors = open_page(browser, "ja", *PHONE)
    try:
        start_lesson(page, server, "bellum_magica")
        rng = random.Random(7)
        last = -1
        for _ in range(3):
            wait_for_me(page, last)
            last = version(page)
            follow_the_page(page, rng)
        wait_for_me(page, last)
        step = lesson_of(page)["step"]
        table_id = page.eval_on_selector(".table-page", "p => p.dataset.table")
        page.click("#lesson-leave")
        page.wait_for_selector("#create-table")
        resume = page.locator(f".mine a.button[href='/t/{table_id}']")
        resume.wait_for()
        resume.click()
        page.wait_for_function("(s) => window.__sabbatView?.lesson?.step === s", arg=step)
        page.reload()
        page.wait_for_function("(s) => window.__sabbatView?.lesson?.step === s", arg=step)
        # the test's hook sees the view as it arrives, the panel a moment later, once it is drawn
        page.wait_for_selector(f".lesson-panel[data-step='{step}']")
        assert errors == []
    finally:
        ctx.close()

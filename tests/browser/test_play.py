"""Every game played to its end as a stranger plays it: set up in the lobby by clicking, then only
the board, its popovers and the buttons beside it (never the API, never the full list of actions),
in English and Japanese, on a desktop and on a 390×844 phone. A page error, a failed request or
text such as `[object`, `undefined`, `null` or an internal option id fails the test; so does a
serious or critical accessibility violation (axe-core) at the table. Mid-game each table is
photographed in both languages for the README."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.helpers import audit, bad_text, open_page, option_ids, play_by_clicking, screenshot, untranslated

DESKTOP = (1280, 900)
PHONE = (390, 844)
NAME = "Ｔｅｓｔｅｒ"

PLAYS = {  # game: (players, language, screen, AI level, options set in the lobby to keep it short)
    "mystic_vale": (2, "en", DESKTOP, "normal", {}),
    "nameless_dark_lord": (3, "ja", PHONE, "random", {}),
    "monslaught": (2, "en", PHONE, "normal", {}),
    "bellum_magica": (2, "ja", DESKTOP, "normal", {"max_days": "10"}),
    "magic_master": (2, "en", DESKTOP, "normal", {}),
}
MID_GAME = 8  # my moves before the pictures


def set_up_in_lobby(page: Any, base: str, game: str, players: int, level: str, options: dict[str, str]) -> None:
    """Give a name, pick the game and the seats, set the options, create the table: clicks only."""
    page.goto(base + "/")
    page.wait_for_selector("#create-table")
    page.fill("#player-name", NAME)
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    seats = page.locator(".seats-form select")
    assert seats.count() == players and seats.nth(0).input_value() == "me"
    for i in range(1, players):
        seats.nth(i).select_option(f"ai:{level}")
    if options:
        page.locator("details", has=page.locator("#opt-" + next(iter(options)))).locator("summary").click()
        for name, value in options.items():
            page.fill(f"#opt-{name}", value)
    page.click("#create-table")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".board .player-area")


def check_page(page: Any, ids: list[str]) -> None:
    assert bad_text(page, ids) == []


def photograph_both_languages(page: Any, game: str, lang: str, screen: tuple[int, int]) -> None:
    """The README's pictures: this table mid-game at desktop size, in its language and the other
    (and the top of the page as a phone shows it, for a game played on one)."""
    if screen != DESKTOP:
        page.evaluate("() => window.scrollTo(0, 0)")
        screenshot(page, f"phone_{game}_{lang}", full_page=False)
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    for shown in (lang, "en" if lang == "ja" else "ja"):
        if shown != lang:
            page.click("#lang-switch")
            page.wait_for_function("(l) => document.documentElement.lang === l", arg=shown)
        page.wait_for_function("() => document.querySelector('.table-page')?.dataset.myTurn === '1'")
        page.wait_for_selector(".board .player-area")
        screenshot(page, f"{game}_{shown}")
    page.click("#lang-switch")  # back to the game's own language
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.myTurn === '1'")
    if screen != DESKTOP:
        page.set_viewport_size({"width": screen[0], "height": screen[1]})


@pytest.mark.parametrize("game", list(PLAYS))
def test_a_stranger_plays_a_whole_game_by_clicking_the_board(browser: Any, server: str, axe_source: str,
                                                             game: str) -> None:
    players, lang, screen, level, options = PLAYS[game]
    ctx, page, errors = open_page(browser, lang, *screen)
    ids = option_ids(server)
    try:
        set_up_in_lobby(page, server, game, players, level, options)
        assert page.evaluate("document.documentElement.lang") == lang
        assert NAME in page.locator(".seat-card.me").inner_text()
        rng = random.Random(game)
        state, moves = play_by_clicking(page, rng, limit=50, stop_after=MID_GAME, check=lambda p: check_page(p, ids))
        assert state == "stopped", f"the game ended after {moves} moves, before the mid-game pictures"
        page.wait_for_function("() => document.querySelector('.table-page').dataset.myTurn === '1'")
        check_page(page, ids)
        assert untranslated(page, server, lang, game) == []
        assert audit(page, axe_source, f"{game} table ({lang}, {screen[0]}px)") == []
        photograph_both_languages(page, game, lang, screen)
        if screen == PHONE:
            assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), \
                "the table scrolls sideways on a phone"
        state, moves = play_by_clicking(page, rng, limit=3000, check=lambda p: check_page(p, ids), check_every=40)
        assert state == "finished"
        end = page.locator(".end-screen")
        end.wait_for(state="visible")
        assert end.locator("table.scores tbody tr").count() == players
        assert end.locator("tr.winner").count() >= 1
        # the sheet names people as they named themselves, and Magic Master says how the game was won
        sheet = end.inner_text()
        assert f"{NAME} ({'you' if lang == 'en' else 'あなた'})" in sheet and "Player 1" not in sheet, sheet
        if game == "magic_master":
            assert end.locator(".end-outcome").inner_text().strip()
        check_page(page, ids)
        assert untranslated(page, server, lang, game) == []
        assert errors == []
    finally:
        ctx.close()

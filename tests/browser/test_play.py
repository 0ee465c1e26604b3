"""Issue 19: every game played to its end in the browser by clicking only; both languages on every
page with nothing untranslated; a screenshot of each table mid-game in Japanese and English."""

from __future__ import annotations

import random
from typing import Any

import pytest

from browser.helpers import open_page, play_turns, screenshot, untranslated

GAMES = {  # game id -> smallest player count
    "mystic_vale": 2,
    "nameless_dark_lord": 3,
    "monslaught": 2,
    "bellum_magica": 2,
    "magic_master": 2,
}


def create_in_lobby(page: Any, base: str, game: str, players: int) -> None:
    """Set up a table by clicking through the lobby: me in seat 1, fast AI players elsewhere."""
    page.goto(base + "/")
    page.wait_for_selector("#create-table")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    seats = page.locator(".seats-form select")
    assert seats.count() == players
    assert seats.nth(0).input_value() == "me"
    for i in range(1, players):
        seats.nth(i).select_option("ai:heuristic")
    page.click("#create-table")
    page.wait_for_url("**/t/*")
    page.wait_for_selector(".board .player-area")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_person_plays_a_whole_game_by_clicking(browser: Any, server: str, game: str) -> None:
    ctx, page, errors = open_page(browser, "ja")
    try:
        create_in_lobby(page, server, game, GAMES[game])
        assert page.evaluate("document.documentElement.lang") == "ja"
        rng = random.Random(game)
        state, _ = play_turns(page, rng, limit=400, stop_after=6)
        if state == "stopped":  # mid-game: both languages, pictures, nothing untranslated
            page.wait_for_function("() => document.querySelector('.table-page').dataset.myTurn === '1'", timeout=30_000)
            assert untranslated(page, server, "ja", game) == []
            screenshot(page, f"{game}_ja")
            page.click("#lang-switch")
            page.wait_for_function("() => document.documentElement.lang === 'en' && !!window.__sabbatView")
            page.wait_for_selector(".board .player-area")
            page.wait_for_function("() => document.querySelector('.table-page') && document.querySelector('.table-page').dataset.myTurn === '1'")
            assert untranslated(page, server, "en", game) == []
            screenshot(page, f"{game}_en")
            state, _ = play_turns(page, rng, limit=2000)
        assert state == "finished"
        end = page.locator(".end-screen")
        end.wait_for(state="visible")
        rows = end.locator("table.scores tbody tr")
        assert rows.count() == GAMES[game]
        assert end.locator("tr.winner").count() >= 1
        assert untranslated(page, server, "en", game) == []
        assert errors == []
    finally:
        ctx.close()

"""A game that brings no browser front end of its own is still played in the browser: the generic
view shows the seat's observation in words (keys as words, cards by their names) and every legal
action as a button beside the board. Here a
shipped game's front end is withheld (the page is told it has none), and the game is played to its
end by clicking those buttons, in Japanese, with no untranslated or broken text and no serious
accessibility violation; a game's messages cannot overwrite the client's own."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.browser.helpers import audit, bad_text, http_json, open_page, option_ids, play_by_clicking, untranslated

GAME = "magic_master"
NO_FRONT = json.dumps({"renderer": None, "style": None, "messages": {"nav.lobby": "Hijacked"}})
"""No front end, and a message that tries to change one of the client's own words."""


def check(page: Any, ids: list[str]) -> None:
    assert bad_text(page, ids) == []


def test_a_game_without_a_renderer_is_played_to_its_end_through_the_generic_view(
        browser: Any, server: str, axe_source: str) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]
    res = http_json(server + "/api/tables", {"game": GAME, "players": 2, "seats": seats, "seed": 7})
    ctx, page, errors = open_page(browser, "ja")
    asked: list[str] = []

    def no_front(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=NO_FRONT)

    page.route("**/api/games/*/front?*", no_front)
    ids = option_ids(server)
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        page.wait_for_selector(".board .generic-board dl")
        assert asked and page.locator(f'link[href^="/static/games/{GAME}/"]').count() == 0
        page.wait_for_function("() => document.querySelector('.table-page')?.dataset.myTurn === '1'")
        legal = page.evaluate("() => window.__sabbatView.legal.length")
        assert page.locator(".board .playable").count() == 0
        assert page.locator(".action-bar button.act").count() == legal
        assert bad_text(page, ids) == [] and untranslated(page, server, "ja", GAME) == []
        assert "Hijacked" not in page.inner_text("body")
        # the observation reads in words: no key with underscores, no card id where its name belongs
        keys = page.locator(".generic-board dt").all_inner_texts()
        assert keys and not [k for k in keys if "_" in k], keys
        cards = page.evaluate("() => fetch('/api/games/magic_master/cards?lang=ja').then((r) => r.json())")
        shown = page.locator(".generic-board dd span").all_inner_texts()
        assert not [v for v in shown if v in cards], "a card id instead of its name"
        assert audit(page, axe_source, "generic view (ja)") == []
        state, moves = play_by_clicking(page, random.Random(GAME), limit=3000, check=lambda p: check(p, ids))
        assert state == "finished" and moves > 0
        page.locator(".end-screen").wait_for(state="visible")
        assert bad_text(page, ids) == [] and untranslated(page, server, "ja", GAME) == []
        assert errors == []
    finally:
        ctx.close()

"""In every game, a move that revealed nothing shows the Undo button, and pressing it brings back
the position before the move with the same options."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.helpers import click_legal, http_json, open_page, version, wait_turn

SEED = 20261129
PLAYERS = {"mystic_vale": 2, "nameless_dark_lord": 3, "monslaught": 2, "bellum_magica": 2, "magic_master": 2}


def options(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__sabbatView.legal.map(l => l.text)"))


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_the_undo_button_takes_back_a_move_that_revealed_nothing(browser: Any, server: str, game: str) -> None:
    seats = [{"kind": "human"}] + [{"kind": "ai", "agent": "random"}] * (PLAYERS[game] - 1)
    res = http_json(server + "/api/tables", {"game": game, "players": PLAYERS[game], "seed": SEED, "seats": seats})
    lang = "ja" if game == "magic_master" else "en"
    ctx, page, errors = open_page(browser, lang)
    rng = random.Random(game)
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        last = -1
        for _ in range(60):
            assert wait_turn(page, last) == "turn", "the game ended before any move could be taken back"
            before, shown = version(page), options(page)
            click_legal(page, rng)
            page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) !== v",
                                   arg=before)
            last = before  # the next turn of mine may be this one still
            if not page.evaluate("() => window.__sabbatView.can_undo"):
                assert page.locator("#undo").count() == 0
                continue
            button = page.locator("#undo")
            assert button.inner_text().strip() == ("取り消す" if lang == "ja" else "Undo")
            button.click()
            page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) === v",
                                   arg=before)
            assert options(page) == shown
            assert page.locator("#undo").count() == 0
            break
        else:
            raise AssertionError(f"no move of {game} could be taken back")
        assert errors == []
    finally:
        ctx.close()

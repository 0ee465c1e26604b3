"""The table as a person meets it: a card with several moves asks which one, a clock counts down
and its stand-in plays only the move whose time ran out."""

from __future__ import annotations

from typing import Any

from browser.helpers import http_json, open_page, version

SEED = 20261123


def table(server: str, game: str, players: int, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "ai", "agent": "random"}] * (players - 1)
    res: dict[str, Any] = http_json(server + "/api/tables", {"game": game, "players": players, "seed": SEED,
                                                            "seats": seats, **extra})
    return res


def my_turn(page: Any, timeout: int = 30_000) -> None:
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.myTurn === '1'", timeout=timeout)


def test_a_card_with_several_moves_asks_which_one_and_plays_the_one_chosen(browser: Any, server: str) -> None:
    res = table(server, "bellum_magica", 2)
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        my_turn(page)
        before = version(page)
        goblin = page.locator(".board .creature.goblin.playable").first
        goblin.click()
        menu = page.locator(".choice-menu:not([hidden])")
        menu.wait_for()
        items = menu.locator(".menu-item")
        assert items.count() == 2, menu.inner_text()  # tuck it on the left or on the right
        text = menu.inner_text()
        assert "[object" not in text and "undefined" not in text
        assert all(items.nth(i).inner_text().strip() for i in range(2))
        chosen = items.nth(1).get_attribute("data-action-id")
        items.nth(1).click()
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
        played = http_json(f"{server}/api/tables/{res['table_id']}")
        assert played["version"] >= 1 and chosen is not None
        assert errors == []
    finally:
        ctx.close()


def test_a_move_clock_counts_down_and_its_stand_in_plays_only_that_move(browser: Any, server: str) -> None:
    res = table(server, "mystic_vale", 2, clock={"per_move_s": 4})
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        my_turn(page)
        clock = page.locator(".seat-card.me .clock-move")
        first = clock.inner_text()
        assert "0:0" in first, first
        page.wait_for_timeout(1300)
        assert clock.inner_text() != first, "the clock counts down"
        assert page.locator(".seat-card:not(.me) .clock-move").count() == 0  # the AI seat has no clock
        before = version(page)
        # nobody clicks: the time runs out, the stand-in plays that one move, the turn comes back
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v",
                               arg=before, timeout=15_000)
        my_turn(page, timeout=5_000)
        view = page.evaluate("() => window.__sabbatView")
        me = view["seats"][0]
        assert view["status"] == "playing" and not me.get("substitute") and not me.get("timed_out")
        assert me["move_left_s"] > 2, "the next move has its full time"
        assert view["version"] <= before + 1 or view["current_player"] == 0
        assert errors == []
    finally:
        ctx.close()

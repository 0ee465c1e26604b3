"""The replay viewer: the file downloads, the everything view shows every hand and boss, the move
list follows the step, a game still being played says so and offers to watch it, and nothing on it
fails an accessibility audit."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from tests.browser.helpers import audit, bad_text, http_json, open_page, option_ids

SEED = 424242


def finished(server: str, game: str, players: int) -> str:
    res = http_json(server + "/api/tables", {"game": game, "players": players, "seed": SEED,
                                             "seats": [{"kind": "ai", "agent": "random"}] * players})
    for _ in range(600):
        if http_json(f"{server}/api/tables/{res['table_id']}")["status"] == "finished":
            return str(res["table_id"])
        time.sleep(0.1)
    raise AssertionError("the AI game did not finish")


def test_the_replay_shows_everything_follows_its_steps_and_downloads(browser: Any, server: str,
                                                                     axe_source: str) -> None:
    table = finished(server, "monslaught", 2)
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/replay/{table}")
        page.wait_for_selector(".board .player-area")
        assert page.input_value("#replay-seat") == "all"
        # the step is set in the same task that draws the board and the move list, so once it reads
        # one less, the whole position one step back is on the page (the first drawing also marks
        # a current step: waiting for that alone checked the page while it was redrawn)
        last = int(page.get_attribute(".replay-page", "data-step"))
        page.click("#replay-prev")
        page.wait_for_function(f"() => document.querySelector('.replay-page').dataset.step === '{last - 1}'")
        # everything: every hand and every boss face up
        assert page.locator(".board .card.back").count() == 0
        hands = page.locator(".player-area > .zone", has=page.locator(".zone-title", has_text=re.compile(r"^Hand \(")))
        assert hands.count() == 2
        for hand in hands.all():
            size = int(re.search(r"\((\d+)\)", hand.locator(".zone-title").inner_text()).group(1))
            assert hand.locator(".card:not(.back)").count() == size
        # the move list follows the step: its last line is the step's, and in view
        cur = page.locator(".log li.current-step")
        assert cur.count() == 1
        assert page.evaluate("() => document.querySelector('.log li.current-step') === document.querySelector('.log li:last-child')")
        assert page.evaluate("""() => {
            const log = document.querySelector('.log').getBoundingClientRect();
            const cur = document.querySelector('.log li.current-step').getBoundingClientRect();
            return log.top <= cur.top && cur.bottom <= log.bottom + 1;
        }""")
        # through one seat's eyes the other's hand is face down again
        page.select_option("#replay-seat", "0")
        page.wait_for_function("() => document.querySelectorAll('.board .card.back').length > 0")
        page.select_option("#replay-seat", "all")
        page.wait_for_function("() => document.querySelectorAll('.board .card.back').length === 0")
        assert bad_text(page, option_ids(server)) == []
        assert audit(page, axe_source, "replay (en)") == []
        # the download is the replay file, not the lobby
        with page.expect_download() as info:
            page.click("#replay-download")
        download = info.value
        assert download.suggested_filename == f"{table}.replay.json"
        data = json.loads(open(download.path(), encoding="utf-8").read())
        assert data["game"] == "monslaught" and data["actions"]
        assert f"/replay/{table}" in page.url
        assert errors == []
    finally:
        ctx.close()


def test_a_game_still_played_has_no_replay_yet_and_offers_to_watch(browser: Any, server: str) -> None:
    res = http_json(server + "/api/tables", {"game": "mystic_vale", "players": 2, "seed": SEED,
                                             "seats": [{"kind": "human"}, {"kind": "ai", "agent": "random"}]})
    ctx, page, errors = open_page(browser, "ja")
    try:
        page.goto(f"{server}/replay/{res['table_id']}")
        page.wait_for_selector(".table-head a.button.primary")
        assert "まだ対戦中" in page.inner_text(".table-head")
        assert bad_text(page, []) == []
        page.click(".table-head a.button.primary")
        page.wait_for_selector(".board .player-area")
        assert page.inner_text(".who-am-i") == "観戦中"
        assert errors == []
    finally:
        ctx.close()

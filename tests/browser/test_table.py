"""The table as a person meets it: a card with several moves asks which one, a clock counts down
and its stand-in plays only the move whose time ran out, a unit in a battle area acts as the area,
only one's own cards are outlined, a card's full text is a tap away, the rules are in the page, the
log keeps its numbers, and a lost connection is said and waited out."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any

from tests.browser.conftest import start_server, stop_server
from tests.browser.helpers import bad_text, click_a_move, http_json, open_page, option_ids, play_until, version

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
        page.wait_for_function("(t) => document.querySelector('.seat-card.me .clock-move')?.innerText !== t",
                               arg=first, timeout=3_000)  # the clock counts down
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


def test_the_seats_strip_follows_the_servers_clocks_frame(browser: Any, server: str) -> None:
    """Every few seconds the server sends each seat's time left; the page counts down from that
    reading, not from the last view (which may be minutes old in a long think)."""
    res = http_json(server + "/api/tables", {"game": "mystic_vale", "players": 2,
                                             "seats": [{"kind": "human"}, {"kind": "human"}],
                                             "clock": {"per_game_s": 600}})
    ctx, page, errors = open_page(browser, "ja")
    frames: list[dict[str, Any]] = []
    views: list[dict[str, Any]] = []

    def heard(payload: Any) -> None:
        message = json.loads(payload) if isinstance(payload, str) else {}
        if message.get("type") == "clocks":
            frames.append(message)
        elif message.get("type") == "view" and not views:
            views.append(message)

    def listen(ws: Any) -> None:
        ws.on("framereceived", heard)

    page.on("websocket", listen)
    other_ctx, other, _ = open_page(browser, "en")
    try:
        other.goto(server + res["seats"][1]["invite_url"])  # both people came: whoever moves first, a clock runs
        other.locator(".seat-card .clock-game").first.wait_for()
        page.goto(server + res["seats"][0]["invite_url"])
        page.locator(".seat-card .clock-game").first.wait_for()
        # the view's own reading, from the first view frame (a clocks frame may already have been
        # drawn over it by the time the page could be read)
        view_base = {row["seat"]: row["game_left_s"] for row in views[0]["seats"]}

        def newer() -> bool:
            return bool(frames) and any(row.get("clock_running") and row["game_left_s"] < view_base[row["seat"]]
                                        for row in frames[-1]["seats"])
        deadline = time.monotonic() + 15
        while not newer() and time.monotonic() < deadline:
            page.wait_for_timeout(200)
        assert newer(), "no clocks frame newer than the view within 15 s"
        told = {row["seat"]: row["game_left_s"] for row in frames[-1]["seats"]}
        running = next(row["seat"] for row in frames[-1]["seats"] if row.get("clock_running"))
        page.wait_for_function("([seat, left]) => Number(document.querySelectorAll('.clock-game')[seat].dataset.base) <= left",
                               arg=[running, told[running]], timeout=5_000)
        # the page counts down from that reading, in Japanese: below ten minutes within a few seconds
        # (a clock starts when its person first comes, so the first reading may still be 10:00)
        page.wait_for_function("""([seat, left]) => { const m = /(\\d+):(\\d\\d)/.exec(document.querySelectorAll('.clock-game')[seat].innerText);
            return !!m && Number(m[1]) * 60 + Number(m[2]) < Math.ceil(left); }""",
                               arg=[running, told[running]], timeout=10_000)
        shown = page.locator(".clock-game").nth(running).inner_text()
        assert "持ち時間" in shown and re.search(r"\b9:\d\d", shown), shown
        assert errors == []
    finally:
        ctx.close()
        other_ctx.close()


def test_a_unit_inside_a_highlighted_battle_area_acts_as_the_area_and_seats_are_named_as_in_the_log(
        browser: Any, server: str) -> None:
    res = table(server, "nameless_dark_lord", 3)
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        placed = """() => [...document.querySelectorAll('.battle-area.playable [data-ref^="unit:"]')]
                          .some((u) => !u.classList.contains('playable'))"""
        assert play_until(page, random.Random(3), f"(v) => ({placed})()"), "no placement next to a placed unit"
        before = version(page)
        unit = page.locator('.battle-area.playable [data-ref^="unit:"]:not(.playable)').first
        area = unit.locator("xpath=ancestor::section[contains(@class, 'battle-area')]")
        area_ref = area.get_attribute("data-ref")
        unit.click()
        menu = page.locator(".choice-menu:not([hidden])")
        menu.wait_for()
        assert menu.locator(".menu-item").count() >= 1, menu.inner_text()
        assert "Nothing can be done" not in page.inner_text("body")
        expected = page.evaluate("""(ref) => window.__sabbatView.legal.filter((e) => e.action.kind === 'place'
                                     && `area:${e.action.args[1]}` === ref).map((e) => String(e.id))""", area_ref)
        offered = [menu.locator(".menu-item").nth(i).get_attribute("data-action-id")
                   for i in range(menu.locator(".menu-item").count())]
        assert sorted(offered) == sorted(expected), "the menu offers the area's placements"
        menu.locator(".menu-item").first.click()
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
        # the seat strip names each Dark Lord by throne colour, as the log does
        marks = page.locator(".seats-strip .seat-mark").all_inner_texts()
        colours = {"Red", "Blue", "Yellow", "Green"}
        assert all(any(c in m for c in colours) for m in marks), marks
        assert not any("P1" in m or "P2" in m for m in marks)
        log = page.inner_text(".log")
        assert all(next(c for c in colours if c in m) in log for m in marks)
        assert errors == []
    finally:
        ctx.close()


def test_monslaught_outlines_only_the_movers_own_discard(browser: Any, server: str) -> None:
    res = table(server, "monslaught", 2)
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        takes = "(v) => v.legal.some((e) => ['take', 'recover', 'penalty_bury'].includes(e.action.kind))"
        assert play_until(page, random.Random(5), takes, limit=120), "no turn took a card from a discard pile"
        assert page.locator('.player-area[data-seat="1"] .playable').count() == 0
        mine = page.locator('.player-area[data-seat="0"] [data-ref^="discard:0:"].playable')
        assert mine.count() >= 1
        mine.first.click()
        menu = page.locator(".choice-menu:not([hidden])")
        menu.wait_for()
        ids = [menu.locator(".menu-item").nth(i).get_attribute("data-action-id") for i in range(menu.locator(".menu-item").count())]
        kinds = page.evaluate("(ids) => ids.map((i) => window.__sabbatView.legal[Number(i)].action.kind)", ids)
        assert kinds and set(kinds) <= {"take", "recover", "penalty_bury"}
        assert errors == []
    finally:
        ctx.close()


def test_the_table_speaks_to_a_newcomer(browser: Any, server: str) -> None:
    """All actions opens and closes its list; the tab title says when it is your turn; a long card
    text reads in full on a tap (on a phone); the rules panel opens; a spectator sees no controls."""
    res = table(server, "nameless_dark_lord", 3)
    ctx, page, errors = open_page(browser, "en", 390, 844)
    watch_ctx, watcher, watch_errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        my_turn(page)
        assert page.title().startswith("▶ Your turn")
        headers = page.locator(".player-area > .zone-title").all_inner_texts()
        colours = ("Red", "Blue", "Yellow", "Green")
        assert headers and all(sum(h.count(c) for c in colours) == 1 for h in headers), f"a seat named twice: {headers}"
        assert page.locator("#legal-list").is_hidden()
        page.click("#toggle-list")
        assert page.locator("#legal-list").is_visible()
        n = page.evaluate("() => window.__sabbatView.legal.length")
        assert page.locator("#legal-list button").count() == n
        page.click("#toggle-list")
        assert page.locator("#legal-list").is_hidden(), "All actions hides its list again"
        # a card whose text is cut on the board reads in full in its popover
        cut = page.evaluate("""() => { const c = [...document.querySelectorAll('.board .card .card-text')]
            .find((t) => t.scrollHeight > t.clientHeight + 2); if (!c) return null;
            const card = c.closest('.card'); card.dataset.cutText = '1'; return card.dataset.card; }""")
        assert cut, "some card text is cut on a phone"
        page.locator(".card[data-cut-text]").first.click()
        menu = page.locator(".choice-menu:not([hidden])")
        menu.wait_for()
        full = http_json(f"{server}/api/games/nameless_dark_lord/cards?lang=en")[cut]["text"]
        assert full.split(". ")[-1].strip(" .") in menu.inner_text()
        assert menu.bounding_box()["width"] <= 390
        page.locator(".choice-menu .menu-cancel").click()
        assert menu.is_hidden()
        # the rules of the game, in the page
        page.click("#rules-toggle")
        rules = page.locator(".rules-panel")
        rules.wait_for()
        page.wait_for_function("() => document.querySelectorAll('.rules-panel .rules-text h4').length >= 2")
        assert "round" in rules.inner_text() and "Playing on this page" in rules.inner_text()
        assert bad_text(page, option_ids(server)) == [], "the rules name options in the lobby's words"
        assert "“Choosing sleeves: In secret" in rules.inner_text()
        page.keyboard.press("Escape")
        assert rules.is_hidden()
        # a spectator has nothing to press but the way back
        watcher.goto(f"{server}/t/{res['table_id']}?watch=1")
        watcher.wait_for_selector(".board .player-area")
        assert watcher.locator("#hint, #toggle-list, button:disabled").count() == 0
        assert not watcher.title().startswith("▶")
        assert errors == [] and watch_errors == []
    finally:
        ctx.close()
        watch_ctx.close()


def test_the_log_keeps_every_digit_from_move_100(browser: Any, server: str) -> None:
    res = http_json(server + "/api/tables", {"game": "mystic_vale", "players": 2, "seed": SEED,
                                             "seats": [{"kind": "ai", "agent": "random"}] * 2})
    deadline = time.monotonic() + 120
    while http_json(f"{server}/api/tables/{res['table_id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the AI game did not finish"
        time.sleep(0.2)
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/t/{res['table_id']}?watch=1")
        page.wait_for_selector(".log li:nth-child(120)")
        row = page.locator(".log li").nth(99)
        row.scroll_into_view_if_needed()
        assert row.locator(".log-n").inner_text() == "100"
        log_x, number_x = page.evaluate("""() => [document.querySelector('.log').getBoundingClientRect().x,
            document.querySelectorAll('.log li')[99].querySelector('.log-n').getBoundingClientRect().x]""")
        assert number_x >= log_x, "the number starts inside the log"
        assert errors == []
    finally:
        ctx.close()


def test_offline_the_page_says_so_and_waits_then_resumes(browser: Any, tmp_path: Path) -> None:
    base, proc = start_server(tmp_path)
    port = int(base.rsplit(":", 1)[1])
    res = table(base, "mystic_vale", 2)
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(base + res["seats"][0]["invite_url"])
        my_turn(page)
        assert page.locator(".offline-banner").is_hidden()
        stop_server(proc)
        banner = page.locator(".offline-banner")
        banner.wait_for(state="visible", timeout=10_000)
        assert "Connection lost" in banner.inner_text()
        assert page.eval_on_selector(".table-page", "p => p.dataset.myTurn") == "0"
        assert "Your turn" not in page.inner_text(".table-head")
        assert page.inner_text(".seat-card.me .conn") == "offline"
        assert page.locator(".board .playable, .act-buttons button").count() == 0, "nothing to press while offline"
        base, proc = start_server(tmp_path, port)
        banner.wait_for(state="hidden", timeout=15_000)
        my_turn(page)
        before = version(page)
        click_a_move(page, random.Random(1))
        assert version(page) > before
        errors[:] = [e for e in errors if "request failed" not in e and "ERR_CONNECTION_REFUSED" not in e]
        assert errors == []
    finally:
        ctx.close()
        stop_server(proc)


def test_a_card_under_a_pointer_resting_on_its_edge_holds_still(browser: Any, server: str) -> None:
    """A card that lifted on hover left a pointer resting on its bottom edge, dropped back under it and
    lifted again on every frame: a person saw it shake and could not click it (with reduced motion
    the lift is instant, so it never settles)."""
    res = table(server, "monslaught", 2)
    ctx, page, errors = open_page(browser, "en", 390, 844)
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        my_turn(page)
        card = page.locator(".board .playable").first
        card.evaluate("(n) => { n.scrollIntoView({ block: 'center' }); n.blur(); }")  # the focus lifts it too
        box = card.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1.5)
        tops = card.evaluate("""(n) => new Promise((done) => {
            const tops = [];
            const look = () => { tops.push(n.getBoundingClientRect().top); if (tops.length < 12) requestAnimationFrame(look); else done(tops); };
            requestAnimationFrame(look);
        })""")
        assert len(set(tops)) == 1, f"the card moves under a resting pointer: {tops}"
        before = version(page)
        card.click(timeout=5_000)
        page.wait_for_function("""(v) => document.querySelector('.choice-menu:not([hidden])')
            || Number(document.querySelector('.table-page').dataset.version) > v""", arg=before)
        assert errors == []
    finally:
        ctx.close()

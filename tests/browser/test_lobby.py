"""The lobby as a stranger meets it: options read as choices in their words (never internal ids or
command-line help), a name is asked for and remembered, long names wrap instead of widening the page,
a full table says so, and nothing on it fails an accessibility audit."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import audit, bad_text, http_json, open_page, option_ids, untranslated

GAMES = ("mystic_vale", "nameless_dark_lord", "monslaught", "bellum_magica", "magic_master")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_options_read_as_choices_in_a_players_words(browser: Any, server: str, axe_source: str, lang: str) -> None:
    ids = option_ids(server)
    games = {g["id"]: g for g in http_json(server + "/api/games")}
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create-table")
        page.locator("details").first.locator("summary").click()
        for game in GAMES:
            page.select_option("#game", game)
            form = page.locator(".options-form").first
            for name, o in games[game]["options"].items():
                label = form.locator(f"label[for='opt-{name}']").inner_text()
                assert label and label == o["label"][lang] and name not in label
                assert form.locator(f"#opt-{name}-explain").inner_text() == o["explain"][lang]
                if o["kind"] != "int":
                    shown = form.locator(f"#opt-{name} option").all_inner_texts()
                    assert len(shown) == len(o["choices"]) or o["kind"] == "bool"
                    assert all(s.strip() and s.strip() not in (*o["choices"], "true", "false") for s in shown), shown
                    mark = "(standard)" if lang == "en" else "（標準）"
                    assert sum(mark in s for s in shown) == 1, "the standard choice is marked once"
            assert bad_text(page, ids) == [], game
            assert "ruling" not in form.inner_text().lower()
        assert untranslated(page, server, lang, None) == []
        assert audit(page, axe_source, f"lobby ({lang})") == []
        assert errors == []
    finally:
        ctx.close()


def test_the_lobby_asks_for_a_name_and_remembers_it(browser: Any, server: str) -> None:
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create-table")
        assert page.input_value("#player-name") == ""
        page.fill("#player-name", "  Mika  ")
        page.select_option("#game", "monslaught")
        page.locator(".seats-form select").nth(1).select_option("ai:random")
        page.click("#create-table")
        page.wait_for_selector(".board .player-area")
        assert "Mika (you)" in page.inner_text(".seat-card.me")
        page.goto(server + "/")
        page.wait_for_selector("#create-table")
        assert page.input_value("#player-name") == "Mika"
        agents = page.locator(".seats-form select").first.locator("option").all_inner_texts()
        assert not any("Heuristic" in a for a in agents), "Normal and Heuristic are the same player: shown once"
        assert errors == []
    finally:
        ctx.close()


def test_long_names_wrap_and_a_full_table_says_so(browser: Any, server: str) -> None:
    long = "W" * 40
    http_json(server + "/api/tables", {"game": "magic_master", "players": 2, "seats": [
        {"kind": "human", "name": long}, {"kind": "human", "open": True, "name": long}]})
    ctx, page, errors = open_page(browser, "en", 390, 844, allow_status=(409,))
    try:
        page.goto(server + "/")
        page.wait_for_selector(".panel.open .table-row")
        assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1"), \
            "a long name widens the page"
        row = page.locator(".panel.open .table-row", has_text=long).first
        table_id = row.locator("a.button").get_attribute("href").split("/")[2].split("?")[0]
        http_json(f"{server}/api/tables/{table_id}/join", {})  # someone else takes the last seat
        row.locator("button.primary").click()
        toast = page.locator("#toast")
        toast.wait_for(state="visible")
        assert toast.inner_text() == "This table has no open seat left."
        assert [e for e in errors if "409" not in e] == []
    finally:
        ctx.close()


def test_a_table_that_is_moving_is_asked_again_until_it_answers(browser: Any, server: str) -> None:
    """A 503 with Retry-After (the table is moving to another server process, nothing was done)
    is asked again on its own: joining goes through once the table is there."""
    made = http_json(server + "/api/tables", {"game": "monslaught", "players": 2,
                                              "seats": [{"kind": "human", "name": "Mover"}, {"kind": "human", "open": True}]})
    table = made["table_id"]
    ctx, page, errors = open_page(browser, "en", allow_status=(503,))
    asked: list[str] = []

    def moving_once(route: Any) -> None:
        asked.append(route.request.method)
        if len(asked) == 1:
            route.fulfill(status=503, headers={"Retry-After": "1", "Content-Type": "application/json"},
                          body='{"error": "This table is moving to another server process"}')
        else:
            route.continue_()

    try:
        page.route(f"**/api/tables/{table}/join", moving_once)
        page.goto(server + "/")
        page.locator(".table-row", has_text="Mover").locator("button.primary").click()
        page.wait_for_url(f"**/t/{table}", timeout=15_000)
        assert asked == ["POST", "POST"]
        assert errors == []
    finally:
        ctx.close()

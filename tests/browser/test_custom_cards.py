"""A table whose creator uploaded a card file, as a person meets it: the lobby's row says the cards
are custom and shows which differ, joining asks first, an invite link asks before taking the seat,
and at the table a notice says so and every card shows that table's values (a Frog whose attack
was changed from 3 to 10 shows 10)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sabbat import games
from tests.browser.helpers import audit, http_json, open_page, untranslated
from tests.support.card_files import frog_with_attack

WORDS = {
    "en": {"badge": "Custom cards", "show": "Show which cards differ", "join": "Join", "frog": "Frog",
           "title": "This table plays with custom cards", "go": "Join with these cards",
           "take": "Take my seat with these cards", "here": "At this table",
           "refused": "The card file was refused"},
    "ja": {"badge": "カスタムカード", "show": "違うカードを見る", "join": "参加する", "frog": "カエル",
           "title": "この卓はカスタムカードで遊びます", "go": "このカードで参加する",
           "take": "このカードで席に着く", "here": "この卓",
           "refused": "カードファイルを受け付けませんでした"},
}


def _frog_shows(page: Any, attack: int) -> None:
    """Every Frog on the board shows `attack` (there is at least one: each hand starts with one)."""
    frogs = page.locator(".board [data-card='frog'] .stat-attack")
    frogs.first.wait_for()
    assert {s.strip().split()[-1] for s in frogs.all_inner_texts()} == {str(attack)}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_lobby_and_the_join_step_say_the_cards_are_custom_and_the_table_shows_them(
        browser: Any, server: str, axe_source: str, lang: str) -> None:
    w = WORDS[lang]
    tid = http_json(server + "/api/tables", {"game": "monslaught", "players": 2, "cards": frog_with_attack(10), "seats": [
        {"kind": "human", "open": True}, {"kind": "ai", "agent": "random"}]})["table_id"]
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(server + "/")
        row = page.locator(".panel.open .table-row", has=page.locator(f"a[href='/t/{tid}?watch=1']"))
        row.wait_for()
        assert row.locator(".custom-badge").inner_text() == w["badge"]
        row.get_by_role("button", name=w["show"]).click()
        change = row.locator(".card-change[data-card='frog']")
        change.wait_for()
        assert w["frog"] in change.inner_text() and "10" in change.locator(".change-here").inner_text()
        assert audit(page, axe_source, f"lobby with custom cards ({lang})") == []
        row.get_by_role("button", name=w["join"], exact=True).click()
        dialog = page.locator("dialog.custom-join")
        dialog.locator(".card-change[data-card='frog']").wait_for()
        assert w["title"] in dialog.inner_text()
        dialog.locator("#custom-join-back").click()  # going back takes no seat
        assert http_json(f"{server}/api/tables/{tid}")["open_seats"] == [0]
        row.get_by_role("button", name=w["join"], exact=True).click()
        page.get_by_role("button", name=w["go"]).click()
        page.wait_for_url(f"**/t/{tid}")
        notice = page.locator(".table-custom")
        notice.wait_for()
        assert w["badge"] in notice.inner_text()
        _frog_shows(page, 10)
        notice.get_by_role("button", name=w["show"]).click()
        assert "10" in notice.locator(".card-change[data-card='frog'] .change-here").inner_text()
        assert untranslated(page, server, lang, "monslaught") == []
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_invite_link_to_a_table_with_custom_cards_asks_before_the_seat_is_taken(
        browser: Any, server: str, lang: str) -> None:
    w = WORDS[lang]
    made = http_json(server + "/api/tables", {"game": "monslaught", "players": 2, "cards": frog_with_attack(10), "seats": [
        {"kind": "human"}, {"kind": "ai", "agent": "random"}]})
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(f"{server}/t/{made['table_id']}#token={made['seats'][0]['token']}")
        dialog = page.locator("dialog.custom-join")
        dialog.locator(".card-change[data-card='frog']").wait_for()
        assert w["title"] in dialog.inner_text() and w["here"] in dialog.inner_text()
        dialog.get_by_role("button", name=w["take"]).click()
        assert not dialog.count()
        assert w["badge"] in page.locator(".table-custom").inner_text()
        _frog_shows(page, 10)
        assert errors == []
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_card_file_chosen_in_the_lobby_makes_a_table_that_plays_with_it(
        browser: Any, server: str, tmp_path: Path, lang: str) -> None:
    """A designer starts from the shipped file (a download in the create form), changes a value and
    chooses the file; a file that is no card file is refused with the reason and makes no table."""
    w = WORDS[lang]
    shipped = games.get("monslaught").resource("cards.yaml").read_bytes()
    broken, changed = tmp_path / "broken.yaml", tmp_path / "frog.yaml"
    broken.write_text("- not a mapping of sections\n", encoding="utf-8")
    changed.write_text(frog_with_attack(10), encoding="utf-8")
    ctx, page, errors = open_page(browser, lang, allow_status=(400,))
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create-table")
        page.select_option("#game", "monslaught")
        page.click(".own-cards summary")
        with page.expect_download() as info:
            page.click("#shipped-cards")
        assert info.value.suggested_filename == "monslaught-cards.yaml"
        assert Path(info.value.path()).read_bytes() == shipped
        tables_before = len(http_json(server + "/api/tables"))
        page.set_input_files("#card-file", str(broken))
        with page.expect_response(lambda r: r.url.endswith("/api/tables") and r.request.method == "POST") as refused:
            page.click("#create-table")
        assert refused.value.status == 400
        page.wait_for_function("() => !document.getElementById('toast').hidden")
        assert w["refused"] in page.inner_text("#toast")
        assert "/t/" not in page.url and len(http_json(server + "/api/tables")) == tables_before
        page.set_input_files("#card-file", str(changed))
        page.click("#create-table")
        page.wait_for_url("**/t/*")
        notice = page.locator(".table-custom")
        notice.wait_for()
        assert w["badge"] in notice.inner_text()
        _frog_shows(page, 10)
        assert errors == []
    finally:
        ctx.close()

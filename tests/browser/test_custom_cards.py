"""A table whose creator uploaded a card file, as a person meets it: the lobby's row says the cards
are custom and shows which differ, joining asks first, an invite link asks before taking the seat,
and at the table a notice says so and every card shows that table's values (a Frog whose attack
was changed from 3 to 10 shows 10)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.helpers import audit, http_json, open_page, untranslated
from tests.support.card_files import frog_with_attack

WORDS = {
    "en": {"badge": "Custom cards", "show": "Show which cards differ", "join": "Join", "frog": "Frog",
           "title": "This table plays with custom cards", "go": "Join with these cards",
           "take": "Take my seat with these cards", "here": "At this table"},
    "ja": {"badge": "カスタムカード", "show": "違うカードを見る", "join": "参加する", "frog": "カエル",
           "title": "この卓はカスタムカードで遊びます", "go": "このカードで参加する",
           "take": "このカードで席に着く", "here": "この卓"},
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

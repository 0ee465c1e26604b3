"""Seat links changed from the table page, with the keyboard, in English and Japanese: the holder
gets a new link for their seat (a page on the old link is closed and refused), and the creator
withdraws an invite nobody took up and issues a new one (the old link no longer opens the seat)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser.helpers import http_json, open_page

WORDS = {
    "en": {"my_link": "My seat’s link", "new_link": "New link for my seat", "replaced": "was replaced by a new one",
           "invites": "Invite links", "withdraw": "Withdraw player 2’s invite", "reissue": "New invite link for player 2",
           "bad_token": "not valid for this table"},
    "ja": {"my_link": "自分の席のリンク", "new_link": "自分の席の新しいリンク", "replaced": "新しいものに替えられました",
           "invites": "招待リンク", "withdraw": "プレイヤー2への招待を取り消す", "reissue": "プレイヤー2に新しい招待リンク",
           "bad_token": "席のトークンではありません"},
}


def _table(server: str) -> dict[str, Any]:
    res: dict[str, Any] = http_json(server + "/api/tables", {"game": "monslaught", "players": 2,
                                                            "seats": [{"kind": "human"}, {"kind": "human"}]})
    return res


def _seated(page: Any, seat: int) -> None:
    page.wait_for_function("(s) => window.__sabbatView?.seat === s && document.querySelector('.table-page')?.dataset.online === '1'",
                           arg=seat)


def _refused(page: Any, words: str) -> None:
    page.locator(".table-head .error").wait_for()
    assert words in page.inner_text(".table-head .error")


def _press_on(page: Any, name: str) -> None:
    """Reach the control named `name` with Tab alone, then press Enter on it (keyboard only)."""
    page.locator("body").focus()
    for _ in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("() => (document.activeElement?.innerText || '').trim()") == name:
            page.keyboard.press("Enter")
            return
    raise AssertionError(f"{name!r} is not reachable with the keyboard")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_holder_gets_a_new_link_and_the_old_one_stops_at_once(browser: Any, server: str, lang: str) -> None:
    words = WORDS[lang]
    res = _table(server)
    old = server + res["seats"][1]["invite_url"]
    ctx, page, errors = open_page(browser, lang)
    leak_ctx, leaked, _ = open_page(browser, lang)
    try:
        page.goto(old)
        _seated(page, 1)
        leaked.goto(old)  # someone else opened the same link
        _seated(leaked, 1)
        page.evaluate("() => { window.__sabbatView.before_new_link = true; }")
        _press_on(page, words["my_link"])
        _press_on(page, words["new_link"])
        result = page.locator(".seat-link-result input")
        result.wait_for()
        new = result.input_value()
        assert "#token=" in new and new != old
        _refused(leaked, words["replaced"])
        # this page carries on, on the new token: a view sent after the swap, with the page online
        page.wait_for_function("""() => window.__sabbatView && !window.__sabbatView.before_new_link
            && window.__sabbatView.seat === 1 && document.querySelector('.table-page').dataset.online === '1'""")
        kept = json.loads(page.evaluate("() => localStorage.getItem('sabbat.mygames')"))[res["table_id"]]["token"]
        assert new.endswith("#token=" + kept)
        again_ctx, again, _ = open_page(browser, lang)
        try:
            again.goto(old)
            _refused(again, words["bad_token"])
            again.goto(new)
            _seated(again, 1)
        finally:
            again_ctx.close()
        assert errors == []
    finally:
        ctx.close()
        leak_ctx.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_creator_withdraws_an_invite_and_issues_a_new_one(browser: Any, server: str, lang: str) -> None:
    words = WORDS[lang]
    res = _table(server)
    tid = res["table_id"]
    invite = server + res["seats"][1]["invite_url"]
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(server + "/static/style.css")  # this site's storage, with no page that uses it yet
        mine = {tid: {"seat": 0, "token": res["seats"][0]["token"], "game": "monslaught", "creator": res["creator_key"],
                      "invites": [{"seat": 1, "url": invite}]}}
        page.evaluate("(m) => localStorage.setItem('sabbat.mygames', JSON.stringify(m))", mine)
        page.goto(f"{server}/t/{tid}")
        _seated(page, 0)
        _press_on(page, words["invites"] + "（1）" if lang == "ja" else words["invites"] + " (1)")
        _press_on(page, words["withdraw"])
        page.locator("[data-invite-action='withdraw-1']").wait_for(state="detached")
        assert page.evaluate("() => document.activeElement?.dataset.inviteAction") == "reissue-1"
        page.keyboard.press("Enter")  # the keyboard is already on "New invite link"
        page.wait_for_function("(old) => { const i = document.querySelector('.table-invites .invite-list input');"
                               " return i && i.value !== old; }", arg=invite)
        fresh = page.locator(".table-invites .invite-list input").input_value()
        guest_ctx, guest, _ = open_page(browser, lang)
        try:
            guest.goto(invite)
            _refused(guest, words["bad_token"])
            guest.goto(fresh)
            _seated(guest, 1)
        finally:
            guest_ctx.close()
        page.wait_for_function("() => !document.querySelector('[data-invite-action]')")  # the friend came: theirs now
        assert errors == []
    finally:
        ctx.close()

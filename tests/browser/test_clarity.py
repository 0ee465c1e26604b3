"""What confused a newcomer, fixed and kept fixed: a move that is almost always a mistake asks first,
the score sheet names people and says how the game was won, the replay opens at the end, the invite
links come back after a reload, the rules panel speaks to a browser player, identical cards are all
outlined, a row is labelled by the cards it holds, and a screen reader hears what just happened (not
the whole board) while the focus stays somewhere sensible after each move."""

from __future__ import annotations

import time
from typing import Any

from tests.browser.helpers import audit, http_json, open_page, version

SEED = 20261129


def human_vs_ai(server: str, game: str, players: int = 2, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Alice"}] + [{"kind": "ai", "agent": "random"}] * (players - 1)
    res: dict[str, Any] = http_json(server + "/api/tables", {"game": game, "players": players, "seed": SEED,
                                                            "seats": seats, **extra})
    return res


def my_turn(page: Any) -> None:
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.myTurn === '1'", timeout=30_000)


def test_the_board_is_in_no_live_region_changes_are_announced_and_focus_stays_on_the_page(
        browser: Any, server: str, axe_source: str) -> None:
    res = human_vs_ai(server, "bellum_magica")
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        my_turn(page)
        assert page.get_attribute("#app", "aria-live") is None
        assert page.locator("h1").count() == 1 and page.inner_text("h1") == "Bellum Magica"
        assert audit(page, axe_source, "bellum_magica table (en)") == []
        # a playable card's name is what it shows, then what it does (never only the action)
        names = page.evaluate("""() => [...document.querySelectorAll('.board [role=button], .board button')].map((el) => ({
            label: el.getAttribute('aria-label'), moves: el.querySelector(':scope > .moves')?.textContent || '' }))""")
        assert names and all(n["label"] is None and n["moves"].startswith(" — ") for n in names), names
        # one move by keyboard: the focus is on the page afterwards, and the move is announced
        before = version(page)
        page.focus(".board .playable[tabindex='0']")
        page.keyboard.press("Enter")
        page.wait_for_function("""(v) => document.querySelector('.choice-menu:not([hidden]) .menu-item')
            || Number(document.querySelector('.table-page').dataset.version) > v || document.querySelector('.board.waiting')""",
                               arg=before)
        if page.locator(".choice-menu:not([hidden]) .menu-item").count():
            page.keyboard.press("Enter")  # the popover's first choice has the focus
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
        # one reading of both: the AI's answer may redraw the log between two
        said, log = page.evaluate("""() => [document.getElementById('announce').innerText,
            document.querySelector('.log li:last-child').innerText]""")
        assert said and len(said) < 2000, said
        assert log.split("\n")[-1] in said or log in said, (said, log)
        focused = page.evaluate("""() => { const a = document.activeElement;
            return { body: a === document.body, inPage: !!a.closest('.table-page') }; }""")
        assert not focused["body"] and focused["inPage"], focused
        # the clock ticks in no live region
        assert page.evaluate("""() => !document.querySelector('[aria-live]:not([aria-live=off]) [data-clock]')""")
        assert errors == []
    finally:
        ctx.close()


def test_finishing_the_sleeves_with_none_sleeved_asks_first_and_says_what_it_means(browser: Any, server: str) -> None:
    res = human_vs_ai(server, "nameless_dark_lord", 3)
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        my_turn(page)
        view = page.evaluate("() => window.__sabbatView")
        done = next(e for e in view["legal"] if e["action"]["kind"] == "sleeve_done")
        assert "only pass" in done["caution"]
        before = version(page)
        button = page.locator(f".action-bar button.act[data-action-id='{done['id']}']")
        button.click()
        dialog = page.locator("dialog.caution-box[open]")
        dialog.wait_for()
        assert done["caution"] in dialog.inner_text()
        assert page.evaluate("() => document.activeElement.id") == "caution-back"
        page.click("#caution-back")
        page.wait_for_timeout(300)
        assert version(page) == before and page.locator("dialog.caution-box[open]").count() == 0
        button.click()
        page.click("#caution-go")
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
        assert errors == []
    finally:
        ctx.close()


END_SHEET_JS = """async ([labels]) => {
  const { showEnd } = await import('/static/table/end.js');
  const { setSeatLabels } = await import('/static/shared.js');
  setSeatLabels(labels);
  const box = document.createElement('div');
  document.body.append(box);
  showEnd(box, { players: 3, seat: 0, scores: [1, 4, 0], winners: [1], tie_breaks: [], seats: [
    { seat: 0, kind: 'human', name: 'Alice' }, { seat: 1, kind: 'human', name: 'Bob' }, { seat: 2, kind: 'ai', agent: 'zzz' }] },
    't1', 'Won by uniting the four regalia.');
  const rows = [...box.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent);
  const out = { winners: box.querySelector('.end-winners').textContent, outcome: box.querySelector('.end-outcome')?.textContent, rows };
  box.remove();
  setSeatLabels(null);
  return out;
}"""


def test_the_score_sheet_names_people_as_they_named_themselves_and_says_how_the_game_was_won(
        browser: Any, server: str) -> None:
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create-table")
        plain = page.evaluate(END_SHEET_JS, [None])
        assert plain["winners"] == "Winner: Bob"
        assert plain["outcome"] == "Won by uniting the four regalia."
        assert any(r.endswith("Alice (you)") for r in plain["rows"]) and not any("Player 1" in r for r in plain["rows"])
        thrones = page.evaluate(END_SHEET_JS, [["Blue", "Red", "Yellow"]])
        assert not any("Blue Blue" in r or "Red Red" in r for r in thrones["rows"]), thrones["rows"]
        assert errors == []
    finally:
        ctx.close()


def test_the_replay_opens_at_the_final_position_with_the_final_scores(browser: Any, server: str) -> None:
    """Bellum Magica's goblins are placed in secret: a spectator counts each seat's placements as one
    change, so the table's public count is smaller than its number of moves."""
    res = http_json(server + "/api/tables", {"game": "bellum_magica", "players": 2, "seed": SEED,
                                             "seats": [{"kind": "ai", "agent": "random"}] * 2})
    table = res["table_id"]
    for _ in range(600):
        row = http_json(f"{server}/api/tables/{table}")
        if row["status"] == "finished":
            break
        time.sleep(0.1)
    last = http_json(f"{server}/api/tables/{table}/replay/view?step=last&seat=all")
    assert row["version"] < last["total_steps"] == last["step"], "this test needs a table with secret moves"
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(f"{server}/replay/{table}")
        page.wait_for_selector(".board .final-scores")
        assert page.get_attribute(".replay-page", "data-step") == str(last["total_steps"])
        assert page.locator("h1").count() == 1
        assert errors == []
    finally:
        ctx.close()


def test_the_invite_links_come_back_to_their_creator_after_a_reload(browser: Any, server: str) -> None:
    ctx, page, errors = open_page(browser, "en")
    friend_ctx, friend, friend_errors = open_page(browser, "en")
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create-table")
        page.fill("#player-name", "Alice")
        page.select_option("#game", "magic_master")
        page.locator(".seats-form select").nth(1).select_option("friend")
        page.click("#create-table")
        page.wait_for_selector(".panel.invites .invite-list input")
        url = page.input_value(".panel.invites .invite-list input")
        # "My games" lists the new table at once, not only after a reload
        page.wait_for_selector(".panel.mine .table-row")
        page.reload()
        page.wait_for_selector(".panel.mine .table-row")
        mine = page.locator(".panel.mine .table-row").first
        mine.locator("details.invites-again summary").click()
        assert mine.locator(".invite-list input").input_value() == url
        mine.locator("a.button.primary").click()
        page.wait_for_selector(".board .player-area")
        page.locator(".table-invites summary").click()
        assert page.input_value(".table-invites .invite-list input") == url
        # the lobby kept the creator's key: an invite nobody took up may be withdrawn from here
        assert page.locator(".table-invites [data-invite-action='withdraw-1']").count() == 1
        # whoever opens the link plays that seat, and is shown no invite link
        friend.goto(url)
        friend.wait_for_selector(".board .player-area")
        assert friend.locator(".table-invites .invite-list").count() == 0
        page.wait_for_function("() => !document.querySelector('[data-invite-action]')")  # the seat is the friend's now
        assert errors == [] and friend_errors == []
    finally:
        friend_ctx.close()
        ctx.close()


def test_the_rules_panel_speaks_to_a_browser_player(browser: Any, server: str) -> None:
    games = {g["id"]: g for g in http_json(server + "/api/games")}
    for lang in ("en", "ja"):
        ctx, page, errors = open_page(browser, lang)
        try:
            page.goto(server + "/")
            page.wait_for_selector("#create-table")
            for game in ("mystic_vale", "monslaught", "bellum_magica"):
                page.select_option("#game", game)
                page.click("#lobby-rules")
                page.wait_for_selector(".rules-panel:not([hidden]) .rules-text h3, .rules-panel:not([hidden]) .rules-text h4")
                text = page.inner_text(".rules-panel .rules-text")
                assert "--" not in text and "FILE" not in text and "ファイル" not in text, (game, lang)
                assert not any(name in text for name in games[game]["options"]), (game, lang)
                if game == "bellum_magica":
                    assert games[game]["options"]["max_days"]["label"][lang] in text
                page.click(".rules-panel .rules-close")
            assert errors == []
        finally:
            ctx.close()


RENDER_JS = """async ([game, obs, view, action]) => {
  const { loadRenderer, loadFaces } = await import('/static/board.js');
  const r = await loadRenderer(game, 'en');
  const faces = await loadFaces(game, 'en');
  const ctx = { obs, view, faces, me: 0, lang: 'en' };
  const board = r.render(ctx);
  return { refs: action ? r.refs(action, ctx) : [], labels: [...board.querySelectorAll('.row-label')].map((e) => e.textContent),
           text: board.textContent };
}"""


def test_identical_cards_in_hand_are_all_outlined(browser: Any, server: str) -> None:
    """Magic Master offers a move once for identical copies: every copy carries it."""
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create-table")
        obs = {"phase": "regroup", "deck": 1, "discard": [], "set_aside": 0, "market": [], "my_chars": [],
               "my_hand": [{"id": 5, "card": "orcs", "name": "Orcs"}, {"id": 6, "card": "orcs", "name": "Orcs"},
                           {"id": 7, "card": "elves", "name": "Elves"}],
               "players": [{"groups": [], "hand": 3, "char_hand": 0}, {"groups": [], "hand": 3, "char_hand": 0}], "to_move": 0}
        out = page.evaluate(RENDER_JS, ["magic_master", obs, {"current_player": 0}, {"kind": "play", "args": [5, 0]}])
        assert sorted(out["refs"]) == ["group:0:0", "mm:5", "mm:6"]
        assert errors == []
    finally:
        ctx.close()


def test_an_advancement_row_is_labelled_by_the_levels_it_holds(browser: Any, server: str) -> None:
    """Once the level-1 deck runs out, the first row is refilled with level-2 cards: it says so."""
    res = human_vs_ai(server, "mystic_vale")
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        my_turn(page)
        view = page.evaluate("() => window.__sabbatView")
        obs = view["observation"]
        parts = obs["catalog"]["parts"]
        level2 = [i for i, p in enumerate(parts) if p["level"] == 2]
        obs["commons"]["adv_display"][0] = level2[:len(obs["commons"]["adv_display"][0])]
        obs["commons"]["adv_deck"][0] = 0
        out = page.evaluate(RENDER_JS, ["mystic_vale", obs, view, None])
        assert out["labels"][:3] == ["Level 2", "Level 2", "Level 3"], out["labels"]
        assert "Level 1 deck" in out["text"]
        assert errors == []
    finally:
        ctx.close()


def test_ones_own_mystic_vale_field_and_the_rows_to_buy_from_fit_a_laptop_screen(browser: Any, server: str) -> None:
    res = human_vs_ai(server, "mystic_vale")
    ctx, page, errors = open_page(browser, "en", 1280, 900)
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        my_turn(page)
        box = page.evaluate("""() => { const at = (sel) => { const b = document.querySelector(sel).getBoundingClientRect();
            return [b.top, b.bottom]; };
          return { field: at('.board .player-area.seat-bg-0 .zone'), rows: at('.board .commons .level-row') }; }""")
        assert box["field"][1] <= 900, f"one's own field is below the fold: {box}"
        assert box["rows"][0] < 900, f"the advancement rows are below the fold: {box}"
        assert errors == []
    finally:
        ctx.close()


NOTES_JS = """async () => {
  const { renderBar } = await import('/static/table/bar.js');
  const bar = document.createElement('div');
  const v = { seat: 0, status: 'playing', notes: ['Owl cannot be kept: its upkeep is 1.'], legal: [{ id: 0, text: 'Done' }] };
  renderBar(bar, v, { me: {}, legal: v.legal, loose: v.legal, hinted: null, hint: null, myTurn: true, online: true,
    showList: false, act: () => {}, send: () => {}, toggleList: () => {} });
  return [...bar.querySelectorAll('.decision-notes li')].map((li) => li.textContent);
}"""


def test_what_cannot_be_done_and_why_is_written_beside_the_buttons(browser: Any, server: str) -> None:
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create-table")
        assert page.evaluate(NOTES_JS) == ["Owl cannot be kept: its upkeep is 1."]
        assert errors == []
    finally:
        ctx.close()


def test_a_table_or_replay_that_cannot_be_opened_still_has_its_heading_and_passes_the_audit(
        browser: Any, server: str, axe_source: str) -> None:
    """A wrong invite link or an unknown table is a page too: a level-one heading says what it is, the
    error says why, and nothing on it fails the accessibility audit, in both languages."""
    res = human_vs_ai(server, "mystic_vale")
    wrong_token = f"/t/{res['table_id']}#token=not-the-seats-key"
    for lang, heading in (("en", "This table cannot be opened"), ("ja", "この卓は開けません")):
        ctx, page, _ = open_page(browser, lang, allow_status=(403, 404))
        try:
            for path, title in ((wrong_token, heading), ("/t/no-such-table", heading),
                                ("/replay/no-such-table", None)):
                page.goto(server + path)
                page.wait_for_selector(".error")
                assert page.locator("h1").count() == 1, path
                if title:
                    assert page.inner_text("h1") == title
                assert audit(page, axe_source, f"{path} ({lang})") == []
        finally:
            ctx.close()

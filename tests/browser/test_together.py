"""two people play each other through the server (one reloads mid-game and carries on)
while a spectator watches and never sees a hidden card; board clicks act and explain themselves;
the lobby and the replay viewer have nothing untranslated."""

from __future__ import annotations

import json
import random
import time
from typing import Any

from sabbat import games
from sabbat.web.steps import Steps, mark, secret_mover
from tests.browser.conftest import operator_log, operator_seed
from tests.browser.helpers import click_legal, http_json, open_page, screenshot, untranslated, version

SEED = 20261123


def names_and_ids(faces: dict[str, Any], obs: Any) -> set[str]:
    """Every card id that an observation mentions (any string value that is a card id)."""
    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, str) and x in faces:
            found.add(x)
        elif isinstance(x, dict):
            for k, v in x.items():
                if k not in ("catalog", "card_names", "card_stats"):
                    walk(k)  # a pile of counts names its cards as keys ({"imp": 2})
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(obs)
    return found


class Replica:
    """The table's position rebuilt from the moves clicked, with each reader's version (a seat
    counts another seat's run of secret decisions as one change, like the server)."""

    def __init__(self, server: str, table_id: str, game_id: str, players: int) -> None:
        self.server, self.table_id = server, table_id
        self.game = games.get(game_id)
        self.state = self.game.new(num_players=players, seed=operator_seed(server, table_id))
        self.steps = Steps(players)

    def catch_up(self, moves: int) -> None:
        """Apply the server's log until it holds `moves` moves (read as the operator can)."""
        deadline = time.monotonic() + 15
        while len(self.state.history) < moves:
            for action in operator_log(self.server, self.table_id, len(self.state.history)):
                owner = secret_mover(self.state)
                self.state.apply(self.game.action_from_json(action))
                self.steps.add(mark(owner, self.state))
            assert time.monotonic() < deadline, "the server's log never reached the moves clicked"
            time.sleep(0.05)

    def wait(self, page: Any, reader: int | None) -> None:
        """Until `page` (reader's) shows the position the moves so far lead to."""
        page.wait_for_function("(v) => Number(document.querySelector('.table-page')?.dataset.version) === v",
                               arg=self.steps.version(reader))


def check_spectator(page: Any, replica: Replica, faces: dict[str, Any]) -> int:
    """Look for hidden cards of the replica's position in the spectator's DOM."""
    state, players = replica.state, replica.state.num_players
    replica.wait(page, None)
    public = names_and_ids(faces, state.observation(None))
    hidden = set().union(*(names_and_ids(faces, state.observation(p)) for p in range(players))) - public
    shown_ids = set(page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"))
    assert not (shown_ids & hidden), f"spectator DOM shows hidden cards {shown_ids & hidden}"
    text = page.inner_text(".board")  # the log may name a card that was public when it was logged
    public_names = {faces[c]["name"] for c in public}
    leaked = {faces[c]["name"] for c in hidden if faces[c]["name"] not in public_names and faces[c]["name"] in text}
    assert not leaked, f"spectator page names hidden cards {leaked}"
    return sum(p["hand_size"] for p in state.observation(None)["players"])  # cards only their holders see


def test_two_people_play_each_other_and_a_spectator_sees_nothing_hidden(browser: Any, server: str) -> None:
    game = "monslaught"
    res = http_json(server + "/api/tables", {"game": game, "players": 2,
                                             "seats": [{"kind": "human"}, {"kind": "human"}], "options": {}})
    table = res["table_id"]
    links = {s["seat"]: s["invite_url"] for s in res["seats"]}
    faces = http_json(f"{server}/api/games/{game}/cards?lang=en")
    a_ctx, a, a_err = open_page(browser, "en")
    b_ctx, b, b_err = open_page(browser, "ja", width=360, height=780)
    w_ctx, watcher, w_err = open_page(browser, "en")
    try:
        a.goto(server + links[0])
        b.goto(server + links[1])
        watcher.goto(f"{server}/t/{table}?watch=1")
        for p in (a, b, watcher):
            p.wait_for_selector(".board .player-area")
        assert "#token" not in a.url, "the token stays out of the address bar once stored"
        assert watcher.locator(".who-am-i").inner_text() == "Watching"
        rng = random.Random(7)
        replica = Replica(server, table, game, 2)
        checks = [12, 25, 40, 55]
        actions: list[dict[str, Any]] = []
        hidden_seen = 0
        reloaded = False
        for _ in range(70):
            for reader, p in enumerate((a, b)):
                replica.wait(p, reader)
            mover = next((p for p in (a, b) if p.eval_on_selector(".table-page", "e => e.dataset.myTurn") == "1"), None)
            if mover is None:
                assert a.eval_on_selector(".table-page", "e => e.dataset.status") == "finished"
                break
            actions.append(click_legal(mover, rng))
            replica.catch_up(len(actions))
            if checks and len(actions) >= checks[0] and secret_mover(replica.state) is None:
                checks.pop(0)  # not in the middle of a secret run, whose start is all a spectator has seen
                hidden_seen += check_spectator(watcher, replica, faces)
            if len(actions) == 20 and not reloaded:
                b.reload()
                b.wait_for_selector(".board .player-area")
                assert b.evaluate("() => window.__sabbatView.seat") == 1, "after a reload the page is still seat 2"
                screenshot(b, "phone_monslaught_ja")
                reloaded = True
        assert reloaded and len(actions) >= 40
        assert hidden_seen > 0, "the check must have had hidden cards to look for"
        assert a_err == [] and b_err == [] and w_err == []
    finally:
        for c in (a_ctx, b_ctx, w_ctx):
            c.close()


def test_board_clicks_act_explain_themselves_undo_and_hint(browser: Any, server: str) -> None:
    res = http_json(server + "/api/tables", {"game": "nameless_dark_lord", "players": 3, "seed": SEED,
                                             "seats": [{"kind": "human"}, {"kind": "ai", "agent": "heuristic"},
                                                       {"kind": "ai", "agent": "heuristic"}], "options": {}})
    ctx, page, errors = open_page(browser, "en")
    try:
        page.goto(server + res["seats"][0]["invite_url"])
        page.wait_for_function("() => document.querySelector('.table-page')?.dataset.myTurn === '1'")
        before = version(page)
        # a card that no option uses opens with its text and says why nothing can be done with it
        page.locator(".board .card:not(.playable)").first.click()
        note = page.locator(".choice-menu:not([hidden]) .menu-note")
        note.wait_for(state="visible")
        assert note.inner_text().strip() != ""
        assert page.locator(".choice-menu:not([hidden]) .menu-item").count() == 0
        page.keyboard.press("Escape")
        assert version(page) == before
        # a highlighted card acts (through a small menu when it has several options)
        page.locator(".board .playable").first.click()
        menu = page.locator(".choice-menu:not([hidden]) .menu-item")
        if menu.count():
            menu.first.click()
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
        # sleeving a unit reveals nothing and stays within the turn: it can be taken back
        page.wait_for_selector("#undo")
        page.click("#undo")
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) === v", arg=before)
        # the hint names one of the options and highlights it
        page.wait_for_function("() => document.querySelector('.table-page').dataset.myTurn === '1'")
        page.click("#hint")
        page.wait_for_selector(".hint-text", timeout=30_000)
        assert page.locator(".hinted").count() >= 1
        # number keys pick from the list
        page.wait_for_function("() => document.querySelector('.table-page').dataset.myTurn === '1'")
        before = version(page)
        page.keyboard.press("1")
        page.wait_for_function("(v) => Number(document.querySelector('.table-page').dataset.version) > v", arg=before)
        assert errors == []
    finally:
        ctx.close()


def test_lobby_and_replay_have_nothing_untranslated(browser: Any, server: str) -> None:
    res = http_json(server + "/api/tables", {"game": "magic_master", "players": 2, "seed": SEED,
                                             "seats": [{"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}]})
    table = res["table_id"]
    for lang in ("ja", "en"):
        ctx, page, errors = open_page(browser, lang)
        try:
            page.goto(server + "/")
            page.wait_for_selector("#create-table")
            page.wait_for_selector(".panel.finished ul, .panel.finished p")
            assert untranslated(page, server, lang, None) == []
            deadline = time.monotonic() + 120
            while http_json(f"{server}/api/tables/{table}")["status"] != "finished":
                assert time.monotonic() < deadline, "the AI game did not finish"
                page.wait_for_timeout(200)
            page.goto(f"{server}/replay/{table}")
            page.wait_for_selector(".replay-bar button")
            page.click("#replay-first")
            page.wait_for_function("() => document.querySelector('.replay-page').dataset.step === '0'")
            page.click("#replay-next")
            page.wait_for_function("() => document.querySelector('.replay-page').dataset.step === '1'")
            assert untranslated(page, server, lang, "magic_master") == []
            assert errors == []
        finally:
            ctx.close()
    replay = http_json(f"{server}/api/tables/{table}/replay")
    assert json.dumps(replay)  # the download is the replay file itself

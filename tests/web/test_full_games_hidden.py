"""Every game, played to the end over the protocol by two people and one AI seat, never shows a
seat anything hidden from it: each frame equals what any world consistent with that seat's
knowledge (a determinization) would show."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from sabbat import games
from sabbat.core.rng import Rng

from .helpers import create, next_view, whole

GAMES = ["bellum_magica", "magic_master", "monslaught", "mystic_vale", "nameless_dark_lord"]
CHECK_EVERY = 7
WORLDS = 2


def _consistent(state: Any, seat: int, frame: dict[str, Any], lang: str, rng: Rng) -> bool:
    """Whether worlds resampled for `seat` show it the same frame; returns whether any world
    differed from the real one at all (so the check is not vacuous)."""
    resampled = False
    for _ in range(WORLDS):
        world = state.determinize(seat, rng)
        assert world.observation(seat) == frame["observation"], "the view shows something hidden from its seat"
        if frame["legal"]:
            texts = [world.describe_action(a, lang) for a in world.legal_actions()]
            assert texts == [x["text"] for x in frame["legal"]], "an action's description depends on hidden cards"
        resampled |= world.to_json()["state"] != state.to_json()["state"]
    return resampled


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_two_people_and_an_ai_play_a_whole_game_without_seeing_hidden_cards(client: TestClient, game: str) -> None:
    t = create(client, game, [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "agent": "heuristic"}], deal=8)
    tid = t["table_id"]
    tokens = [t["seats"][0]["token"], t["seats"][1]["token"]]
    langs = ["en", "ja"]
    rng, check_rng = random.Random(3), Rng(99)
    shadow = games.get(game).new(3, 8)
    table = client.app.state.service.tables[tid]  # type: ignore[attr-defined]
    hidden_seen = False
    with client.websocket_connect(f"/ws/tables/{tid}") as a, client.websocket_connect(f"/ws/tables/{tid}") as b:
        socks = [a, b]
        for s, ws in enumerate(socks):
            ws.send_json({"type": "hello", "token": tokens[s], "lang": langs[s]})
        views = [next_view(a), next_view(b)]
        checked = 0
        for _ in range(5000):
            if all(v["status"] == "finished" for v in views):
                break
            mover = next((s for s in (0, 1) if views[s]["legal"]), None)
            if mover is None:  # the AI is thinking: catch up a view that is behind, else wait for the next one
                s = next((s for s in (0, 1) if views[s]["version"] < table.version_for(s)), 0)
                views[s] = whole(views[s], next_view(socks[s]))
                continue
            view = views[mover]
            while len(shadow.history) < table.version:  # the table waits for the mover: its moves so far
                shadow.apply(_logged_move(client, tid, len(shadow.history)))
            if checked % CHECK_EVERY == 0:
                hidden_seen |= _consistent(shadow, mover, view, langs[mover], check_rng)
            checked += 1
            choice = rng.choice(view["legal"])
            socks[mover].send_json({"type": "act", "msg_id": f"m{view['version']}", "version": view["version"],
                                    "action_id": choice["id"]})
            views[mover] = whole(views[mover], next_view(socks[mover]))
            for s in (0, 1):  # each seat catches up with the table (an AI may have moved since)
                while views[s]["version"] < table.version_for(s):
                    views[s] = whole(views[s], next_view(socks[s]))
        assert views[0]["status"] == "finished", "the game did not finish"
        assert views[0]["winners"] == views[1]["winners"] and views[0]["scores"] == views[1]["scores"]
    assert hidden_seen, "no determinization differed from the real game: the check saw no hidden information"


def _logged_move(client: TestClient, tid: str, index: int) -> Any:
    """The table's move `index`, from the authority's own log (read through its service)."""
    service = client.app.state.service  # type: ignore[attr-defined]
    return service.tables[tid].state.history[index]

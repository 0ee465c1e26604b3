"""Undo over the WebSocket, in every game: offered after exactly the moves that revealed nothing to
any reader (`sabbat.core.takeback`), it takes the move back; refused, it changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from sabbat.core.takeback import reveals_nothing

from .helpers import create, frame_of, next_view, whole

PLAYERS = {"mystic_vale": 2, "nameless_dark_lord": 3, "monslaught": 2, "bellum_magica": 2, "magic_master": 2}


def view_after(ws: Any, last: dict[str, Any]) -> dict[str, Any]:
    """The first view that shows a version other than the `last` view's (the move or undo
    arrived), whole (the observation entries it kept put back, as a client does)."""
    version = last["version"]
    for _ in range(20):
        view = last = whole(last, next_view(ws))
        if view["version"] != version:
            return view
    raise AssertionError("the move never showed")


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_undo_is_offered_after_each_move_that_revealed_nothing_and_only_then(client: TestClient, game_id: str) -> None:
    players = PLAYERS[game_id]
    t = create(client, game_id, [{"kind": "human"}] * players, deal=21)
    table = client.app.state.service.tables[t["table_id"]]  # type: ignore[attr-defined]
    tokens = [s["token"] for s in t["seats"]]
    rng = random.Random(game_id)
    undone = refused = 0
    for _turn in range(300):
        if undone >= 2 and (refused >= 1 or game_id == "monslaught") or table.state.is_terminal():
            break
        mover = table.state.current_player
        with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
            ws.send_json({"type": "hello", "token": tokens[mover], "lang": "en"})
            view = next_view(ws)
            while view["legal"] and table.state.current_player == mover:
                before = table.state.clone()
                choice = rng.choice(view["legal"])
                ws.send_json({"type": "act", "msg_id": f"m{view['version']}", "version": view["version"],
                              "action_id": choice["id"]})
                old, view = view, view_after(ws, view)
                after = table.state
                still_mine = after.current_player == mover and not after.is_terminal()
                safe = still_mine and reveals_nothing(before, before.legal_actions()[choice["id"]], after)
                assert view["can_undo"] is safe, choice["text"]
                if safe and undone < 3:
                    ws.send_json({"type": "undo", "msg_id": f"u{view['version']}", "version": view["version"]})
                    assert frame_of(ws, "ack")["version"] == old["version"]
                    view = view_after(ws, view)
                    assert table.state.history == before.history
                    assert view["legal"] == old["legal"] and view["observation"] == old["observation"]
                    undone += 1
                elif still_mine and not safe:
                    ws.send_json({"type": "undo", "msg_id": f"r{view['version']}", "version": view["version"]})
                    assert frame_of(ws, "error")["code"] == "no_undo"
                    assert len(table.state.history) == len(before.history) + 1
                    refused += 1
    assert undone >= 2, f"no move of {game_id} could be taken back"
    if game_id != "monslaught":  # nothing within a Monslaught turn shows anything hidden
        assert refused >= 1, f"no move of {game_id} that revealed something came up"

"""Full views are built once per table change, reader and language, and a client asking for
large views pays for them in its message rate; a closed connection's hint is cancelled."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sabbat.web.authority import Authority
from sabbat.web.fair import Shares
from sabbat.web.hub import Conn, Hub
from sabbat.web.limits import ADDRESS_BURST, BURST, VIEW_BYTES
from sabbat.web.protocol import _handle
from sabbat.web.store import Store
from tests.support.aio import run_async

from .helpers import Direct, create, frame_of


def _hub(tmp_path: Path) -> tuple[Hub, Any]:
    service = Direct(Store(str(tmp_path / "db.sqlite3")))
    table, _ = service.create({"game": "mystic_vale", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]})
    return Hub(Authority(service, service.store), pool=None), table


def test_readers_asking_again_share_one_build_per_change(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hub, table = _hub(tmp_path)
    built = []
    real = hub.service.view
    monkeypatch.setattr(hub.service, "view", lambda *a, **k: built.append(a[1:3]) or real(*a, **k))

    async def scenario() -> None:
        conns = [Conn(ws=None, table_id=table.id, seat=None, token=None, lang="en") for _ in range(20)]  # type: ignore[arg-type]
        for conn in conns * 3:
            hub.push_view(table, conn, full=True)
        assert built == [(None, "en")]
        hub.service.connected(table, 0, +1)  # a change: the next full view is built anew
        hub.push_view(table, conns[0], full=True)
        assert built.count((None, "en")) >= 2

    run_async(scenario())


def test_a_large_view_costs_the_asker_messages_of_its_rate(tmp_path: Path) -> None:
    hub, table = _hub(tmp_path)

    shares = Shares(clock=lambda: 0.0)

    async def scenario() -> tuple[float, float, float]:
        conn = Conn(ws=None, table_id=table.id, seat=None, token=None, lang="en", address="10.0.0.9")  # type: ignore[arg-type]
        await _handle(hub, conn, {"type": "view"}, shares)
        text = conn.queue.get_nowait()
        assert isinstance(text, str)
        return BURST - conn.bucket.tokens, ADDRESS_BURST - shares.buckets["10.0.0.9"][0], len(text) / VIEW_BYTES

    spent, spent_by_address, cost = run_async(scenario())
    assert spent == pytest.approx(cost, rel=0.01) and cost > 0
    assert spent_by_address == pytest.approx(cost, rel=0.01)  # the address's other connections pay for it too


def test_a_closed_connection_s_hint_is_cancelled(tmp_path: Path) -> None:
    hub, table = _hub(tmp_path)

    async def scenario() -> None:
        conn = Conn(ws=None, table_id=table.id, seat=0, token=None, lang="en")  # type: ignore[arg-type]
        hub.thinking.workers = 0  # nothing runs: the hint waits in its line
        hub.thinking.hint(conn, print, (), lambda result, error: None)
        assert hub.thinking.waiting() == 1
        hub.drop(conn)
        assert hub.thinking.waiting() == 0 and not hub.thinking.latest

    run_async(scenario())


def test_a_large_observation_entry_the_reader_holds_unchanged_is_not_sent_again(client: TestClient) -> None:
    """The card catalog is most of a Mystic Vale view and never changes: after the first view it
    is left out and named in `kept`; merged with what the reader holds, each view is whole."""
    t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}], deal=3)
    service = client.app.state.service  # type: ignore[attr-defined]
    mover = service.tables[t["table_id"]].state.current_player
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": t["seats"][mover]["token"], "lang": "en"})
        first = frame_of(ws, "view")
        assert "catalog" in first["observation"] and "kept" not in first
        held = first["observation"]
        for n in range(3):
            ws.send_json({"type": "act", "msg_id": f"m{n}", "version": first["version"], "action_id": 0})
            frame_of(ws, "ack")
            view = frame_of(ws, "view")
            assert "catalog" in view["kept"] and "catalog" not in view["observation"]
            assert all(k in held for k in view["kept"])
            merged = {**view["observation"], **{k: held[k] for k in view["kept"]}}
            table = service.tables[t["table_id"]]
            assert merged == json.loads(json.dumps(table.state.observation(mover)))
            held, first = merged, view
            if not view["legal"]:
                break
        ws.send_json({"type": "view"})  # a full view asked for: everything, nothing kept
        whole = frame_of(ws, "view")
        assert "kept" not in whole and whole["observation"] == held

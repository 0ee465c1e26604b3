"""Small clients for the protocol tests."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from starlette.testclient import TestClient

from sabbat.web import creators
from sabbat.web.store import Store, TableRow
from sabbat.web.table import NewTable, Table, hash_token
from sabbat.web.tables import TableService


class Direct(TableService):
    """The rules of play with each change written at once, then put in place, the way the
    authority makes it (`sabbat.web.authority`) but without an event loop or a writer thread:
    for tests of what the tables do and what the store keeps."""

    def __init__(self, store: Store, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.store = store
        self.arrivals.append(lambda table, seat: store.set_seat_came(table.id, seat))

    def load(self, rows: list[TableRow] | None = None, fences: dict[str, int] | None = None) -> int:
        """The given rows, or as a starting server: the tables in play (`keeping`)."""
        return super().load(self.store.load_rows(self.store.live_ids()) if rows is None else rows, fences)

    def create(self, spec: Any, client: str | None = None) -> tuple[Table, dict[int, str]]:
        return self._write(self.plan_table(spec, client))

    def create_lesson(self, spec: Any, client: str | None = None) -> tuple[Table, dict[int, str]]:
        return self._write(self.plan_lesson(spec, client))

    def _write(self, new: NewTable) -> tuple[Table, dict[int, str]]:
        quota = self.quota(new)
        self.store.create(new.row, None if quota is None else partial(creators.check, quota=quota))
        return self.add(new), new.tokens

    def join(self, table_id: str, seat: int | None) -> tuple[int, str]:
        claim = self.plan_join(table_id, seat)
        self.store.claim_seat(table_id, claim.seat, hash_token(claim.token))
        return self.claimed(claim)

    def rename(self, table: Table, seat: int | None, name: Any) -> None:
        clean = self.plan_rename(table, seat, name)
        if clean is not None and seat is not None:
            self.store.set_seat_name(table.id, seat, clean)
            self.renamed(table, seat, clean)

    def undo(self, table_id: str, token: str | None, version: Any) -> int:
        table, seat = self.plan_undo(table_id, token, version)
        self.store.truncate(table.id, table.version - 1)
        return self.undone(table, seat)

    def tick(self) -> list[Table]:
        changed = super().tick()
        for table in changed:
            if table.expired:
                self.store.set_status(table.id, "expired")
        return changed


def create(client: TestClient, game: str, seats: list[dict[str, Any]], deal: int | None = None,
           **extra: Any) -> dict[str, Any]:
    """A new table; `deal` fixes the seed the server draws (a table with people cannot choose one)."""
    if deal is not None:
        client.app.state.service.deal = lambda: deal  # type: ignore[attr-defined]
    res = client.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, **extra})
    assert res.status_code == 201, res.text
    data: dict[str, Any] = res.json()
    return data


def act(service: Direct, table_id: str, token: str | None, msg_id: Any, version: Any,
        action: Any = None, action_id: Any = None) -> int:
    """A person's move the way the hub makes it, without the event loop: checked (`check_act`),
    its log row committed, then put in place (`finish`); returns the mover's new version."""
    move = service.check_act(table_id, token, msg_id, version, action, action_id)
    if isinstance(move, int):  # a repeated message id
        return move
    service.store.append_many([move.row])
    return service.finish(move)


def next_view(ws: Any, limit: int = 200) -> dict[str, Any]:
    """The next `view` frame (skipping acks, hints and pongs)."""
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == "view":
            return frame
        assert frame["type"] != "error", frame
    raise AssertionError("no view frame arrived")


def frame_of(ws: Any, kind: str, limit: int = 200) -> dict[str, Any]:
    """The next frame of `kind`, skipping views (a seat's connection status also sends views)."""
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if frame["type"] == kind:
            return frame
        assert frame["type"] == "view", frame
    raise AssertionError(f"no {kind} frame arrived")


def play_random(ws: Any, view: dict[str, Any], rng: random.Random, moves: int) -> dict[str, Any]:
    """Play `moves` random legal moves as this connection's seat whenever it must decide."""
    made = 0
    while made < moves and view["status"] == "playing":
        if view["legal"]:
            choice = rng.choice(view["legal"])
            ws.send_json({"type": "act", "msg_id": f"m{view['version']}", "version": view["version"],
                          "action_id": choice["id"]})
            made += 1
        view = next_view(ws)
    return view


def whole(previous: dict[str, Any] | None, view: dict[str, Any]) -> dict[str, Any]:
    """A view with the observation entries the server left out (`kept`: unchanged since the
    reader's previous view) put back from that view, as a client does."""
    kept = view.get("kept")
    if kept:
        assert previous is not None, "entries kept without a view before"
        view["observation"] = {**view["observation"], **{k: previous["observation"][k] for k in kept}}
    return view

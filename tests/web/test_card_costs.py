"""What a card file or a hint costs the server is paid by whoever sends it, and bounded.

A card file sent with a new table is refused from its game's declared bounds before a card is
built, with a message naming the bound in each language; it is checked in a thread of its own,
never in the event loop; its sender's share pays for its bytes; a refused file counts as one of
its sender's tables for a while; a stored file over the bounds cannot slow a restart. A hint
costs its asker by the size of the position it sends to a worker, written off the event loop.

Why no durations: each test counts work or watches which thread does it (a test that times the
loop would flake on a busy machine)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import yaml
from starlette.testclient import TestClient

from sabbat import games
from sabbat.core import carddata
from sabbat.games.magic_master import cards as mm_cards
from sabbat.games.monslaught import cards as monslaught_cards
from sabbat.web import ai, cardcheck, fair, loading, protocol
from sabbat.web.app import create_app
from sabbat.web.fair import Shares
from sabbat.web.limits import HINT_WORKER_SECOND
from sabbat.web.store import SeatRow, TableRow
from sabbat.web.tables import LEVELS

from .helpers import whole

PRACTICE = [{"kind": "human"}, {"kind": "ai", "agent": "random"}]


def mm_every_count(count: int) -> str:
    """Magic Master's own card file with every entry's count set to `count` (14.7 KB at 1,000)."""
    text = games.get("magic_master").resource("cards.yaml").read_text(encoding="utf-8")
    text = re.sub(r"count: \d+, ", "", text)
    return re.sub(r"\{id: ", f"{{count: {count}, id: ", text)


def mm_shipped() -> str:
    """Magic Master's own card file, sent as an upload."""
    return games.get("magic_master").resource("cards.yaml").read_text(encoding="utf-8")


def largest_monslaught() -> str:
    """Monslaught's card file with as many copies of each card as its bounds allow."""
    data = yaml.safe_load(games.get("monslaught").resource("cards.yaml").read_text(encoding="utf-8"))
    entries = [e for v in data.values() if isinstance(v, list) for e in v if isinstance(e, dict)]
    bounds = monslaught_cards.BOUNDS
    for e in entries:
        e["count"] = min(bounds.count, bounds.cards // len(entries))
    return yaml.safe_dump(data, allow_unicode=True)


pytestmark = pytest.mark.usefixtures("uploads_forgotten")


class Ledger(Shares):
    """Shares that never refill and remember every charge, by address."""

    def __init__(self) -> None:
        super().__init__(rate=120.0, burst=1e9, clock=lambda: 0.0)
        self.charges: list[tuple[str | None, float]] = []

    def charge(self, address: str | None, units: float) -> float:
        self.charges.append((address, units))
        return super().charge(address, units)


@pytest.fixture
def ledger() -> Ledger:
    return Ledger()


@pytest.fixture
def app_client(tmp_path: Path, ledger: Ledger) -> Iterator[TestClient]:
    pool = ThreadPoolExecutor(2)
    app = create_app(str(tmp_path / "t.sqlite3"), pool=pool, grace_s=0.2, tables_per_client=3, shares=ledger)
    with TestClient(app) as c:
        yield c
    pool.shutdown(wait=True, cancel_futures=True)


def post(client: TestClient, body: dict[str, Any], lang: str = "en") -> tuple[int, str]:
    res = client.post("/api/tables", json=body, headers={"Accept-Language": lang})
    return res.status_code, res.json().get("error", "")


def test_a_thousand_copies_of_each_card_are_refused_naming_the_bound(app_client: TestClient) -> None:
    """Accepted after 12-17 s of the event loop before; refused now, in each language."""
    body = {"game": "magic_master", "players": 2, "seats": PRACTICE, "cards": mm_every_count(1000)}
    status, en = post(app_client, body)
    assert status == 400
    assert en == ("The card file was refused: one of its cards has 1,000 copies; a Magic Master card file "
                  f"has at most {mm_cards.BOUNDS.count} copies of one card.")
    status, ja = post(app_client, body, "ja")
    assert status == 400 and f"1種類{mm_cards.BOUNDS.count}枚まで" in ja and "copies" not in ja
    assert app_client.get("/api/tables").json() == []


def test_a_file_over_the_size_bound_is_refused_naming_it(app_client: TestClient) -> None:
    body = {"game": "magic_master", "players": 2, "seats": PRACTICE,
            "cards": "#" * (carddata.MAX_FILE_BYTES + 1)}
    status, en = post(app_client, body)
    assert status == 400 and f"a card file has at most {carddata.MAX_FILE_BYTES:,}" in en
    status, ja = post(app_client, body, "ja")
    assert status == 400 and f"{carddata.MAX_FILE_BYTES:,}バイトまで" in ja


def test_card_files_are_checked_off_the_event_loop(app_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """While a card file is being read, the loop answers other requests: the read is held until a
    bystander's request has been answered (on the loop it would hold that request instead)."""
    entered, answered = threading.Event(), threading.Event()
    readers: list[str] = []
    original = carddata.read_file

    def held(path: Path) -> Any:
        if str(path).startswith(carddata.UPLOAD_DIR):
            readers.append(threading.current_thread().name)
            entered.set()
            answered.wait(timeout=10)
        return original(path)

    monkeypatch.setattr(carddata, "read_file", held)
    results: list[tuple[int, str]] = []
    creator = threading.Thread(target=lambda: results.append(post(
        app_client, {"game": "magic_master", "players": 2, "seats": PRACTICE, "cards": mm_shipped()})))
    creator.start()
    assert entered.wait(timeout=30)
    bystander = app_client.get("/api/games")
    answered_in_time = not answered.is_set()
    answered.set()
    creator.join()
    assert bystander.status_code == 200 and answered_in_time
    assert readers and all(name.startswith("sabbat-cards") for name in readers)
    assert results[0][0] == 201, results


def test_a_card_file_is_paid_for_by_its_sender(app_client: TestClient, ledger: Ledger) -> None:
    text = mm_shipped()
    assert post(app_client, {"game": "magic_master", "players": 2, "seats": PRACTICE, "cards": text})[0] == 201
    assert cardcheck.price(text) in [units for _, units in ledger.charges]
    assert cardcheck.price(text) == len(text.encode()) / cardcheck.CARD_BYTES_PER_UNIT > 40


def test_refused_card_files_count_against_the_table_cap(app_client: TestClient) -> None:
    """A file refused at its last check cost its whole check and counted for nothing; now each
    counts as one of its sender's tables (three here) for REFUSED_HOLD_S."""
    service = app_client.app.state.service  # type: ignore[attr-defined]
    now = [1000.0]
    service.refused.clock = lambda: now[0]
    too_few = mm_shipped().replace("kind: wizard", "kind: troop")  # passes every bound, refused last
    for _ in range(3):
        status, error = post(app_client, {"game": "magic_master", "players": 2, "seats": PRACTICE, "cards": too_few})
        assert status == 400 and "wizards" in error
    body = {"game": "magic_master", "players": 2, "seats": PRACTICE}
    status, en = post(app_client, body)
    assert status == 429 and "3 card files refused in the last 60 seconds" in en
    status, ja = post(app_client, body, "ja")
    assert status == 429 and "受け付けなかったカードファイルが 3 件" in ja
    now[0] += cardcheck.REFUSED_HOLD_S
    assert post(app_client, body)[0] == 201


def test_a_stored_card_file_over_the_bounds_cannot_slow_a_restart(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table stored with a 1,000-copies file (before the bounds) took 44 s to restart; it is left
    out now, saying why, without a card being built."""
    built: list[int] = []
    monkeypatch.setattr(mm_cards.CardTable, "__init__", lambda self, *a: built.append(1))
    row = TableRow("t1", "magic_master", games.get("magic_master").info.rules_version, 2, 7, {},
                   mm_every_count(1000), {}, 0.0, "playing",
                   [SeatRow(0, "human", None, "h", False, None), SeatRow(1, "ai", "random", None, False, None)])
    tables, unloadable = loading.load_all([row], lambda: 0.0, LEVELS)
    assert tables == {} and "at most 12 of one card" in unloadable["t1"]
    assert built == []


def _my_turn(ws: Any) -> dict[str, Any]:
    view: dict[str, Any] | None = None
    for _ in range(400):
        frame = ws.receive_json()
        if frame["type"] != "view":
            continue
        view = whole(view, frame)
        if view.get("legal"):
            return view
    raise AssertionError("never this seat's turn")


def _hint_charges(client: TestClient, ledger: Ledger, cards: str | None, until: str = "pong") -> list[float]:
    """The charges from asking for a hint, counted until the frame `until` arrives: a ping's
    `pong` (the hint's price is paid when it is asked) or the `hint` itself (its search, when it ends)."""
    body: dict[str, Any] = {"game": "monslaught", "players": 2, "seats": PRACTICE, "seed": 3}
    if cards is not None:
        body["cards"] = cards
    res = client.post("/api/tables", json=body)
    assert res.status_code == 201, res.text
    t = res.json()
    with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": "en"})
        _my_turn(ws)
        before = len(ledger.charges)
        ws.send_json({"type": "hint"})
        if until == "pong":
            ws.send_json({"type": "ping"})
        for _ in range(400):
            if ws.receive_json()["type"] == until:
                break
        return [units for _, units in ledger.charges[before:]]


def test_a_hints_price_grows_with_the_position(app_client: TestClient, ledger: Ledger) -> None:
    """A hint on a large uploaded position (1,000 copies of each card: pings at 3.1 s) cost one
    message, as on any table; it costs its asker one unit per HINT_BYTES of the position now."""
    shipped = _hint_charges(app_client, ledger, None)
    large = _hint_charges(app_client, ledger, largest_monslaught())
    assert sum(large) > sum(shipped) > 2  # the hint, the ping: and the position's price
    assert max(large) > 1.5 * max(shipped)
    assert protocol.hint_price(4 * protocol.HINT_BYTES) == 4


def test_a_hints_search_time_is_charged_to_its_asker(app_client: TestClient, ledger: Ledger,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint that holds an AI worker a second costs its asker's address a second of its share
    (`HINT_WORKER_SECOND`), on top of the position's price: many connections asking for hints
    pay for the workers they keep busy."""
    real = ai.advise

    def slow(*args: Any) -> Any:
        time.sleep(1.0)
        return real(*args)

    monkeypatch.setattr(ai, "advise", slow)
    charges = _hint_charges(app_client, ledger, None, until="hint")
    assert HINT_WORKER_SECOND == fair.Shares().rate  # a second of search, a second of share
    assert [u for u in charges if u >= HINT_WORKER_SECOND] != [], charges
    assert sum(charges) >= HINT_WORKER_SECOND + 1


def test_a_hint_writes_its_position_off_the_event_loop(app_client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    state_class = type(games.get("monslaught").new(2, 1))
    writers: list[str] = []
    original = state_class.to_json

    def spy(self: Any) -> dict[str, Any]:
        writers.append(threading.current_thread().name)
        return original(self)

    res = app_client.post("/api/tables", json={"game": "monslaught", "players": 2, "seats": PRACTICE, "seed": 3})
    t = res.json()
    with app_client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
        ws.send_json({"type": "hello", "token": t["seats"][0]["token"], "lang": "en"})
        _my_turn(ws)
        loop_thread = app_client.portal.call(lambda: threading.current_thread().name)  # type: ignore[union-attr]
        monkeypatch.setattr(state_class, "to_json", spy)
        ws.send_json({"type": "hint"})
        ws.send_json({"type": "ping"})
        for _ in range(400):
            if ws.receive_json()["type"] == "pong":
                break
    assert writers and loop_thread not in writers



def test_refusals_are_forgotten_once_their_time_is_up() -> None:
    now = [0.0]
    refusals = cardcheck.Refusals(lambda: now[0], hold_s=60.0)
    for i in range(fair.KEEP):
        refusals.add(f"10.0.{i // 256}.{i % 256}")
    assert refusals.held("10.0.0.1") == 1
    now[0] = 60.0
    refusals.add("192.0.2.1")
    assert list(refusals.times) == ["192.0.2.1"] and refusals.held("10.0.0.1") == 0

"""What an operator runs the server with: health and readiness for the balancer, Prometheus
metrics only for whom the operator allows (and naming no table), configuration from SABBAT_*
environment variables, and a log whose every line says when, how bad and which process."""

from __future__ import annotations

import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from sabbat.cli.main import cli
from sabbat.web.app import create_app

from .helpers import create, frame_of
from .serving import request, serving

LOOPBACK = ("127.0.0.1", 50000)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Any]:
    pool = ThreadPoolExecutor(2)
    yield create_app(str(tmp_path / "t.sqlite3"), pool=pool, metrics_token=None)
    pool.shutdown(wait=True, cancel_futures=True)


def _sample(text: str, name: str) -> float:
    [value] = re.findall(rf"^{re.escape(name)} (\S+)$", text, re.M)
    return float(value)


def test_metrics_count_moves_and_acks_and_name_no_table(app: Any) -> None:
    with TestClient(app, client=LOOPBACK) as client:
        t = create(client, "mystic_vale", [{"kind": "human"}, {"kind": "human"}], deal=5)
        mover = client.app.state.service.tables[t["table_id"]].state.current_player  # type: ignore[attr-defined]
        seat_token = t["seats"][mover]["token"]
        with client.websocket_connect(f"/ws/tables/{t['table_id']}") as ws:
            ws.send_json({"type": "hello", "token": seat_token, "lang": "en"})
            view = frame_of(ws, "view")
            ws.send_json({"type": "act", "msg_id": "a1", "version": view["version"], "action_id": 0})
            frame_of(ws, "ack")
            text = client.get("/metrics").text
            assert _sample(text, 'sabbat_connections') == 1
        assert _sample(text, 'sabbat_moves_total{by="person"}') == 1
        assert _sample(text, "sabbat_acks_total") == 1 and _sample(text, "sabbat_ack_seconds_count") == 1
        assert _sample(text, 'sabbat_ack_seconds_bucket{le="+Inf"}') == 1
        assert _sample(text, 'sabbat_tables{status="playing"}') == 1
        assert _sample(text, "sabbat_tables_owned") == 0  # SQLite: no leases, one process serves all
        assert _sample(text, 'sabbat_ai_waiting{line="move"}') == 0 and _sample(text, "sabbat_tables_loading") == 0
        assert _sample(text, "process_resident_memory_bytes") > 0
        assert t["table_id"] not in text and seat_token not in text
        for line in text.splitlines():  # the text format: comments, or a name, labels and a number
            assert line.startswith("# ") or re.fullmatch(r'[a-z_]+(\{[a-z]+="[^"]*"\})? [0-9.e+-]+|.* \+Inf', line), line


def test_metrics_are_for_this_machine_or_the_token_holder(app: Any, tmp_path: Path) -> None:
    with TestClient(app, client=("203.0.113.5", 1)) as stranger:
        assert stranger.get("/metrics").status_code == 403
    with TestClient(app, client=LOOPBACK) as local:
        assert local.get("/metrics").status_code == 200
        assert local.get("/metrics", headers={"X-Forwarded-For": "203.0.113.5"}).status_code == 403  # relayed by a proxy
    pool = ThreadPoolExecutor(1)
    guarded = create_app(str(tmp_path / "u.sqlite3"), pool=pool, metrics_token="s3cret-token")
    with TestClient(guarded, client=("203.0.113.5", 1)) as remote:
        assert remote.get("/metrics").status_code == 403
        assert remote.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 403
        assert remote.get("/metrics", headers={"Authorization": "Bearer s3cret-token"}).status_code == 200
    with TestClient(guarded, client=LOOPBACK) as local:
        assert local.get("/metrics").status_code == 403  # with a token, the token is the only way in
    pool.shutdown(wait=True)


def test_ready_needs_the_database(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    with TestClient(app) as client:
        assert client.get("/readyz").json() == {"status": "ready", "tables": 0}
        app.state.db_checked = None

        def down() -> None:
            raise ConnectionError("database gone")

        monkeypatch.setattr(app.state.authority.store, "ping", down)
        answer = client.get("/readyz")
        assert answer.status_code == 503 and answer.json() == {"status": "not ready", "database": "ConnectionError"}
        assert client.get("/healthz").status_code == 200  # alive all the same: nothing to restart


def test_every_option_can_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def run(*args: Any, **kwargs: Any) -> None:
        seen["args"], seen["kwargs"] = args, kwargs

    monkeypatch.setattr("sabbat.web.serve.run", run)
    env = {"SABBAT_DATABASE": "postgresql://sabbat:pw@db/sabbat", "SABBAT_PORT": "8123", "SABBAT_HOST": "0.0.0.0",
           "SABBAT_WORKERS": "3", "SABBAT_PROXIES": "127.0.0.1 10.0.0.0/8", "SABBAT_ACCESS_LOG": "1",
           "SABBAT_KEEP_FINISHED": "30", "SABBAT_METRICS_TOKEN": "tok", "SABBAT_MAX_CONNECTIONS": "500",
           "SABBAT_ALLOWED_HOSTS": "play.example.org games.example.org", "SABBAT_IPV6_PREFIX": "48"}
    result = CliRunner().invoke(cli, ["serve"], env=env)
    assert result.exit_code == 0, result.output
    host, port, db, workers = seen["args"][:4]
    assert (host, port, db, workers) == ("0.0.0.0", 8123, "postgresql://sabbat:pw@db/sabbat", 3)
    kwargs = seen["kwargs"]
    assert kwargs["limits"].proxies == ("127.0.0.1", "10.0.0.0/8") and kwargs["limits"].max_connections == 500
    assert kwargs["access_log"] is True and kwargs["keep_finished_s"] == 30 and kwargs["metrics_token"] == "tok"
    assert kwargs["allowed_hosts"] == ("play.example.org", "games.example.org") and kwargs["limits"].ipv6_prefix == 48
    # a flag on the command line wins over the environment
    assert CliRunner().invoke(cli, ["serve", "--port", "9000"], env=env).exit_code == 0
    assert seen["args"][1] == 9000
    # and a bad value from the environment is refused like a bad flag, naming the variable's option
    bad = CliRunner().invoke(cli, ["serve"], env={"SABBAT_PORT": "eighty"})
    assert bad.exit_code == 2 and "--port" in bad.output
    shown = " ".join(CliRunner().invoke(cli, ["serve", "--help"]).output.split())
    assert "env var: SABBAT_DATABASE" in shown and "env var: SABBAT_METRICS_TOKEN" in shown


def test_a_real_server_reads_its_settings_from_the_environment_and_says_who_it_is(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SABBAT_METRICS_TOKEN", "from-the-env")
    monkeypatch.setenv("SABBAT_ACCESS_LOG", "true")
    with serving(tmp_path) as (proc, port):
        assert request(port, "GET", "/healthz")[0] == 200
        assert request(port, "GET", "/metrics", source="127.0.0.1")[0] == 403
        status, body = request(port, "GET", "/metrics", headers={"Authorization": "Bearer from-the-env"})
        assert status == 200 and b"sabbat_moves_total" in body
    log = (tmp_path / "serve.log").read_text()
    assert "from-the-env" not in log
    started = next(line for line in log.splitlines() if "serving http://" in line)
    assert f"[{proc.pid}]" in started and f"pid {proc.pid}" in started and "tables in play" in started
    assert re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} INFO sabbat:\d+\[\d+\] ", started)
    assert re.search(r'"GET /healthz HTTP/1.1" 200 [0-9.]+ms', log)

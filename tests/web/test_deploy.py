"""The deployment examples in deploy/, checked as far as this machine can without Docker: the
compose file parses and wires PostgreSQL, the server and nginx together with no password in it,
its nginx configuration passes `nginx -t` and serves a real `sabbat serve` (readiness through,
metrics not), and the systemd unit passes `systemd-analyze verify` without a warning. The cluster
example (deploy/cluster/) the same way: its compose file wires N processes, its nginx file is
docs/hosting.md's cluster configuration, and that file in front of three processes started as the
systemd unit starts them (its command and environment, each with its port) plays games and
keeps them playing when one process is killed."""

from __future__ import annotations

import asyncio
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
import yaml

from tests.support.aio import run_async

from .cluster import CLUSTER_BLOCK, Cluster, call, check, cluster, moves_after, new_tables, play
from .serving import free_port, nginx_conf, request, serving

DEPLOY = Path(__file__).parents[2] / "deploy"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
SYSTEMD_ANALYZE = shutil.which("systemd-analyze")
CLUSTER = DEPLOY / "cluster"
DOC = DEPLOY.parent / "docs" / "hosting.md"
UPSTREAM = re.compile(r"upstream sabbat \{.*?\n\}\n", re.S)


def test_the_compose_file_wires_postgres_the_server_and_nginx() -> None:
    compose: dict[str, Any] = yaml.safe_load((DEPLOY / "compose.yaml").read_text())
    services = compose["services"]
    assert set(services) == {"postgres", "sabbat", "nginx"}
    sabbat = services["sabbat"]
    assert (DEPLOY.parent / sabbat["build"]["context"].replace("..", ".") / sabbat["build"]["dockerfile"]).is_file()
    assert "/readyz" in " ".join(sabbat["healthcheck"]["test"])
    assert sabbat["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert services["nginx"]["depends_on"]["sabbat"]["condition"] == "service_healthy"
    assert "./nginx.conf:/etc/nginx/conf.d/default.conf:ro" in services["nginx"]["volumes"]
    # the passwords live in the env file (kept out of git), never in the compose file or the image
    assert sabbat["env_file"] == services["postgres"]["env_file"] == "sabbat.env"
    assert "PASSWORD" not in (DEPLOY / "compose.yaml").read_text().replace("POSTGRES_", "")
    example = dict(line.split("=", 1) for line in (DEPLOY / "sabbat.env.example").read_text().splitlines()
                   if line and not line.startswith("#"))
    assert example["SABBAT_DATABASE"] == (f"postgresql://{example['POSTGRES_USER']}:{example['POSTGRES_PASSWORD']}"
                                          f"@postgres/{example['POSTGRES_DB']}")
    assert "sabbat.env" in (DEPLOY.parent / ".gitignore").read_text()
    # the public name is set, so the server answers nginx's requests for it (and no other name)
    assert example["SABBAT_ALLOWED_HOSTS"] == "play.example.org"
    assert "\nSABBAT_ALLOWED_HOSTS=play.example.org\n" in (DEPLOY / "systemd" / "sabbat.env.example").read_text()


@pytest.mark.skipif(NGINX is None, reason="nginx is not installed (scripts/system-deps installs it)")
def test_the_compose_nginx_config_passes_nginx_t_and_serves_the_server(tmp_path: Path) -> None:
    listen, upstream = free_port(), free_port()
    site = (DEPLOY / "nginx.conf").read_text()
    for old, new in {"server sabbat:8000": f"server 127.0.0.1:{upstream}", "listen 80;": f"listen 127.0.0.1:{listen};"}.items():
        assert site.count(old) == 1, old
        site = site.replace(old, new)
    conf = nginx_conf(tmp_path, site, 64)
    run = conf.parent
    checked = subprocess.run([str(NGINX), "-t", "-p", str(run), "-c", str(conf)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    home = tmp_path / "sabbat"
    home.mkdir()
    with serving(home, "--proxy", "127.0.0.1", port=upstream):
        proxy = subprocess.Popen([str(NGINX), "-p", str(run), "-c", str(conf)], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        try:
            started = time.monotonic()
            while request(listen, "GET", "/readyz", source="127.0.0.9", quiet=True)[0] != 200:
                assert proxy.poll() is None and time.monotonic() - started < 15, (run / "error.log").read_text()
                time.sleep(0.1)
            assert request(listen, "GET", "/api/games", source="127.0.0.9")[0] == 200
            assert request(listen, "GET", "/metrics", source="127.0.0.9")[0] == 404  # not through the public proxy
            assert request(upstream, "GET", "/metrics")[0] == 200  # on the machine itself, it is there
            # nginx's own refusal of too many requests answers as the server does: {"error"} in JSON
            assert _refused_by_nginx(listen, "en") == "Too many requests; wait a moment and try again."
            assert "リクエストが多すぎます" in _refused_by_nginx(listen, "ja")
        finally:
            proxy.terminate()
            proxy.wait(10)


def _refused_by_nginx(port: int, lang: str) -> str:
    """The `error` of the 429 nginx answers once a client passes its `limit_req` burst."""
    for _ in range(400):
        status, answer = request(port, "GET", "/api/games", source="127.0.0.9", headers={"Accept-Language": lang})
        if status == 429:
            assert isinstance(answer, dict), answer  # JSON, not nginx's HTML page
            return str(answer["error"])
    raise AssertionError("nginx never refused")


@pytest.mark.skipif(SYSTEMD_ANALYZE is None, reason="systemd-analyze is not installed")
def test_the_systemd_unit_verifies_cleanly(tmp_path: Path) -> None:
    unit = (DEPLOY / "systemd" / "sabbat@.service").read_text()
    assert "SABBAT_DATABASE" not in unit.replace("SABBAT_DATABASE=postgresql://...", "")  # no password in the unit
    assert "EnvironmentFile=/etc/sabbat/sabbat.env" in unit
    # this machine has neither the installed server nor /etc/sabbat: stand in for both, change nothing else
    unit = unit.replace("/opt/sabbat/.venv/bin/sabbat", shutil.which("true") or "/bin/true")
    unit = unit.replace("EnvironmentFile=/etc/sabbat/sabbat.env", f"EnvironmentFile={DEPLOY / 'systemd' / 'sabbat.env.example'}")
    (tmp_path / "sabbat@8000.service").write_text(unit)
    checked = subprocess.run([str(SYSTEMD_ANALYZE), "verify", "--man=no", "./sabbat@8000.service"], cwd=tmp_path,
                             capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stdout + checked.stderr == "", checked.stdout + checked.stderr


def test_hosting_md_shows_the_unit_and_the_nginx_rules_of_deploy() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "hosting.md").read_text()
    [shown] = re.findall(r"```ini\n(.*?)```", doc, re.S)
    unit = (DEPLOY / "systemd" / "sabbat@.service").read_text()
    assert shown == "".join(line + "\n" for line in unit.splitlines() if not line.startswith("#"))
    assert "location = /metrics" in doc and "location = /metrics" in (DEPLOY / "nginx.conf").read_text()
    assert "sabbat serve --host 127.0.0.1 --port 8000 --proxy 127.0.0.1 --allowed-host play.example.org" in doc


def _processes(compose: dict[str, Any]) -> list[str]:
    return sorted(name for name in compose["services"] if name.startswith("sabbat"))


def test_the_cluster_compose_file_runs_several_processes_over_postgres_behind_nginx() -> None:
    text = (CLUSTER / "compose.yaml").read_text()
    compose: dict[str, Any] = yaml.safe_load(text)
    services = compose["services"]
    processes = _processes(compose)
    assert len(processes) >= 2 and set(services) == {"postgres", "nginx", *processes}
    for name in processes:
        sabbat = services[name]
        assert (CLUSTER / sabbat["build"]["context"] / sabbat["build"]["dockerfile"]).resolve().is_file()
        assert "/readyz" in " ".join(sabbat["healthcheck"]["test"])
        assert sabbat["depends_on"]["postgres"]["condition"] == "service_healthy"
        assert sabbat["env_file"] == services["postgres"]["env_file"] == "../sabbat.env"  # the one of deploy/
        assert services["nginx"]["depends_on"][name]["condition"] == "service_healthy"
    assert "./nginx.conf:/etc/nginx/conf.d/default.conf:ro" in services["nginx"]["volumes"]
    assert "PASSWORD" not in text.replace("POSTGRES_", "")
    # nginx spreads the tables over exactly these processes
    servers = re.findall(r"^\s*server (\S+) max_fails=0;", (CLUSTER / "nginx.conf").read_text(), re.M)
    assert servers == [f"{name}:8000" for name in processes]


def test_the_cluster_nginx_config_is_the_documented_one() -> None:
    """deploy/cluster/nginx.conf is deploy/nginx.conf with docs/hosting.md's cluster blocks (the
    compose services' names for the documented addresses) in place of its upstream, and nothing else."""
    [documented] = CLUSTER_BLOCK.findall(DOC.read_text())
    ports = re.findall(r"server 127\.0\.0\.1:(\d+) ", documented)
    for i, port in enumerate(ports, 1):
        documented = documented.replace(f"server 127.0.0.1:{port} ", f"server sabbat{i}:8000 ")
    conf = _uncommented_head((CLUSTER / "nginx.conf").read_text())
    assert documented in conf, "deploy/cluster/nginx.conf does not hold docs/hosting.md's cluster blocks"
    single = _uncommented_head((DEPLOY / "nginx.conf").read_text())
    [upstream] = UPSTREAM.findall(single)
    assert conf.replace(documented, upstream) == single


def _uncommented_head(text: str) -> str:
    """The file without its first comment lines (each file says what it is for)."""
    lines = text.splitlines(keepends=True)
    while lines and lines[0].startswith("#"):
        lines.pop(0)
    return "".join(lines)


def _unit_launch(port: int, db: str) -> tuple[list[str], dict[str, str]]:
    """The command and environment systemd gives `sabbat@PORT` from deploy/systemd: the unit's
    Environment= lines and ExecStart with %i as the port, the environment file's settings, and
    stand-ins for what this machine lacks (the installed server, the password set in the file,
    the state directory: the cluster's own folder); one AI worker, to spare this machine."""
    unit = (DEPLOY / "systemd" / "sabbat@.service").read_text().replace("%i", str(port))
    env = dict(line.split("=", 1) for line in (DEPLOY / "systemd" / "sabbat.env.example").read_text().splitlines()
               if line and not line.startswith("#"))
    for line in unit.splitlines():
        if line.startswith("Environment="):
            env.update(pair.split("=", 1) for pair in shlex.split(line.removeprefix("Environment=")))
    [start] = [line.removeprefix("ExecStart=") for line in unit.splitlines() if line.startswith("ExecStart=")]
    program, *args = shlex.split(start)
    assert program == "/opt/sabbat/.venv/bin/sabbat", program
    assert env.pop("XDG_DATA_HOME") == "/var/lib/sabbat"
    return [sys.executable, "-m", "sabbat.cli.main", *args], {**env, "SABBAT_DATABASE": db, "SABBAT_WORKERS": "1"}


def _compose_site(proxy_port: int, http_port: int, ports: list[int], cert: Path, key: Path) -> str:
    """deploy/cluster/nginx.conf with the test's ports for the compose services' names."""
    site = (CLUSTER / "nginx.conf").read_text()
    names = re.findall(r"server (sabbat\d+):8000 ", site)
    assert len(names) == len(ports), f"deploy/cluster/nginx.conf has {len(names)} processes"
    for name, port in zip(names, ports, strict=True):
        site = site.replace(f"server {name}:8000 ", f"server 127.0.0.1:{port} ")
    assert site.count("listen 80;") == 1
    return site.replace("listen 80;", f"listen 127.0.0.1:{proxy_port};")


@pytest.mark.slow
@pytest.mark.skipif(NGINX is None, reason="nginx is not installed (scripts/system-deps installs it)")
def test_the_units_behind_the_cluster_nginx_config_keep_games_playing(pg_url: str, tmp_path: Path) -> None:
    engine = sa.create_engine(pg_url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.begin() as c:
        c.execute(sa.text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    engine.dispose()
    assert NGINX is not None
    processes = len(_processes(yaml.safe_load((CLUSTER / "compose.yaml").read_text())))
    with cluster(tmp_path, pg_url, NGINX, None, processes, launch=_unit_launch, site=_compose_site) as three:
        run = tmp_path / "nginx"
        checked = subprocess.run([NGINX, "-t", "-p", str(run), "-c", str(run / "nginx.conf")],
                                 capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
        assert run_async(call(three, "/readyz"))[0] == 200
        assert run_async(call(three, "/metrics"))[0] == 404  # not through the public proxy
        result = run_async(_play_and_kill(three))
    assert result["lost"] == 0 and result["twice"] == 0 and result["acked"] > 0, result


async def _play_and_kill(c: Cluster) -> dict[str, int]:
    """Two tables play through nginx; the owner of the first is killed; both play on."""
    seats = await new_tables(c, 2)
    stop = asyncio.Event()
    players = [asyncio.create_task(play(c, s, stop, random.Random(i))) for i, s in enumerate(seats)]
    await moves_after(seats, 0.0, 3, 60)
    owner = c.owners()[seats[0].table]
    await asyncio.to_thread(c.stop, owner, signal.SIGKILL)
    await moves_after(seats, time.monotonic(), 2, 60)
    stop.set()
    await asyncio.gather(*players)
    return check(c, seats)

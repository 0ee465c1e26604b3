"""The deployment examples in deploy/, checked as far as this machine can without Docker: the
compose file parses and wires PostgreSQL, the server and nginx together with no password in it,
its nginx configuration passes `nginx -t` and serves a real `sabbat serve` (readiness through,
metrics not), and the systemd unit passes `systemd-analyze verify` without a warning."""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from .serving import free_port, nginx_conf, request, serving

DEPLOY = Path(__file__).parents[2] / "deploy"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/sbin")
SYSTEMD_ANALYZE = shutil.which("systemd-analyze")


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

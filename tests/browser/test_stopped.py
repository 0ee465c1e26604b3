"""A table whose stored log no longer replays, as a person meets it after an upgrade: the table
view says why it is stopped, and the lobby's row under "my games" says why and offers its log."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import skip_if_asked, start_server, stop_server
from tests.browser.helpers import http_json, open_page


def _finished_ai_table(base: str) -> str:
    table = http_json(base + "/api/tables", {"game": "mystic_vale", "players": 2, "seats": [
        {"kind": "ai", "agent": "random"}, {"kind": "ai", "agent": "random"}]})
    deadline = time.monotonic() + 120
    while http_json(f"{base}/api/tables/{table['table_id']}")["status"] != "finished":
        assert time.monotonic() < deadline, "the AI table did not finish"
        time.sleep(0.3)
    return str(table["table_id"])


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_stopped_table_says_why_in_its_view_and_in_the_lobby(browser: Any, tmp_path: Path, lang: str) -> None:
    skip_if_asked()
    base, proc = start_server(tmp_path)
    try:
        tid = _finished_ai_table(base)
    finally:
        stop_server(proc)
    with sqlite3.connect(tmp_path / "sabbat.sqlite3") as db:  # move 5 spoiled, as a changed rule would
        db.execute("UPDATE actions SET action = ? WHERE table_id = ? AND idx = 4", (json.dumps(["gone", 1]), tid))
    base, proc = start_server(tmp_path)
    said = "move 5" if lang == "en" else "5 手目"
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(f"{base}/t/{tid}?watch=1")
        page.wait_for_function("() => window.__sabbatView && window.__sabbatView.status === 'stopped'")
        assert said in page.locator(".turn").inner_text()
        page.evaluate("(id) => localStorage.setItem('sabbat.mygames', JSON.stringify({[id]: {seat: 0, saved: 1}}))", tid)
        page.goto(base + "/")
        row = page.locator(".tb-stopped")
        row.wait_for()
        assert said in row.inner_text()
        link = page.locator(f"a[href='/api/tables/{tid}/replay']")
        assert link.count() == 1
        with page.expect_download() as download:
            link.click()
        log = json.loads(Path(download.value.path()).read_text())
        assert log["log"][4]["action"] == ["gone", 1]
        assert errors == []
    finally:
        ctx.close()
        stop_server(proc)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_table_carried_over_a_change_of_rules_says_so_at_the_table(browser: Any, tmp_path: Path, lang: str) -> None:
    """An upgrade changed the game's rules under a game in play: its page says so, in the reader's
    language, naming both versions; the choices offered from here may differ from before."""
    skip_if_asked()
    base, proc = start_server(tmp_path)
    try:
        table = http_json(base + "/api/tables", {"game": "mystic_vale", "players": 2, "seats": [
            {"kind": "human"}, {"kind": "ai", "agent": "random"}]})
        tid = str(table["table_id"])
    finally:
        stop_server(proc)
    with sqlite3.connect(tmp_path / "sabbat.sqlite3") as db:  # as if begun under an older rules version
        db.execute("UPDATE tables SET rules_version = '0' WHERE id = ?", (tid,))
    base, proc = start_server(tmp_path)
    said = "version 0 and goes on under version" if lang == "en" else "ルール版 0 で始まり"
    ctx, page, errors = open_page(browser, lang)
    try:
        page.goto(f"{base}/t/{tid}?watch=1")
        notice = page.locator(".rules-notice")
        notice.wait_for()
        assert said in notice.inner_text()
        assert errors == []
    finally:
        ctx.close()
        stop_server(proc)

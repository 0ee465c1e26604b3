"""Another web site cannot make a visitor's browser act on `sabbat serve`.

The attack, as a hostile page would run it: served from a second loopback port (another origin),
it sends the server every kind of request a page can send without the server's consent — a
`no-cors` fetch with a text body, an auto-submitted form, a JSON fetch that needs the server's
permission first — asking for a new table and for an open seat. Chromium
runs the page; afterwards the server must hold no new table and the seat must still be open.
"""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import free_port
from tests.browser.helpers import http_json, open_page

ATTACK = """<!doctype html><meta charset="utf-8"><title>free cards</title>
<form id="f" method="POST" enctype="text/plain" action="{server}/api/tables/{table}/join" target="sink">
<input name='{{"seat": 1, "x": "' value='"}}'></form><iframe name="sink"></iframe>
<script>
const body = JSON.stringify({{game: "mystic_vale", players: 2,
  seats: [{{kind: "human"}}, {{kind: "ai", agent: "random"}}]}});
const results = [];
async function attack() {{
  for (const [mode, type] of [["no-cors", "text/plain"], ["no-cors", "application/x-www-form-urlencoded"],
                              ["cors", "application/json"]]) {{
    try {{
      await fetch("{server}/api/tables", {{method: "POST", mode, body, headers: {{"Content-Type": type}}}});
      results.push(mode + " sent");
    }} catch (e) {{ results.push(mode + " blocked"); }}
  }}
  document.getElementById("f").submit();
  await new Promise(r => setTimeout(r, 500));
  document.title = "done";
  window.attackResults = results;
}}
attack();
</script>"""


@pytest.fixture
def hostile_site(server: str) -> Iterator[tuple[str, str]]:
    """(the hostile page's URL, the open table it targets), served on another loopback port."""
    table = http_json(server + "/api/tables", {"game": "mystic_vale", "players": 2,
                                               "seats": [{"kind": "human"}, {"kind": "human", "open": True}]})
    page = ATTACK.format(server=server, table=table["table_id"]).encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *args: Any) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", table["table_id"]
    httpd.shutdown()


def test_a_page_on_another_origin_can_neither_create_nor_join(browser: Any, server: str,
                                                              hostile_site: tuple[str, str]) -> None:
    url, table = hostile_site
    before = {t["table_id"] for t in http_json(server + "/api/tables")}
    ctx, page, _ = open_page(browser, "en")
    try:
        page.goto(url)
        page.wait_for_function("document.title === 'done'", timeout=15_000)
        results = page.evaluate("window.attackResults")
    finally:
        ctx.close()
    assert "cors blocked" in results  # the JSON request needs a permission the server never gives
    after = {t["table_id"] for t in http_json(server + "/api/tables")}
    assert after == before, "a cross-site request created a table"
    assert http_json(f"{server}/api/tables/{table}")["open_seats"] == [1], "a cross-site request took a seat"

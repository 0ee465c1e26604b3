"""The browser client's files without a browser: both dictionaries hold the same keys, every key the
code names exists, and nothing is fetched from the network (no CDN, no build step)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "sabbat" / "web" / "static"
KEY = re.compile(r"^\s*'([a-z0-9_.]+)':", re.M)


def keys(lang: str) -> list[str]:
    return KEY.findall((STATIC / "i18n" / f"{lang}.js").read_text(encoding="utf-8"))


def sources() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*.js") if p.parent.name != "i18n")


def test_japanese_and_english_dictionaries_hold_the_same_keys() -> None:
    en, ja = keys("en"), keys("ja")
    assert len(en) > 100
    assert len(set(en)) == len(en) and len(set(ja)) == len(ja), "a key is defined twice"
    assert set(en) == set(ja)


def test_every_literal_key_the_code_uses_is_in_the_dictionaries() -> None:
    known = set(keys("en"))
    used = {k for p in sources() for k in re.findall(r"\bt\('([a-z0-9_.]+)'", p.read_text(encoding="utf-8"))}
    assert len(used) > 100
    assert sorted(used - known) == []


def test_every_game_has_a_renderer_with_the_same_interface() -> None:
    for name in ("mystic_vale", "nameless_dark_lord", "monslaught", "bellum_magica", "magic_master"):
        text = (STATIC / "games" / f"{name}.js").read_text(encoding="utf-8")
        for fn in ("status", "render", "refs"):
            assert re.search(rf"export function {fn}\(", text), f"{name}.js lacks {fn}()"


def test_nothing_is_loaded_from_the_network() -> None:
    for p in [*STATIC.rglob("*.js"), *STATIC.rglob("*.css"), *STATIC.rglob("*.html")]:
        text = p.read_text(encoding="utf-8")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), f"{p.name} loads from the network"
        assert "import(" not in text or p.name in ("app.js", "board.js"), f"{p.name}: dynamic import outside the router"


def test_no_english_string_fakes_a_plural() -> None:
    text = (STATIC / "i18n" / "en.js").read_text(encoding="utf-8")
    assert "(s)" not in text, "write the singular under key.one instead"


def test_every_request_goes_through_api_js_and_sends_json() -> None:
    for p in sources():
        text = p.read_text(encoding="utf-8")
        if p.name != "api.js":
            assert "fetch(" not in text and "XMLHttpRequest" not in text, f"{p.name} requests past api.js"
    api = (STATIC / "api.js").read_text(encoding="utf-8")
    assert api.count("fetch(") == 1 and "'Content-Type': 'application/json'" in api and "method: 'POST'" in api

"""The browser client's files without a browser: the generic client names no game (each game's
renderer, style and messages live in its own package), both languages hold the same keys, every key
the code names exists, and nothing is fetched from the network (no CDN, no build step)."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from sabbat import games

STATIC = Path(__file__).resolve().parents[2] / "src" / "sabbat" / "web" / "static"
KEY = re.compile(r"^\s*'([a-z0-9_.]+)':", re.M)
SHIPPED = [n for n in games.names() if type(games.get(n)).__module__.startswith("sabbat.games.")]


def front(game: str) -> Path:
    """The folder of a shipped game's browser front end (its package's web sub-package)."""
    package = games.get(game).web_package
    assert package, f"{game} declares no web_package"
    return Path(str(resources.files(package)))


def keys(lang: str) -> list[str]:
    return KEY.findall((STATIC / "i18n" / f"{lang}.js").read_text(encoding="utf-8"))


def game_keys(game: str, lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((front(game) / f"{lang}.json").read_text(encoding="utf-8"))
    return data


def sources() -> list[Path]:
    """Every script of the client: the generic one and each game's renderer."""
    own = [p for p in STATIC.rglob("*.js") if p.parent.name != "i18n"]
    return sorted(own + [p for g in SHIPPED for p in front(g).glob("*.js")])


def used_keys(path: Path) -> set[str]:
    return set(re.findall(r"\bt\('([a-z0-9_.]+)'", path.read_text(encoding="utf-8")))


def test_japanese_and_english_dictionaries_hold_the_same_keys() -> None:
    en, ja = keys("en"), keys("ja")
    assert len(en) > 100
    assert len(set(en)) == len(en) and len(set(ja)) == len(ja), "a key is defined twice"
    assert set(en) == set(ja)
    for game in SHIPPED:
        assert set(game_keys(game, "en")) == set(game_keys(game, "ja")), game


def test_a_games_messages_clash_with_no_other_messages() -> None:
    """A game's messages are added to the client's dictionary: a clash would overwrite silently."""
    seen = set(keys("en"))
    for game in SHIPPED:
        mine = set(game_keys(game, "en"))
        assert sorted(mine & seen) == [], f"{game} redefines these keys"
        seen |= mine


def test_every_literal_key_the_code_uses_is_in_the_dictionaries() -> None:
    generic = set(keys("en"))
    used = {k for p in STATIC.rglob("*.js") for k in used_keys(p)}
    assert len(used) > 50
    assert sorted(used - generic) == []
    for game in SHIPPED:
        used = used_keys(front(game) / "renderer.js")
        assert len(used) > 5
        assert sorted(used - generic - set(game_keys(game, "en"))) == [], game


def test_the_generic_client_names_no_game() -> None:
    """Everything a game shows in the browser comes from its own package."""
    names = {w for g in games.names() for w in (g, g.replace("_", "-"), games.get(g).info.title["en"])}
    for p in STATIC.rglob("*"):
        if p.is_file():
            text = p.read_text(encoding="utf-8").lower()
            assert sorted(n for n in names if n.lower() in text) == [], f"{p.relative_to(STATIC)} names a game"


@pytest.mark.parametrize("game", SHIPPED)
def test_every_game_has_a_renderer_with_the_same_interface(game: str) -> None:
    text = (front(game) / "renderer.js").read_text(encoding="utf-8")
    for fn in ("status", "render", "refs"):
        assert re.search(rf"export function {fn}\(", text), f"{game}'s renderer lacks {fn}()"


def test_the_generic_view_has_the_renderer_interface() -> None:
    text = (STATIC / "generic.js").read_text(encoding="utf-8")
    for fn in ("status", "render", "refs"):
        assert re.search(rf"export function {fn}\(", text), f"generic.js lacks {fn}()"


def test_nothing_is_loaded_from_the_network() -> None:
    fronts = [p for g in SHIPPED for p in front(g).iterdir() if p.suffix in (".js", ".css")]
    for p in [*STATIC.rglob("*.js"), *STATIC.rglob("*.css"), *STATIC.rglob("*.html"), *fronts]:
        text = p.read_text(encoding="utf-8")
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text, re.I), f"{p.name} loads from the network"
        assert "import(" not in text or p.name in ("app.js", "board.js"), f"{p.name}: dynamic import outside the router"


def test_no_english_string_fakes_a_plural() -> None:
    texts = [(STATIC / "i18n" / "en.js").read_text(encoding="utf-8")]
    texts += [json.dumps(game_keys(g, "en")) for g in SHIPPED]
    assert all("(s)" not in text for text in texts), "write the singular under key.one instead"


def test_every_request_goes_through_api_js_and_sends_json() -> None:
    for p in sources():
        text = p.read_text(encoding="utf-8")
        if p.name != "api.js":
            assert "fetch(" not in text and "XMLHttpRequest" not in text, f"{p.name} requests past api.js"
    api = (STATIC / "api.js").read_text(encoding="utf-8")
    assert api.count("fetch(") == 1 and "'Content-Type': 'application/json'" in api and "method: 'POST'" in api

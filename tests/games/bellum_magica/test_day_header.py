"""The game header shows the day only: `max_days` is the engine's safety cap, not a rule of the game
(the rulebook ends the game on chests, never on a day count), so no screen says "day 3 of 200"."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from sabbat.core import Rng
from sabbat.games.bellum_magica import GAME

from .test_view import text_of

STATIC = Path(__file__).resolve().parents[3] / "src" / "sabbat" / "web" / "static"

#: Loads the browser's Bellum Magica renderer in Node with the language set, and prints its header line.
HEADER = """
globalThis.localStorage = { getItem: () => process.argv[2], setItem() {} };
globalThis.navigator = { language: process.argv[2] };
const m = await import(process.argv[1]);
process.stdout.write(m.status({ obs: JSON.parse(process.argv[3]) }));
"""


def day_three() -> dict:
    s = GAME.new(3, 5)
    r = Rng(1)
    while s.day < 3:
        s.apply(r.choice(s.legal_actions()))
    obs = s.observation(0)
    assert obs["day"] == 3 and obs["max_days"] == 200  # the cap stays in the observation, as data
    return obs


@pytest.mark.parametrize(("locale", "day"), [("en", "Day 3"), ("ja", "3日目")])
def test_browser_header_shows_the_day_without_the_safety_cap(locale: str, day: str) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is needed to run the browser's renderer outside a browser")
    module = (STATIC / "games" / "bellum_magica.js").as_uri()
    out = subprocess.run([node, "--input-type=module", "-e", HEADER, module, locale, json.dumps(day_three())],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    assert out.startswith(day + " · ")
    assert "200" not in out


@pytest.mark.parametrize(("locale", "day"), [("en", "Day 3"), ("ja", "3日目")])
def test_terminal_header_shows_the_day_without_the_safety_cap(locale: str, day: str) -> None:
    text = text_of(day_three(), locale)
    assert day in text
    assert "200" not in text

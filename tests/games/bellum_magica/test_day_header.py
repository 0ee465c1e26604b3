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

SRC = Path(__file__).resolve().parents[3] / "src" / "sabbat"
STATIC = SRC / "web" / "static"
FRONT = SRC / "games" / "bellum_magica" / "web"

#: Loads the browser's Bellum Magica renderer in Node, as the page does: `/static/…` imports resolve to the
#: client's files, the game's messages are added in the language set, and its header line is printed.
HEADER = """
import { register } from 'node:module';
const [root, front, lang, obs] = process.argv.slice(1);
const hooks = `export async function resolve(spec, ctx, next) {
  return spec.startsWith('/static/') ? next(${JSON.stringify(root)} + spec.slice(8), ctx) : next(spec, ctx);
}`;
register('data:text/javascript,' + encodeURIComponent(hooks));
globalThis.localStorage = { getItem: () => lang, setItem() {} };
globalThis.navigator = { language: lang };
const i18n = await import(root + 'i18n.js');
const fs = await import('node:fs');
i18n.addMessages(lang, JSON.parse(fs.readFileSync(new URL(`${lang}.json`, front), 'utf8')));
const m = await import(new URL('renderer.js', front).href);
process.stdout.write(m.status({ obs: JSON.parse(obs) }));
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
    args = [STATIC.as_uri() + "/", FRONT.as_uri() + "/", locale, json.dumps(day_three())]
    out = subprocess.run([node, "--input-type=module", "-e", HEADER, *args],
                         capture_output=True, text=True, check=True, timeout=60).stdout
    assert out.startswith(day + " · ")
    assert "200" not in out


@pytest.mark.parametrize(("locale", "day"), [("en", "Day 3"), ("ja", "3日目")])
def test_terminal_header_shows_the_day_without_the_safety_cap(locale: str, day: str) -> None:
    text = text_of(day_three(), locale)
    assert day in text
    assert "200" not in text

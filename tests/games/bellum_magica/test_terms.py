"""Every Japanese text of the game uses the rulebook's words: 金属の宝箱, 樽, 宝物カード, アクティブな部隊 —
never 鉄(の宝箱), 酒樽, 宝の地図 or アクティブな行, words the rulebook does not use."""

from __future__ import annotations

import json
import tomllib
from typing import Any

import pytest

from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.faces import LABELS, WORDS

WRONG = ("鉄", "酒樽", "地図", "アクティブな行")
"""Not the rulebook's: 鉄の宝箱 (金属の宝箱), 酒樽 (樽), 宝の地図 (宝物カード), アクティブな行 (アクティブな部隊)."""
RIGHT = ("金属の宝箱", "樽", "宝物カード", "アクティブな部隊")


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


def japanese_texts() -> dict[str, str]:
    """Each Japanese message file of the game (terminal and logs, browser, rules summary, card faces)."""
    messages = tomllib.loads(GAME.resource("messages.toml").read_text(encoding="utf-8"))
    browser = json.loads(GAME.resource("web/ja.json").read_text(encoding="utf-8"))
    return {
        "messages.toml [ja]": "\n".join(strings(messages["ja"])),
        "web/ja.json": "\n".join(strings(browser)),
        "rules.ja.md": GAME.resource("rules.ja.md").read_text(encoding="utf-8"),
        "card faces": "\n".join(strings([LABELS["ja"], WORDS["ja"]])),
        "options": "\n".join(o.help_ja + "\n" + "\n".join(strings([o.label, o.explain, o.values]))
                             for o in GAME.info.options.values()),
    }


@pytest.mark.parametrize("where", sorted(japanese_texts()))
def test_no_japanese_text_uses_a_word_the_rulebook_does_not(where: str) -> None:
    text = japanese_texts()[where]
    assert [w for w in WRONG if w in text] == []


def test_the_rulebooks_words_are_the_ones_shown() -> None:
    texts = japanese_texts()
    for word in RIGHT:
        assert word in texts["messages.toml [ja]"] and word in texts["rules.ja.md"], word
    for word in ("金属の宝箱", "樽", "宝物カード"):
        assert word in texts["web/ja.json"] and word in texts["card faces"], word

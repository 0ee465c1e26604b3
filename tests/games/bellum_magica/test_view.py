"""The terminal view renders every phase from the observation alone, in English and Japanese."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from sabbat.core import Rng
from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.terminal import render

#: A zero count shown as a field: "0個", "食料0", "魔法の盾0" (but not "10個" or "食料10").
ZERO = re.compile(r"(?<!\d)0個|(食料|グリフ|樽|盾|宝箱)0(?!\d)")


def text_of(obs: dict, locale: str) -> str:
    console = Console(width=140, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render(obs, locale))
    return console.export_text()


def test_view_shows_castles_rows_stocks_kingdom_and_creatures_in_both_languages() -> None:
    s = GAME.new(3, 5)
    r = Rng(1)
    while s.day < 3:
        s.apply(r.choice(s.legal_actions()))
    obs = s.observation(0)
    en = text_of(obs, "en")
    ja = text_of(obs, "ja")
    assert "Human kingdom" in en and "Creatures" in en and "Tavern" in en
    assert "人間の王国" in ja and "クリーチャー" in ja and "酒場" in ja
    for c in obs["castles"]:
        assert f"P{c['seat'] + 1} " in en  # seat 0 is P1, as the CLI numbers players
    assert "P0" not in en and "P0" not in ja
    assert f"captain P{obs['captain'] + 1}" in en
    holder = next((p for p in range(3) if s.chests[p]), None)
    if holder is not None:
        assert "Your chest values" in text_of(s.observation(holder), "en")


@pytest.mark.slow
def test_japanese_view_has_no_english_words_ids_or_empty_fields_and_a_legend() -> None:
    """Issue 17 polish: no English or internal ids on Japanese screens, no zero or empty fields."""
    s = GAME.new(3, 11)
    r = Rng(4)
    screens = 0
    while not s.is_terminal():
        if len(s.history) % 7 == 0:
            for viewer in (s.current_player, None):
                ja = text_of(s.observation(viewer), "ja")
                words = re.findall(r"[A-Za-z_]+", re.sub(r"P\d", "", ja))
                assert not words, words
                assert not ZERO.search(ja) and ":\n" not in ja and ": \n" not in ja
                assert "凡例" in ja and all(icon in ja.split("凡例", 1)[1] for icon in "🍖✦🗺⚔✧🎭🛡▶🎲")
                screens += 1
            for a in s.legal_actions():
                text = s.describe_action(a, "ja")
                assert not re.findall(r"[A-Za-z_]+", re.sub(r"P\d", "", text)), text
                assert not ZERO.search(text)
        s.apply(r.choice(s.legal_actions()))
    for e in s.events:
        ja = e.render("ja")
        assert not re.findall(r"[A-Za-z_]+", re.sub(r"P\d", "", ja)), ja
        assert not ZERO.search(ja), ja
    ja = text_of(s.observation(0), "ja")
    assert "最終結果" in ja and "勝者" in ja and screens > 5


def test_identical_recruit_options_name_the_copy_and_the_cost() -> None:
    from tests.games.bellum_magica.bellum_helpers import blank, to_recruit

    s = blank(2)
    s.cdisplay["evil"] = [s.cdisplay["evil"][0]] * 2  # two face-up copies of one creature
    s.food[0] = 2
    to_recruit(s)
    texts = [s.describe_action(a, "en") for a in s.legal_actions() if a.kind == "recruit"]
    assert len(texts) == 2 and len(set(texts)) == 2 and all("costs 2 food" in t for t in texts)
    ja = [s.describe_action(a, "ja") for a in s.legal_actions() if a.kind == "recruit"]
    assert "1枚目" in ja[0] and "2枚目" in ja[1] and "食料2" in ja[0]


def test_view_marks_the_active_row_and_renders_the_end() -> None:
    s = GAME.new(2, 8)
    r = Rng(3)
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
        if s.observation(None)["active_row"]:
            row = s.observation(None)["active_row"]
            assert f"▶{row}" in text_of(s.observation(None), "en")
            break
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
    final = text_of(s.observation(None), "en")
    assert "Final: P1 " in final and ", P2 " in final and "P0" not in final and "Won by: P" in final
    assert "最終結果" in text_of(s.observation(1), "ja")

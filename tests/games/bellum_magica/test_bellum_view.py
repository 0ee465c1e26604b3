"""The terminal view renders every phase from the observation alone, in English and Japanese."""

from __future__ import annotations

from rich.console import Console

from sabbat.cli.views.bellum_magica import render
from sabbat.core import Rng
from sabbat.games.bellum_magica import GAME


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
    assert "your chest values" in en


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
    assert "Final: P1 " in final and ", P2 " in final and "P0" not in final
    assert "最終結果" in text_of(s.observation(1), "ja")

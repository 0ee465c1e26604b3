"""What a person reads: the terminal view and the options of each decision, in Japanese and English."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console

from sabbat.games.nameless_dark_lord import GAME
from sabbat.games.nameless_dark_lord import terminal as view

ALLOWED_LATIN = re.compile(r"P\d|Level|AUTORUN")


def _text(obs, locale: str) -> str:
    out = Console(width=220, record=True)
    out.print(view.render(obs, locale))
    return out.export_text()


def _positions(n: int, seed: int):
    """Every position of one game played by the heuristic agents."""
    s = GAME.new(n, seed)
    bots = [GAME.heuristic_agent(seed + p) for p in range(n)]
    while not s.is_terminal():
        yield s
        s.apply(bots[s.current_player].choose(s))
    yield s


@pytest.mark.slow
def test_japanese_view_has_no_english_words_ids_or_zero_fields():
    for k, s in enumerate(_positions(4, 3)):
        if k % 7:
            continue
        text = _text(s.observation(0), "ja")
        latin = re.sub(ALLOWED_LATIN, "", text)
        assert not re.search(r"[A-Za-z]{2,}", latin), re.search(r".{0,20}[A-Za-z]{2,}.{0,20}", latin)
        assert "_" not in text, "no card ids"
        assert not re.search(r"(魔石|カーストークン|玉座カウンター) \+?0\b", text), "zero fields are left out"
        assert "個" not in text or not re.search(r"\b0個", text)


def test_every_icon_on_the_board_is_in_the_legend_shown_under_it():
    for loc in ("ja", "en"):
        legend = view._t("ui.legend", loc)
        for icon in ("◆", "↑", "◀", "−3", "1+1"):
            assert icon in legend, (loc, icon)
    s = next(p for p in _positions(4, 3) if p.tokens)
    text = _text(s.observation(0), "ja")
    assert "◆ 今ラウンドのスリーブ装着済み" in text and "+1）" in text


def test_units_in_battle_areas_name_their_owner():
    s = next(p for p in _positions(3, 4) if any(p.areas))
    text = _text(s.observation(0), "ja")
    owners = {s.colour_name(s.owner[u])["ja"] + "の" + s.name(u)["ja"] for a in s.areas for u in a}
    assert all(o in text for o in owners)


def test_options_of_every_decision_read_differently_in_both_languages():
    for n, seed in ((3, 1), (4, 2)):
        s = GAME.new(n, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            acts = s.legal_actions()
            for loc in ("en", "ja"):
                texts = [s.describe_action(a, loc) for a in acts]
                assert len(set(texts)) == len(texts), (loc, texts)
                if loc == "ja":
                    assert not any(re.search(r"[A-Za-z]{2,}", re.sub(ALLOWED_LATIN, "", t)) for t in texts), texts
            s.apply(rng.choice(acts))


def test_spearman_options_name_owner_position_and_cost():
    from tests.games.nameless_dark_lord.ndl_support import B, R, add, board, new

    s = new(4)
    made = board(s, {0: [(R, "fx_1_1"), (B, "fx_1_1")]}, coins=[5, 5, 5, 5])
    spear = add(s, R, "fx_spear_1_1")
    s.sleeved[R].append(spear)
    s._legal = None
    from sabbat.core import Action

    s.apply(Action("place", (spear, 0)))
    texts = {a.args[0]: s.describe_action(a, "ja") for a in s.legal_actions()}
    assert texts[made[0][0]] == "1コイン分を支払い、赤のfx_1_1（エリアAの1番目）をリムーブエリアに移動する"
    assert texts[made[0][1]] == "1コイン分を支払い、青のfx_1_1（エリアAの2番目）をリムーブエリアに移動する"


def test_spearman_on_a_power_zero_unit_says_no_cost():
    """pp.27–28: a power-0 unit is removed 「無償で」: the option names no coin count."""
    from sabbat.core import Action
    from tests.games.nameless_dark_lord.ndl_support import B, R, add, board, new

    s = new(4)
    made = board(s, {0: [(B, "fx_0_1")]}, coins=[0, 0, 0, 0])
    spear = add(s, R, "fx_spear_1_1")
    s.sleeved[R].append(spear)
    s._legal = None
    s.apply(Action("place", (spear, 0)))
    (only,) = s.legal_actions()
    assert s.describe_action(only, "ja") == "青のfx_0_1（エリアAの1番目・パワー0）を支払いなしでリムーブエリアに移動する"
    assert s.describe_action(only, "en") == "Move Blue's fx_0_1 (no. 1 in area A, power 0) to the remove area at no cost"
    assert made[0][0] == only.args[0]

"""Options, messages and random play: the day cap, the castle draft, both message tables complete."""

from __future__ import annotations

import tomllib
from pathlib import Path

from sabbat.core import Rng
from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.state import BellumState


def test_max_days_safeguard_ends_and_scores_the_game() -> None:
    s = GAME.new(3, 1, {"max_days": 1})
    r = Rng(2)
    while not s.is_terminal():
        s.apply(r.choice(s.legal_actions()))
    assert isinstance(s, BellumState)
    assert s.winners() and (s.timed_out or any(len(c) >= 10 for c in s.chests))
    assert s.day <= 2


def test_random_play_with_p1_as_first_captain_never_crashes() -> None:
    for seed in range(8):
        s = GAME.new(2 + seed % 4, seed, {"first_captain": "first_seat", "castle_choice": "draft"})
        r = Rng(seed)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
        assert s.winners()


def test_random_play_with_castle_draft_never_crashes() -> None:
    for seed in range(20):
        s = GAME.new(2 + seed % 4, seed, {"castle_choice": "draft"})
        r = Rng(seed)
        while not s.is_terminal():
            s.apply(r.choice(s.legal_actions()))
        assert s.winners()


def test_every_message_key_exists_in_both_languages() -> None:
    import sabbat.games.bellum_magica as pkg

    data = tomllib.loads((Path(pkg.__file__).with_name("messages.toml")).read_text("utf-8"))
    assert set(data["en"]) == set(data["ja"])
    kinds = {"pick_castle", "place_goblin", "pass_roll", "buy_round", "confusion", "no_attack", "attack_location",
             "attack_castle", "steal", "stop_stealing", "recruit", "pay", "place_creature", "done_recruiting"}
    assert {f"action.{k}" for k in kinds} <= set(data["en"])


def test_rules_summaries_ship_in_both_languages_and_state_the_core_numbers() -> None:
    from importlib.resources import files

    pkg = files("sabbat.games.bellum_magica")
    en = pkg.joinpath("rules.en.md").read_text(encoding="utf-8")
    ja = pkg.joinpath("rules.ja.md").read_text(encoding="utf-8")
    assert "10 or more chests" in en and "2 food" in en and "3 glyphs" in en and "thief" in en
    assert "宝箱を10個以上" in ja and "食料2" in ja and "グリフ3" in ja and "盗賊" in ja
    assert "すべての" in ja and "every" in en  # 5 players take every kingdom card

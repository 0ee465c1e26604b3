"""Words a player reads, across the games: Japanese uses full-width brackets and colons throughout
(as the rest of the page does), cards speak in words rather than rulebook abbreviations or data
notation, and an option's choice reads as a whole sentence."""

from __future__ import annotations

import json
import re
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from sabbat import games

GAMES_DIR = Path(games.__file__).parent
HALF_WIDTH = re.compile(r"[():]")


def japanese_messages(game: str) -> dict[str, str]:
    with (GAMES_DIR / game / "messages.toml").open("rb") as f:
        data = tomllib.load(f)["ja"]
    out: dict[str, str] = {}

    def walk(prefix: str, node: object) -> None:
        if isinstance(node, dict):
            for k, v in node.items():
                walk(f"{prefix}{k}.", v)
        else:
            out[prefix.rstrip(".")] = str(node)

    walk("", data)
    return out


@pytest.mark.parametrize("game", ["bellum_magica", "magic_master", "mystic_vale", "monslaught", "nameless_dark_lord"])
def test_japanese_log_lines_and_moves_use_full_width_brackets_and_colons(game: str) -> None:
    found = {k: v for k, v in japanese_messages(game).items()
             if k.startswith(("event.", "action.")) and HALF_WIDTH.search(re.sub(r"\{[^}]*\}", "", v))}
    assert found == {}


def test_bellum_magicas_log_names_the_player_who_placed_a_goblin_as_every_other_line_does() -> None:
    """The private line of a secret placement said "you" (あなた) where the others say P1."""
    msgs = japanese_messages("bellum_magica")
    assert "あなた" not in msgs["event.goblin_placed"] and "{player:seat}" in msgs["event.goblin_placed"]


def test_monslaughts_farm_pile_is_named_as_its_cards_are() -> None:
    web = json.loads((resources.files("sabbat.games.monslaught.web") / "ja.json").read_text(encoding="utf-8"))
    assert web["ms.farms"] == games.get("monslaught").card_faces("ja")["farm"]["name"] == "畑"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_magic_master_cards_say_attack_defence_movement_in_words(lang: str) -> None:
    text = games.get("magic_master").describe_card("elves", lang)
    assert not re.search(r"\b(ATK|DEF|MOV|SUC|MAG)\b|\dD\b", text), text
    assert ("attack 1 die + 3" in text) if lang == "en" else ("攻撃力 ダイス1個 + 3" in text)


def test_an_option_choice_reads_as_a_whole_sentence() -> None:
    """A choice's label is all a player reads of it: none may stop mid-sentence."""
    for game in games.names():
        for name, o in games.get(game).info.options.items():
            for value, words in (o.values or {}).items():
                assert not re.search(r"\b(may|can|to|and|or|the|a)$", words["en"].strip()), (game, name, value, words)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_mystic_vale_card_text_reads_as_sentences_not_data(lang: str) -> None:
    game = games.get("mystic_vale")
    for card in ("cursed_land", "sprouting_grove", "blank"):
        text = game.describe_card(card, lang)
        assert "positions" not in text and "位置" not in text and "×" not in text, text
    assert "3 in the top slot" in game.describe_card("cursed_land", "en")


@pytest.mark.parametrize("game", ["bellum_magica", "magic_master"])
def test_a_whole_japanese_log_uses_full_width_brackets_and_colons(game: str) -> None:
    """Every line of random games, with its names and labels filled in (a side, a group, a claim)."""
    import random

    g = games.get(game)
    for seed in (1, 2):
        s = g.new(2, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
        lines = [e.render("ja") for e in s.events]
        assert lines and [line for line in lines if HALF_WIDTH.search(line)] == []

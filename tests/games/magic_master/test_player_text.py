"""What a player reads: Japanese without English words or internal ids, no empty or zero fields,
one distinct description per option, a legend for every mark on the board."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from sabbat import games
from sabbat.core import Rng, i18n
from sabbat.games.magic_master import terminal as view

ENGLISH = re.compile(r"[A-Za-z]{2,}")
EMPTY = re.compile(r"([:：] ?[)）、,]|[:：] ?$|（）|\(\)|0個|0つ|グループ0|[:：] -\b|（-）|\(-\))")


def _text(renderable: object, locale: str) -> str:
    console = Console(width=400, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _games(seeds: int = 12):
    game = games.get("magic_master")
    for seed in range(seeds):
        n = 2 + seed % 5
        s = game.new(n, seed)
        rng = Rng(seed)
        while not s.is_terminal():
            yield s
            s.apply(rng.choice(s.legal_actions()))
        yield s


@pytest.mark.slow
def test_japanese_views_actions_and_events_have_no_english_words_or_empty_fields():
    seen_phases = set()
    shown = set()
    for s in _games():
        p = s.current_player
        viewer = p if p is not None else 0
        if s.phase.value not in seen_phases or len(s.history) % 9 == 0:  # every phase, a sample of screens
            seen_phases.add(s.phase.value)
            screen = _text(view.render(s.observation(viewer), "ja"), "ja")
            assert not ENGLISH.search(screen), ENGLISH.search(screen)
            shown.add(s.phase.value)
            for a in s.legal_actions():
                text = s.describe_action(a, "ja")
                assert not ENGLISH.search(text) and not EMPTY.search(text), text
    for e in s.events:
        text = i18n.render(e.key, "ja", e.params)
        assert not ENGLISH.search(text) and not EMPTY.search(text), text
    assert {"regroup", "attack", "take", "response", "cleric"} <= shown


def test_every_event_reads_cleanly_in_both_languages():
    for s in _games(20):
        if not s.is_terminal():
            continue
        for e in s.events:
            for loc in ("en", "ja"):
                text = i18n.render(e.key, loc, e.params)
                assert not EMPTY.search(text), (loc, text)
            assert not ENGLISH.search(i18n.render(e.key, "ja", e.params)), e.key


@pytest.mark.slow
def test_identical_options_are_told_apart():
    for s in _games():
        if s.is_terminal():
            continue
        for loc in ("en", "ja"):
            texts = [s.describe_action(a, loc) for a in s.legal_actions()]
            dup = {t for t in texts if texts.count(t) > 1}
            assert not dup, (s.phase, dup)


def test_the_board_has_a_legend_for_its_marks():
    s = games.get("magic_master").new(2, 1)
    for loc, marks in (("ja", ("#n", "内側<外側", "1D", "王権n/4", "[王権成立待ち]", "魔法値")),
                       ("en", ("#n", "inner < outer", "1D", "regalia n/4", "[regalia pending]", "MAG"))):
        screen = _text(view.render(s.observation(0), loc), loc)
        assert all(m in screen for m in marks), loc


def test_normal_attack_is_named_in_japanese_with_its_strength():
    from tests.games.magic_master.mm_support import W, act, blank, group

    s = blank()
    group(s, 0, W)
    group(s, 1, "dean", "castle")
    attack = [a for a in s.legal_actions() if a.kind == "attack"][0]
    defence = s.t.types["dean"].defence + s.t.types["castle"].defence
    assert s.describe_action(attack, "ja") == f"#1（剣士ガルス、攻撃力1D+3）でP2のグループ#1（ディーン王子、防御力{defence}）に通常攻撃"
    act(s, "attack", 0, 1, 0)
    screen = _text(view.render(s.observation(0), "ja"), "ja")
    assert "攻撃中: P1 通常攻撃 → P2のグループ#1" in screen and "normal" not in screen


def test_copies_in_one_group_or_hand_are_told_apart_or_offered_once():
    from tests.games.magic_master.mm_support import GAN, act, blank, dice, give, group

    s = blank()
    group(s, 0, GAN)
    g = group(s, 1, "dean", "sword", "sword", "soldiers", "soldiers")
    fb, _ = give(s, 0, "fireball", "fireball")
    give(s, 0, "thief", "thief")
    attacks = [a for a in s.legal_actions() if a.kind == "card_attack"]
    assert len(attacks) == len({(s.t.inst[a.args[0]].id, a.args[1:]) for a in attacks})  # one per kind of card
    act(s, "card_attack", fb, 1, 0)
    aims = [s.describe_action(a, "ja") for a in s.legal_actions()]
    assert aims[:2] == ["兵士（内側から2枚目）を狙う（防御力10）", "兵士（内側から1枚目）を狙う（防御力10）"]
    s2 = blank()
    group(s2, 0, "galus")
    group(s2, 1, "dean", "sword", "sword")
    (th,) = give(s2, 0, "thief")
    dice(s2, 6)
    act(s2, "card_attack", th, 1, 0)
    assert [a.kind for a in s2.legal_actions()] == ["steal"]  # two identical swords: one option
    assert g.items and s2.groups[1][0].items


def test_hand_limit_phase_says_how_many_cards_are_left_to_discard():
    from sabbat.games.magic_master.model import Phase
    from tests.games.magic_master.mm_support import blank, give

    s = blank()
    give(s, 0, "fireball", "shield", "dragon", "void", "jester", "thief")
    s.phase = Phase.DISCARD
    s._legal = None
    screen = _text(view.render(s.observation(0), "ja"), "ja")
    assert "手札制限（あと2枚捨てる）" in screen


def test_card_text_says_which_cards_are_undead():
    game = games.get("magic_master")
    assert "アンデッド" in game.describe_card("ghost", "ja") and "undead" in game.describe_card("skeletons", "en")
    assert "アンデッド" not in game.describe_card("wolf", "ja")
    faces = game.card_faces("ja")
    assert faces["ghost"]["undead"] is True and faces["ghost"]["name"] == "亡霊"
    assert faces["ghost"]["text"] == game.describe_card("ghost", "ja")

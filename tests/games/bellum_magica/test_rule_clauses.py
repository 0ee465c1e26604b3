"""Tests added for mutants that survived the first mutation run (rules clauses they pin, by name)."""

from __future__ import annotations

import pytest

from sabbat.games.bellum_magica import GAME, flow
from sabbat.games.bellum_magica.constants import Phase
from sabbat.games.bellum_magica.state import BellumState
from tests.games.bellum_magica.bellum_helpers import act, blank, give, set_display, to_attack


def test_attack_location_loot_of_food_only_is_announced() -> None:
    """「その場所のカードの下部に表示されている戦利品を回収します」: a food-only loot is logged too."""
    s = blank(2, cap=0)
    set_display(s, ["f1", "locb"])
    to_attack(s, 1)
    act(s, "attack_location", "f1")
    loot = [e for e in s.events if e.key.endswith("event.loot")]
    assert len(loot) == 1 and loot[0].params["food"] == 1 and loot[0].params["glyph"] == 0
    assert loot[0].render("en") == "P1 loots 1 food" and loot[0].render("ja") == "P1は食料1を略奪した"


def test_max_days_cap_plays_exactly_that_many_days() -> None:
    s = GAME.new(2, 6, {"max_days": 3})
    assert isinstance(s, BellumState)
    bots = [GAME.heuristic_agent(p) for p in range(2)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))  # type: ignore[index]
    starts = [e for e in s.events if e.key.endswith("event.day_start")]
    assert s.timed_out and len(starts) == 3 and s.days_played() == 3
    assert s.events[-2].key.endswith("game_end_cap")


def test_game_end_every_chest_is_revealed_to_every_player() -> None:
    """「プレーヤーは自分の宝物の価値を合計し」: at the end every player knows every chest."""
    s = blank(3)
    give(s, 0, "wood", [1])
    give(s, 1, "metal", [4])
    give(s, 2, "gold", [7])
    flow.finish(s)
    for viewer in range(3):
        known = {(c["holder"], c["value"]) for c in s.observation(viewer)["known_chests"]}
        assert known == {(q, v) for q, v in ((0, 1), (1, 4), (2, 7)) if q != viewer}


def test_castle_draft_then_goblins_start_with_the_first_captain() -> None:
    """「プレーヤーは自分のゴブリンカードをそれぞれ配置します」 — placement starts at the first captain."""
    s = GAME.new(3, 4, {"castle_choice": "draft"})
    assert isinstance(s, BellumState)
    while s.phase is Phase.DRAFT:
        s.apply(s.legal_actions()[0])
    assert s.phase is Phase.GOBLINS and s.current_player == s.captain


def test_gather_food_only_is_announced_without_a_zero_glyph_field() -> None:
    """「アクティブな部隊が集めた食料とグリフをサプライから受け取ります」"""
    from tests.games.bellum_magica.bellum_helpers import start_day

    s = blank(2, cap=0)
    s.production = lambda p, row: (2, 0, 0) if p == 0 else (0, 0, 0)  # type: ignore[method-assign]
    start_day(s, [3])
    gathered = [e for e in s.events if e.key.endswith("event.gather")]
    assert [e.render("en") for e in gathered] == ["P1 gathers 2 food"]
    assert [e.render("ja") for e in gathered] == ["P1は食料2を集めた"]


def test_barrel_cap_refuses_exactly_the_barrels_above_two() -> None:
    """「プレーヤーは2枚を超える樽を持つことはできません」: holding 1, a loot of 2 gives 1 and refuses 1."""
    s = blank(2, cap=0)
    set_display(s, ["locb", "f1"])
    s.barrels[0] = 1
    to_attack(s, 1)
    act(s, "attack_location", "locb")
    refused = [e for e in s.events if e.key.endswith("barrels_refused")]
    assert s.barrels[0] == 2 and [e.params["count"] for e in refused] == [1]


def test_robbed_castle_shield_token_event_names_the_new_defence() -> None:
    """「1を示す楯トークンを獲得し、自分の城の総防御レベルに加える」"""
    s = blank(2, cap=0)
    give(s, 1, "wood", [2])
    s.mshields[1] = 1
    to_attack(s, 1)
    s.attack = lambda q, row: (9, 1, 1) if q == 0 else (0, 0, 0)  # type: ignore[method-assign]
    s._legal = None
    act(s, "attack_castle", 1)
    act(s, "steal", "wood")
    token = [e for e in s.events if e.key.endswith("shield_token")]
    assert [e.params["defence"] for e in token] == [3] and s.defence(1) == (3, 1)


def test_scouts_tie_lists_both_players_with_each_languages_separator() -> None:
    from tests.games.bellum_magica.bellum_helpers import give_creature, start_day

    s = blank(2, cap=0)
    give_creature(s, 0, "gc", "L")
    give_creature(s, 1, "gc", "L")
    start_day(s, [2])
    scouts = next(e for e in s.events if e.key.endswith("event.scouts"))
    assert "P1, P2" in scouts.render("en") and "P1、P2" in scouts.render("ja")


def test_goblin_reveal_names_each_side_correctly() -> None:
    s = GAME.new(2, 1)
    assert isinstance(s, BellumState)
    placed = {}
    while s.phase is Phase.GOBLINS:
        p = s.current_player
        assert p is not None
        gob = s.hand[p][0]
        side = "L" if len(s.hand[p]) == 2 else "R"
        placed.setdefault(p, []).append((s.cards.name(gob)["en"], side))
        act(s, "place_goblin", gob, side)
    for e in (e for e in s.events if e.key.endswith("goblins_revealed")):
        (left, _), (right, _) = placed[e.params["player"]]
        assert e.render("en").endswith(f"left: {left}; right: {right}")


def test_recruit_event_carries_the_deck() -> None:
    from tests.games.bellum_magica.bellum_helpers import to_recruit

    s = blank(2, cap=0)
    s.food[0], s.glyph[0] = 6, 1
    to_recruit(s)
    act(s, "recruit", "evil", 0)
    act(s, "place_creature", "L")
    act(s, "recruit", "most_evil", 0)
    act(s, "place_creature", "R")
    decks = [e.params["deck"] for e in s.events if e.key.endswith("event.recruited")]
    assert decks == ["evil", "most_evil"]


@pytest.mark.slow
def test_setup_kingdom_table_for_2_to_4_players_with_more_towns_than_needed(tmp_path: object) -> None:
    """「2人プレイ:…町カード10枚を取ります」 also when the card file has 11 towns."""
    from pathlib import Path

    import yaml

    from sabbat.games.bellum_magica.cards import DEFAULT_CARDS

    data = yaml.safe_load(DEFAULT_CARDS.read_text(encoding="utf-8"))
    data["locations"].append({"id": "town_extra", "name": {"en": "Extra Town", "ja": "追加の町"}, "kind": "town",
                              "shields": 6, "metal": 1, "provenance": {"default": "reconstructed"}})
    assert isinstance(tmp_path, Path)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    for n, fvt in ((2, (3, 3, 10)), (3, (4, 4, 10)), (4, (6, 6, 10))):
        s = GAME.new(n, 1, {"cards": str(path)})
        assert isinstance(s, BellumState)
        kinds = [s.cards.locations[lid].kind for lid in s.deck + s.display]
        assert (kinds.count("farm"), kinds.count("village"), kinds.count("town")) == fvt


def test_the_declared_max_days_default_is_the_one_applied() -> None:
    s = GAME.new(2, 0)
    assert isinstance(s, BellumState)
    assert s.max_days == GAME.info.options["max_days"].default == 200


def test_no_die_is_shown_before_the_first_roll() -> None:
    from sabbat.games.bellum_magica.terminal import render

    s = GAME.new(2, 0)
    obs = s.observation(None)
    assert obs["die"] == 0
    from rich.console import Console

    console = Console(width=140, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(render(obs, "en"))
    assert "die" not in console.export_text().splitlines()[0]

"""Rulings: who learns which chest a thief took, 5 players take every kingdom card,
spectators see the public half of chest, theft and goblin events."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from sabbat.core import Rng
from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.cards import DEFAULT_CARDS, load
from sabbat.games.bellum_magica.state import BellumState
from tests.games.bellum_magica.bellum_helpers import act, blank, give, give_creature, set_stack, start_day, to_attack


def thief(s: BellumState, p: int, thieves: int) -> None:
    """Seat p attacks with 9 swords and `thieves` thieves on every row (test-only override)."""
    orig = s.attack
    s.attack = lambda q, row: (9, 0, thieves) if q == p else orig(q, row)  # type: ignore[method-assign]
    s._legal = None


def known(s: BellumState, viewer: int) -> list[tuple[int, str, int]]:
    return [(c["holder"], c["type"], c["value"]) for c in s.observation(viewer)["known_chests"]]


def steal_one(s: BellumState, attacker: int, victim: int, kind: str) -> None:
    to_attack(s, 1, turn=(attacker - s.captain) % s.num_players)
    thief(s, attacker, 1)
    act(s, "attack_castle", victim)
    act(s, "steal", kind)


def test_attack_other_castle_thief_takes_a_random_chest_of_several_onlookers_forget_which() -> None:
    """「他のプレーヤーから宝箱を盗む場合、盗まれた宝箱は価値を確認せずに…」: the thief takes one
    face-down chest of the chosen type; an onlooker who once held those chests cannot tell which moved."""
    s = blank(3, cap=0)
    give(s, 2, "wood", [1, 3])
    steal_one(s, 1, 2, "wood")  # P2 steals one of P3's two wooden chests: P2 learns its value
    assert len(known(s, 2)) == 1  # the victim knows what is left, so knows what went
    steal_one(s, 0, 1, "wood")  # P1 steals P2's only wooden chest: everybody knows which moved
    assert known(s, 2) == [(0, "wood", known(s, 2)[0][2])]
    s2 = blank(3, cap=0)
    ids = give(s2, 0, "wood", [1, 3])
    give(s2, 1, "wood", [2])
    for c in ids:  # P3 once held both of P1's wooden chests (it was robbed of them earlier)
        s2.seen[c] |= 1 << 2
    assert sorted(known(s2, 2)) == [(0, "wood", 1), (0, "wood", 3)]
    steal_one(s2, 1, 0, "wood")  # P2 takes one of the two at random
    assert known(s2, 2) == []  # P3 can no longer tell which one P1 kept and which P2 holds
    assert all("values" not in e.params for e in s2.events_for(2))
    assert len(s2.observation(1)["my_chests"]) == 2  # the thief sees what it took
    assert [h for h, _, _ in known(s2, 0)] == [1]  # the victim knows it by what is left
    for k in range(30):  # determinize for P3 resamples both, from everything P3 has not seen
        d = s2.determinize(2, Rng(k))
        assert d.chest_counts(0) == [1, 0, 0] and d.chest_counts(1) == [2, 0, 0]
        assert all(not d.seen[c] & (1 << 2) for q in (0, 1) for c in d.chests[q])


def test_attack_other_castle_a_single_chest_of_its_type_moves_with_what_others_knew() -> None:
    """With one chest of the type there is no choice: everyone who knew it knows where it went."""
    s = blank(3, cap=0)
    [c] = give(s, 0, "gold", [7])
    s.seen[c] |= 1 << 2
    steal_one(s, 1, 0, "gold")
    assert known(s, 2) == [(1, "gold", 7)]


@pytest.mark.slow
def test_setup_human_kingdom_5_players_take_all_kingdom_cards(tmp_path: Path) -> None:
    """「5人プレイ:王国カードを全て取ります」: every farm, village and town of the card file."""
    data = yaml.safe_load(DEFAULT_CARDS.read_text(encoding="utf-8"))
    villages = [e for e in data["locations"] if e["kind"] == "village"]
    data["locations"].remove(villages[0])
    data["locations"].append({"id": "town_extra", "name": {"en": "Extra Town", "ja": "追加の町"}, "kind": "town",
                              "shields": 6, "metal": 1, "provenance": {"default": "reconstructed"}})
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    table = load({"cards": str(path)})
    assert (len(table.location_lists["village"]), len(table.location_lists["town"])) == (6, 11)
    s = GAME.new(5, 3, {"cards": str(path)})
    assert isinstance(s, BellumState)
    kinds = [s.cards.locations[lid].kind for lid in s.deck + s.display]
    assert (kinds.count("farm"), kinds.count("village"), kinds.count("town")) == (7, 6, 11)
    assert s.kingdom_box == []
    four = GAME.new(4, 3, {"cards": str(path)})
    assert isinstance(four, BellumState)
    kinds4 = [four.cards.locations[lid].kind for lid in four.deck + four.display]
    assert (kinds4.count("farm"), kinds4.count("village"), kinds4.count("town")) == (6, 6, 10)
    bots = [GAME.heuristic_agent(p) for p in range(5)]
    while not s.is_terminal():  # and the game plays to its end
        s.apply(bots[s.current_player].choose(s))
    assert s.winners()


def test_spectators_see_the_public_versions_of_chest_theft_and_goblin_events() -> None:
    s = GAME.new(3, 5)
    assert isinstance(s, BellumState)
    bots = [GAME.heuristic_agent(p) for p in range(3)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    seen_keys = {e.key.rsplit(".", 1)[-1] for e in s.events_for(None)}
    assert {"goblin_placed_public", "chest_gained_public"} <= seen_keys
    assert not {"goblin_placed", "chest_gained", "theft"} & seen_keys
    for e in s.events:
        if e.key.endswith("_public"):  # seen by spectators and the other seats, never by the one it hides from
            assert e.visible_to(None) and not e.visible_to(e.params["player"])
            assert not {"value", "values", "name", "side"} & set(e.params)
    t = blank(3, cap=0)
    give(t, 1, "metal", [3])
    steal_one(t, 0, 1, "metal")
    public = [e for e in t.events_for(None) if e.key.endswith("theft_public")]
    assert public and public[0].params["types"] and "values" not in public[0].params
    assert [e.key for e in t.events_for(2) if "theft" in e.key] == ["bellum_magica.event.theft_public"]
    assert [e.key for e in t.events_for(0) if "theft" in e.key] == ["bellum_magica.event.theft"]


def test_spectator_sees_a_scout_chest_without_its_value() -> None:
    s = blank(2)
    s.boards[0] = "tb_w1"
    give_creature(s, 0, "gc", "L")
    set_stack(s, "metal", [5])
    start_day(s, [2])
    gained = [e for e in s.events_for(None) if "chest_gained" in e.key]
    assert [e.key for e in gained] == ["bellum_magica.event.chest_gained_public"]
    assert "value" not in gained[0].params

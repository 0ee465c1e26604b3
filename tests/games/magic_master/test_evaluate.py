"""The position estimate the search uses at the end of a cut-short rollout (evaluate.py)."""

from __future__ import annotations

import pytest

from sabbat import games
from sabbat.games.magic_master import evaluate as E
from sabbat.games.magic_master import flow
from sabbat.games.magic_master.bots import HeuristicAgent
from sabbat.games.magic_master.state import MagicMasterState
from tests.games.magic_master.mm_support import GAN, TB, TU, W, blank, give, group, inst

REGALIA = ("crown", "sceptre", "orb", "sword_of_state")


def played(seed: int, decisions: int, n: int = 2) -> MagicMasterState:
    """A real position: heuristic players for a number of decisions."""
    s = games.get("magic_master").new(n, seed)
    assert isinstance(s, MagicMasterState)
    bots = [HeuristicAgent(seed * 10 + p) for p in range(n)]
    for _ in range(decisions):
        if s.is_terminal():
            break
        p = s.current_player
        assert p is not None
        s.apply(bots[p].choose(s))
    return s


def even(n: int = 2) -> MagicMasterState:
    """Every player holds the same lone heir-and-soldiers group."""
    s = blank(n)
    for p in range(n):
        group(s, p, "fx_heir5", "fx_s8")
    return s


@pytest.mark.parametrize("n", [2, 3, 5])
@pytest.mark.parametrize("decisions", [0, 30, 120, 400])
def test_chances_sum_to_one_in_real_games(n, decisions):
    s = played(7 + n, decisions, n)
    chances = s.evaluate()
    assert chances is not None and len(chances) == n
    assert sum(chances) == pytest.approx(1.0)
    assert all(0.0 <= c <= 1.0 for c in chances)


def test_evaluate_leaves_the_state_alone():
    s = played(3, 80)
    before = s.clone()
    s.evaluate()
    assert [[g.cards() for g in gs] for gs in s.groups] == [[g.cards() for g in gs] for gs in before.groups]
    assert s.hand == before.hand and s.legal_actions() == before.legal_actions()


def test_equal_positions_are_a_coin_toss():
    assert even(2).evaluate() == pytest.approx([0.5, 0.5])
    assert even(4).evaluate() == pytest.approx([0.25] * 4)


def test_an_eliminated_player_has_no_chance():
    s = even(3)
    s.eliminated[1] = True
    s.groups[1] = []
    chances = s.evaluate()
    assert chances[1] == 0.0
    assert chances[0] + chances[2] == pytest.approx(1.0)
    assert chances[0] == pytest.approx(chances[2])


def test_a_finished_game_agrees_with_the_winner():
    s = even(3)
    flow.win(s, 2, "timeout")
    assert s.evaluate() == [0.0, 0.0, 1.0]
    s = played(5, 5000)
    assert s.is_terminal()
    assert s.evaluate() == [1.0 if p == s.winner else 0.0 for p in range(2)]


def test_three_regalia_in_one_group_favour_their_holder():
    s = even(2)
    for name in REGALIA[:3]:
        group_items = s.groups[0][0].items
        group_items.append(inst(s, name))
    chances = s.evaluate()
    assert chances[0] > 0.6
    # ... but not once the fourth is gone for good: then only the succession they add counts
    s.discard.append(inst(s, REGALIA[3]))
    assert s.evaluate()[0] < chances[0]


def test_regalia_in_hand_count_too():
    s = even(2)
    for name in REGALIA[:3]:
        s.hand[0].append(inst(s, name))
    assert s.evaluate()[0] > 0.55


def test_more_groups_favour_their_owner():
    s = even(2)
    group(s, 0, W, TU)
    assert s.evaluate()[0] > 0.55
    group(s, 1, "brenda", TU)
    group(s, 1, GAN)
    assert s.evaluate()[1] > 0.55


def test_better_groups_favour_their_owner():
    s = blank(2)
    group(s, 0, "fx_heir5", TB, TB)
    group(s, 1, "fx_heir5")
    assert s.evaluate()[0] > 0.53


def test_the_time_out_claim_weighs_more_as_the_deck_runs_out():
    s = even(2)
    s.groups[0][0].items.append(inst(s, "crown"))
    s.groups[1][0].items.append(inst(s, "orb"))  # a regalia as well, with less succession
    s.deck = list(range(40))
    early = s.evaluate()[0]
    s.deck, s.market = [], []
    s.countdown_p0, s.countdown_round = 1, 3
    late = s.evaluate()[0]
    assert early < late and late > 0.65
    assert E.timeout_winner(s) == 0


def test_reserve_characters_count():
    s = even(2)
    give(s, 0, W)
    assert s.evaluate()[0] > 0.5

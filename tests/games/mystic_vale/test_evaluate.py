"""The position estimate a search uses to judge a cut-short Mystic Vale playout (`evaluate.py`).

Why these tests: a broken estimate does not crash anything, it only makes the search play
worse, so its basic promises are pinned here: chances add up, points and deck strength both
count, a finished game agrees with its winners, and hidden deck order never matters.
"""

from __future__ import annotations

import pytest

from sabbat import games
from sabbat.core import Rng
from sabbat.games.mystic_vale.cards import DECK_SIZE
from sabbat.games.mystic_vale.constants import Phase
from sabbat.games.mystic_vale.evaluate import deck_yield, field_share, projected_points
from sabbat.games.mystic_vale.state import MysticValeState

GAME = games.get("mystic_vale")


def _new(seed: int = 1, players: int = 2) -> MysticValeState:
    state = GAME.new(players, seed)
    assert isinstance(state, MysticValeState)
    return state


def _played(seed: int, decisions: int | None = None) -> MysticValeState:
    """A heuristic self-play game after `decisions` moves (None: to the end)."""
    state = _new(seed)
    agent = GAME.heuristic_agent(seed)
    done = 0
    while not state.is_terminal() and (decisions is None or done < decisions):
        state.apply(agent.choose(state))
        done += 1
    return state


def _blank_sleeves(state: MysticValeState, p: int) -> list[int]:
    return [s for s in range(p * DECK_SIZE, (p + 1) * DECK_SIZE) if all(x < 0 for x in state.slots[3 * s: 3 * s + 3])]


def _upgrade(state: MysticValeState, p: int, card: str, copies: int) -> None:
    """Sleeve `copies` of advancement `card` (top position) into blank cards of seat `p`."""
    pid = state.cards.part(card, "top")
    for s in _blank_sleeves(state, p)[:copies]:
        state.slots[3 * s] = pid
        state.recompute_sleeve(s)
    state.rebuild_caches()


def test_chances_sum_to_one_and_lie_between_zero_and_one_all_game() -> None:
    for seed in (3, 4):
        state = _new(seed)
        agent = GAME.heuristic_agent(seed)
        while not state.is_terminal():
            chances = state.evaluate()
            assert len(chances) == 2
            assert sum(chances) == pytest.approx(1.0)
            assert all(0.0 <= c <= 1.0 for c in chances)
            state.apply(agent.choose(state))


def test_three_and_four_player_chances_sum_to_one() -> None:
    for players in (3, 4):
        state = _new(5, players)
        state.vp[1] += 4
        chances = state.evaluate()
        assert len(chances) == players and sum(chances) == pytest.approx(1.0)
        assert max(chances) == chances[1]


def test_equal_decks_and_points_at_the_start_are_an_even_game() -> None:
    assert _new(2).evaluate() == pytest.approx([0.5, 0.5])


@pytest.mark.parametrize("leader", [0, 1])
def test_the_seat_with_more_points_is_favoured(leader: int) -> None:
    state = _new(2)
    state.vp[leader] += 5
    chances = state.evaluate()
    assert chances[leader] > 0.6 > chances[1 - leader]


def test_more_points_count_for_more_as_the_pool_runs_dry() -> None:
    early, late = _new(2), _new(2)
    early.vp[0] += 3
    late.vp[0] += 3
    late.pool = 2
    assert late.evaluate()[0] > early.evaluate()[0] > 0.5


@pytest.mark.parametrize(("card", "why"), [
    ("earth_titan", "spirit and harvest VP"),
    ("harvest_patch", "harvest VP"),
    ("fertile_soil", "mana"),
    ("wild_blossom", "wild spirit"),
])
def test_a_stronger_deck_is_favoured_at_equal_points(card: str, why: str) -> None:
    state = _new(2)
    _upgrade(state, 1, card, 3)
    assert state.points(0) == state.points(1)
    chances = state.evaluate()
    assert chances[1] > chances[0], why


def test_growth_is_favoured_at_equal_points_and_equal_harvest_vp() -> None:
    """World Tree is Elder Oak's 2 harvest VP plus a growth symbol: only growth tells the decks apart."""
    state = _new(2)
    _upgrade(state, 0, "elder_oak", 3)
    _upgrade(state, 1, "world_tree", 3)
    assert state.points(0) == state.points(1)
    chances = state.evaluate()
    assert chances[1] > chances[0], "growth lets more cards reach the field"


def test_decay_shrinks_the_field_and_growth_widens_it() -> None:
    assert field_share(12, 0) < field_share(9, 0) < field_share(9, 3)
    state = _new(2)
    _upgrade(state, 0, "mana_spring", 3)  # 2 mana each, but a decay each: fewer cards a turn
    plain = deck_yield(_new(2), 0)
    assert deck_yield(state, 0).mana > plain.mana


def test_an_advancement_bought_but_not_yet_sleeved_counts_for_its_buyer() -> None:
    state = _new(2)
    p = state.turn_player
    before = projected_points(state)[0][p]
    state.pending = [state.cards.part("earth_titan", "top")]
    assert projected_points(state)[0][p] > before


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_finished_game_agrees_with_its_winners(seed: int) -> None:
    state = _played(seed)
    assert state.is_terminal()
    winners = state.winners()
    assert state.evaluate() == [1.0 / len(winners) if p in winners else 0.0 for p in range(2)]


def test_estimate_is_the_same_on_every_determinization() -> None:
    """It reads only public facts (compositions, points), never deck order or hidden cards."""
    state = _played(6, 120)
    assert not state.is_terminal()
    me = state.current_player
    assert me is not None
    rng = Rng(9)
    worlds = [state.determinize(me, rng) for _ in range(5)]
    for world in worlds:
        assert world.evaluate() == pytest.approx(state.evaluate())


def test_mid_game_estimate_prefers_the_projected_leader_over_the_points_leader() -> None:
    """Equal points, but one seat's deck is full of spirit and VP: the deck wins the argument."""
    state = _new(2)
    _upgrade(state, 0, "earth_titan", 4)
    state.vp[1] += 2
    assert state.phase is Phase.PLANT
    assert state.evaluate()[0] > 0.5


def test_evaluate_leaves_the_state_alone() -> None:
    """The search calls it on its own copies, but a caller may hand it the real game."""
    state = _played(8, 90)
    state.pending = [state.cards.part("earth_titan", "top")]
    before = (state.observation(None), list(state.cstats), list(state.pending), state.scores())
    state.evaluate()
    assert (state.observation(None), list(state.cstats), list(state.pending), state.scores()) == before

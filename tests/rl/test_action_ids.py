"""Action ids: every legal action has exactly one id and comes back from it; ids never move."""

from __future__ import annotations

import random

import pytest

from sabbat import games, rl
from sabbat.core.actions import Action
from sabbat.rl.actions import NotInLayout, action_space
from tests.rl.conftest import CASES, GAMES


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_legal_action_round_trips(game: str, players: int) -> None:
    g = games.get(game)
    ids = rl.actions(game)
    for seed in range(25):
        state = g.new(players, seed=seed)
        r = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            numbers = [ids.to_id(a) for a in legal]
            assert len(set(numbers)) == len(numbers), "two legal actions share an id"
            assert all(0 <= i < ids.n and ids.to_action(i) == a for i, a in zip(numbers, legal, strict=True))
            assert ids.mask(legal).sum() == len(legal)
            state.apply(r.choice(legal))


@pytest.mark.parametrize("game", GAMES)
def test_ids_are_a_bijection_on_the_whole_layout(game: str) -> None:
    ids = rl.actions(game)
    seen: set[Action] = set()
    for i in range(ids.n):
        try:
            action = ids.to_action(i)
        except NotInLayout:
            continue  # a spare slot of a card table
        assert ids.to_id(action) == i
        seen.add(action)
    assert len(seen) > ids.n // 2


# A few ids pinned: a change here breaks every trained policy and must be a new version.
PINNED = {
    "mystic_vale": [(Action("push"), 0), (Action("buy", (3, 2)), 13), (Action("use", (10000,)), 544)],
    "nameless_dark_lord": [(Action("acquire"), 0), (Action("place", (5, 1)), 59)],
    "monslaught": [(Action("pick", ("banshee",)), 8), (Action("maintain", (0, -1)), 1928)],
    "bellum_magica": [(Action("place_goblin", ("gob_blix", "R")), 219), (Action("attack_castle", (2,)), 520)],
    "magic_master": [(Action("accept"), 0), (Action("card_attack", (66, 1, 3)), 5966 + 66 * 48 + 1 * 8 + 3)],
}


@pytest.mark.parametrize("game", sorted(PINNED))
def test_pinned_ids(game: str) -> None:
    ids = rl.actions(game)
    for action, number in PINNED[game]:
        assert ids.to_id(action) == number


def test_a_new_card_takes_a_spare_slot_and_moves_nothing() -> None:
    shipped = games.get("monslaught").card_ids()
    before = action_space("monslaught", shipped)
    after = action_space("monslaught", [*shipped, "aaa_new_card"])
    assert before.n == after.n
    for card in shipped:
        assert before.to_id(Action("pick", (card,))) == after.to_id(Action("pick", (card,)))
    new = after.to_id(Action("pick", ("aaa_new_card",)))
    assert after.to_action(new) == Action("pick", ("aaa_new_card",))
    with pytest.raises(NotInLayout):
        before.to_id(Action("pick", ("aaa_new_card",)))


def test_unknown_kind_is_refused_with_its_name() -> None:
    with pytest.raises(NotInLayout, match="fly"):
        rl.actions("mystic_vale").to_id(Action("fly", (1,)))

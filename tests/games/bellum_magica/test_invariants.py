"""check_invariants(): sound through whole games of every option variant; each broken by hand is reported."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from sabbat.core import Rng
from sabbat.games.bellum_magica import GAME
from sabbat.games.bellum_magica.state import BellumState


def played(n: int, seed: int, steps: int, **options: object) -> BellumState:
    s = GAME.new(n, seed, dict(options))
    assert isinstance(s, BellumState)
    r = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(r.choice(s.legal_actions()))
        assert s.check_invariants() == []
    return s


@pytest.mark.parametrize(("n", "options"), [(2, {}), (3, {"castle_choice": "draft"}), (5, {"max_days": 3})])
def test_invariants_hold_through_a_whole_game(n: int, options: dict[str, object]) -> None:
    s = played(n, 9, 100_000, **options)
    assert s.is_terminal() and s.check_invariants() == []


def _lose_a_chest(s: BellumState) -> None:
    s.stacks[0].pop()


def _copy_a_chest(s: BellumState) -> None:
    s.chests[0].append(s.stacks[2][-1])


def _wrong_stack(s: BellumState) -> None:
    s.stacks[0].append(s.stacks[1].pop())


def _copy_a_creature(s: BellumState) -> None:
    s.left[0].append(s.cdisplay["evil"][0])


def _lose_a_location(s: BellumState) -> None:
    s.deck.pop()


def _lose_a_goblin(s: BellumState) -> None:
    s.goblin_box.pop()


def _free_magic_shield(s: BellumState) -> None:
    s.mshields[1] += 1


def _free_spell(s: BellumState) -> None:
    s.conf_up[0] += 1


def _negative_food(s: BellumState) -> None:
    s.food[0] = -1


def _three_barrels(s: BellumState) -> None:
    s.barrels[1] = 3


def _shared_board(s: BellumState) -> None:
    s.boards[1] = s.boards[0]


@pytest.mark.parametrize("breaks", [_lose_a_chest, _copy_a_chest, _wrong_stack, _copy_a_creature, _lose_a_location,
                                    _lose_a_goblin, _free_magic_shield, _free_spell, _negative_food, _three_barrels,
                                    _shared_board])
def test_each_broken_invariant_is_reported(breaks: Callable[[BellumState], None]) -> None:
    s = GAME.new(3, 2)
    assert isinstance(s, BellumState) and s.check_invariants() == []
    breaks(s)
    assert len(s.check_invariants()) == 1


def _unpaid_shield_bonus(s: BellumState) -> None:
    card = next(c for c in s.cdeck["evil"] if s.cards.creatures[c].bonus == ("shield",))
    s.cdeck["evil"].remove(card)
    s.left[0].append(card)  # recruited (conserved) but its shield token never given


def test_a_shield_bonus_never_given_is_reported() -> None:
    s = GAME.new(3, 2)
    assert isinstance(s, BellumState)
    _unpaid_shield_bonus(s)
    assert s.check_invariants() == ["P1 holds fewer shield tokens than its creatures gave"]

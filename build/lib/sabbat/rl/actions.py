"""Action ids: a bijection between a game's `Action`s and 0..N-1 (`Discrete(N)`).

Each kind owns a block of ids, `base + mixed-radix index of its arguments`; the blocks follow
the declared order of `layouts.py`, so ids depend on declarations, never on play.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from sabbat.core.actions import Action
from sabbat.core.errors import SabbatError

from .domains import Domain, Words
from .layouts import LAYOUTS, Kind


class NotInLayout(SabbatError):
    """An action or id the game's declared layout has no room for."""


@dataclass(frozen=True)
class Block:
    kind: str
    base: int
    domains: tuple[Domain, ...]

    @property
    def size(self) -> int:
        n = 1
        for d in self.domains:
            n *= d.size
        return n


class ActionSpace:
    """Ids for one game's actions; `mask` marks the legal ones."""

    def __init__(self, game_id: str, kinds: Sequence[Kind], card_ids: Iterable[str] = ()) -> None:
        cards = sorted(card_ids)
        self.game_id = game_id
        self.blocks: list[Block] = []
        base = 0
        for kind, domains in kinds:
            bound = tuple(d.bind(cards) if isinstance(d, Words) and d.cards else d for d in domains)
            block = Block(kind, base, bound)
            self.blocks.append(block)
            base += block.size
        self.n = base
        self._by_kind = {b.kind: b for b in self.blocks}
        self._bases = [b.base for b in self.blocks]
        self._ids: dict[Action, int] = {}
        self._actions: dict[int, Action] = {}

    def to_id(self, action: Action) -> int:
        found = self._ids.get(action)
        if found is not None:
            return found
        block = self._by_kind.get(action.kind)
        if block is None or len(action.args) != len(block.domains):
            raise NotInLayout(f"{self.game_id}: the action layout has no kind {action.notation()!r}")
        index = 0
        for domain, arg in zip(block.domains, action.args, strict=True):
            i = domain.index(arg)
            if i is None:
                raise NotInLayout(f"{self.game_id}: {arg!r} is outside {block.kind}'s declared {domain.describe()}")
            index = index * domain.size + i
        found = self._ids[action] = block.base + index
        return found

    def to_action(self, action_id: int) -> Action:
        known = self._actions.get(action_id)
        if known is not None:
            return known
        if not 0 <= action_id < self.n:
            raise NotInLayout(f"{self.game_id}: action id {action_id} is outside 0..{self.n - 1}")
        block = self.blocks[bisect_right(self._bases, action_id) - 1]
        rest = action_id - block.base
        args: list[int | str] = []
        for domain in reversed(block.domains):
            rest, i = divmod(rest, domain.size)
            try:
                args.append(domain.value(i))
            except IndexError:
                raise NotInLayout(f"{self.game_id}: action id {action_id} is a spare slot of {block.kind}") from None
        action = self._actions[action_id] = Action(block.kind, tuple(reversed(args)))
        return action

    def mask(self, legal: Iterable[Action]) -> np.ndarray:
        out = np.zeros(self.n, dtype=np.int8)
        ids = self._ids
        out[[ids[a] if a in ids else self.to_id(a) for a in legal]] = 1
        return out


def action_space(game_id: str, card_ids: Iterable[str] = ()) -> ActionSpace:
    """The id layout of `game_id`, its card tables bound to the card set in use."""
    try:
        kinds = LAYOUTS[game_id]
    except KeyError:
        raise NotInLayout(f"no action layout is declared for {game_id!r}") from None
    return ActionSpace(game_id, kinds, card_ids)

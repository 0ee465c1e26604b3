"""The goblins placed face down at setup: the game's secret simultaneous choice.

Each seat in turn tucks its dealt goblins, one at a time, under the left or right side of its
castle, face down; the others learn only that a goblin went down. When every hand is empty all
placements are turned up together. Functions over the position (model.py); `sabbat.core.secrets`
does the bookkeeping every secret choice shares.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from sabbat.core import Rng, i18n
from sabbat.core.secrets import SecretChoice

from .cards import CardTable
from .model import Position
from .rules import GOBLINS_PHASE
from .text import NS


class FaceDownGoblins(SecretChoice[Position]):
    """A seat has chosen once its hand is empty; its commitment is its goblins placed (`placed`)."""

    def is_open(self, s: Position) -> bool:
        return s.phase is GOBLINS_PHASE

    def has_chosen(self, s: Position, p: int) -> bool:
        return not s.hand[p]

    def commitment(self, s: Position, p: int) -> tuple[tuple[str, str], ...]:
        return tuple(s.placed[p])

    def reveal(self, s: Position) -> None:
        for q in range(s.num_players):
            for g, sd in s.placed[q]:
                (s.left if sd == "L" else s.right)[q].append(g)
            s.emit(f"{NS}.event.goblins_revealed", player=q, sides=_goblin_sides(s.cards, tuple(s.placed[q])))
            s.placed[q] = []

    def redraw(self, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
        """Hands and face-down goblins together, from every goblin the searching player has not
        seen (the box too), each placed one on a random side.

        Also the hands' redraw in the castle draft, when goblins are dealt but none placed.
        """
        seen = {g for q in range(s.num_players) if q not in seats for g in s.hand[q]}
        seen |= {g for q in range(s.num_players) if q not in seats for g, _ in s.placed[q]}
        seen |= {g for q in range(s.num_players) for g in s.left[q] + s.right[q]}
        pool = sorted(g for g in s.cards.deck_lists["goblins"] if g not in seen)
        rng.shuffle(pool)
        for q in seats:
            new.placed[q] = [(pool.pop(), "LR"[rng.below(2)]) for _ in s.placed[q]]
            new.hand[q] = sorted(pool.pop() for _ in s.hand[q])
        new.goblin_box = sorted(pool)


GOBLINS = FaceDownGoblins()


@lru_cache(maxsize=1024)
def _goblin_sides(cards: CardTable, placed: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """"left: Snik, Grub" / 「左 スニク、グラブ」, leaving out a side that got no goblin (rendered once)."""
    out = {}
    for loc, sep in (("en", "; "), ("ja", "/")):
        parts = []
        for side in ("L", "R"):
            names = [cards.names[g] for g, sd in placed if sd == side]
            if names:
                parts.append(i18n.render(f"{NS}.text.side_goblins", loc, {
                    "side": i18n.render(f"{NS}.view.side_{side}", loc), "names": names}))
        out[loc] = sep.join(parts)
    return out

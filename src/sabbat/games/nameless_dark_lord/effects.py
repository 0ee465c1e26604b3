"""Card abilities as named handlers: rules code looks them up by the card's `effect`.

* ON_PLACE: placement abilities (optional "may" or mandatory "must").
* PLACE_CONDITIONS: what makes a mandatory ability (and so the placement) possible.
* AUTORUN: timed abilities run at the end of placement (②E1, then ②E2).
* ON_ACQUIRED: effects of the acquired target card itself (Junk Golem's stone).
* TRIGGERS: units whose ability fires when their owner acquires in their area.

A handler changes the position and returns; the round's flow (bidding.py, rounds.py) carries on after it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .board import MAX_UNITS, bomber_to_stock, bombers_return_early, remove_unit
from .model import Position
from .text import EVENT


def _own_in(s: Position, p: int, x: int) -> list[int]:
    owner = s.owner
    return [u for u in s.areas[x] if owner[u] == p]


# ----------------------------------------------------------------------------- placement abilities
@dataclass(frozen=True)
class PlaceAbility:
    """A placement ability: its choices now, and what choosing target `t` does.

    `resolve` returns what is left to pay before the placement completes (0: nothing).
    """

    optional: bool
    choices: Callable[[Position, int, int, int], list[int]]
    resolve: Callable[[Position, int, int, int, int], int]


def _delivery_choices(s: Position, p: int, u: int, x: int) -> list[int]:
    if u in s.delivery_used:
        return []
    return _own_in(s, p, x)


def _delivery(s: Position, p: int, u: int, x: int, t: int) -> int:
    s.tokens[t] = s.tokens.get(t, 0) + 1
    s.delivery_used.add(u)
    s.emit(EVENT + "token", player=s.colour_name(p), card=s.deal.name[t])
    return 0


def _dragon_choices(s: Position, p: int, u: int, x: int) -> list[int]:
    return _own_in(s, p, x)


def _dragon(s: Position, p: int, u: int, x: int, t: int) -> int:
    remove_unit(s, t)
    return 0


def _spear_choices(s: Position, p: int, u: int, x: int) -> list[int]:
    budget = s.coins[p] + s.stones[p]
    power, tokens = s.deal.power, s.tokens
    return [t for t in s.areas[x] if power[t] + tokens.get(t, 0) <= budget]


def _spear(s: Position, p: int, u: int, x: int, t: int) -> int:
    """The target's power is paid first (bidding.py), then it is removed; power 0 removes it at once."""
    s.pend_target = t
    amount = s.power(t)
    if amount == 0:
        remove_unit(s, t)
    return amount


def _scout_choices(s: Position, p: int, u: int, x: int) -> list[int]:
    # Ruling: a Scout cannot return a Scout (prevents endless loops with custom card files).
    effect = s.deal.effect
    return [t for t in _own_in(s, p, x) if effect[t] != "scout"]


def _scout(s: Position, p: int, u: int, x: int, t: int) -> int:
    """The unit goes home with its sleeve and may be placed again; a Goblin Bomber, being
    single use, is spent: it goes to the stock (default) or waits at home, unplaceable, for
    end phase b) (`bomber_return=end_phase_b`)."""
    s.areas[x].remove(t)
    s.tokens.pop(t, None)
    s.emit(EVENT + "returned", player=s.colour_name(p), card=s.deal.name[t])
    if not s.deal.is_bomber[t]:
        s.placed.discard(t)
    elif bombers_return_early(s):
        bomber_to_stock(s, t)
    return 0


ON_PLACE: dict[str, PlaceAbility] = {
    "delivery": PlaceAbility(True, _delivery_choices, _delivery),
    "skull_dragon": PlaceAbility(False, _dragon_choices, _dragon),
    "spearman": PlaceAbility(False, _spear_choices, _spear),
    "scout": PlaceAbility(True, _scout_choices, _scout),
}

PLACE_CONDITIONS: dict[str, Callable[[Position, int, int, int], bool]] = {
    "skull_dragon": lambda s, p, u, x: bool(_dragon_choices(s, p, u, x)),
    "spearman": lambda s, p, u, x: bool(_spear_choices(s, p, u, x)),
}


# ----------------------------------------------------------------------------- AUTORUN
def _ultimate(s: Position, u: int, x: int) -> None:
    """②E1: every other unit in the area whose current power is exactly 1 goes to the remove area."""
    threshold = int(s.options["k_threshold"])
    for t in list(s.areas[x]):
        if t != u and s.power(t) == threshold:
            remove_unit(s, t)


def _clay(s: Position, u: int, x: int) -> None:
    """②E2: a unit in position 5 goes to the remove area (Clay itself included)."""
    if len(s.areas[x]) >= MAX_UNITS:
        remove_unit(s, s.areas[x][MAX_UNITS - 1])


AUTORUN: dict[str, Callable[[Position, int, int], None]] = {"ultimate": _ultimate, "clay": _clay}


# ----------------------------------------------------------------------------- acquisition
def _junk_stone(s: Position, p: int, t: int) -> None:
    s.stones[p] += 1
    s.emit(EVENT + "stone", player=s.colour_name(p))


ON_ACQUIRED: dict[str, Callable[[Position, int, int], None]] = {"junk_stone": _junk_stone}

TRIGGERS = frozenset({"cursedman", "guardian"})

"""Card abilities as named handlers: rules code looks them up by the card's `effect`.

* ON_PLACE: placement abilities (optional "may" or mandatory "must").
* PLACE_CONDITIONS: what makes a mandatory ability (and so the placement) possible.
* AUTORUN: timed abilities run at the end of placement (②E1, then ②E2).
* ON_ACQUIRED: effects of the acquired target card itself (Junk Golem's stone).
* TRIGGERS: units whose ability fires when their owner acquires in their area.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .options import option
from .state import NdlState, PayFor


def _own_in(s: NdlState, p: int, x: int) -> list[int]:
    return [u for u in s.areas[x] if s.owner[u] == p]


# ----------------------------------------------------------------------------- placement abilities
@dataclass(frozen=True)
class PlaceAbility:
    """A placement ability: its choices now, and what choosing target `t` does."""

    optional: bool
    choices: Callable[[NdlState, int, int, int], list[int]]
    resolve: Callable[[NdlState, int, int, int, int], None]


def _delivery_choices(s: NdlState, p: int, u: int, x: int) -> list[int]:
    if u in s.delivery_used:
        return []
    return _own_in(s, p, x)


def _delivery(s: NdlState, p: int, u: int, x: int, t: int) -> None:
    from .rules import finish_place

    s.tokens[t] = s.tokens.get(t, 0) + 1
    s.delivery_used.add(u)
    s.emit(f"{s.game_id}.event.token", player=s.colour_name(p), card=s.name(t))
    finish_place(s)


def _dragon_choices(s: NdlState, p: int, u: int, x: int) -> list[int]:
    return _own_in(s, p, x)


def _dragon(s: NdlState, p: int, u: int, x: int, t: int) -> None:
    from .rules import finish_place, remove_unit

    remove_unit(s, t)
    finish_place(s)


def _spear_choices(s: NdlState, p: int, u: int, x: int) -> list[int]:
    budget = s.coins[p] + s.stones[p]
    return [t for t in s.areas[x] if s.power(t) <= budget]


def _spear(s: NdlState, p: int, u: int, x: int, t: int) -> None:
    from .rules import begin_payment, finish_place, remove_unit

    s.pend_target = t
    amount = s.power(t)
    if amount == 0:
        remove_unit(s, t)
        finish_place(s)
        return
    begin_payment(s, amount, PayFor.SPEAR)


def _scout_choices(s: NdlState, p: int, u: int, x: int) -> list[int]:
    # Ruling: a Scout cannot return a Scout (prevents endless loops with custom card files).
    return [t for t in _own_in(s, p, x) if s.card(t).effect != "scout"]


def _scout(s: NdlState, p: int, u: int, x: int, t: int) -> None:
    """The unit goes home with its sleeve and may be placed again; a Goblin Bomber, being
    single use, is spent: it goes to the stock (default) or waits at home, unplaceable, for
    end phase b) (`bomber_return=end_phase_b`)."""
    from .rules import bomber_to_stock, bombers_return_early, finish_place

    s.areas[x].remove(t)
    s.tokens.pop(t, None)
    s.emit(f"{s.game_id}.event.returned", player=s.colour_name(p), card=s.name(t))
    if s.card(t).role != "bomber":
        s.placed.discard(t)
    elif bombers_return_early(s):
        bomber_to_stock(s, t)
    finish_place(s)


ON_PLACE: dict[str, PlaceAbility] = {
    "delivery": PlaceAbility(True, _delivery_choices, _delivery),
    "skull_dragon": PlaceAbility(False, _dragon_choices, _dragon),
    "spearman": PlaceAbility(False, _spear_choices, _spear),
    "scout": PlaceAbility(True, _scout_choices, _scout),
}

PLACE_CONDITIONS: dict[str, Callable[[NdlState, int, int, int], bool]] = {
    "skull_dragon": lambda s, p, u, x: bool(_dragon_choices(s, p, u, x)),
    "spearman": lambda s, p, u, x: bool(_spear_choices(s, p, u, x)),
}


# ----------------------------------------------------------------------------- AUTORUN
def _ultimate(s: NdlState, u: int, x: int) -> None:
    """②E1: every other unit in the area whose current power is exactly 1 goes to the remove area."""
    from .rules import remove_unit

    threshold = int(option(s.options, "k_threshold"))
    for t in list(s.areas[x]):
        if t != u and s.power(t) == threshold:
            remove_unit(s, t)


def _clay(s: NdlState, u: int, x: int) -> None:
    """②E2: a unit in position 5 goes to the remove area (Clay itself included)."""
    from .rules import MAX_UNITS, remove_unit

    if len(s.areas[x]) >= MAX_UNITS:
        remove_unit(s, s.areas[x][MAX_UNITS - 1])


AUTORUN: dict[str, Callable[[NdlState, int, int], None]] = {"ultimate": _ultimate, "clay": _clay}


# ----------------------------------------------------------------------------- acquisition
def _junk_stone(s: NdlState, p: int, t: int) -> None:
    s.stones[p] += 1
    s.emit(f"{s.game_id}.event.stone", player=s.colour_name(p))


ON_ACQUIRED: dict[str, Callable[[NdlState, int, int], None]] = {"junk_stone": _junk_stone}

TRIGGERS = frozenset({"cursedman", "guardian"})

"""Cards changing hands and the battle areas: the moves and sums both the rules and the
card abilities need (so abilities never call back into the round's flow)."""

from __future__ import annotations

from .model import NO_ONE, Position
from .text import EVENT

MAX_UNITS = 5
"""Units a battle area holds."""


def give(s: Position, p: int, uid: int) -> None:
    s.owner[uid] = p
    s.owned[p].append(uid)


def take_away(s: Position, uid: int) -> None:
    p = s.owner[uid]
    if p >= 0:
        s.owned[p].remove(uid)
    s.owner[uid] = NO_ONE


def player_power(s: Position, p: int, x: int) -> int:
    owner, power, tokens = s.owner, s.deal.power, s.tokens
    return sum(power[u] + tokens.get(u, 0) for u in s.areas[x] if owner[u] == p)


def cost(s: Position, p: int, x: int) -> int:
    """Upkeep of all p's units in X plus each other player's Goblin King surcharge."""
    owner, deal, tokens = s.owner, s.deal, s.tokens
    upkeep, effect = deal.upkeep, deal.effect
    total = kings = strong = 0
    for u in s.areas[x]:
        if owner[u] == p:
            total += upkeep[u]
            if deal.power[u] + tokens.get(u, 0) >= 2:
                strong += 1
        elif effect[u] == "king_tax":
            kings += 1
    return total + kings * strong


def can_afford(s: Position, p: int, amount: int) -> bool:
    return s.coins[p] + s.stones[p] >= amount


def bombers_return_early(s: Position) -> bool:
    """Default `after_area`: a placed Bomber leaves as soon as it is out of play; else at end phase b)."""
    return bool(s.options["bomber_return"] != "end_phase_b")


def bomber_to_stock(s: Position, u: int) -> None:
    p = s.owner[u]
    s.placed.discard(u)
    s.tokens.pop(u, None)
    take_away(s, u)
    s.emit(EVENT + "bomber_back", player=s.colour_name(p))


def remove_unit(s: Position, uid: int) -> None:
    """Move a unit from its battle area to the remove area (the stack compacts).

    A Goblin Bomber is single use: by default it goes on to the stock at once; with
    `bomber_return=end_phase_b` it waits in the remove area for end phase b).
    """
    for stack in s.areas:
        if uid in stack:
            stack.remove(uid)
            break
    s.removed.append(uid)
    s.emit(EVENT + "removed", player=s.colour_name(s.owner[uid]), card=s.deal.name[uid])
    if s.deal.is_bomber[uid] and bombers_return_early(s):
        s.removed.remove(uid)
        bomber_to_stock(s, uid)

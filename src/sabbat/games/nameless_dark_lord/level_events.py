"""The events after rounds 3 and 5: players short of a Level's territories receive negative ones.

Default `per_level`: a player who acquired no territory during the Level receives one (choosing
among distinct cards); option `per_type`: one per territory name the player owns none of. The
round's flow (rounds.py) carries on once an event is over.
"""

from __future__ import annotations

from functools import lru_cache

from .board import give
from .cards import CardTable
from .model import NO_ONE, Phase, Position, seat_order
from .text import EVENT


def level_groups(s: Position, level: int) -> list[str]:
    """The territory names of a Level: those of its deck, then any only a negative card has."""
    return list(_level_groups(s.cards, level))


@lru_cache(maxsize=64)
def _level_groups(table: CardTable, level: int) -> tuple[str, ...]:
    out: list[str] = []
    for cid in table.order:
        c = table.by_id[cid]
        if c.type == "territory" and c.role == "deck" and c.level == level and c.group and c.group not in out:
            out.append(c.group)
    for cid in table.order:
        c = table.by_id[cid]
        if c.role == "negative" and c.level == level and c.group and c.group not in out:
            out.append(c.group)
    return tuple(out)


def _negative_in_stock(s: Position, group: str) -> list[int]:
    card, owner = s.deal.card, s.owner
    return [u for u, c in enumerate(card) if owner[u] == NO_ONE and c.role == "negative" and c.group == group
            and u not in s.trash]


def _trashed(s: Position, group: str) -> list[int]:
    card = s.deal.card
    return sorted(u for u in s.trash if card[u].type == "territory" and card[u].group == group)


def receive(s: Position, p: int, u: int) -> None:
    """Give negative territory `u` to p; a card from the trash is flagged negative (p.24)."""
    key = "event_card"
    if u in s.trash:
        s.trash.remove(u)
        s.neg_flag.add(u)
        key = "event_card_trash"
    give(s, p, u)
    s.emit(EVENT + key, player=s.colour_name(p), card=s.name(u))


def begin_event(s: Position, level: int) -> bool:
    """Give out the Level's negative territories; True once done, False while a player chooses."""
    s.emit(EVENT + "event", level=level)
    order = seat_order(s, s.red)
    if s.options["event_mode"] == "per_level":
        s.event_queue = [p for p in order if not s.terr_level[p][level - 1]]
        s.event_supply = [u for g in level_groups(s, level) for u in _negative_in_stock(s, g)]
        s.event_supply += [u for g in level_groups(s, level) for u in _trashed(s, g)]
        return run_event(s)
    for g in level_groups(s, level):
        lacking = [p for p in order if not any(s.card(o).group == g for o in s.owned[p])]
        supply = _negative_in_stock(s, g) + _trashed(s, g)
        for p in lacking:
            if not supply:
                s.emit(EVENT + "event_short", player=s.colour_name(p))
                continue
            receive(s, p, supply.pop(0))
    return True


def event_choices(s: Position) -> list[int]:
    """Distinct cards the next receiver may take: printed negative cards while any are left,
    then copies from the trash (p.24: trash cards when several players lack territory)."""
    printed = [u for u in s.event_supply if u not in s.trash]
    seen: set[tuple[str, bool]] = set()
    out = []
    for u in printed or s.event_supply:
        key = (s.cid[u], u in s.trash)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def run_event(s: Position) -> bool:
    """Hand out cards while the next receiver has no choice; True once everyone has received."""
    while s.event_queue:
        p = s.event_queue[0]
        if not s.event_supply:
            s.emit(EVENT + "event_short", player=s.colour_name(p))
            s.event_queue.pop(0)
            continue
        only = event_choices(s)
        if len(only) == 1:
            s.event_queue.pop(0)
            s.event_supply.remove(only[0])
            receive(s, p, only[0])
            continue
        s.phase = Phase.EVENT
        s.actor = p
        return False
    s.event_supply = []
    return True


def take(s: Position, u: int) -> bool:
    """The pending receiver takes negative territory `u`; True once everyone has received."""
    s.event_supply.remove(u)
    receive(s, s.event_queue.pop(0), u)
    return run_event(s)

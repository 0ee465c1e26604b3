"""Resource invariants the conformance suite checks after every decision.

Why: a rule bug that loses, duplicates or double-books a card, or drives a count below
zero, then fails a test even where no rule test looks.
"""

from __future__ import annotations

from collections import Counter

from .model import CURSE_CAP, NO_ONE, Position


def check(s: Position) -> list[str]:
    """Every broken invariant of `s`, as a line a developer can act on; empty when all hold."""
    out = _counts(s)
    out += _ownership(s)
    out += _zones(s)
    return out


def _counts(s: Position) -> list[str]:
    out = []
    for name in ("coins", "stones", "curses", "throne_vp", "sleeves", "income", "acquired"):
        values = getattr(s, name)
        if any(v < 0 for v in values):
            out.append(f"negative {name}: {values}")
    if s.coins != [min(c, 5) for c in s.coins]:
        out.append(f"more than 5 coins: {s.coins}")
    if not 0 <= s.curses_given <= CURSE_CAP:
        out.append(f"curse tokens given from the stock {s.curses_given} outside 0..{CURSE_CAP}")
    if sum(s.curses) > s.curses_given:
        out.append(f"{sum(s.curses)} curse tokens held but only {s.curses_given} given from the stock")
    if any(v <= 0 for v in s.tokens.values()):
        out.append(f"a power-token pile of zero or less: {s.tokens}")
    if s.grave < 0:
        out.append(f"negative grave count {s.grave}")
    return out


def _ownership(s: Position) -> list[str]:
    out = []
    for p, owned in enumerate(s.owned):
        if len(set(owned)) != len(owned):
            out.append(f"player {p} holds a card twice")
        out += [f"card {u} listed for player {p} but owned by {s.owner[u]}" for u in owned if s.owner[u] != p]
    listed = sum(len(o) for o in s.owned)
    owned_cards = sum(1 for o in s.owner if o != NO_ONE)
    if listed != owned_cards:
        out.append(f"{owned_cards} cards have an owner but {listed} are in players' holdings")
    return out


def _zones(s: Position) -> list[str]:
    """Each card is in one place: a Level deck, the trash, a holding, a battle area or the remove area."""
    out = []
    stock_zones = [u for d in s.decks for u in d] + s.trash
    seen = Counter(stock_zones)
    out += [f"card {u} is in the decks or trash {k} times" for u, k in seen.items() if k > 1]
    out += [f"card {u} in a deck or the trash has an owner" for u in stock_zones if s.owner[u] != NO_ONE]
    in_play = [u for a in s.areas for u in a] + s.removed
    out += [f"unit {u} is in play {k} times" for u, k in Counter(in_play).items() if k > 1]
    for u in in_play:
        if s.owner[u] == NO_ONE or s.card(u).type != "unit":
            out.append(f"card {u} in play is not an owned unit")
        elif u not in s.placed:
            out.append(f"unit {u} in play is not marked placed")
    out += [f"target {u} is also in a deck" for u in s.targets if u in seen and u not in s.trash]
    expected = Counter({cid: c.count - (c.four_player if s.num_players == 3 else 0)
                        for cid, c in s.cards.by_id.items()})
    if Counter(s.cid) != +expected:
        out.append("the dealt cards differ from the card file's counts")
    return out

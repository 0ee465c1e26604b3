"""Resource invariants of a Bellum Magica position (`check_invariants`).

Why: the conformance suite checks them after every decision of random games, so a rule bug
that loses, duplicates or overdraws something fails even where no rule test looks.
"""

from __future__ import annotations

from collections import Counter

from .model import Position
from .rules import BARREL_CAP

STOCKS = ("food", "glyph", "barrels", "shields", "mshields", "conf_up", "conf_down")


def problems(s: Position) -> list[str]:
    """Every broken invariant, one line each; empty when the position is sound."""
    out: list[str] = []
    n = s.num_players
    cards = s.cards
    for name in STOCKS:
        values = getattr(s, name)
        if len(values) != n or any(v < 0 for v in values):
            out.append(f"{name} must hold one non-negative count per player, not {values}")
    if any(b > BARREL_CAP for b in s.barrels):
        out.append(f"no player may hold more than {BARREL_CAP} barrels: {s.barrels}")
    # chests: each token in exactly one stack or stock, stacks hold only their own type
    where = Counter(c for pile in [*s.stacks, *s.chests] for c in pile)
    if sorted(where) != list(range(len(cards.chest_type))) or any(k != 1 for k in where.values()):
        out.append("every treasure chest must be in exactly one stack or stock")
    for t, stack in enumerate(s.stacks):
        if any(cards.chest_type[c] != t for c in stack if 0 <= c < len(cards.chest_type)):
            out.append(f"the chest stack {t} holds a chest of another type")
    # goblins and creatures: dealt, placed, tucked, shown or still in their deck, once each
    tucked = Counter(c for p in range(n) for c in s.left[p] + s.right[p])
    gob = Counter(g for h in s.hand for g in h) + Counter(g for pl in s.placed for g, _ in pl) + Counter(s.goblin_box)
    gob += Counter({c: k for c, k in tucked.items() if cards.creatures[c].deck == "goblins"})
    if gob != Counter(cards.deck_lists["goblins"]):
        out.append("the goblins dealt, placed and boxed do not add up to the card file's goblins")
    for deck in ("evil", "most_evil"):
        here = Counter(s.cdeck[deck]) + Counter(c for c in s.cdisplay[deck] if c)
        here += Counter({c: k for c, k in tucked.items() if cards.creatures[c].deck == deck})
        if here != Counter(cards.deck_lists[deck]):
            out.append(f"the {deck} creatures in the deck, the display and the castles do not add up")
    # the human kingdom: every location in one place
    locs = [*s.deck, *s.display, *s.discard, *s.kingdom_box, cards.tavern]
    if sorted(locs) != sorted(cards.locations):
        out.append("every location must be in the deck, the display, the discard, the box or be the tavern")
    # bonus tokens come from recruited creatures (shields also from robberies)
    for p in range(n):
        bonus = Counter(b for c in s.left[p] + s.right[p] for b in cards.creatures[c].bonus)
        if s.mshields[p] != bonus["magic_shield"]:
            out.append(f"P{p + 1} holds {s.mshields[p]} magic shields but recruited {bonus['magic_shield']}")
        if s.conf_up[p] + s.conf_down[p] != bonus["confusion"]:
            out.append(f"P{p + 1}'s confusion spells do not match the {bonus['confusion']} recruited")
        if s.shields[p] < bonus["shield"]:
            out.append(f"P{p + 1} holds fewer shield tokens than its creatures gave")
    boards = [b for b in s.boards if b]
    if len(set(boards + s.draft_pool)) != len(boards) + len(s.draft_pool) or not set(boards) <= set(cards.boards):
        out.append("each castle board belongs to one player at most")
    return out

"""Per-viewer observation and determinization.

Hidden: chest values a viewer has not seen; goblins dealt and their sides before the reveal;
goblins and locations left in the box; the order of the human deck within its type bands;
the order of the creature decks. Everything else is public.
"""

from __future__ import annotations

from typing import Any, TypeVar

from sabbat.core import Rng

from .cards import Strip
from .constants import CHEST_NAMES, Phase
from .goblins import GOBLINS
from .model import Position
from .scoring import scores, winners

P = TypeVar("P", bound=Position)


def _strip(st: Strip) -> list[list[int]]:
    return [list(r) for r in st]


def _creature(s: Position, cid: str) -> dict[str, Any] | None:
    if not cid:
        return None
    c = s.cards.creatures[cid]
    return {"id": cid, "name": dict(c.name), "left": _strip(c.left), "right": _strip(c.right),
            "bonus": list(c.bonus)}


def _location(s: Position, lid: str) -> dict[str, Any]:
    loc = s.cards.locations[lid]
    loot = dict(zip(("food", "glyph", "barrel", "wood", "metal", "gold"), loc.loot, strict=True))
    return {"id": lid, "name": dict(loc.name), "kind": loc.kind, "shields": loc.shields,
            "magic_shields": loc.magic_shields, "loot": {k: v for k, v in loot.items() if v}}


def _castle(s: Position, p: int) -> dict[str, Any]:
    board = s.boards[p]
    b = s.cards.boards[board] if board else None
    rows = []
    if b is not None:
        for r in range(1, 7):
            rows.append({"row": r, "left": list(s.production(p, r)), "right": list(s.attack(p, r))})
    return {
        "seat": p,
        "board": board,
        "board_name": dict(b.name) if b else None,
        "printed_shields": b.shields if b else 0,
        "printed_magic_shields": b.magic_shields if b else 0,
        "shield_tokens": s.shields[p],
        "magic_shield_tokens": s.mshields[p],
        "defence": list(s.defence(p)) if b else [0, 0],
        "left": [{"id": c, "name": dict(s.cards.creatures[c].name)} for c in s.left[p]],
        "right": [{"id": c, "name": dict(s.cards.creatures[c].name)} for c in s.right[p]],
        "rows": rows,
        "food": s.food[p],
        "glyph": s.glyph[p],
        "barrels": s.barrels[p],
        "confusion_up": s.conf_up[p],
        "confusion_down": s.conf_down[p],
        "chest_counts": s.chest_counts(p),
        "chests": len(s.chests[p]),
        "goblins_to_place": len(s.hand[p]),
        "goblins_placed_hidden": len(s.placed[p]),
    }


def observation(s: Position, player: int | None) -> dict[str, Any]:
    n = s.num_players
    over = s.phase is Phase.OVER
    ctype, cval = s.cards.chest_type, s.cards.chest_value
    kinds = {"farm": 0, "village": 0, "town": 0}
    for lid in s.deck:
        kinds[s.cards.locations[lid].kind] += 1
    obs: dict[str, Any] = {
        "viewer": player,
        "players": n,
        "phase": s.phase.value,
        "current_player": s.current_player,
        "day": s.day,
        "max_days": s.max_days,
        "captain": s.captain,
        "die": s.die,
        "active_row": s.die if s.phase in (Phase.ATTACK, Phase.STEAL, Phase.RECRUIT, Phase.PAY, Phase.PLACE)
        else None,
        "castles": [_castle(s, p) for p in range(n)],
        "chest_stacks": [len(st) for st in s.stacks],
        "kingdom": {
            "tavern": _location(s, s.cards.tavern),
            "display": [_location(s, lid) for lid in s.display],
            "discard": list(s.discard),
            "deck_size": len(s.deck),
            "deck_kinds": kinds,
        },
        "creatures": {
            deck: {"display": [_creature(s, c) for c in s.cdisplay[deck]], "deck_size": len(s.cdeck[deck])}
            for deck in s.cdisplay
        },
        "draft_pool": [{"id": b, "name": dict(s.cards.boards[b].name)} for b in s.draft_pool],
        "steal": None,
        "recruit": None,
        "my_chests": None,
        "known_chests": [],
        "goblin_hand": None,
        "goblins_pending": None,
        "final": None,
    }
    if s.phase is Phase.STEAL:
        obs["steal"] = {"victim": s.steal_victim, "max": s.steal_k,
                        "picks": [CHEST_NAMES[t] for t in s.steal_picks]}
    if s.phase in (Phase.PAY, Phase.PLACE):
        obs["recruit"] = {"deck": s.pick_deck, "slot": s.pick_slot,
                          "card": _creature(s, s.cdisplay[s.pick_deck][s.pick_slot])}
    if player is not None:
        obs["my_chests"] = sorted(({"type": CHEST_NAMES[ctype[c]], "value": cval[c]} for c in s.chests[player]),
                                  key=lambda d: (CHEST_NAMES.index(d["type"]), d["value"]))
        bit = 1 << player
        obs["known_chests"] = sorted(
            ({"holder": q, "type": CHEST_NAMES[ctype[c]], "value": cval[c]}
             for q in range(n) if q != player for c in s.chests[q] if s.seen[c] & bit),
            key=lambda d: (d["holder"], CHEST_NAMES.index(d["type"]), d["value"]))
        obs["goblin_hand"] = [{"id": g, "name": dict(s.cards.creatures[g].name)} for g in s.hand[player]]
        obs["goblins_pending"] = [{"id": g, "side": sd} for g, sd in s.placed[player]]
    if over:
        obs["final"] = {
            "chests": [sorted(({"type": CHEST_NAMES[ctype[c]], "value": cval[c]} for c in s.chests[p]),
                              key=lambda d: (CHEST_NAMES.index(d["type"]), d["value"])) for p in range(n)],
            "totals": [s.total_value(p) for p in range(n)],
            "scores": scores(s),
            "chest_counts": [len(c) for c in s.chests],
            "winners": winners(s),
            "timed_out": s.timed_out,
        }
    return obs


def determinize(s: P, player: int, rng: Rng) -> P:
    """A clone with everything hidden from `player` resampled; canonical pools, `rng` only."""
    new = s.clone()
    n = s.num_players
    cards = s.cards
    bit = 1 << player
    # goblins before the reveal: opponents' hands, their face-down goblins, and the box
    if GOBLINS.is_open(s):
        GOBLINS.determinize(s, new, player, rng)
    elif s.phase is Phase.DRAFT:  # dealt, none placed yet
        GOBLINS.redraw(s, new, [q for q in range(n) if q != player], rng)
    # human deck: resample each type band together with the unseen box cards of that type
    loc = cards.locations
    for kind in ("farm", "village", "town"):
        slots = [i for i, lid in enumerate(s.deck) if loc[lid].kind == kind]
        boxed = [lid for lid in s.kingdom_box if loc[lid].kind == kind]
        pool = sorted([s.deck[i] for i in slots] + boxed)
        rng.shuffle(pool)
        for i in slots:
            new.deck[i] = pool.pop()
        new.kingdom_box = sorted([lid for lid in new.kingdom_box if loc[lid].kind != kind] + pool)
    # creature decks: order unknown
    for deck, pile in s.cdeck.items():
        shuffled = sorted(pile)
        rng.shuffle(shuffled)
        new.cdeck[deck] = shuffled
    # chests: unseen ids of each type go back to the stacks and to opponents' unseen slots
    ctype = cards.chest_type
    for t in range(3):
        unseen = sorted([c for c in s.stacks[t]] + [
            c for q in range(n) if q != player for c in s.chests[q] if ctype[c] == t and not s.seen[c] & bit])
        rng.shuffle(unseen)
        new.stacks[t] = [unseen.pop() for _ in s.stacks[t]]
        for q in range(n):
            if q == player:
                continue
            keep = [c for c in new.chests[q] if ctype[c] != t or s.seen[c] & bit]
            hidden_n = sum(1 for c in s.chests[q] if ctype[c] == t and not s.seen[c] & bit)
            new.chests[q] = keep + [unseen.pop() for _ in range(hidden_n)]
    for q in range(n):
        if q != player:
            new.chests[q].sort(key=lambda c: (ctype[c], not s.seen[c] & bit, c))
    # who else has seen which chest is not known to `player`: keep only holders and the viewer
    seen = [0] * len(s.seen)
    for c, mask in enumerate(s.seen):
        seen[c] = mask & bit
    for q in range(n):
        for c in new.chests[q]:
            seen[c] |= 1 << q
    new.seen = seen
    return new

"""What each player may see, and determinization.

Hidden: hand contents (the back colour, i.e. the tier, of each hand card is public),
deck orders, cards returned to the box, draft offers and picks until revealed, the
face of the face-down bosses, and during a boss round's summon phase every other
player's changes (they see the position at the start of that phase, ruling A13).
Discard piles, play areas, lands and the Field are public (ruling A25).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, TypeVar

from sabbat.core import Rng

from .effects import refill_limit
from .flow import DRAFT, SUMMONS
from .model import BOSS_ROUNDS, Phase, Position, Seat
from .redeal import TIER_ORDER, redeal, tier
from .scoring import points

P = TypeVar("P", bound=Position)

def copy_numbers(names: list[str]) -> list[int]:
    """For each card in a zone, its copy number among same-named cards there (1, 2…), or 0 if it is
    the only one: "Black Cat 2" on the board and in the options is the same card."""
    count: dict[str, int] = defaultdict(int)
    for n in names:
        count[n] += 1
    seen: dict[str, int] = defaultdict(int)
    out = []
    for n in names:
        seen[n] += 1
        out.append(seen[n] if count[n] > 1 else 0)
    return out


def _seat_view(st: Position, seat: Seat, q: int, mine: bool) -> dict[str, Any]:
    ids = st.ids
    play_copy = copy_numbers([ids[u] for u in seat.play])
    land_copy = copy_numbers([ids[ld] + ("_back" if ld in st.flipped else "") for ld in seat.lands])
    view: dict[str, Any] = {
        "hand": sorted(ids[u] for u in seat.hand) if mine else None,
        "hand_size": len(seat.hand),
        "hand_tiers": sorted((tier(st, u) for u in seat.hand), key=TIER_ORDER.__getitem__),
        "play": [
            {"uid": u, "card": ids[u], "used": u in seat.used, "acted": u in seat.acted,
             "land": seat.on_land.get(u), "boost": seat.boost.get(u, 0), "copy": c}
            for u, c in zip(seat.play, play_copy, strict=True)
        ],
        "lands": [
            {"uid": ld, "kind": ids[ld], "flipped": ld in st.flipped, "budget": seat.budget.get(ld, 0), "copy": c}
            for ld, c in zip(seat.lands, land_copy, strict=True)
        ],
        "discard": sorted(ids[u] for u in seat.discard),
        "bosses": list(seat.bosses),
        "declared": seat.declared,
        "credit": seat.credit,
        "scout_bonus": seat.scout_bonus,
        "refill_limit": refill_limit(st, seat),
        "offer": sorted(ids[u] for u in seat.offer) if mine else None,
        "offer_size": len(seat.offer) + (1 if seat.pick >= 0 else 0),
        "picked": seat.pick >= 0,
        "pick": ids[seat.pick] if mine and seat.pick >= 0 else None,
    }
    return view


def observe(st: Position, player: int | None) -> dict[str, Any]:
    """The position as `player` (None: a spectator) may know it."""
    fog = st.fog
    players = []
    for q in range(st.num_players):
        mine = player == q or st.phase is Phase.OVER  # everything is shown for the final count
        seat = st.seats[q] if fog is None or mine else fog[q]
        players.append(_seat_view(st, seat, q, mine))
    hidden_turn = fog is not None and player != st.active
    field: dict[str, int] = {}
    for u in sorted(st.field):
        field[st.ids[u]] = field.get(st.ids[u], 0) + 1
    return {
        "game": "monslaught",
        "viewer": player,
        "round": st.round,
        "boss_round": st.round in BOSS_ROUNDS,
        "start": st.start,
        "active": None if st.phase is Phase.OVER else st.active,
        "phase": Phase.SUMMON.value if hidden_turn else st.phase.value,
        "bosses": _boss_row(st),
        "field": dict(sorted(field.items())),
        "stacks": {"farm": len(st.farm_stack), "mountain": len(st.mountain_stack)},
        "decks": {"lower": len(st.lower), "middle": len(st.middle), "upper": len(st.upper)},
        "box": len(st.box),
        "removed": sorted(st.ids[u] for u in st.removed),
        "players": players,
        "pending": None if hidden_turn else _pending(st),
        "catalog": st.db.catalog(),
        "points": [points(st, q) for q in range(st.num_players)] if st.phase is Phase.OVER else None,
    }


def own_view(st: Position, player: int) -> dict[str, Any]:
    """The parts of `observe(st, player)` that concern `player`'s own decisions, key for key.

    Why: the heuristic plays most moves of a search's rollouts, and building the rivals'
    seats and the public piles it never reads cost about a third of a search's time.
    """
    hidden_turn = st.fog is not None and player != st.active
    return {
        "round": st.round,
        "phase": Phase.SUMMON.value if hidden_turn else st.phase.value,
        "bosses": _boss_row(st),
        "pending": None if hidden_turn else _pending(st),
        "me": _seat_view(st, st.seats[player], player, True),
    }


def _boss_row(st: Position) -> list[dict[str, Any]]:
    bosses = []
    for i, boss_id in enumerate(st.boss_row):
        shown = i < st.boss_revealed
        boss = st.db.bosses[boss_id]
        bosses.append({"number": i + 1, "id": boss_id if shown else None, "cost": boss.scout if shown else None})
    return bosses


def _pending(st: Position) -> dict[str, Any] | None:
    """The decision in progress, None once the game is over."""
    if st.phase is Phase.OVER:
        return None
    return {
        "card": st.ids[st.pend_card] if st.pend_card >= 0 else None,
        "uid": st.pend_card if st.pend_card >= 0 and st.phase is not Phase.PAY else None,
        "need": st.pend_need,
        "kind": st.pend_kind,
        "arg": st.pend_arg,
        "left": st.pend_left,
        "group": list(st.pend_group),
    }


def determinize(st: P, player: int, rng: Rng) -> P:
    """Resample everything hidden from `player` (M-5): the others' fogged boss-round summons, the
    hidden cards tier by tier, the face-down bosses."""
    new = st.clone()
    if st.phase is Phase.OVER:
        return new
    SUMMONS.determinize(st, new, player, rng)  # first: an undone summon puts its card back in hand
    if DRAFT.is_open(st):
        DRAFT.determinize(st, new, player, rng)  # the others' picks, redealt with every hidden card
    else:
        redeal(st, new, [q for q in range(st.num_players) if q != player], rng)
    # face-down bosses: any copy of that number not yet seen
    for i in range(st.boss_revealed, 4):
        number = i + 1
        candidates = sorted([new.boss_row[i]] + [b for b in new.boss_box if st.db.bosses[b].number == number])
        new.boss_row[i] = candidates[rng.below(len(candidates))]
    new.boss_box = sorted(b for b in [*st.boss_row, *st.boss_box] if b not in new.boss_row)
    return new

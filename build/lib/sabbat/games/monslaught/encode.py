"""The RL observation vector written straight from the position (sabbat.rl's direct path).

It adds exactly the numbers `sabbat.rl` reads out of `observe.observe(st, viewer)` through the
frozen layout, from the same fields (the fog of a boss round's summons included), without
building the dict: a test compares both on random positions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .effects import refill_limit
from .model import BOSS_ROUNDS, Phase, Position, Seat

Found = dict[int, float]
Encode = Callable[[Position, int, Found, list[tuple[int, list[Any]]]], None]
SEATS = 4
SEAT_CARDS = ("discard", "hand", "lands[*].kind", "offer", "pick", "play[*].card")
SEAT_NUMS = ("credit", "declared", "hand_size", "lands", "lands[*].budget", "lands[*].copy", "lands[*].flipped",
             "offer_size", "picked", "play", "play[*].acted", "play[*].boost", "play[*].copy", "play[*].land",
             "play[*].used", "refill_limit", "scout_bonus")
TOP_CARDS = ("bosses[*].id", "field", "pending.card", "stacks")


def encoder(layout: Any) -> Encode:
    """The direct encoder for `layout` (sabbat.rl's `Positions`: where each named slice lies)."""
    at, words, find = layout.at, layout.words, layout.find
    seat_card = [{f: find(f"players@{k}.{f}") for f in SEAT_CARDS} for k in range(SEATS)]
    seat_num = [{f: find(f"players@{k}.{f}") for f in SEAT_NUMS} for k in range(SEATS)]
    present = [n for k in range(SEATS) for f in SEAT_CARDS if find(n := f"players@{k}.{f}") is not None]
    card_w, card_o = layout.vocabulary((*TOP_CARDS, *present))
    tier_w = [words(f"players@{k}.hand_tiers") for k in range(SEATS)]
    phase_w, phase_o = words("phase")
    kind_w, kind_o = words("pending.kind")
    arg_w, arg_o = words("pending.arg")
    top = {f: at(f) for f in ("active", "boss_round", "bosses[*].cost", "box", "decks.middle", "decks.upper",
                              "pending.group", "pending.left", "pending.need", "pending.uid", "round", "start",
                              "viewer", *TOP_CARDS)}

    def encode(st: Position, viewer: int, d: Found, blocks: list[tuple[int, list[Any]]]) -> None:
        get = d.get
        ids = st.ids
        over = st.phase is Phase.OVER
        if not over and st.active:
            d[top["active"]] = st.active
        if st.round in BOSS_ROUNDS:
            d[top["boss_round"]] = 1
        bosses = st.db.bosses
        for boss_id in st.boss_row[: st.boss_revealed]:
            j = top["bosses[*].id"] + card_w.get(boss_id, card_o)
            d[j] = get(j, 0) + 1
            cost = bosses[boss_id].scout
            if cost:
                d[top["bosses[*].cost"]] = get(top["bosses[*].cost"], 0) + cost
        for f, v in (("box", len(st.box)), ("decks.middle", len(st.middle)), ("decks.upper", len(st.upper)),
                     ("round", st.round), ("start", st.start), ("viewer", viewer)):
            if v:
                d[top[f]] = v
        base = top["field"]
        for u in st.field:
            j = base + card_w.get(ids[u], card_o)
            d[j] = get(j, 0) + 1
        base = top["stacks"]
        for name, stack in (("farm", st.farm_stack), ("mountain", st.mountain_stack)):
            if stack:
                j = base + card_w.get(name, card_o)
                d[j] = get(j, 0) + len(stack)
        hidden_turn = st.fog is not None and viewer != st.active
        d[phase_w.get(Phase.SUMMON.value if hidden_turn else st.phase.value, phase_o)] = 1
        if not hidden_turn and not over:
            _pending(st, d, top, card_w, card_o, kind_w, kind_o, arg_w, arg_o)
        n = st.num_players
        fog = st.fog
        for k in range(min(n, SEATS)):
            q = (viewer + k) % n
            mine = k == 0 or over
            seat = st.seats[q] if fog is None or mine else fog[q]
            _seat(st, seat, mine, d, seat_num[k], seat_card[k], tier_w[k], card_w, card_o)

    return encode


def _pending(st: Position, d: Found, top: dict[str, int], card_w: dict[str, int], card_o: int,
             kind_w: dict[str, int], kind_o: int, arg_w: dict[str, int], arg_o: int) -> None:
    """The decision in progress, as `observe._pending` shows it."""
    if st.pend_card >= 0:
        d[top["pending.card"] + card_w.get(st.ids[st.pend_card], card_o)] = 1
        if st.pend_card and st.phase is not Phase.PAY:
            d[top["pending.uid"]] = st.pend_card
    if st.pend_need:
        d[top["pending.need"]] = st.pend_need
    if type(st.pend_kind) is str:
        d[kind_w.get(st.pend_kind, kind_o)] = 1
    if type(st.pend_arg) is str:
        d[arg_w.get(st.pend_arg, arg_o)] = 1
    if st.pend_left:
        d[top["pending.left"]] = st.pend_left
    if st.pend_group:
        d[top["pending.group"]] = len(st.pend_group)


def _seat(st: Position, seat: Seat, mine: bool, d: Found, nums: dict[str, int | None],
          cards: dict[str, int | None], tiers: tuple[dict[str, int], int], card_w: dict[str, int], card_o: int) -> None:
    """One seat's numbers, as `observe._seat_view` shows them to the viewer."""
    get = d.get
    ids = st.ids
    counted: list[tuple[int | None, list[str]]] = [(cards["discard"], [ids[u] for u in seat.discard])]
    if mine:
        counted += [(cards["hand"], [ids[u] for u in seat.hand]), (cards["offer"], [ids[u] for u in seat.offer])]
        if seat.pick >= 0:
            counted.append((cards["pick"], [ids[seat.pick]]))
    play = [ids[u] for u in seat.play]
    lands = [ids[ld] for ld in seat.lands]
    counted += [(cards["play[*].card"], play), (cards["lands[*].kind"], lands)]
    for base, names in counted:
        if base is not None:
            for name in names:
                j = base + card_w.get(name, card_o)
                d[j] = get(j, 0) + 1
    tier_w, tier_o = tiers
    db = st.db.cards
    for u in seat.hand:
        card = db.get(ids[u])
        j = tier_w.get(card.tier.value if card is not None else "land", tier_o)
        d[j] = get(j, 0) + 1
    used = acted = on_land = boost = 0
    for u in seat.play:
        used += u in seat.used
        acted += u in seat.acted
        on_land += seat.on_land.get(u) or 0
        boost += seat.boost.get(u, 0)
    flipped = budget = 0
    for ld in seat.lands:
        flipped += ld in st.flipped
        budget += seat.budget.get(ld, 0)
    for field, value in (
        ("hand_size", len(seat.hand)), ("play", len(play)), ("play[*].used", used), ("play[*].acted", acted),
        ("play[*].land", on_land), ("play[*].boost", boost), ("play[*].copy", _copies(play)), ("lands", len(lands)),
        ("lands[*].flipped", flipped), ("lands[*].budget", budget),
        ("lands[*].copy", _copies([ids[ld] + "_back" if ld in st.flipped else ids[ld] for ld in seat.lands])),
        ("declared", seat.declared), ("credit", seat.credit), ("scout_bonus", seat.scout_bonus),
        ("refill_limit", refill_limit(st, seat)), ("offer_size", len(seat.offer) + (1 if seat.pick >= 0 else 0)),
        ("picked", seat.pick >= 0),
    ):
        at_j = nums[field]
        if value and at_j is not None:
            d[at_j] = value


def _copies(names: list[str]) -> int:
    """The sum of `observe.copy_numbers(names)`: 1 + 2 + … + n over each name held n > 1 times."""
    if len(names) < 2:
        return 0
    held: dict[str, int] = {}
    for name in names:
        held[name] = held.get(name, 0) + 1
    return sum(c * (c + 1) // 2 for c in held.values() if c > 1)

"""The RL observation vector written straight from the position (sabbat.rl's direct path).

It adds exactly the numbers `sabbat.rl` reads out of `observe.observe(s, viewer)` through the
frozen layout, from the same fields, without building the dict: a test compares both on random
positions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sabbat.core.layout import UID, Ints, Kind, plain

from .model import AREAS, Phase, Position, round_start
from .scoring import sheet

_uid = Ints(0, UID - 1, "card instance")
LAYOUT: list[Kind] = [
    *plain("acquire", "decline", "pass", "skip", "sleeve_done", "vp"),
    ("pay", (Ints(0, 7, "payment"),)),
    ("curse", (Ints(0, 3, "seat"),)),
    ("place", (_uid, Ints(0, 7, "area"))),
    ("sleeve", (_uid,)),
    ("take", (_uid,)),
    ("target", (_uid,)),
]
"""The action-id layout (sabbat.core.layout): append only."""

Found = dict[int, float]
Encode = Callable[[Position, int, Found, list[tuple[int, list[Any]]]], None]
SEATS = 4
CARD_SLICES = ("areas[*].target", "areas[*].units[*].card", "draft", "pending.card", "pending.trigger",
               "removed[*].card", "trash")
SEAT_CARDS = ("artifacts", "negative", "territories", "units[*].card")
SEAT_NUMS = ("acquired", "bomber", "coins", "committed", "curses", "income", "passed", "score", "seat",
             "sleeves", "stones", "throne_vp", "units[*].at_home", "units[*].sleeved")
HOLDING = (Phase.ACQUIRE, Phase.PAY, Phase.TRIGGER)


def encoder(layout: Any) -> Encode:
    """The direct encoder for `layout` (sabbat.rl's `Positions`: where each named slice lies)."""
    at, words = layout.at, layout.words
    card_w, card_o = layout.vocabulary(CARD_SLICES + tuple(f"players@{k}.{f}" for k in range(SEATS) for f in SEAT_CARDS))
    card = {n: at(n) for n in CARD_SLICES}
    seat_card = [{f: at(f"players@{k}.{f}") for f in SEAT_CARDS} for k in range(SEATS)]
    seat_num = [{f: at(f"players@{k}.{f}") for f in SEAT_NUMS} for k in range(SEATS)]
    colour_w = [words(f"players@{k}.colour") for k in range(SEATS)]
    area_w, area_o = words("areas[*].area")
    phase_w, phase_o = words("phase")
    pphase_w, pphase_o = words("pending.phase")
    parea_w, parea_o = words("pending.area")
    resolving_w, resolving_o = words("pending.resolving")
    power_at = [at(f"areas[*].power.{p}") for p in range(SEATS)]
    top = {f: at(f) for f in ("areas[*].outcome", "areas[*].units", "areas[*].units[*].owner",
                              "areas[*].units[*].power", "areas[*].units[*].tokens", "curses_given", "deck_sizes",
                              "grave", "pending.amount", "pending.holder", "pending.priority", "pending.unit", "red",
                              "removed", "removed[*].owner", "removed[*].power", "round", "start_player",
                              "to_move", "viewer")}

    tables: dict[int, tuple[Any, dict[str, tuple[str, int]]]] = {}

    def table(deal: Any) -> dict[str, tuple[str, int]]:
        """Each card id's type and place in the card-name slices, once per card file."""
        kept = tables.get(id(deal))
        if kept is None or kept[0] is not deal:
            kept = tables[id(deal)] = (deal, {c.id: (c.type, card_w.get(c.id, card_o)) for c in deal.by_id.values()})
        return kept[1]

    def encode(s: Position, viewer: int, d: Found, blocks: list[tuple[int, list[Any]]]) -> None:
        get = d.get
        n = s.num_players
        cid, owner, tokens, power = s.cid, s.owner, s.tokens, s.deal.power
        info = table(s.cards)

        def cards(base: int, uids: list[int]) -> None:
            for u in uids:
                j = base + card_w.get(cid[u], card_o)
                d[j] = get(j, 0) + 1

        def units(base: str, uids: list[int], in_area: bool) -> None:
            """Each unit's card, owner and power; in an area also its tokens and its owner's power."""
            cards(card[f"{base}[*].card"], uids)
            at_owner, at_power, at_tokens = (top[f"{base}[*].{f}"] for f in ("owner", "power", "tokens" if in_area else "owner"))
            for u in uids:
                extra = tokens.get(u, 0)
                for j, v in ((at_owner, owner[u]), (at_power, power[u] + extra)):
                    if v:
                        d[j] = get(j, 0) + v
                if in_area:
                    if extra:
                        d[at_tokens] = get(at_tokens, 0) + extra
                    if 0 <= owner[u] < n:
                        j = power_at[owner[u]]
                        d[j] = get(j, 0) + power[u] + extra

        for x, t in enumerate(s.targets):
            j = area_w.get(AREAS[x], area_o)
            d[j] = get(j, 0) + 1
            j = card["areas[*].target"] + card_w.get(cid[t], card_o)
            d[j] = get(j, 0) + 1
            if s.outcome[x]:
                j = top["areas[*].outcome"]
                d[j] = get(j, 0) + s.outcome[x]
            here = s.areas[x]
            if here:
                j = top["areas[*].units"]
                d[j] = get(j, 0) + len(here)
                units("areas[*].units", here, True)
        if s.curses_given:
            d[top["curses_given"]] = s.curses_given
        for i, deck in enumerate(s.decks[:3]):
            if deck:
                d[top["deck_sizes"] + i] = len(deck)
        cards(card["draft"], s.draft[viewer])
        if s.grave:
            d[top["grave"]] = s.grave
        phase = s.phase
        d[pphase_w.get(phase.value, pphase_o)] = 1
        if phase is Phase.ABILITY or (phase is Phase.PAY and s.pend_unit >= 0):
            if s.pend_unit:
                d[top["pending.unit"]] = s.pend_unit
            d[card["pending.card"] + card_w.get(cid[s.pend_unit], card_o)] = 1
            d[parea_w.get(AREAS[s.pend_area], parea_o)] = 1
        if phase in HOLDING and s.area_i < len(s.targets):
            d[resolving_w.get(AREAS[s.area_i], resolving_o)] = 1
            if s.prio:
                d[top["pending.priority"]] = len(s.prio)
            if s.prio_i:
                d[top["pending.holder"]] = s.prio_i
        if phase is Phase.PAY and s.pay_amount:
            d[top["pending.amount"]] = s.pay_amount
        if phase is Phase.TRIGGER and s.trig:
            d[card["pending.trigger"] + card_w.get(cid[s.trig[0]], card_o)] = 1
        d[phase_w.get(phase.value, phase_o)] = 1
        for k in range(min(n, SEATS)):
            p = (viewer + k) % n
            nums, places = seat_num[k], seat_card[k]
            owned = s.owned[p]
            for f, v in (("acquired", s.acquired[p]), ("coins", s.coins[p]), ("committed", s.committed[p]),
                         ("curses", s.curses[p]), ("income", s.income[p]), ("passed", s.passed[p]),
                         ("seat", (p - s.red) % n + 1), ("sleeves", s.sleeves[p]), ("stones", s.stones[p]),
                         ("throne_vp", s.throne_vp[p]), ("score", sheet(s, p).total)):
                if v:
                    d[nums[f]] = v
            if owner[s.bomber[p]] == p:
                d[nums["bomber"]] = 1
            words_k, other_k = colour_w[k]
            d[words_k.get(s.colour[p], other_k)] = 1
            sleeved, placed, neg = s.sleeved[p], s.placed, s.neg_flag
            terr, arts, unit_cards = places["territories"], places["artifacts"], places["units[*].card"]
            home = sleeves = 0
            for u in owned:
                kind, i = info[cid[u]]
                if u in neg:
                    j = places["negative"] + i
                    d[j] = get(j, 0) + 1
                if kind == "unit":
                    j = unit_cards + i
                    home += u not in placed
                    sleeves += u in sleeved
                elif kind == "territory":
                    j = terr + i
                elif kind == "artifact":
                    j = arts + i
                else:
                    continue
                d[j] = get(j, 0) + 1
            if home:
                d[nums["units[*].at_home"]] = home
            if sleeves:
                d[nums["units[*].sleeved"]] = sleeves
        if s.red:
            d[top["red"]] = s.red
        if s.removed:
            d[top["removed"]] = len(s.removed)
            units("removed", s.removed, False)
        if s.round:
            d[top["round"]] = s.round
        if start := round_start(s):
            d[top["start_player"]] = start
        mover = s.current_player
        if mover:
            d[top["to_move"]] = mover
        cards(card["trash"], s.trash)
        if viewer:
            d[top["viewer"]] = viewer

    return encode

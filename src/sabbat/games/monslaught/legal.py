"""The legal actions of the pending decision, phase by phase, and what they read of the position.

Every sub-decision (paying a cost unit by unit, choosing scouting monsters one by one, an upkeep
payment, an effect's target) is a phase of the state with its pending data in `pend_*` fields,
so a position can be cloned or saved at any point.
"""

from __future__ import annotations

from sabbat.core import Action

from .effects import HANDLERS, group_total, hand_room, recoverable, refill_room, upkeep
from .model import LAND_LIMIT, Phase, Position, Seat, land_pay

A = Action
END = {Phase.SUMMON: A("end_summon"), Phase.SCOUT: A("end_scout"), Phase.UPKEEP: A("end_upkeep"),
       Phase.REFILL: A("end_refill")}
STACKS = ("farm", "mountain")


def distinct(st: Position, uids: list[int]) -> list[str]:
    ids = st.ids
    return sorted({ids[u] for u in uids})


def ready_monsters(st: Position, seat: Seat) -> list[int]:
    cards, ids = st.db.cards, st.ids
    return [u for u in seat.play if u not in seat.used and cards[ids[u]].type == "monster"]


def best_attack(st: Position, seat: Seat) -> int:
    """The most a scouting group can reach now: all ready monsters, or one alone."""
    ready = ready_monsters(st, seat)
    if not ready:
        return 0
    best = group_total(st, seat, ready)
    for u in ready:
        best = max(best, group_total(st, seat, [u]))
    return best


def occupied(seat: Seat) -> set[int]:
    return set(seat.on_land.values())


def legal(st: Position) -> list[Action]:
    phase = st.phase
    seat = st.seats[st.active]
    if phase is Phase.DRAFT:
        return [A("pick", (c,)) for c in distinct(st, seat.offer)]
    if phase is Phase.SUMMON:
        acts = [A("summon", (c,)) for c in distinct(st, seat.hand) if _affordable(st, seat, c)]
        return acts + use_actions(st, seat) + [END[phase]]
    if phase is Phase.PAY:
        acts = [A("pay_hand", (c,)) for c in distinct(st, seat.hand)]
        busy = occupied(seat)
        acts += [A("pay_land", (ld,)) for ld in seat.lands if ld not in busy and seat.budget.get(ld, 0) > 0]
        if seat.credit > 0:
            acts.append(A("pay_credit"))
        return acts
    if phase is Phase.SCOUT:
        return scout_actions(st, seat) + use_actions(st, seat) + [END[phase]]
    if phase is Phase.PICK:
        return pick_actions(st, seat)
    if phase is Phase.DECLARE:
        acts = [] if st.pend_group else use_actions(st, seat)
        acts += [A("send", (u,)) for u in ready_monsters(st, seat) if u not in st.pend_group]
        return acts + [A("declare")]
    if phase is Phase.PENALTY:
        return penalty_actions(st)
    if phase is Phase.UPKEEP:
        return upkeep_actions(st, seat) + use_actions(st, seat) + [END[phase]]
    if phase is Phase.UPKEEP_PAY:
        acts = [A("pay_hand", (c,)) for c in distinct(st, seat.hand)]
        return acts + [A("pay_play", (u,)) for u in _payable_play(seat, st.pend_card)]
    if phase is Phase.REFILL:
        room = refill_room(st, seat)
        acts = []
        if room > 0:
            acts = [A("take", (c,)) for c in distinct(st, seat.discard)]
        acts += use_actions(st, seat)
        forced = bool(seat.discard) and room > 0 and len(seat.discard) + len(seat.taken) <= 3
        if not forced:
            acts.append(END[phase])
        return acts
    if phase is Phase.EFFECT:
        return effect_actions(st, seat)
    return []


def _affordable(st: Position, seat: Seat, card_id: str) -> bool:
    cost = st.db.cards[card_id].cost
    if cost <= len(seat.hand) - 1 + seat.credit:
        return True
    busy = occupied(seat)
    lands = sum(v for ld, v in seat.budget.items() if ld not in busy and ld in seat.lands)
    return cost <= len(seat.hand) - 1 + seat.credit + lands


def use_actions(st: Position, seat: Seat) -> list[Action]:
    acts = []
    cards, ids = st.db.cards, st.ids
    for u in seat.play:
        if u in seat.used or u in seat.acted:
            continue
        card = cards[ids[u]]
        if card.action is not None and HANDLERS[card.action][0](st, seat, u, card.action_value):
            acts.append(A("use", (u,)))
        if card.oneshot is not None and HANDLERS[card.oneshot][0](st, seat, u, card.oneshot_value):
            acts.append(A("use_oneshot", (u,)))
    return acts


def scout_actions(st: Position, seat: Seat) -> list[Action]:
    best = best_attack(st, seat)
    if best <= 0:
        return []
    cards = st.db.cards
    acts = [A("scout_card", (c,)) for c in distinct(st, st.field) if cards[c].scout <= best]
    if len(seat.lands) < LAND_LIMIT:
        for name, stack in zip(STACKS, (st.farm_stack, st.mountain_stack), strict=True):
            if stack and st.db.lands[name].scout <= best:
                acts.append(A("scout_land", (name,)))
    for land in seat.lands:
        if land not in st.flipped and st.db.lands[st.ids[land]].flip_at <= best:
            acts.append(A("flip", (land,)))
    return acts


def pick_actions(st: Position, seat: Seat) -> list[Action]:
    group = st.pend_group
    need = st.pend_need
    ready = [u for u in ready_monsters(st, seat) if u not in group]
    reach_all = group_total(st, seat, group + ready) >= need
    acts = [A("add", (u,)) for u in ready if reach_all or group_total(st, seat, [*group, u]) >= need]
    if group and group_total(st, seat, group) >= need:
        acts.append(A("confirm"))
    return acts


def penalty_actions(st: Position) -> list[Action]:
    seat = st.seats[st.active]
    kind = st.pend_kind
    if kind == "discard_play":
        return [A("penalty_card", (u,)) for u in seat.play]
    if kind == "lose_land":
        return [A("penalty_land", (u,)) for u in seat.lands]
    if kind == "bury":
        return [A("penalty_bury", (c,)) for c in distinct(st, seat.discard)]
    return []


def _payable_play(seat: Seat, exclude: int) -> list[int]:
    return [u for u in seat.play if u != exclude and u not in seat.maintained]


def unpayable(st: Position, seat: Seat) -> list[tuple[int, int, int]]:
    """(monster, its upkeep, the most that can be paid for it) for each monster in play whose upkeep
    cannot be paid now (as `upkeep_actions` offers no `maintain` for it): the page says why."""
    busy = occupied(seat)
    best_land = max((land_pay(st, ld) for ld in seat.lands if ld not in busy), default=0)
    cards, ids = st.db.cards, st.ids
    out = []
    for u in seat.play:
        if cards[ids[u]].type != "monster" or u in seat.maintained:
            continue
        cost = upkeep(st, seat, u)
        most = len(seat.hand) + len(_payable_play(seat, u)) + best_land
        if cost > most:
            out.append((u, cost, most))
    return out


def upkeep_actions(st: Position, seat: Seat) -> list[Action]:
    acts = []
    busy = occupied(seat)
    free_lands = [ld for ld in seat.lands if ld not in busy]
    cards, ids = st.db.cards, st.ids
    for u in seat.play:
        card = cards[ids[u]]
        if card.type != "monster":
            acts.append(A("release", (u,)))
            continue
        cost = upkeep(st, seat, u)
        if cost == 0:
            acts.append(A("release", (u,)))
            if u not in seat.on_land:
                acts += [A("maintain", (u, ld)) for ld in free_lands]
            continue
        if u in seat.maintained:
            continue
        avail = len(seat.hand) + len(_payable_play(seat, u))
        if avail >= cost:
            acts.append(A("maintain", (u, -1)))
        for ld in free_lands:
            if avail + land_pay(st, ld) >= cost:
                acts.append(A("maintain", (u, ld)))
    return acts


def effect_actions(st: Position, seat: Seat) -> list[Action]:
    kind = st.pend_kind
    cards, ids = st.db.cards, st.ids
    if kind == "boost":
        return [A("target", (u,)) for u in seat.play if cards[ids[u]].type == "monster"]
    if kind in ("recover_monsters", "draw_discard"):
        if hand_room(st, seat) <= 0:
            return [A("effect_done")]
        return [A("recover", (c,)) for c in distinct(st, recoverable(st, seat, kind))] + [A("effect_done")]
    if kind == "take_field":
        return [A("take_field", (c,)) for c in distinct(st, st.field) if cards[c].scout <= st.pend_left]
    if kind == "take_land":
        return [A("take_land", (name,)) for name, stack in zip(STACKS, (st.farm_stack, st.mountain_stack),
                                                                 strict=True) if stack]
    return []

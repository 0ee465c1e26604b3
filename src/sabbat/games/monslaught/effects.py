"""Card effects as named handlers: attack modifiers (abilities) and actions.

Abilities are always on and only change numbers (attack, refill limit).
Actions and one-shot actions either resolve at once or open an EFFECT
sub-decision recorded in the state (`pend_kind`, `pend_left`), never a closure.
"""

from __future__ import annotations

from collections.abc import Callable

from .model import HAND_LIMIT, LAND_LIMIT, Phase, Position, Seat, land_attack


def has_item(st: Position, seat: Seat) -> bool:
    cards = st.db.cards
    ids = st.ids
    return any(cards[ids[u]].type == "item" for u in seat.play)


def monster_attack(st: Position, seat: Seat, uid: int, vs_boss: bool = False) -> int:
    """Attack of one monster now: printed value plus land, ability and boost modifiers."""
    card = st.db.cards[st.ids[uid]]
    value = card.attack
    land = seat.on_land.get(uid)
    ability = card.ability
    if land is not None:
        value += land_attack(st, land)
        if ability == "land_bonus":
            value += card.ability_value
    if ability == "item_bonus" and has_item(st, seat):
        value += card.ability_value
    elif ability == "land_count":
        value += card.ability_value * (len(seat.lands) // 2)
    elif ability == "boss_bonus" and vs_boss:
        value += card.ability_value
    return value + seat.boost.get(uid, 0)


def group_total(st: Position, seat: Seat, group: list[int], vs_boss: bool = False) -> int:
    """Attack of a scouting group: members' attack, group abilities, pending scout bonus."""
    if not group:
        return 0
    total = 0
    cards = st.db.cards
    for uid in group:
        total += monster_attack(st, seat, uid, vs_boss)
        if len(group) >= 2:
            card = cards[st.ids[uid]]
            if card.ability == "group_penalty":
                total -= card.ability_value
            elif card.ability == "pack":
                total += card.ability_value
    return max(0, total + seat.scout_bonus)


def refill_limit(st: Position, seat: Seat) -> int:
    """4, or 5 after an Owl one-shot this turn or with a refill-limit item (never more, A3)."""
    limit = HAND_LIMIT
    if seat.owl:
        limit = 5
    for uid in seat.play:
        card = st.db.cards[st.ids[uid]]
        if card.ability == "refill_limit":
            limit = max(limit, card.ability_value)
    return limit


def refill_room(st: Position, seat: Seat) -> int:
    """How many more cards the refill itself may take from the discard pile.

    「4枚までカードを選び、自分の手札とします」 counts the refill's own cards (M-3): by default the
    refill gives up to its limit whatever an action added to the hand before or during it (the
    Child of the Old Mansion). Option `refill_hand=capped` reads the limit as a target for the whole
    hand, so cards already in hand count toward it.
    """
    if st.options.get("refill_hand", "uncapped") == "uncapped":
        return refill_limit(st, seat) - len(seat.taken)
    return refill_limit(st, seat) - len(seat.hand)


def hand_room(st: Position, seat: Seat) -> int:
    """How many more cards an effect may put into the hand now.

    The refill is 「4枚までカードを選び、自分の手札とします」 (Owl: 「5枚になるように補充」), a
    target for the refill itself; an action may be used 「自分の手番中であれば、いつでも」, so by default
    nothing limits the cards an action adds (ruling M-12). Option `refill_hand=capped` holds actions
    to the refill limit once the refill has begun. Outside the refill the hand has no limit.
    """
    phase = st.ret_phase if st.phase is Phase.EFFECT else st.phase
    if phase is not Phase.REFILL or st.options["refill_hand"] == "uncapped":
        return 99
    return refill_limit(st, seat) - len(seat.hand)


def upkeep(st: Position, seat: Seat, uid: int) -> int:
    card = st.db.cards[st.ids[uid]]
    if card.type == "item" or uid in seat.zero_upkeep:
        return 0
    return card.cost


def recoverable(st: Position, seat: Seat, kind: str) -> list[int]:
    """The discard-pile cards a `recover_monsters` or `draw_discard` effect may take back."""
    if kind == "recover_monsters":
        cards, ids = st.db.cards, st.ids
        return [u for u in seat.discard if cards[ids[u]].type == "monster"]
    return seat.discard


def open_effect(st: Position, kind: str, uid: int, value: int) -> None:
    """Make the effect's choice the pending decision; a take-back with nothing to take asks nothing."""
    st.ret_phase = st.phase
    st.phase = Phase.EFFECT
    st.pend_kind = kind
    st.pend_card = uid
    st.pend_left = value
    if kind in ("recover_monsters", "draw_discard"):
        seat = st.seats[st.active]
        if hand_room(st, seat) <= 0 or not recoverable(st, seat, kind):
            st.phase = st.ret_phase
            st.pend_kind = ""
            st.pend_card = -1


# ----- actions -------------------------------------------------------------------------------
Usable = Callable[[Position, Seat, int, int], bool]
Resolve = Callable[[Position, Seat, int, int], None]


def _always(st: Position, seat: Seat, uid: int, value: int) -> bool:
    return True


def _room_in_hand(st: Position, seat: Seat, uid: int, value: int) -> bool:
    return hand_room(st, seat) > 0


def _has_monster(st: Position, seat: Seat, uid: int, value: int) -> bool:
    cards = st.db.cards
    return any(cards[st.ids[u]].type == "monster" for u in seat.play)


def _field_within(st: Position, seat: Seat, uid: int, value: int) -> bool:
    """Not while a boss round's summons are hidden (ruling M-15): the Field is shared."""
    cards = st.db.cards
    return st.fog is None and any(cards[st.ids[u]].scout <= value for u in st.field)


def _land_takeable(st: Position, seat: Seat, uid: int, value: int) -> bool:
    """Not while a boss round's summons are hidden (ruling M-15): the land stacks are shared."""
    return st.fog is None and len(seat.lands) < LAND_LIMIT and bool(st.farm_stack or st.mountain_stack)


def _pay_summon(st: Position, seat: Seat, uid: int, value: int) -> None:
    seat.credit += value
    seat.zero_upkeep.add(uid)


def _credit(st: Position, seat: Seat, uid: int, value: int) -> None:
    seat.credit += value


def _owl(st: Position, seat: Seat, uid: int, value: int) -> None:
    seat.owl = True


def _scout_bonus(st: Position, seat: Seat, uid: int, value: int) -> None:
    seat.scout_bonus += value


def _open(kind: str) -> Resolve:
    def resolve(st: Position, seat: Seat, uid: int, value: int) -> None:
        open_effect(st, kind, uid, value)

    return resolve


#: effect name -> (can it be used now, resolve it)
HANDLERS: dict[str, tuple[Usable, Resolve]] = {
    "pay_summon": (_always, _pay_summon),
    "summon_credit": (_always, _credit),
    "refill_five": (_always, _owl),
    "scout_bonus": (_always, _scout_bonus),
    "boost": (_has_monster, _open("boost")),
    "recover_monsters": (_room_in_hand, _open("recover_monsters")),
    "draw_discard": (_room_in_hand, _open("draw_discard")),
    "take_field": (_field_within, _open("take_field")),
    "take_land": (_land_takeable, _open("take_land")),
}

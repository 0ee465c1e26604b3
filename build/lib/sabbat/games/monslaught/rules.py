"""Legal actions and their effects, phase by phase (the round track, turns and sub-decisions).

Every sub-decision (paying a cost unit by unit, choosing scouting monsters one by one,
an upkeep payment, an effect's target) is a phase of the state with its pending data in
`pend_*` fields, so a position can be cloned or saved at any point.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from sabbat.core import Action, Rng, i18n
from sabbat.core.secrets import SecretChoice

from .effects import HANDLERS, group_total, hand_room, recoverable, refill_limit, upkeep
from .model import BOSS_ROUNDS, LAND_LIMIT, LAST_ROUND, Phase, Position, Seat, land_pay
from .redeal import redeal
from .scoring import points

A = Action
END = {Phase.SUMMON: A("end_summon"), Phase.SCOUT: A("end_scout"), Phase.UPKEEP: A("end_upkeep"),
       Phase.REFILL: A("end_refill")}
STACKS = ("farm", "mountain")
TAKES = frozenset({"scout_card", "scout_land", "take_field", "take_land"})


def turn_order(start: int, n: int) -> list[int]:
    """Seats clockwise from `start`."""
    return [(start + i) % n for i in range(n)]


def say(st: Position, key: str, **params: Any) -> None:
    """A public event, or during the fogged boss summon phase one for the actor only."""
    if st.fog is not None:
        st.emit("monslaught.event." + key, frozenset((st.active,)), player=st.active, **params)
    else:
        st.emit("monslaught.event." + key, player=st.active, **params)


def private(st: Position, key: str, owner: int, public: dict[str, Any], **secret: Any) -> None:
    """An event for `owner` with the secret details, and one for the others and spectators with `public` only."""
    name = "monslaught.event." + key
    st.emit_private(name, owner, name + "_public", public, player=owner, **public, **secret)


def _distinct(st: Position, uids: list[int]) -> list[str]:
    ids = st.ids
    return sorted({ids[u] for u in uids})


def _take(st: Position, zone: list[int], card_id: str) -> int:
    """Remove one copy of `card_id` from `zone` (the lowest uid, so choices are canonical)."""
    ids = st.ids
    uid = min(u for u in zone if ids[u] == card_id)
    zone.remove(uid)
    return uid


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


def note_offers(st: Position, acts: list[Action]) -> None:
    """Add to the actor's `offered` mask every card or land one of `acts` would take. Called before a
    scout, at the end of a scout phase and before an effect's take. Statistics only: no rule reads it."""
    bit = st.db.offer_bit
    mask = st.offered[st.active]
    for a in acts:
        if a.kind in TAKES:
            mask |= bit[str(a.args[0])]
    st.offered[st.active] = mask


# ----- round flow ------------------------------------------------------------------------------
def begin_initial_draft(st: Position) -> None:
    """Round 1: 3 lower cards each, 4 for the two seats farthest from the start (both with 2)."""
    n = st.num_players
    order = turn_order(st.start, n)
    for i, p in enumerate(order):
        count = 4 if n == 2 or i >= n - 2 else 3
        offer = [st.lower.pop() for _ in range(min(count, len(st.lower)))]
        st.seats[p].offer = offer
        private(st, "dealt", p, {"count": len(offer)}, cards=[st.uname(u) for u in offer])
    st.box.extend(st.lower)
    st.lower = []
    start_draft(st)


def start_draft(st: Position) -> None:
    st.phase = Phase.DRAFT
    st.order = [p for p in turn_order(st.start, st.num_players) if st.seats[p].offer]
    st.pos = 0
    if not DRAFT.close_when_all_chosen(st):  # with nothing dealt the draft is over at once
        st.active = st.order[0]


def resolve_draft(st: Position) -> None:
    """Reveal every pick's leftovers to the Field; picks go to hand (round 1) or discard."""
    leftovers = []
    for p in turn_order(st.start, st.num_players):
        seat = st.seats[p]
        if seat.pick >= 0:
            if st.round == 1:
                seat.hand.append(seat.pick)
            else:
                seat.discard.append(seat.pick)
                st.acquired[p].append(st.ids[seat.pick])
                st.emit("monslaught.event.kept", player=p, card=st.uname(seat.pick))
        seat.pick = -1
        leftovers.extend(seat.offer)
        st.field.extend(seat.offer)
        seat.offer = []
    st.emit("monslaught.event.draft_reveal", cards=[st.uname(u) for u in leftovers])
    if st.round == 1:
        next_round(st)
    else:
        if st.new_start != st.start:
            st.start = st.new_start
            st.emit("monslaught.event.start_player", player=st.start)
        st.order = turn_order(st.start, st.num_players)
        st.pos = 0
        begin_cleanup(st, st.order[0])


def next_round(st: Position) -> None:
    st.round += 1
    st.emit("monslaught.event.round", round=st.round, boss=st.round in BOSS_ROUNDS)
    st.order = turn_order(st.start, st.num_players)
    st.pos = 0
    if st.round in BOSS_ROUNDS:
        st.boss_revealed = BOSS_ROUNDS[st.round]
        boss = st.db.bosses[st.boss_row[st.boss_revealed - 1]]
        st.emit("monslaught.event.boss_revealed", boss=st.name(boss.id), cost=boss.scout)
        for seat in st.seats:
            seat.new_turn(st.land_pays(seat))
        st.fog = [s.clone() for s in st.seats]
        st.phase = Phase.SUMMON
        st.active = st.order[0]
    else:
        begin_turn(st, st.order[0])


def begin_turn(st: Position, p: int) -> None:
    seat = st.seats[p]
    seat.new_turn(st.land_pays(seat))
    st.active = p
    st.phase = Phase.SUMMON
    st.emit("monslaught.event.turn", player=p)


def begin_cleanup(st: Position, p: int) -> None:
    """Cleanup step 1 starts: monsters leave their lands, placements are decided anew (A9)."""
    st.active = p
    st.phase = Phase.UPKEEP
    seat = st.seats[p]
    seat.on_land = {}
    seat.maintained = set()
    seat.taken = 0


def end_turn(st: Position) -> None:
    st.pos += 1
    if st.pos < len(st.order):
        if st.boss_round:
            begin_cleanup(st, st.order[st.pos])
        else:
            begin_turn(st, st.order[st.pos])
    else:
        next_round(st)


def end_boss_summons(st: Position) -> None:
    st.fog = None
    for p in turn_order(st.start, st.num_players):
        st.emit("monslaught.event.summons_revealed", player=p,
                cards=[st.uname(u) for u in st.seats[p].play] or {"en": "nothing", "ja": "なし"})
    st.phase = Phase.DECLARE
    st.pos = 0
    st.active = st.order[0]
    st.pend_group = []


def reward(st: Position) -> None:
    """Rank the qualifiers (ties: nearer the start player clockwise), give the boss, penalty."""
    boss = st.db.bosses[st.boss_row[st.boss_revealed - 1]]
    order = turn_order(st.start, st.num_players)
    qualifiers = [p for p in order if st.seats[p].declared >= boss.scout]
    qualifiers.sort(key=lambda p: -st.seats[p].declared)  # stable: keeps the clockwise tie-break
    st.ranking = qualifiers
    if not qualifiers:
        st.new_start = st.start
        st.emit("monslaught.event.boss_escaped", boss=st.name(boss.id))
        after_reward(st)
        return
    first = qualifiers[0]
    st.seats[first].bosses.append(boss.id)
    st.new_start = (first + 1) % st.num_players
    st.emit("monslaught.event.boss_taken", player=first, boss=st.name(boss.id),
            attack=st.seats[first].declared)
    st.active = first
    st.pend_kind = boss.penalty
    st.pend_left = boss.penalty_value
    st.phase = Phase.PENALTY
    if boss.penalty == "none" or not penalty_actions(st):
        after_reward(st)


def after_reward(st: Position) -> None:
    st.pend_kind = ""
    st.pend_left = 0
    if st.round == LAST_ROUND:
        finish(st)
        return
    deck = st.upper if st.round == 10 else st.middle
    order = turn_order(st.start, st.num_players)
    deals = {p: 3 for p in order}
    if st.ranking:
        deals[st.ranking[0]] += 1
        second = st.ranking[1] if len(st.ranking) >= 2 else None
        if second is None and st.options.get("second_place") == "any":
            rest = sorted((p for p in order if p != st.ranking[0]), key=lambda p: -st.seats[p].declared)
            second = rest[0] if rest else None  # A11 alternative: 2nd need not reach the boss
        if st.num_players == 4 and second is not None:
            deals[second] += 1
    for p in order:
        seat = st.seats[p]
        seat.offer = [deck.pop() for _ in range(min(3, len(deck)))]
    for p in order:
        if deals[p] > 3 and deck:
            st.seats[p].offer.append(deck.pop())
    bit, ids = st.db.offer_bit, st.ids
    for p in order:
        offer = st.seats[p].offer
        for u in offer:
            st.offered[p] |= bit[ids[u]]
        private(st, "dealt", p, {"count": len(offer)}, cards=[st.uname(u) for u in offer])
    start_draft(st)


def finish(st: Position) -> None:
    st.phase = Phase.OVER
    st.fog = None
    pts = [points(st, p) for p in range(st.num_players)]
    standings = i18n.joined("monslaught.standing", ({"player": p, "points": v, "bosses": len(st.seats[p].bosses)}
                                                    for p, v in enumerate(pts)))
    st.emit("monslaught.event.game_over", points=pts, standings=standings)


# ----- the secret simultaneous choices (sabbat.core.secrets) -----------------------------------
class DraftPicks(SecretChoice[Position]):
    """D1 / D9: in turn, each seat dealt an offer keeps one card of it face down; when all have
    picked, the picks go to hand (round 1) or discard and the leftovers to the Field.

    A seat has chosen once it has picked, or when it was dealt nothing; its commitment is the card
    it picked. A determinization deals the others' offers and picks anew, with every other card
    the searching player has not seen (redeal.py): a pick may have been any of them.
    """

    def is_open(self, s: Position) -> bool:
        return s.phase is Phase.DRAFT

    def has_chosen(self, s: Position, p: int) -> bool:
        seat = s.seats[p]
        return seat.pick >= 0 or not seat.offer

    def commitment(self, s: Position, p: int) -> str | None:
        pick = s.seats[p].pick
        return s.ids[pick] if pick >= 0 else None

    def reveal(self, s: Position) -> None:
        resolve_draft(s)

    def redraw(self, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
        redeal(s, new, seats, rng)


class FoggedSummons(SecretChoice[Position]):
    """A13 / M-4: a boss round's summon phase, each seat's run of decisions in turn, hidden from
    the others (they see the seat as it was when the phase began, `fog`) until all have ended it.

    A seat has chosen once it has ended its summon phase; its commitment is what its summons
    changed (play area, discard pile, cards used). A determinization puts each other seat back as
    the searching player last saw it, the mover's summons in progress too (M-5): no draw, so it
    takes no number from the generator.
    """

    def is_open(self, s: Position) -> bool:
        return s.fog is not None

    def has_chosen(self, s: Position, p: int) -> bool:
        return s.fog is None or p in s.order[:s.pos]

    def commitment(self, s: Position, p: int) -> Hashable:
        seat = s.seats[p]
        return tuple(seat.play), tuple(sorted(seat.discard)), tuple(sorted(seat.acted))

    def reveal(self, s: Position) -> None:
        end_boss_summons(s)

    def redraw(self, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
        fog = new.fog
        assert fog is not None  # redrawn only while open
        for q in seats:
            new.seats[q] = fog[q].clone()
        if new.active in seats:
            new.phase = Phase.SUMMON
            new.ret_phase = Phase.SUMMON
            new.pend_card = -1
            new.pend_need = 0
            new.pend_kind = ""
            new.pend_left = 0


DRAFT = DraftPicks()
SUMMONS = FoggedSummons()


# ----- legal actions ---------------------------------------------------------------------------
def legal(st: Position) -> list[Action]:
    phase = st.phase
    seat = st.seats[st.active]
    if phase is Phase.DRAFT:
        return [A("pick", (c,)) for c in _distinct(st, seat.offer)]
    if phase is Phase.SUMMON:
        acts = [A("summon", (c,)) for c in _distinct(st, seat.hand) if _affordable(st, seat, c)]
        return acts + use_actions(st, seat) + [END[phase]]
    if phase is Phase.PAY:
        acts = [A("pay_hand", (c,)) for c in _distinct(st, seat.hand)]
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
        acts = [A("pay_hand", (c,)) for c in _distinct(st, seat.hand)]
        return acts + [A("pay_play", (u,)) for u in _payable_play(seat, st.pend_card)]
    if phase is Phase.REFILL:
        limit = refill_limit(st, seat)
        acts = []
        if len(seat.hand) < limit:
            acts = [A("take", (c,)) for c in _distinct(st, seat.discard)]
        acts += use_actions(st, seat)
        forced = bool(seat.discard) and len(seat.hand) < limit and len(seat.discard) + seat.taken <= 3
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
    acts = [A("scout_card", (c,)) for c in _distinct(st, st.field) if cards[c].scout <= best]
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
        return [A("penalty_bury", (c,)) for c in _distinct(st, seat.discard)]
    return []


def _payable_play(seat: Seat, exclude: int) -> list[int]:
    return [u for u in seat.play if u != exclude and u not in seat.maintained]


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
        return [A("recover", (c,)) for c in _distinct(st, recoverable(st, seat, kind))] + [A("effect_done")]
    if kind == "take_field":
        return [A("take_field", (c,)) for c in _distinct(st, st.field) if cards[c].scout <= st.pend_left]
    if kind == "take_land":
        return [A("take_land", (name,)) for name, stack in zip(STACKS, (st.farm_stack, st.mountain_stack),
                                                                 strict=True) if stack]
    return []


# ----- applying actions ------------------------------------------------------------------------
def apply(st: Position, action: Action) -> None:
    handler = APPLY[action.kind]
    handler(st, st.seats[st.active], action.args)


def _pick(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = _take(st, seat.offer, str(args[0]))
    seat.pick = uid
    p = st.active
    DRAFT.announce(st, p, "monslaught.event.picked_public", {"player": p},
                   "monslaught.event.picked", {"player": p, "card": st.uname(uid)})
    st.pos += 1
    if not DRAFT.close_when_all_chosen(st):
        st.active = st.order[st.pos]


def _summon(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = _take(st, seat.hand, str(args[0]))
    st.pend_card = uid
    st.pend_need = st.card(uid).cost
    if st.pend_need <= 0:
        _enter_play(st, seat)
    else:
        st.phase = Phase.PAY


def _enter_play(st: Position, seat: Seat) -> None:
    say(st, "summon", card=st.uname(st.pend_card), cost=st.card(st.pend_card).cost)
    seat.play.append(st.pend_card)
    st.pend_card = -1
    st.phase = Phase.SUMMON


def _paid(st: Position, seat: Seat) -> None:
    st.pend_need -= 1
    if st.pend_need <= 0:
        if st.phase is Phase.PAY:
            _enter_play(st, seat)
        else:
            seat.maintained.add(st.pend_card)
            st.pend_card = -1
            st.phase = Phase.UPKEEP


def _pay_hand(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = _take(st, seat.hand, str(args[0]))
    seat.discard.append(uid)
    if st.phase is Phase.UPKEEP_PAY:
        say(st, "pay_hand", card=st.uname(uid))
    _paid(st, seat)


def _pay_land(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    land = int(args[0])
    seat.budget[land] -= 1
    _paid(st, seat)


def _pay_credit(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    seat.credit -= 1
    _paid(st, seat)


def _pay_play(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = int(args[0])
    seat.leave_play(uid)
    seat.discard.append(uid)
    say(st, "pay_play", card=st.uname(uid))
    _paid(st, seat)


def _use(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = int(args[0])
    card = st.card(uid)
    assert card.action is not None  # only cards with an action are offered `use`
    seat.used.add(uid)
    seat.acted.add(uid)
    say(st, "use", card=st.uname(uid))
    HANDLERS[card.action][1](st, seat, uid, card.action_value)


def _use_oneshot(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = int(args[0])
    card = st.card(uid)
    assert card.oneshot is not None  # only cards with a one-shot action are offered `use_oneshot`
    seat.leave_play(uid)
    seat.discard.append(uid)
    seat.acted.add(uid)
    say(st, "use_oneshot", card=st.uname(uid))
    HANDLERS[card.oneshot][1](st, seat, uid, card.oneshot_value)


def _end_summon(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    if not st.boss_round:
        st.phase = Phase.SCOUT
        return
    st.pos += 1
    # What this player's hidden summons left here would show in the next player's view (M-4).
    st.pend_need, st.pend_kind, st.pend_arg, st.pend_left = 0, "", "", 0
    if not SUMMONS.close_when_all_chosen(st):
        st.active = st.order[st.pos]


def _scout_target(st: Position, seat: Seat, args: tuple[Any, ...], kind: str, need: int) -> None:
    note_offers(st, scout_actions(st, seat))
    st.pend_kind = kind
    st.pend_arg = str(args[0])
    st.pend_need = need
    st.pend_group = []
    st.phase = Phase.PICK


def _scout_card(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    _scout_target(st, seat, args, "card", st.db.cards[str(args[0])].scout)


def _scout_land(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    _scout_target(st, seat, args, "land", st.db.lands[str(args[0])].scout)


def _flip(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    _scout_target(st, seat, args, "flip", st.db.lands[st.ids[int(args[0])]].flip_at)


def _add(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    st.pend_group.append(int(args[0]))


def _confirm(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    group = st.pend_group
    total = group_total(st, seat, group)
    for u in group:
        seat.used.add(u)
        seat.acted.add(u)
    seat.scout_bonus = 0
    monsters = [st.uname(u) for u in group]
    if st.pend_kind == "card":
        uid = _take(st, st.field, st.pend_arg)
        seat.discard.append(uid)
        st.acquired[st.active].append(st.ids[uid])
        say(st, "scout", card=st.uname(uid), monsters=monsters, attack=total)
    elif st.pend_kind == "land":
        _gain_land(st, seat, st.pend_arg, monsters, total)
    else:
        land = int(st.pend_arg)
        st.flipped.add(land)
        say(st, "flip", land=st.name(st.ids[land]), side=st.uname(land), monsters=monsters, attack=total)
    st.pend_group = []
    st.pend_kind = ""
    st.phase = Phase.SCOUT


def _gain_land(st: Position, seat: Seat, name: str, monsters: list[Any], total: int) -> None:
    stack = st.farm_stack if name == "farm" else st.mountain_stack
    land = stack.pop()
    seat.lands.append(land)
    st.acquired[st.active].append(name)
    seat.budget[land] = land_pay(st, land)
    say(st, "land_taken", land=st.uname(land), monsters=monsters, attack=total)


def _end_scout(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    note_offers(st, scout_actions(st, seat))
    begin_cleanup(st, st.active)


def _send(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    st.pend_group.append(int(args[0]))


def _declare(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    group = st.pend_group
    total = group_total(st, seat, group, vs_boss=True) if group else 0
    for u in group:
        seat.used.add(u)
        seat.acted.add(u)
    if group:
        seat.scout_bonus = 0
    seat.declared = total
    say(st, "declared", attack=total, monsters=[st.uname(u) for u in group])
    st.pend_group = []
    st.pos += 1
    if st.pos < len(st.order):
        st.active = st.order[st.pos]
    else:
        reward(st)


def _penalty_done(st: Position) -> None:
    st.pend_left -= 1
    if st.pend_left <= 0 or not penalty_actions(st):
        after_reward(st)


def _penalty_card(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = int(args[0])
    seat.leave_play(uid)
    seat.discard.append(uid)
    say(st, "penalty_card", card=st.uname(uid))
    _penalty_done(st)


def _penalty_land(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    land = int(args[0])
    say(st, "penalty_land", land=st.uname(land))
    seat.lands.remove(land)
    seat.budget.pop(land, None)
    for m, ld in list(seat.on_land.items()):
        if ld == land:
            del seat.on_land[m]
    st.flipped.discard(land)
    (st.farm_stack if st.ids[land] == "farm" else st.mountain_stack).append(land)
    _penalty_done(st)


def _penalty_bury(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = _take(st, seat.discard, str(args[0]))
    st.removed.append(uid)
    say(st, "penalty_bury", card=st.uname(uid))
    _penalty_done(st)


def _maintain(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid, land = int(args[0]), int(args[1])
    need = upkeep(st, seat, uid)
    if land >= 0:
        seat.on_land[uid] = land
    if land >= 0:
        say(st, "maintain_on", card=st.uname(uid), land=st.uname(land), cost=need)
    else:
        say(st, "maintain", card=st.uname(uid), cost=need)
    if need == 0:
        return
    if land >= 0:
        need -= land_pay(st, land)
    if need <= 0:
        seat.maintained.add(uid)
        return
    st.pend_card = uid
    st.pend_need = need
    st.phase = Phase.UPKEEP_PAY


def _release(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = int(args[0])
    seat.leave_play(uid)
    seat.discard.append(uid)
    say(st, "release", card=st.uname(uid))


def _end_upkeep(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    lost = []
    for u in list(seat.play):
        if upkeep(st, seat, u) > 0 and u not in seat.maintained:
            seat.leave_play(u)
            seat.discard.append(u)
            lost.append(st.uname(u))
    for u in seat.play:
        seat.used.discard(u)
    hand = [st.uname(u) for u in seat.hand]
    seat.discard.extend(seat.hand)
    seat.hand = []
    # only what happened: 「場の…を失い」 and 「手札（…）を捨て」 each appear only when not empty
    say(st, "upkeep_done" + ("_lost" if lost else "") + ("_hand" if hand else ""), lost=lost, hand=hand)
    st.phase = Phase.REFILL


def _take_refill(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = _take(st, seat.discard, str(args[0]))
    seat.hand.append(uid)
    seat.taken += 1


def _end_refill(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    taken = seat.hand[len(seat.hand) - seat.taken:] if seat.taken else []
    if taken:
        private(st, "refill", st.active, {"count": len(taken), "hand": len(seat.hand)},
                cards=[st.uname(u) for u in taken])
    else:  # never "takes  into hand" with an empty list
        st.emit("monslaught.event.refill_none", player=st.active, hand=len(seat.hand))
    end_turn(st)


def _close_effect(st: Position) -> None:
    st.phase = st.ret_phase
    st.pend_kind = ""
    st.pend_card = -1
    st.pend_left = 0


def _target(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = int(args[0])
    seat.boost[uid] = seat.boost.get(uid, 0) + st.pend_left
    say(st, "boost", card=st.uname(uid), value=st.pend_left)
    _close_effect(st)


def _recover(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = _take(st, seat.discard, str(args[0]))
    seat.hand.append(uid)
    say(st, "recover", card=st.uname(uid))
    st.pend_left -= 1
    if st.pend_left <= 0 or len(effect_actions(st, seat)) <= 1:
        _close_effect(st)  # nothing left to choose


def _effect_done(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    _close_effect(st)


def _take_field(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    note_offers(st, effect_actions(st, seat))
    uid = _take(st, st.field, str(args[0]))
    seat.discard.append(uid)
    st.acquired[st.active].append(st.ids[uid])
    say(st, "take_field", card=st.uname(uid))
    _close_effect(st)


def _take_land(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    note_offers(st, effect_actions(st, seat))
    _gain_land(st, seat, str(args[0]), [], 0)
    _close_effect(st)


APPLY = {
    "pick": _pick, "summon": _summon, "pay_hand": _pay_hand, "pay_land": _pay_land, "pay_credit": _pay_credit,
    "pay_play": _pay_play, "use": _use, "use_oneshot": _use_oneshot, "end_summon": _end_summon,
    "scout_card": _scout_card, "scout_land": _scout_land, "flip": _flip, "add": _add, "confirm": _confirm,
    "end_scout": _end_scout, "send": _send, "declare": _declare, "penalty_card": _penalty_card,
    "penalty_land": _penalty_land, "penalty_bury": _penalty_bury, "maintain": _maintain, "release": _release,
    "end_upkeep": _end_upkeep, "take": _take_refill, "end_refill": _end_refill, "target": _target,
    "recover": _recover, "effect_done": _effect_done, "take_field": _take_field, "take_land": _take_land,
}

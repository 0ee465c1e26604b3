"""The rules engine's entry: the legal actions of the pending decision (legal.py) and what each
action does: `apply` hands an action to its kind's handler, which changes the position and moves
the round on (flow.py) when the decision is complete."""

from __future__ import annotations

from typing import Any

from sabbat.core import Action

from .effects import HANDLERS, group_total, upkeep
from .flow import DRAFT, SUMMONS, after_reward, begin_cleanup, end_turn, note_offers, private, reward, say, take_card
from .legal import effect_actions, legal, penalty_actions, scout_actions
from .model import Phase, Position, Seat, land_pay


def apply(st: Position, action: Action) -> None:
    handler = APPLY[action.kind]
    handler(st, st.seats[st.active], action.args)


def _pick(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = take_card(st, seat.offer, str(args[0]))
    seat.pick = uid
    p = st.active
    DRAFT.announce(st, p, "monslaught.event.picked_public", {"player": p},
                   "monslaught.event.picked", {"player": p, "card": st.uname(uid)})
    st.pos += 1
    if not DRAFT.close_when_all_chosen(st):
        st.active = st.order[st.pos]


def _summon(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = take_card(st, seat.hand, str(args[0]))
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
    uid = take_card(st, seat.hand, str(args[0]))
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
        uid = take_card(st, st.field, st.pend_arg)
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
    uid = take_card(st, seat.discard, str(args[0]))
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
    hand = [st.uname(u) for u in sorted(seat.hand, key=lambda u: st.ids[u])]  # the cards, never the hand's order
    seat.discard.extend(seat.hand)
    seat.hand = []
    # only what happened: 「場の…を失い」 and 「手札（…）を捨て」 each appear only when not empty
    say(st, "upkeep_done" + ("_lost" if lost else "") + ("_hand" if hand else ""), lost=lost, hand=hand)
    st.phase = Phase.REFILL


def _take_refill(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    uid = take_card(st, seat.discard, str(args[0]))
    seat.hand.append(uid)
    seat.taken.append(uid)


def _end_refill(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    taken = seat.taken  # its own cards, whatever an action added to the hand between them
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
    uid = take_card(st, seat.discard, str(args[0]))
    seat.hand.append(uid)
    say(st, "recover", card=st.uname(uid))
    st.pend_left -= 1
    if st.pend_left <= 0 or len(effect_actions(st, seat)) <= 1:
        _close_effect(st)  # nothing left to choose


def _effect_done(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    _close_effect(st)


def _take_field(st: Position, seat: Seat, args: tuple[Any, ...]) -> None:
    note_offers(st, effect_actions(st, seat))
    uid = take_card(st, st.field, str(args[0]))
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

__all__ = ["apply", "legal"]

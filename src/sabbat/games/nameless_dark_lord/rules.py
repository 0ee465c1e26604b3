"""The rules engine's entry: the legal actions of the pending decision and applying one.

Round: ① preparation (reveal N+1 targets, coins, sleeves, secret sleeve
assignment) → ② placement in turn with passing → ②E AUTORUN → for each area
③ power/priority → ④ acquire or decline and payment → ⑤ end phase; events
after rounds 3 and 5; final scoring after round 7. The phases live in rounds.py,
sleeves.py and bidding.py.

Functions over the position (model.py); they run on every decision, so they index the
dealt cards' tables (`s.deal`) and hand out prebuilt actions instead of looking cards up by
id and building actions anew.
"""

from __future__ import annotations

from sabbat.core import Action

from .actions import ACQUIRE, DECLINE, DONE, PAY_ACTIONS, SLEEVE_ACTIONS, TAKE_ACTIONS
from .bidding import (
    ability_actions,
    begin_payment,
    do_decline,
    do_pass,
    do_place,
    do_trigger,
    finish_place,
    pay,
    pay_range,
    place_actions,
    resolve_ability,
    trigger_actions,
)
from .board import cost
from .level_events import event_choices, take
from .model import (
    ABILITY_PHASE,
    ACQUIRE_PHASE,
    EVENT_PHASE,
    PAY_PHASE,
    PLACE_PHASE,
    SLEEVE_PHASE,
    TRIGGER_PHASE,
    PayFor,
    Position,
)
from .rounds import after_event
from .sleeves import commit_sleeves, settle_sleeve, sleeve_choices


def legal(s: Position) -> list[Action]:
    ph = s.phase
    if ph is PLACE_PHASE:
        return place_actions(s)
    if ph is SLEEVE_PHASE:
        acts = [SLEEVE_ACTIONS[u] for u in sleeve_choices(s, s.actor)]
        acts.append(DONE)
        return acts
    if ph is ABILITY_PHASE:
        return ability_actions(s)
    if ph is ACQUIRE_PHASE:
        return [ACQUIRE, DECLINE]
    if ph is PAY_PHASE:
        lo, hi = pay_range(s, s.actor, s.pay_amount)
        return [PAY_ACTIONS[k] for k in range(lo, hi + 1)]
    if ph is TRIGGER_PHASE:
        return trigger_actions(s)
    if ph is EVENT_PHASE:
        return [TAKE_ACTIONS[u] for u in event_choices(s)]
    return []


def apply(s: Position, action: Action) -> None:
    kind = action.kind
    ph = s.phase
    if ph is PLACE_PHASE:
        if kind == "pass":
            do_pass(s)
        else:
            do_place(s, int(action.args[0]), int(action.args[1]))
    elif ph is SLEEVE_PHASE:
        p = s.actor
        if kind == "sleeve":
            s.draft[p].append(int(action.args[0]))
        else:
            commit_sleeves(s, p)
        settle_sleeve(s)
    elif ph is ABILITY_PHASE:
        if kind == "skip":
            finish_place(s)
        else:
            resolve_ability(s, int(action.args[0]))
    elif ph is ACQUIRE_PHASE:
        if kind == "decline":
            do_decline(s)
        else:
            begin_payment(s, cost(s, s.actor, s.area_i), PayFor.ACQUIRE)
    elif ph is PAY_PHASE:
        pay(s, int(action.args[0]))
    elif ph is TRIGGER_PHASE:
        do_trigger(s, action)
    elif ph is EVENT_PHASE:
        if take(s, int(action.args[0])):
            after_event(s)

"""② placement in turn with passing (units are bids on the target cards, abilities on placing),
then ③ ④ resolution area by area: power and priority, acquire or decline, payment, triggers."""

from __future__ import annotations

from sabbat.core import Action, Rng

from .actions import CURSE_ACTIONS, PASS, PLACE_ACTIONS, SKIP, TARGET_ACTIONS, VP
from .board import MAX_UNITS, bomber_to_stock, bombers_return_early, can_afford, cost, give, remove_unit
from .effects import AUTORUN, ON_ACQUIRED, ON_PLACE, PLACE_CONDITIONS, TRIGGERS
from .model import (
    ABILITY_PHASE,
    ACQUIRE_PHASE,
    AREAS,
    CURSE_CAP,
    NO_ONE,
    PAY_PHASE,
    PLACE_PHASE,
    TRIGGER_PHASE,
    PayFor,
    Position,
)
from .rounds import end_phase
from .text import EVENT, paid_key, priority_entry


def placeable(s: Position, p: int) -> list[int]:
    """Units p may place now: sleeved and at home, or p's Goblin Bomber at home.

    Identical copies are offered once, but a Goblin Delivery whose ability was already used
    this round is a different choice from an unused one.
    """
    owner, placed, cid, used = s.owner, s.placed, s.cid, s.delivery_used
    cands = s.sleeved[p]
    b = s.bomber[p]
    if owner[b] == p:
        cands = [*cands, b]
    seen: set[tuple[str, bool]] = set()
    out = []
    for u in cands:
        if u in placed or owner[u] != p:
            continue
        key = (cid[u], u in used)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def place_actions(s: Position) -> list[Action]:
    p = s.actor
    open_areas = [x for x, stack in enumerate(s.areas) if len(stack) < MAX_UNITS]
    into = [PLACE_ACTIONS[x] for x in open_areas]
    effect = s.deal.effect
    acts = []
    for u in placeable(s, p):
        condition = PLACE_CONDITIONS.get(effect[u])
        if condition is None:
            acts += [actions[u] for actions in into]
        else:
            acts += [actions[u] for x, actions in zip(open_areas, into, strict=True) if condition(s, p, u, x)]
    acts.append(PASS)
    return acts


def do_place(s: Position, u: int, x: int) -> None:
    p = s.actor
    s.pend_unit, s.pend_area = u, x
    s.emit(EVENT + "place", player=s.colour_name(p), card=s.deal.name[u], area=AREAS[x])
    handler = ON_PLACE.get(s.deal.effect[u])
    if handler is None or not handler.choices(s, p, u, x):
        finish_place(s)
        return
    s.phase = ABILITY_PHASE


def ability_actions(s: Position) -> list[Action]:
    p, u, x = s.actor, s.pend_unit, s.pend_area
    handler = ON_PLACE[s.deal.effect[u]]
    acts = [TARGET_ACTIONS[t] for t in handler.choices(s, p, u, x)]
    if handler.optional:
        acts.append(SKIP)
    return acts


def resolve_ability(s: Position, t: int) -> None:
    """Carry out the pending unit's placement ability on target `t`; pay first if it costs."""
    u = s.pend_unit
    amount = ON_PLACE[s.deal.effect[u]].resolve(s, s.actor, u, s.pend_area, t)
    if amount:
        begin_payment(s, amount, PayFor.SPEAR)
    else:
        finish_place(s)


def finish_place(s: Position) -> None:
    """Compact happened already; the placed unit goes to the end of the stack; next turn."""
    u = s.pend_unit
    s.areas[s.pend_area].append(u)
    s.placed.add(u)
    s.pend_unit = s.pend_area = s.pend_target = -1
    s.phase = PLACE_PHASE
    next_turn(s)


def next_turn(s: Position) -> None:
    n = s.num_players
    passed = s.passed
    for i in range(1, n + 1):
        q = (s.actor + i) % n
        if not passed[q]:
            s.actor = q
            return
    end_placement(s)


def do_pass(s: Position) -> None:
    p = s.actor
    s.passed[p] = True
    s.emit(EVENT + "pass", player=s.colour_name(p))
    next_turn(s)


def end_placement(s: Position) -> None:
    """②E AUTORUN: per area, every ②E1 ability, then every ②E2, in position order."""
    autorun, effect = s.deal.autorun, s.deal.effect
    for x, stack in enumerate(s.areas):
        codes = sorted({code for u in stack if (code := autorun[u])})
        for code in codes:
            for u in list(stack):
                if u in stack and autorun[u] == code:
                    AUTORUN[effect[u]](s, u, x)
    s.area_i = 0
    start_area(s)


def _powers(s: Position, x: int) -> list[int]:
    """Each seat's total power in area X."""
    owner, power, tokens = s.owner, s.deal.power, s.tokens
    totals = [0] * s.num_players
    for u in s.areas[x]:
        q = owner[u]
        if q >= 0:
            totals[q] += power[u] + tokens.get(u, 0)
    return totals


def eligible(s: Position, x: int) -> list[int]:
    """Players with a unit in X, minus owners of a same-name territory."""
    owner, cid = s.owner, s.cid
    present = {owner[u] for u in s.areas[x]}
    target = cid[s.targets[x]]
    is_terr = s.deal.card[s.targets[x]].type == "territory"
    out = []
    for p in range(s.num_players):
        if p not in present:
            continue
        if is_terr and any(cid[o] == target for o in s.owned[p]):
            continue
        out.append(p)
    return out


def _priority(s: Position, x: int, powers: list[int]) -> list[int]:
    """Power, then a Flagbearer, then the front-most own unit in the current stack."""
    owner, effect = s.owner, s.deal.effect
    n = s.num_players
    flag = [1] * n
    front = [0] * n
    seen: set[int] = set()
    for i, u in enumerate(s.areas[x]):
        q = owner[u]
        if 0 <= q < n:
            if q not in seen:
                seen.add(q)
                front[q] = i
            if effect[u] == "flagbearer":
                flag[q] = 0
    if s.options.get("power_tie") == "lot":  # study variant: after the Flagbearer, by lot
        lot = {p: Rng.keyed(x, p, *s.targets).random() for p in range(n)}
        return sorted(eligible(s, x), key=lambda p: (-powers[p], flag[p], lot[p]))
    return sorted(eligible(s, x), key=lambda p: (-powers[p], flag[p], front[p]))


def start_area(s: Position) -> None:
    if s.area_i >= len(s.targets):
        end_phase(s)
        return
    x = s.area_i
    powers = _powers(s, x)
    s.prio = _priority(s, x, powers)
    s.prio_i = 0
    if not s.areas[x]:
        s.emit(EVENT + "area_empty", area=AREAS[x], card=s.deal.name[s.targets[x]])
    else:
        colour = s.colour
        order = [priority_entry(colour[p], powers[p]) for p in s.prio]
        s.emit(EVENT + "area" if order else EVENT + "area_nobody",
               area=AREAS[x], card=s.deal.name[s.targets[x]], order=order)
    next_priority(s)


def next_priority(s: Position) -> None:
    x = s.area_i
    while s.prio_i < len(s.prio):
        p = s.prio[s.prio_i]
        amount = cost(s, p, x)
        if can_afford(s, p, amount):
            s.phase = ACQUIRE_PHASE
            s.actor = p
            s.offered[p] |= 1 << s.targets[x]
            return
        s.emit(EVENT + "cannot_pay", player=s.colour_name(p), cost=amount)
        s.prio_i += 1
    u = s.targets[x]
    s.trash.append(u)
    s.outcome[x] = NO_ONE
    s.emit(EVENT + "trashed", card=s.deal.name[u], area=AREAS[x])
    finish_area(s)


def do_decline(s: Position) -> None:
    s.emit(EVENT + "decline", player=s.colour_name(s.actor), card=s.deal.name[s.targets[s.area_i]])
    s.prio_i += 1
    next_priority(s)


def pay_range(s: Position, p: int, amount: int) -> tuple[int, int]:
    """Fewest and most magic stones that can pay `amount` with the coins p has left."""
    return max(0, amount - s.coins[p]), min(s.stones[p], amount)


def begin_payment(s: Position, amount: int, what: PayFor) -> None:
    p = s.actor
    s.pay_amount = amount
    s.pay_for = what
    lo, hi = pay_range(s, p, amount)
    if lo == hi:
        pay(s, lo)
        return
    s.phase = PAY_PHASE


def pay(s: Position, stones: int) -> None:
    p = s.actor
    coins = s.pay_amount - stones
    s.stones[p] -= stones
    s.coins[p] -= coins
    s.emit(EVENT + paid_key("paid", coins, stones), player=s.colour_name(p), coins=coins, stones=stones)
    if s.pay_for is PayFor.SPEAR:
        remove_unit(s, s.pend_target)
        finish_place(s)
    else:
        complete_acquire(s)


def complete_acquire(s: Position) -> None:
    p, x = s.actor, s.area_i
    t = s.targets[x]
    give(s, p, t)
    s.outcome[x] = p
    s.acquired[p] += 1
    card = s.deal.card[t]
    s.history_acq[p].append(card.id)
    if card.type == "territory" and 1 <= card.level <= 3:
        s.terr_level[p][card.level - 1] = True
    s.emit(EVENT + "acquired", player=s.colour_name(p), card=s.deal.name[t], area=AREAS[x])
    hook = ON_ACQUIRED.get(card.effect or "")
    if hook is not None:
        hook(s, p, t)
    owner, effect = s.owner, s.deal.effect
    s.trig = [u for u in s.areas[x] if owner[u] == p and effect[u] in TRIGGERS]
    run_triggers(s)


def run_triggers(s: Position) -> None:
    while s.trig:
        if s.deal.effect[s.trig[0]] == "cursedman" and s.curses_given >= CURSE_CAP:
            s.emit(EVENT + "curse_cap", player=s.colour_name(s.actor))
            s.trig.pop(0)
            continue
        s.phase = TRIGGER_PHASE
        return
    finish_area(s)


def trigger_actions(s: Position) -> list[Action]:
    p = s.actor
    if s.deal.effect[s.trig[0]] == "cursedman":
        return [CURSE_ACTIONS[q] for q in range(s.num_players)]
    if s.curses[p] > 0:
        return [CURSE_ACTIONS[q] for q in range(s.num_players) if q != p]
    return [VP, SKIP]


def do_trigger(s: Position, action: Action) -> None:
    p = s.actor
    u = s.trig.pop(0)
    if action.kind == "curse":
        q = int(action.args[0])
        s.curses[q] += 1
        if s.deal.effect[u] == "cursedman":
            s.curses_given += 1
        else:
            s.curses[p] -= 1
        s.emit(EVENT + "curse", player=s.colour_name(p), to=s.colour_name(q), card=s.deal.name[u])
    elif action.kind == "vp":
        s.throne_vp[p] += 1
        s.emit(EVENT + "throne_vp", player=s.colour_name(p))
    run_triggers(s)


def finish_area(s: Position) -> None:
    x = s.area_i
    if bombers_return_early(s):
        is_bomber = s.deal.is_bomber
        stack = s.areas[x]
        for u in [u for u in stack if is_bomber[u]]:
            stack.remove(u)
            bomber_to_stock(s, u)
    s.area_i += 1
    s.trig = []
    start_area(s)

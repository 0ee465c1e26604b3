"""The round's phases and every decision: legal actions and their effects (setup: dealing.py).

Round: ① preparation (reveal N+1 targets, coins, sleeves, secret sleeve
assignment) → ② placement in turn with passing → ②E AUTORUN → for each area
③ power/priority → ④ acquire or decline and payment → ⑤ end phase; events
after rounds 3 and 5; final scoring after round 7.

Functions over the position (model.py); they run on every decision, so they index the
dealt cards' tables (`s.deal`) and hand out prebuilt actions instead of looking cards up by
id and building actions anew.
"""

from __future__ import annotations

from collections.abc import Sequence

from sabbat.core import Action, Rng, i18n
from sabbat.core.secrets import SecretChoice

from .actions import (
    ACQUIRE,
    CURSE_ACTIONS,
    DECLINE,
    DONE,
    PASS,
    PAY_ACTIONS,
    PLACE_ACTIONS,
    SKIP,
    SLEEVE_ACTIONS,
    TAKE_ACTIONS,
    TARGET_ACTIONS,
    VP,
)
from .board import MAX_UNITS, bomber_to_stock, bombers_return_early, can_afford, cost, give, remove_unit
from .effects import AUTORUN, ON_ACQUIRED, ON_PLACE, PLACE_CONDITIONS, TRIGGERS
from .level_events import begin_event, event_choices, take
from .model import AREAS, CURSE_CAP, NO_ONE, PENDING, PayFor, Phase, Position, seat, seat_order
from .options import option
from .scoring import totals, winner
from .texts import EVENT, paid_key, priority_entry

ROUNDS = 7
CAP = 5

# Enum members are slow to look up by attribute (Phase.PLACE); the hot path uses these names.
SLEEVE_PHASE, PLACE_PHASE, ABILITY_PHASE, PAY_PHASE = Phase.SLEEVE, Phase.PLACE, Phase.ABILITY, Phase.PAY
ACQUIRE_PHASE, TRIGGER_PHASE, EVENT_PHASE, OVER_PHASE = Phase.ACQUIRE, Phase.TRIGGER, Phase.EVENT, Phase.OVER



# ----------------------------------------------------------------------------- ① preparation
def begin_round(s: Position, r: int) -> None:
    n = s.num_players
    s.round = r
    start = seat(s, r - 1)
    s.targets = []
    for _ in range(n + 1):
        deck = next((d for d in s.decks if d), None)
        if deck is None:
            break
        s.targets.append(deck.pop())
    s.areas = [[] for _ in s.targets]
    s.outcome = [PENDING] * len(s.targets)
    incomes, circles = s.deal.income, s.deal.circles
    for p in range(n):
        owned = s.owned[p]
        s.income[p] = income = sum([incomes[u] for u in owned])
        s.coins[p] = min(CAP, income)
        s.sleeves[p] = min(CAP, sum([circles[u] for u in owned]))
        s.sleeved[p] = []
        s.draft[p] = []
        s.committed[p] = False
        s.passed[p] = False
        s.acquired[p] = 0
    s.delivery_used = set()
    s.emit(EVENT + "round", round=r, start=s.colour_name(start), targets=[s.deal.name[u] for u in s.targets])
    s.phase = SLEEVE_PHASE
    s.actor = start
    s.turn = start
    _settle_sleeve(s)


def sleeve_candidates(s: Position, p: int, ignore_draft: bool = False) -> list[int]:
    """Own units (not the Bomber) that could get a sleeve, one per uid."""
    sleevable = s.deal.sleevable
    if ignore_draft:
        return [u for u in s.owned[p] if sleevable[u]]
    draft = s.draft[p]
    return [u for u in s.owned[p] if sleevable[u] and u not in draft]


def _sleeve_choices(s: Position, p: int) -> list[int]:
    """One unit per card id that p may still sleeve (none once every sleeve is drafted)."""
    draft = s.draft[p]
    if len(draft) >= s.sleeves[p]:
        return []
    sleevable, cid = s.deal.sleevable, s.cid
    seen: set[str] = set()
    out = []
    for u in s.owned[p]:
        if sleevable[u] and u not in draft:
            c = cid[u]
            if c not in seen:
                seen.add(c)
                out.append(u)
    return out


def _can_sleeve(s: Position, p: int) -> bool:
    """Whether p has anything left to sleeve (as `_sleeve_choices`, without listing it)."""
    draft = s.draft[p]
    if len(draft) >= s.sleeves[p]:
        return False
    sleevable = s.deal.sleevable
    return any(sleevable[u] and u not in draft for u in s.owned[p])


def _settle_sleeve(s: Position) -> None:
    """Commit automatically when nothing is left to choose; move on when all committed."""
    committed = s.committed
    while s.phase is SLEEVE_PHASE:
        p = s.actor
        if not committed[p] and not _can_sleeve(s, p):
            commit_sleeves(s, p)
        if not committed[p]:
            return
        rest = [q for q in seat_order(s, s.turn) if not committed[q]]
        if rest:
            s.actor = rest[0]
            continue
        SLEEVES.close_when_all_chosen(s)  # secret mode: every draft revealed at once
        s.phase = PLACE_PHASE
        s.actor = s.turn
        return


def secret_sleeves(s: Position) -> bool:
    """p.10 d): choices are public and made in turn order (default `open`); option `secret`
    keeps each hidden until everyone has committed."""
    return bool(option(s.options, "sleeve_mode") == "secret")


def commit_sleeves(s: Position, p: int) -> None:
    s.committed[p] = True
    if secret_sleeves(s):
        SLEEVES.announce(s, p, EVENT + "sleeve_committed", {"player": s.colour_name(p)})
        return
    s.sleeved[p] = sleeved = sorted(s.draft[p])
    s.draft[p] = []
    key = "sleeves_chosen" if sleeved else "sleeves_none"
    name = s.deal.name
    s.emit(EVENT + key, player=s.colour_name(p), cards=[name[u] for u in sleeved])


class SecretSleeves(SecretChoice[Position]):
    """`sleeve_mode=secret`: a seat's sleeve draft is its own until every seat has committed.

    The others see only who has committed (the draft in progress is the mover's either way); a
    determinization redraws each committed opponent's draft as any set of its own units that
    fills its sleeves.
    """

    def is_open(self, s: Position) -> bool:
        return s.phase is SLEEVE_PHASE and secret_sleeves(s)

    def has_chosen(self, s: Position, p: int) -> bool:
        return s.committed[p]

    def commitment(self, s: Position, p: int) -> tuple[int, ...]:
        return tuple(s.draft[p])

    def reveal(self, s: Position) -> None:
        for q in range(s.num_players):
            s.sleeved[q] = sorted(s.draft[q])
            s.draft[q] = []
        s.emit(EVENT + "sleeves_revealed", sleeves=[_sleeve_line(s, q) for q in range(s.num_players)])

    def redraw(self, s: Position, new: Position, seats: Sequence[int], rng: Rng) -> None:
        for q in seats:
            if s.committed[q]:
                pool = sorted(sleeve_candidates(new, q, ignore_draft=True))
                rng.shuffle(pool)
                new.draft[q] = sorted(pool[: min(len(pool), new.sleeves[q])])
            else:
                new.draft[q] = []


SLEEVES = SecretSleeves()


def _sleeve_line(s: Position, q: int) -> dict[str, str]:
    """One player's sleeved units for the reveal line (secret mode)."""
    out = {}
    for loc in ("en", "ja"):
        names = [s.name(u)[loc] for u in s.sleeved[q]]
        params = {"player": s.colour_name(q)[loc], "cards": names}
        out[loc] = i18n.render(f"{s.game_id}.sleeve_line" if names else f"{s.game_id}.sleeve_line_none", loc, params)
    return out


# ----------------------------------------------------------------------------- ② placement
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


def _place_actions(s: Position) -> list[Action]:
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


# ----------------------------------------------------------------------------- ③ ④ resolution
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


def priority(s: Position, x: int) -> list[int]:
    """Power, then a Flagbearer, then the front-most own unit in the current stack."""
    return _priority(s, x, _powers(s, x))


def _priority(s: Position, x: int, powers: list[int]) -> list[int]:
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


# ----------------------------------------------------------------------------- ⑤ end phase
def end_phase(s: Position) -> None:
    n = s.num_players
    for p in seat_order(s, seat(s, 0)):
        b = s.bomber[p]
        if s.acquired[p] == 0 and s.owner[b] != p:
            give(s, p, b)
            s.emit(EVENT + "bomber", player=s.colour_name(p))
    if s.round == ROUNDS and s.deal.has_grave:
        s.grave = len(s.removed)
        s.emit(EVENT + "grave" if s.grave else EVENT + "grave_none", count=s.grave)
    for b in s.bomber:
        if b in s.placed and s.owner[b] != NO_ONE:
            bomber_to_stock(s, b)
    s.areas = [[] for _ in s.targets]
    s.removed = []
    s.placed = set()
    s.tokens = {}
    s.sleeved = [[] for _ in range(n)]
    if s.round in (3, 5):
        start_event(s, 1 if s.round == 3 else 2)
        return
    after_event(s)


def start_event(s: Position, level: int) -> None:
    """The Level's event, then the next round (or the end) once no receiver is left to choose."""
    if begin_event(s, level):
        after_event(s)


def after_event(s: Position) -> None:
    if s.round >= ROUNDS:
        s.phase = OVER_PHASE
        scores = totals(s)
        key = "game_over_tie" if scores.count(max(scores)) > 1 else "game_over"
        s.emit(EVENT + key, scores=scores, standings=s.seat_list("standing", scores),
               winner=s.colour_name(winner(s, scores)))
        return
    begin_round(s, s.round + 1)


# ----------------------------------------------------------------------------- dispatch
def legal(s: Position) -> list[Action]:
    ph = s.phase
    if ph is PLACE_PHASE:
        return _place_actions(s)
    if ph is SLEEVE_PHASE:
        acts = [SLEEVE_ACTIONS[u] for u in _sleeve_choices(s, s.actor)]
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
        _settle_sleeve(s)
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

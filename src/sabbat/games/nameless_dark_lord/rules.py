"""Setup, the round's phases and every decision: legal actions and their effects.

Round: ① preparation (reveal N+1 targets, coins, sleeves, secret sleeve
assignment) → ② placement in turn with passing → ②E AUTORUN → for each area
③ power/priority → ④ acquire or decline and payment → ⑤ end phase; events
after rounds 3 and 5; final scoring after round 7.
"""

from __future__ import annotations

from sabbat.core import Action, i18n

from . import effects
from .cards import COLOURS
from .describe import paid_key
from .options import option
from .state import AREAS, NO_ONE, NdlState, PayFor, Phase

PENDING = -2
ROUNDS = 7
MAX_UNITS = 5
CURSE_CAP = 5
CAP = 5

PASS = Action("pass")
DONE = Action("sleeve_done")
SKIP = Action("skip")
ACQUIRE = Action("acquire")
DECLINE = Action("decline")
VP = Action("vp")


# ----------------------------------------------------------------------------- setup
def setup(s: NdlState) -> None:
    """Deal cards (3P: without 4P copies), thrones, initial units, stones; start round 1."""
    n = s.num_players
    table = s.cards
    copies: dict[str, list[int]] = {}
    for card_id in table.order:
        card = table.by_id[card_id]
        keep = card.count - (card.four_player if n == 3 else 0)
        uids = []
        for _ in range(keep):
            uids.append(len(s.cid))
            s.cid.append(card_id)
        copies[card_id] = uids
    s.owner = [NO_ONE] * len(s.cid)
    thrones = [u for cid, us in copies.items() if table.by_id[cid].role == "throne" for u in us]
    s.rng.shuffle(thrones)
    s.throne = thrones[:n]
    s.colour = [table.by_id[s.cid[u]].colour or "red" for u in s.throne]
    s.red = s.colour.index("red")
    bombers = [u for cid, us in copies.items() if table.by_id[cid].role == "bomber" for u in us]
    s.bomber = [bombers[_colour_index(c) % len(bombers)] for c in s.colour]
    for p in range(n):
        give(s, p, s.throne[p])
    for cid, us in copies.items():
        if table.by_id[cid].role == "initial":
            for p in range(n):
                give(s, p, us[p])
    for lv in (1, 2, 3):
        s.decks[lv - 1] = [u for cid, us in copies.items()
                           if table.by_id[cid].role == "deck" and table.by_id[cid].level == lv for u in us]
        s.rng.shuffle(s.decks[lv - 1])
    for k in (2, 3)[: n - 2]:
        s.stones[seat(s, k)] += 1
    s.emit(f"{s.game_id}.event.setup", red=s.red, colours=s.seat_list("seat_colour"))
    begin_round(s, 1)


def _colour_index(colour: str) -> int:
    return COLOURS.index(colour) if colour in COLOURS else 0


def seat(s: NdlState, k: int) -> int:
    """The player k seats clockwise from the Red Throne (k = 0 is seat 1)."""
    return (s.red + k) % s.num_players


def seat_order(s: NdlState, first: int) -> list[int]:
    return [(first + i) % s.num_players for i in range(s.num_players)]


def give(s: NdlState, p: int, uid: int) -> None:
    s.owner[uid] = p
    s.owned[p].append(uid)


def take_away(s: NdlState, uid: int) -> None:
    p = s.owner[uid]
    if p >= 0:
        s.owned[p].remove(uid)
    s.owner[uid] = NO_ONE


# ----------------------------------------------------------------------------- ① preparation
def begin_round(s: NdlState, r: int) -> None:
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
    for p in range(n):
        terr = [s.card(u) for u in s.owned[p] if s.card(u).type == "territory"]
        s.income[p] = sum(c.income for c in terr)
        s.coins[p] = min(CAP, s.income[p])
        s.sleeves[p] = min(CAP, sum(c.circles for c in terr))
        s.sleeved[p] = []
        s.draft[p] = []
        s.committed[p] = False
        s.passed[p] = False
        s.acquired[p] = 0
    s.delivery_used = set()
    s.emit(f"{s.game_id}.event.round", round=r, start=s.colour_name(start),
           targets=[s.name(u) for u in s.targets])
    s.phase = Phase.SLEEVE
    s.actor = start
    s.turn = start
    _settle_sleeve(s)


def sleeve_candidates(s: NdlState, p: int, ignore_draft: bool = False) -> list[int]:
    """Own units (not the Bomber) that could get a sleeve, one per uid."""
    out = []
    for u in s.owned[p]:
        c = s.card(u)
        if c.type == "unit" and c.role != "bomber" and (ignore_draft or u not in s.draft[p]):
            out.append(u)
    return out


def _sleeve_choices(s: NdlState, p: int) -> list[int]:
    if len(s.draft[p]) >= s.sleeves[p]:
        return []
    seen: set[str] = set()
    out = []
    for u in sleeve_candidates(s, p):
        if s.cid[u] not in seen:
            seen.add(s.cid[u])
            out.append(u)
    return out


def _settle_sleeve(s: NdlState) -> None:
    """Commit automatically when nothing is left to choose; move on when all committed."""
    while s.phase is Phase.SLEEVE:
        p = s.actor
        if not _sleeve_choices(s, p) and not s.committed[p]:
            commit_sleeves(s, p)
        if not s.committed[p]:
            return
        order = seat_order(s, s.turn)
        rest = [q for q in order if not s.committed[q]]
        if rest:
            s.actor = rest[0]
            continue
        if secret_sleeves(s):
            for q in range(s.num_players):
                s.sleeved[q] = sorted(s.draft[q])
                s.draft[q] = []
            s.emit(f"{s.game_id}.event.sleeves_revealed",
                   sleeves=[_sleeve_line(s, q) for q in range(s.num_players)])
        s.phase = Phase.PLACE
        s.actor = s.turn
        return


def secret_sleeves(s: NdlState) -> bool:
    """p.10 d): choices are public and made in turn order (default `open`); option `secret`
    keeps each hidden until everyone has committed."""
    return bool(option(s.options, "sleeve_mode") == "secret")


def commit_sleeves(s: NdlState, p: int) -> None:
    s.committed[p] = True
    if secret_sleeves(s):
        s.emit(f"{s.game_id}.event.sleeve_committed", player=s.colour_name(p))
        return
    s.sleeved[p] = sorted(s.draft[p])
    s.draft[p] = []
    key = "sleeves_chosen" if s.sleeved[p] else "sleeves_none"
    s.emit(f"{s.game_id}.event.{key}", player=s.colour_name(p), cards=[s.name(u) for u in s.sleeved[p]])


def _sleeve_line(s: NdlState, q: int) -> dict[str, str]:
    """One player's sleeved units for the reveal line (secret mode)."""
    out = {}
    for loc in ("en", "ja"):
        names = [s.name(u)[loc] for u in s.sleeved[q]]
        params = {"player": s.colour_name(q)[loc], "cards": names}
        out[loc] = i18n.render(f"{s.game_id}.sleeve_line" if names else f"{s.game_id}.sleeve_line_none", loc, params)
    return out


# ----------------------------------------------------------------------------- ② placement
def placeable(s: NdlState, p: int) -> list[int]:
    """Units p may place now: sleeved and at home, or p's Goblin Bomber at home.

    Identical copies are offered once, but a Goblin Delivery whose ability was already used
    this round is a different choice from an unused one.
    """
    seen: set[tuple[str, bool]] = set()
    out = []
    cands = list(s.sleeved[p])
    b = s.bomber[p]
    if s.owner[b] == p:
        cands.append(b)
    for u in cands:
        if u in s.placed or s.owner[u] != p:
            continue
        key = (s.cid[u], u in s.delivery_used)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def can_place(s: NdlState, p: int, u: int, x: int) -> bool:
    stack = s.areas[x]
    if len(stack) >= MAX_UNITS:
        return False
    handler = effects.PLACE_CONDITIONS.get(s.card(u).effect or "")
    return handler is None or handler(s, p, u, x)


def _place_actions(s: NdlState) -> list[Action]:
    p = s.actor
    acts = [Action("place", (u, x)) for u in placeable(s, p) for x in range(len(s.areas)) if can_place(s, p, u, x)]
    acts.append(PASS)
    return acts


def do_place(s: NdlState, u: int, x: int) -> None:
    p = s.actor
    s.pend_unit, s.pend_area = u, x
    s.emit(f"{s.game_id}.event.place", player=s.colour_name(p), card=s.name(u), area=AREAS[x])
    handler = effects.ON_PLACE.get(s.card(u).effect or "")
    if handler is None or not handler.choices(s, p, u, x):
        finish_place(s)
        return
    s.phase = Phase.ABILITY


def ability_actions(s: NdlState) -> list[Action]:
    p, u, x = s.actor, s.pend_unit, s.pend_area
    handler = effects.ON_PLACE[s.card(u).effect or ""]
    acts = [Action("target", (t,)) for t in handler.choices(s, p, u, x)]
    if handler.optional:
        acts.append(SKIP)
    return acts


def finish_place(s: NdlState) -> None:
    """Compact happened already; the placed unit goes to the end of the stack; next turn."""
    u, x = s.pend_unit, s.pend_area
    s.areas[x].append(u)
    s.placed.add(u)
    s.pend_unit = s.pend_area = s.pend_target = -1
    s.phase = Phase.PLACE
    next_turn(s)


def remove_unit(s: NdlState, uid: int) -> None:
    """Move a unit from its battle area to the remove area (the stack compacts).

    A Goblin Bomber is single use: by default it goes on to the stock at once; with
    `bomber_return=end_phase_b` it waits in the remove area for end phase b).
    """
    for stack in s.areas:
        if uid in stack:
            stack.remove(uid)
            break
    s.removed.append(uid)
    s.emit(f"{s.game_id}.event.removed", player=s.colour_name(s.owner[uid]), card=s.name(uid))
    if s.card(uid).role == "bomber" and bombers_return_early(s):
        s.removed.remove(uid)
        bomber_to_stock(s, uid)


def bombers_return_early(s: NdlState) -> bool:
    """Default `after_area`: a placed Bomber leaves as soon as it is out of play; else at end phase b)."""
    return bool(option(s.options, "bomber_return") != "end_phase_b")


def next_turn(s: NdlState) -> None:
    n = s.num_players
    for i in range(1, n + 1):
        q = (s.actor + i) % n
        if not s.passed[q]:
            s.actor = q
            return
    end_placement(s)


def do_pass(s: NdlState) -> None:
    p = s.actor
    s.passed[p] = True
    s.emit(f"{s.game_id}.event.pass", player=s.colour_name(p))
    next_turn(s)


def end_placement(s: NdlState) -> None:
    """②E AUTORUN: per area, every ②E1 ability, then every ②E2, in position order."""
    for x, stack in enumerate(s.areas):
        codes = sorted({code for u in stack if (code := s.card(u).autorun)})
        for code in codes:
            for u in list(s.areas[x]):
                if u in s.areas[x] and s.card(u).autorun == code:
                    effects.AUTORUN[s.card(u).effect or ""](s, u, x)
    s.area_i = 0
    start_area(s)


# ----------------------------------------------------------------------------- ③ ④ resolution
def player_power(s: NdlState, p: int, x: int) -> int:
    return sum(s.power(u) for u in s.areas[x] if s.owner[u] == p)


def eligible(s: NdlState, x: int) -> list[int]:
    """Players with a unit in X, minus owners of a same-name territory."""
    target = s.cid[s.targets[x]]
    is_terr = s.cards.by_id[target].type == "territory"
    out = []
    for p in range(s.num_players):
        if not any(s.owner[u] == p for u in s.areas[x]):
            continue
        if is_terr and any(s.cid[o] == target for o in s.owned[p]):
            continue
        out.append(p)
    return out


def priority(s: NdlState, x: int) -> list[int]:
    """Power, then a Flagbearer, then the front-most own unit in the current stack."""
    stack = s.areas[x]

    def key(p: int) -> tuple[int, int, int]:
        flag = any(s.owner[u] == p and s.card(u).effect == "flagbearer" for u in stack)
        front = next(i for i, u in enumerate(stack) if s.owner[u] == p)
        return (-player_power(s, p, x), 0 if flag else 1, front)

    return sorted(eligible(s, x), key=key)


def cost(s: NdlState, p: int, x: int) -> int:
    """Upkeep of all p's units in X plus each other player's Goblin King surcharge."""
    stack = s.areas[x]
    mine = [u for u in stack if s.owner[u] == p]
    total = sum(s.card(u).upkeep for u in mine)
    kings = sum(1 for u in stack if s.owner[u] != p and s.card(u).effect == "king_tax")
    if kings:
        total += kings * sum(1 for u in mine if s.power(u) >= 2)
    return total


def can_afford(s: NdlState, p: int, amount: int) -> bool:
    return s.coins[p] + s.stones[p] >= amount


def start_area(s: NdlState) -> None:
    if s.area_i >= len(s.targets):
        end_phase(s)
        return
    x = s.area_i
    s.prio = priority(s, x)
    s.prio_i = 0
    if not s.areas[x]:
        s.emit(f"{s.game_id}.event.area_empty", area=AREAS[x], card=s.name(s.targets[x]))
    else:
        order = [{loc: i18n.render(f"{s.game_id}.priority_entry", loc,
                                   {"player": s.colour_name(p)[loc], "power": player_power(s, p, x)})
                  for loc in ("en", "ja")} for p in s.prio]
        s.emit(f"{s.game_id}.event.area" if order else f"{s.game_id}.event.area_nobody",
               area=AREAS[x], card=s.name(s.targets[x]), order=order)
    next_priority(s)


def next_priority(s: NdlState) -> None:
    x = s.area_i
    while s.prio_i < len(s.prio):
        p = s.prio[s.prio_i]
        if can_afford(s, p, cost(s, p, x)):
            s.phase = Phase.ACQUIRE
            s.actor = p
            return
        s.emit(f"{s.game_id}.event.cannot_pay", player=s.colour_name(p), cost=cost(s, p, x))
        s.prio_i += 1
    u = s.targets[x]
    s.trash.append(u)
    s.outcome[x] = NO_ONE
    s.emit(f"{s.game_id}.event.trashed", card=s.name(u), area=AREAS[x])
    finish_area(s)


def do_decline(s: NdlState) -> None:
    s.emit(f"{s.game_id}.event.decline", player=s.colour_name(s.actor), card=s.name(s.targets[s.area_i]))
    s.prio_i += 1
    next_priority(s)


def pay_range(s: NdlState, p: int, amount: int) -> tuple[int, int]:
    """Fewest and most magic stones that can pay `amount` with the coins p has left."""
    return max(0, amount - s.coins[p]), min(s.stones[p], amount)


def begin_payment(s: NdlState, amount: int, what: PayFor) -> None:
    p = s.actor
    s.pay_amount = amount
    s.pay_for = what
    lo, hi = pay_range(s, p, amount)
    if lo == hi:
        pay(s, lo)
        return
    s.phase = Phase.PAY


def pay(s: NdlState, stones: int) -> None:
    p = s.actor
    coins = s.pay_amount - stones
    s.stones[p] -= stones
    s.coins[p] -= coins
    s.emit(f"{s.game_id}.event.{paid_key('paid', coins, stones)}", player=s.colour_name(p), coins=coins, stones=stones)
    if s.pay_for is PayFor.SPEAR:
        remove_unit(s, s.pend_target)
        finish_place(s)
    else:
        complete_acquire(s)


def complete_acquire(s: NdlState) -> None:
    p, x = s.actor, s.area_i
    t = s.targets[x]
    give(s, p, t)
    s.outcome[x] = p
    s.acquired[p] += 1
    card = s.card(t)
    s.history_acq[p].append(card.id)
    if card.type == "territory" and 1 <= card.level <= 3:
        s.terr_level[p][card.level - 1] = True
    s.emit(f"{s.game_id}.event.acquired", player=s.colour_name(p), card=s.name(t), area=AREAS[x])
    hook = effects.ON_ACQUIRED.get(card.effect or "")
    if hook is not None:
        hook(s, p, t)
    s.trig = [u for u in s.areas[x] if s.owner[u] == p and (s.card(u).effect or "") in effects.TRIGGERS]
    run_triggers(s)


def run_triggers(s: NdlState) -> None:
    p = s.actor
    while s.trig:
        u = s.trig[0]
        eff = s.card(u).effect or ""
        if eff == "cursedman" and s.curses_given >= CURSE_CAP:
            s.emit(f"{s.game_id}.event.curse_cap", player=s.colour_name(p))
            s.trig.pop(0)
            continue
        s.phase = Phase.TRIGGER
        return
    finish_area(s)


def trigger_actions(s: NdlState) -> list[Action]:
    p = s.actor
    eff = s.card(s.trig[0]).effect
    if eff == "cursedman":
        return [Action("curse", (q,)) for q in range(s.num_players)]
    if s.curses[p] > 0:
        return [Action("curse", (q,)) for q in range(s.num_players) if q != p]
    return [VP, SKIP]


def do_trigger(s: NdlState, action: Action) -> None:
    p = s.actor
    u = s.trig.pop(0)
    eff = s.card(u).effect
    if action.kind == "curse":
        q = int(action.args[0])
        s.curses[q] += 1
        if eff == "cursedman":
            s.curses_given += 1
        else:
            s.curses[p] -= 1
        s.emit(f"{s.game_id}.event.curse", player=s.colour_name(p), to=s.colour_name(q), card=s.name(u))
    elif action.kind == "vp":
        s.throne_vp[p] += 1
        s.emit(f"{s.game_id}.event.throne_vp", player=s.colour_name(p))
    run_triggers(s)


def finish_area(s: NdlState) -> None:
    x = s.area_i
    if bombers_return_early(s):
        for u in list(s.areas[x]):
            if s.card(u).role == "bomber":
                s.areas[x].remove(u)
                bomber_to_stock(s, u)
    s.area_i += 1
    s.trig = []
    start_area(s)


def bomber_to_stock(s: NdlState, u: int) -> None:
    p = s.owner[u]
    s.placed.discard(u)
    s.tokens.pop(u, None)
    take_away(s, u)
    s.emit(f"{s.game_id}.event.bomber_back", player=s.colour_name(p))


# ----------------------------------------------------------------------------- ⑤ end phase
def end_phase(s: NdlState) -> None:
    n = s.num_players
    for p in seat_order(s, seat(s, 0)):
        b = s.bomber[p]
        if s.acquired[p] == 0 and s.owner[b] != p:
            give(s, p, b)
            s.emit(f"{s.game_id}.event.bomber", player=s.colour_name(p))
    if s.round == ROUNDS and any(s.card(u).effect == "grave_number" for u in range(len(s.cid))):
        s.grave = len(s.removed)
        s.emit(f"{s.game_id}.event.grave" if s.grave else f"{s.game_id}.event.grave_none", count=s.grave)
    for b in s.bomber:
        if b in s.placed and s.owner[b] != NO_ONE:
            bomber_to_stock(s, b)
    s.areas = [[] for _ in s.targets]
    s.removed = []
    s.placed = set()
    s.tokens = {}
    s.sleeved = [[] for _ in range(n)]
    if s.round in (3, 5):
        begin_event(s, 1 if s.round == 3 else 2)
        return
    after_event(s)


def after_event(s: NdlState) -> None:
    if s.round >= ROUNDS:
        s.phase = Phase.OVER
        from .scoring import totals, winner

        scores = totals(s)
        key = "game_over_tie" if scores.count(max(scores)) > 1 else "game_over"
        s.emit(f"{s.game_id}.event.{key}", scores=scores, standings=s.seat_list("standing", scores),
               winner=s.colour_name(winner(s)))
        return
    begin_round(s, s.round + 1)


# ----------------------------------------------------------------------------- events
def level_groups(s: NdlState, level: int) -> list[str]:
    out: list[str] = []
    for cid in s.cards.order:
        c = s.cards.by_id[cid]
        if c.type == "territory" and c.role == "deck" and c.level == level and c.group and c.group not in out:
            out.append(c.group)
    for cid in s.cards.order:
        c = s.cards.by_id[cid]
        if c.role == "negative" and c.level == level and c.group and c.group not in out:
            out.append(c.group)
    return out


def _negative_in_stock(s: NdlState, group: str) -> list[int]:
    return [u for u in range(len(s.cid)) if s.owner[u] == NO_ONE and s.card(u).role == "negative"
            and s.card(u).group == group and u not in s.trash]


def _trashed(s: NdlState, group: str) -> list[int]:
    return sorted(u for u in s.trash if s.card(u).type == "territory" and s.card(u).group == group)


def receive(s: NdlState, p: int, u: int) -> None:
    """Give negative territory `u` to p; a card from the trash is flagged negative (p.24)."""
    key = "event_card"
    if u in s.trash:
        s.trash.remove(u)
        s.neg_flag.add(u)
        key = "event_card_trash"
    give(s, p, u)
    s.emit(f"{s.game_id}.event.{key}", player=s.colour_name(p), card=s.name(u))


def begin_event(s: NdlState, level: int) -> None:
    s.emit(f"{s.game_id}.event.event", level=level)
    order = seat_order(s, seat(s, 0))
    if option(s.options, "event_mode") == "per_level":
        s.event_queue = [p for p in order if not s.terr_level[p][level - 1]]
        s.event_supply = [u for g in level_groups(s, level) for u in _negative_in_stock(s, g)]
        s.event_supply += [u for g in level_groups(s, level) for u in _trashed(s, g)]
        run_event(s)
        return
    for g in level_groups(s, level):
        lacking = [p for p in order if not any(s.card(o).group == g for o in s.owned[p])]
        supply = _negative_in_stock(s, g) + _trashed(s, g)
        for p in lacking:
            if not supply:
                s.emit(f"{s.game_id}.event.event_short", player=s.colour_name(p))
                continue
            receive(s, p, supply.pop(0))
    after_event(s)


def event_choices(s: NdlState) -> list[int]:
    """Distinct cards the next receiver may take: printed negative cards while any are left,
    then copies from the trash (p.24: trash cards when several players lack territory)."""
    printed = [u for u in s.event_supply if u not in s.trash]
    seen: set[tuple[str, bool]] = set()
    out = []
    for u in printed or s.event_supply:
        key = (s.cid[u], u in s.trash)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def run_event(s: NdlState) -> None:
    while s.event_queue:
        p = s.event_queue[0]
        if not s.event_supply:
            s.emit(f"{s.game_id}.event.event_short", player=s.colour_name(p))
            s.event_queue.pop(0)
            continue
        only = event_choices(s)
        if len(only) == 1:
            s.event_queue.pop(0)
            s.event_supply.remove(only[0])
            receive(s, p, only[0])
            continue
        s.phase = Phase.EVENT
        s.actor = p
        return
    s.event_supply = []
    after_event(s)


# ----------------------------------------------------------------------------- dispatch
def legal(s: NdlState) -> list[Action]:
    ph = s.phase
    if ph is Phase.PLACE:
        return _place_actions(s)
    if ph is Phase.SLEEVE:
        acts = [Action("sleeve", (u,)) for u in _sleeve_choices(s, s.actor)]
        acts.append(DONE)
        return acts
    if ph is Phase.ABILITY:
        return ability_actions(s)
    if ph is Phase.ACQUIRE:
        return [ACQUIRE, DECLINE]
    if ph is Phase.PAY:
        lo, hi = pay_range(s, s.actor, s.pay_amount)
        return [Action("pay", (k,)) for k in range(lo, hi + 1)]
    if ph is Phase.TRIGGER:
        return trigger_actions(s)
    if ph is Phase.EVENT:
        return [Action("take", (u,)) for u in event_choices(s)]
    return []


def apply(s: NdlState, action: Action) -> None:
    kind = action.kind
    ph = s.phase
    if ph is Phase.PLACE:
        if kind == "pass":
            do_pass(s)
        else:
            do_place(s, int(action.args[0]), int(action.args[1]))
    elif ph is Phase.SLEEVE:
        p = s.actor
        if kind == "sleeve":
            s.draft[p].append(int(action.args[0]))
        else:
            commit_sleeves(s, p)
        _settle_sleeve(s)
    elif ph is Phase.ABILITY:
        handler = effects.ON_PLACE[s.card(s.pend_unit).effect or ""]
        if kind == "skip":
            finish_place(s)
        else:
            handler.resolve(s, s.actor, s.pend_unit, s.pend_area, int(action.args[0]))
    elif ph is Phase.ACQUIRE:
        if kind == "decline":
            do_decline(s)
        else:
            begin_payment(s, cost(s, s.actor, s.area_i), PayFor.ACQUIRE)
    elif ph is Phase.PAY:
        pay(s, int(action.args[0]))
    elif ph is Phase.TRIGGER:
        do_trigger(s, action)
    elif ph is Phase.EVENT:
        u = int(action.args[0])
        s.event_supply.remove(u)
        receive(s, s.event_queue.pop(0), u)
        run_event(s)

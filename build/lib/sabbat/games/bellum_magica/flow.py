"""The day's steps: applying decisions (the state's `_apply`) and running the automatic steps.

Each `_advance_*` runs automatic work until a player has a real choice, skipping players
whose only option is to pass (the resulting state is the same as asking them). Functions over
the position (model.py). They run on every decision: event keys are written out in full
(`bellum_magica.event.…`, a constant each), and the texts events carry come prebuilt from text.py.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from sabbat.core import Action, i18n
from sabbat.core.events import SPECTATOR

from . import text
from .goblins import GOBLINS
from .legal import attack_options, can_recruit
from .model import Position, mover
from .rules import (
    ATTACK_PHASE,
    BARREL_CAP,
    CHEST_NAMES,
    COSTS,
    DECKS,
    END_CHESTS,
    GOBLINS_PHASE,
    GOLD,
    METAL,
    OVER_PHASE,
    PAY_PHASE,
    PLACE_PHASE,
    RECRUIT_PHASE,
    ROLL_PHASE,
    STEAL_PHASE,
    WOOD,
    affordable_options,
)
from .scoring import days_played, winners
from .text import CHEST_LABEL, NS, SIDE_LABEL


def _others(s: Position, *seats: int) -> frozenset[int]:
    """Audience of the public half of a private event: every other seat and the spectators."""
    return _audience(s.num_players, seats)


@lru_cache(maxsize=256)
def _audience(n: int, left_out: tuple[int, ...]) -> frozenset[int]:
    return frozenset([SPECTATOR, *(q for q in range(n) if q not in left_out)])


# ----- setup decisions -------------------------------------------------------------
def _pick_castle(s: Position, a: Action) -> None:
    p = s.current_player
    assert p is not None
    board = str(a.args[0])
    s.draft_pool.remove(board)
    s.boards[p] = board
    s.emit("bellum_magica.event.castle_picked", player=p, name=s.cards.names[board])
    s.turn += 1
    if s.turn == s.num_players:
        s.draft_pool = []
        s.turn = 0
        s.phase = GOBLINS_PHASE


def _place_goblin(s: Position, a: Action) -> None:
    p = mover(s)
    gob, side = str(a.args[0]), str(a.args[1])
    s.hand[p].remove(gob)
    s.placed[p].append((gob, side))
    GOBLINS.announce(s, p, "bellum_magica.event.goblin_placed_public", {"player": p},
                     "bellum_magica.event.goblin_placed",
                     {"player": p, "name": s.cards.names[gob], "side": SIDE_LABEL[side]})
    if s.hand[p]:
        return
    s.turn += 1
    if GOBLINS.close_when_all_chosen(s):  # commit-reveal: every placement becomes public at once
        start_day(s)


# ----- step 1: the active horde ----------------------------------------------------
def start_day(s: Position) -> None:
    cap = s.captain
    if s.conf_down[cap]:  # the captain's spells recover at the start of their captaincy
        s.conf_up[cap] += s.conf_down[cap]
        s.conf_down[cap] = 0
    s.emit("bellum_magica.event.day_start", day=s.day, captain=cap)
    s.phase = ROLL_PHASE
    _roll(s)


def _roll(s: Position) -> None:
    s.die = s.rng.roll(6)
    s.rolls += 1
    s.turn = 0
    s.emit("bellum_magica.event.roll", captain=s.captain, face=s.die)
    _advance_roll(s)


def _advance_roll(s: Position) -> None:
    """On to the next seat, from `turn`, that may reroll: a barrel, or the captain's face-up spell."""
    n = s.num_players
    cap = s.captain
    barrels = s.barrels
    t = s.turn
    while t < n:
        p = (cap + t) % n
        if barrels[p] >= 1 or (t == 0 and s.conf_up[p] >= 1):  # t == 0: the captain
            s.turn = t
            return
        t += 1
    s.turn = t
    _after_roll(s)


def _pass_roll(s: Position, a: Action) -> None:
    s.turn += 1
    _advance_roll(s)


def _buy_round(s: Position, a: Action) -> None:
    p = mover(s)
    s.barrels[p] -= 1
    s.emit("bellum_magica.event.buy_round", player=p)
    _roll(s)


def _confusion(s: Position, a: Action) -> None:
    p = mover(s)
    s.conf_up[p] -= 1
    s.conf_down[p] += 1
    s.emit("bellum_magica.event.confusion", player=p)
    _roll(s)


# ----- steps 2 and 3: gathering and scouts -----------------------------------------
def _after_roll(s: Position) -> None:
    n = s.num_players
    row = s.die
    s.emit("bellum_magica.event.active_row", row=row)
    maps = []
    for p in range(n):
        f, g, m = s.production(p, row)
        s.food[p] += f
        s.glyph[p] += g
        maps.append(m)
        if f or g:
            s.emit("bellum_magica.event.gather", player=p, food=f, glyph=g, gained=text.food_glyph(f, g))
    best = max(maps)
    if best > 0:
        tops = tuple((s.captain + i) % n for i in range(n) if maps[(s.captain + i) % n] == best)
        kind = METAL if len(tops) == 1 else WOOD
        s.emit("bellum_magica.event.scouts", players=text.seats(tops), maps=best, type=CHEST_LABEL[kind])
        for p in tops:
            gain_chest(s, p, kind)
    s.phase = ATTACK_PHASE
    s.turn = 0
    _advance_attack(s)


def gain_chest(s: Position, p: int, t: int) -> None:
    """Top chest of stack `t` to p, value seen by p only; an empty stack gives nothing."""
    stack = s.stacks[t]
    if not stack:
        s.emit("bellum_magica.event.stack_empty", player=p, type=CHEST_LABEL[t])
        return
    c = stack.pop()
    s.chests[p].append(c)
    s.seen[c] |= 1 << p
    s.emit("bellum_magica.event.chest_gained", frozenset((p,)), player=p, type=CHEST_LABEL[t],
           value=s.cards.chest_value[c])
    s.emit("bellum_magica.event.chest_gained_public", _others(s, p), player=p, type=CHEST_LABEL[t])


# ----- step 4: attack --------------------------------------------------------------
def _seat_that_can(s: Position, able: Callable[[Position, int], object]) -> bool:
    """Move `turn` on to the next seat, from `turn` in order from the captain, for which `able`
    holds; False (with `turn` past the last seat) when none does."""
    n = s.num_players
    cap = s.captain
    t = s.turn
    while t < n:
        if able(s, (cap + t) % n):
            s.turn = t
            return True
        t += 1
    s.turn = t
    return False


def _advance_attack(s: Position) -> None:
    """On to the next seat, from `turn`, that can beat something; past the last: the end or recruiting."""
    if _seat_that_can(s, attack_options):
        return
    if any(len(c) >= END_CHESTS for c in s.chests):
        finish(s)
        return
    s.phase = RECRUIT_PHASE
    s.turn = 0
    _advance_recruit(s)


def _next_attacker(s: Position) -> None:
    s.phase = ATTACK_PHASE
    s.turn += 1
    _advance_attack(s)


def _no_attack(s: Position, a: Action) -> None:
    _next_attacker(s)


def _attack_location(s: Position, a: Action) -> None:
    p = mover(s)
    lid = str(a.args[0])
    cards = s.cards
    loc = cards.locations[lid]
    s.emit("bellum_magica.event.attack_location", player=p, name=cards.names[lid])
    food, glyph, barrel, wood, metal, gold = loc.loot
    s.food[p] += food
    s.glyph[p] += glyph
    if food or glyph:
        s.emit("bellum_magica.event.loot", player=p, food=food, glyph=glyph, gained=text.food_glyph(food, glyph))
    if barrel:
        take = min(barrel, BARREL_CAP - s.barrels[p])
        s.barrels[p] += take
        if take:
            s.emit("bellum_magica.event.barrels_taken", player=p, count=take)
        if barrel > take:  # barrels above the cap are refused, nothing else is
            s.emit("bellum_magica.event.barrels_refused", player=p, count=barrel - take)
    for t, k in ((WOOD, wood), (METAL, metal), (GOLD, gold)):
        for _ in range(k):
            gain_chest(s, p, t)
    if lid != cards.tavern:
        s.display.remove(lid)
        s.discard.append(lid)
    _next_attacker(s)


def _attack_castle(s: Position, a: Action) -> None:
    p = mover(s)
    q = int(a.args[0])
    thieves = s.attack(p, s.die)[2]
    s.steal_victim = q
    s.steal_k = min(thieves, len(s.chests[q]))
    s.steal_picks = []
    s.phase = STEAL_PHASE
    s.emit("bellum_magica.event.attack_castle", player=p, victim=q, thieves=s.steal_k)


def _steal(s: Position, a: Action) -> None:
    s.steal_picks.append(CHEST_NAMES.index(str(a.args[0])))
    if len(s.steal_picks) >= s.steal_k:
        _resolve_theft(s)


def _stop_stealing(s: Position, a: Action) -> None:
    _resolve_theft(s)


def _resolve_theft(s: Position) -> None:
    """Move one random chest of each picked type; the thief sees values only now."""
    p = mover(s)
    q = s.steal_victim
    ctype, cval = s.cards.chest_type, s.cards.chest_value
    values = []
    witnesses = (1 << p) | (1 << q)
    for t in s.steal_picks:
        idx = [i for i, c in enumerate(s.chests[q]) if ctype[c] == t]
        if len(idx) > 1:  # which of several moved is known to the thief and (by what is left) the victim only
            for i in idx:
                s.seen[s.chests[q][i]] &= witnesses
        c = s.chests[q].pop(idx[s.rng.below(len(idx))])
        s.chests[p].append(c)
        s.seen[c] |= 1 << p
        values.append(cval[c])
    picks = tuple(s.steal_picks)
    types = [CHEST_LABEL[t] for t in picks]
    s.emit("bellum_magica.event.theft", frozenset((p, q)), player=p, victim=q, types=types, values=values,
           chests=text.stolen(tuple(zip(picks, values, strict=True))))
    s.emit("bellum_magica.event.theft_public", _others(s, p, q), player=p, victim=q, types=types,
           chests=text.stolen_public(picks))
    s.shields[q] += 1
    s.emit("bellum_magica.event.shield_token", player=q, defence=s.defence(q)[0])
    s.steal_victim = -1
    s.steal_k = 0
    s.steal_picks = []
    _next_attacker(s)


# ----- step 5: recruiting ----------------------------------------------------------
def _advance_recruit(s: Position) -> None:
    """On to the next seat, from `turn`, that can pay for a face-up creature; past the last: the day ends.

    The seat found is offered every face-up creature it can pay for (`offered`, for take rates)."""
    if not _seat_that_can(s, can_recruit):
        _end_day(s)
        return
    p = mover(s)
    food, glyph = s.food[p], s.glyph[p]
    bit = s.cards.offer_bit
    mask = s.offered[p]
    for deck in DECKS:
        if affordable_options(food, glyph, deck):
            for cid in s.cdisplay[deck]:
                mask |= bit[cid]
    s.offered[p] = mask


def _done_recruiting(s: Position, a: Action) -> None:
    s.turn += 1
    _advance_recruit(s)


def _recruit(s: Position, a: Action) -> None:
    p = mover(s)
    deck, slot = str(a.args[0]), int(a.args[1])
    s.pick_deck, s.pick_slot = deck, slot
    options = affordable_options(s.food[p], s.glyph[p], deck)
    if len(options) == 1:
        _pay_option(s, p, options[0])
    else:
        s.phase = PAY_PHASE


def _pay(s: Position, a: Action) -> None:
    _pay_option(s, mover(s), str(a.args[0]))


def _pay_option(s: Position, p: int, option: str) -> None:
    food, glyph = COSTS[option]
    s.food[p] -= food
    s.glyph[p] -= glyph
    s.paid = option
    s.phase = PLACE_PHASE


def _place_creature(s: Position, a: Action) -> None:
    p = mover(s)
    side = str(a.args[0])
    deck, slot = s.pick_deck, s.pick_slot
    cid = s.cdisplay[deck][slot]
    (s.left if side == "L" else s.right)[p].append(cid)
    cards = s.cards
    bonus = cards.creatures[cid].bonus
    for b in bonus:
        if b == "shield":
            s.shields[p] += 1
        elif b == "magic_shield":
            s.mshields[p] += 1
        else:
            s.conf_up[p] += 1
    pile = s.cdeck[deck]
    s.cdisplay[deck][slot] = pile.pop() if pile else ""
    food, glyph = COSTS[s.paid]
    s.emit("bellum_magica.event.recruited", player=p, name=cards.names[cid], side=SIDE_LABEL[side],
           bonus=len(bonus), deck=deck, cost=text.food_glyph(food, glyph))
    s.pick_deck, s.pick_slot, s.paid = "", -1, ""
    s.phase = RECRUIT_PHASE
    _advance_recruit(s)


# ----- step 6 and the end ----------------------------------------------------------
def _end_day(s: Position) -> None:
    n = s.num_players
    while len(s.display) < n and s.deck:
        s.display.append(s.deck.pop())
    s.captain = (s.captain + 1) % n
    s.day += 1
    if s.day > s.max_days:
        s.timed_out = True
        finish(s)
        return
    start_day(s)


def finish(s: Position) -> None:
    """Reveal every chest and score."""
    s.phase = OVER_PHASE
    everyone = (1 << s.num_players) - 1
    for held in s.chests:  # every chest is revealed at the end
        for c in held:
            s.seen[c] = everyone
    seats = list(range(s.num_players))
    totals = [s.total_value(p) for p in seats]
    counts = [len(c) for c in s.chests]
    standings = i18n.join_messages((f"{NS}.standing" if counts[p] else f"{NS}.standing_none",
                                    {"player": p, "value": totals[p], "count": counts[p]}) for p in seats)
    s.emit(f"{NS}.event.game_end_cap" if s.timed_out else f"{NS}.event.game_end", days=days_played(s),
           timed_out=s.timed_out, totals=totals, counts=counts, standings=standings)
    s.emit(f"{NS}.event.winners", players=text.seats(tuple(winners(s))))


HANDLERS: dict[str, Callable[[Position, Action], None]] = {
    "pick_castle": _pick_castle,
    "place_goblin": _place_goblin,
    "pass_roll": _pass_roll,
    "buy_round": _buy_round,
    "confusion": _confusion,
    "no_attack": _no_attack,
    "attack_location": _attack_location,
    "attack_castle": _attack_castle,
    "steal": _steal,
    "stop_stealing": _stop_stealing,
    "recruit": _recruit,
    "pay": _pay,
    "place_creature": _place_creature,
    "done_recruiting": _done_recruiting,
}


def apply(s: Position, action: Action) -> None:
    """Carry out a legal action (the state's `_apply`)."""
    HANDLERS[action.kind](s, action)

"""The day's steps: applying decisions and running the automatic steps.

Each `_advance_*` runs automatic work until a player has a real choice, skipping players
whose only option is to pass (the resulting state is the same as asking them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sabbat.core import Action, i18n
from sabbat.core.events import SPECTATOR

from . import text
from .rules import (
    BARREL_CAP,
    CHEST_NAMES,
    END_CHESTS,
    GOLD,
    METAL,
    WOOD,
    Phase,
    affordable_options,
    cost_of,
)

if TYPE_CHECKING:
    from .state import BellumState

NS = "bellum_magica"


def _others(s: BellumState, *seats: int) -> frozenset[int]:
    """Audience of the public half of a private event: every other seat and the spectators."""
    return frozenset([SPECTATOR, *(q for q in range(s.num_players) if q not in seats)])


def seat_list(key: str, seats: list[int], **values: list[int]) -> dict[str, str]:
    """Seats through message `key` (param `player`, plus `values[name][i]` for the i-th seat), joined per locale."""
    out = {}
    for loc in ("en", "ja"):
        parts = [i18n.render(f"{NS}.{key}", loc, {"player": p, **{k: v[i] for k, v in values.items()}})
                 for i, p in enumerate(seats)]
        out[loc] = ("、" if loc == "ja" else ", ").join(parts)
    return out


def _chest_label(t: int) -> dict[str, str]:
    from .state import CHEST_LABEL

    return CHEST_LABEL[t]


def _side_label(side: str) -> dict[str, str]:
    from .state import SIDE_LABEL

    return SIDE_LABEL[side]


# ----- setup decisions -------------------------------------------------------------
def _pick_castle(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    board = str(a.args[0])
    s.draft_pool.remove(board)
    s.boards[p] = board
    s.emit(f"{NS}.event.castle_picked", player=p, name=s.cards.name(board))
    s.turn += 1
    if s.turn == s.num_players:
        s.draft_pool = []
        s.turn = 0
        s.phase = Phase.GOBLINS


def _place_goblin(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    gob, side = str(a.args[0]), str(a.args[1])
    s.hand[p].remove(gob)
    s.placed[p].append((gob, side))
    s.emit(f"{NS}.event.goblin_placed", frozenset((p,)), player=p, name=s.cards.name(gob), side=_side_label(side))
    s.emit(f"{NS}.event.goblin_placed_public", _others(s, p), player=p)
    if s.hand[p]:
        return
    s.turn += 1
    if s.turn < s.num_players:
        return
    for q in range(s.num_players):  # commit-reveal: every placement becomes public at once
        for g, sd in s.placed[q]:
            (s.left if sd == "L" else s.right)[q].append(g)
        s.emit(f"{NS}.event.goblins_revealed", player=q, sides=_goblin_sides(s, s.placed[q]))
        s.placed[q] = []
    start_day(s)


def _goblin_sides(s: BellumState, placed: list[tuple[str, str]]) -> dict[str, str]:
    """"left: Snik, Grub" / 「左 スニク、グラブ」, leaving out a side that got no goblin."""
    out = {}
    for loc, sep in (("en", "; "), ("ja", "/")):
        parts = []
        for side in ("L", "R"):
            names = [s.cards.name(g) for g, sd in placed if sd == side]
            if names:
                parts.append(i18n.render(f"{NS}.text.side_goblins", loc, {
                    "side": i18n.render(f"{NS}.view.side_{side}", loc), "names": names}))
        out[loc] = sep.join(parts)
    return out


# ----- step 1: the active horde ----------------------------------------------------
def start_day(s: BellumState) -> None:
    cap = s.captain
    if s.conf_down[cap]:  # the captain's spells recover at the start of their captaincy
        s.conf_up[cap] += s.conf_down[cap]
        s.conf_down[cap] = 0
    s.emit(f"{NS}.event.day_start", day=s.day, captain=cap)
    s.phase = Phase.ROLL
    _roll(s)


def _roll(s: BellumState) -> None:
    s.die = s.rng.roll(6)
    s.rolls += 1
    s.turn = 0
    s.emit(f"{NS}.event.roll", captain=s.captain, face=s.die)
    _advance_roll(s)


def _has_roll_option(s: BellumState, p: int) -> bool:
    return s.barrels[p] >= 1 or (p == s.captain and s.conf_up[p] >= 1)


def _seek_chooser(s: BellumState, has_choice: Callable[[int], object]) -> bool:
    """Move `s.turn` (counted from the captain) to the next seat with a real choice.

    Seats whose only option would be to pass are skipped; False when none is left.
    """
    n = s.num_players
    while s.turn < n:
        if has_choice((s.captain + s.turn) % n):
            return True
        s.turn += 1
    return False


def _advance_roll(s: BellumState) -> None:
    if not _seek_chooser(s, lambda p: _has_roll_option(s, p)):
        _after_roll(s)


def _pass_roll(s: BellumState, a: Action) -> None:
    s.turn += 1
    _advance_roll(s)


def _buy_round(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    s.barrels[p] -= 1
    s.emit(f"{NS}.event.buy_round", player=p)
    _roll(s)


def _confusion(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    s.conf_up[p] -= 1
    s.conf_down[p] += 1
    s.emit(f"{NS}.event.confusion", player=p)
    _roll(s)


# ----- steps 2 and 3: gathering and scouts -----------------------------------------
def _after_roll(s: BellumState) -> None:
    n = s.num_players
    row = s.die
    s.emit(f"{NS}.event.active_row", row=row)
    maps = []
    for p in range(n):
        f, g, m = s.production(p, row)
        s.food[p] += f
        s.glyph[p] += g
        maps.append(m)
        if f or g:
            s.emit(f"{NS}.event.gather", player=p, food=f, glyph=g, gained=text.amounts(food=f, glyph=g))
    best = max(maps)
    if best > 0:
        tops = [(s.captain + i) % n for i in range(n) if maps[(s.captain + i) % n] == best]
        kind = METAL if len(tops) == 1 else WOOD
        s.emit(f"{NS}.event.scouts", players=seat_list("seat", tops), maps=best, type=_chest_label(kind))
        for p in tops:
            gain_chest(s, p, kind)
    s.phase = Phase.ATTACK
    s.turn = 0
    _advance_attack(s)


def gain_chest(s: BellumState, p: int, t: int) -> None:
    """Top chest of stack `t` to p, value seen by p only; an empty stack gives nothing."""
    stack = s.stacks[t]
    if not stack:
        s.emit(f"{NS}.event.stack_empty", player=p, type=_chest_label(t))
        return
    c = stack.pop()
    s.chests[p].append(c)
    s.seen[c] |= 1 << p
    s.emit(f"{NS}.event.chest_gained", frozenset((p,)), player=p, type=_chest_label(t),
           value=s.cards.chest_value[c])
    s.emit(f"{NS}.event.chest_gained_public", _others(s, p), player=p, type=_chest_label(t))


# ----- step 4: attack --------------------------------------------------------------
def _advance_attack(s: BellumState) -> None:
    if _seek_chooser(s, s._attack_options):
        return
    if any(len(c) >= END_CHESTS for c in s.chests):
        finish(s)
        return
    s.phase = Phase.RECRUIT
    s.turn = 0
    _advance_recruit(s)


def _next_attacker(s: BellumState) -> None:
    s.phase = Phase.ATTACK
    s.turn += 1
    _advance_attack(s)


def _no_attack(s: BellumState, a: Action) -> None:
    _next_attacker(s)


def _attack_location(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    lid = str(a.args[0])
    loc = s.cards.locations[lid]
    s.emit(f"{NS}.event.attack_location", player=p, name=s.cards.name(lid))
    food, glyph, barrel, wood, metal, gold = loc.loot
    s.food[p] += food
    s.glyph[p] += glyph
    if food or glyph:
        s.emit(f"{NS}.event.loot", player=p, food=food, glyph=glyph, gained=text.amounts(food=food, glyph=glyph))
    if barrel:
        take = min(barrel, BARREL_CAP - s.barrels[p])
        s.barrels[p] += take
        if take:
            s.emit(f"{NS}.event.barrels_taken", player=p, count=take)
        if barrel > take:  # barrels above the cap are refused, nothing else is
            s.emit(f"{NS}.event.barrels_refused", player=p, count=barrel - take)
    for t, k in ((WOOD, wood), (METAL, metal), (GOLD, gold)):
        for _ in range(k):
            gain_chest(s, p, t)
    if lid != s.cards.tavern:
        s.display.remove(lid)
        s.discard.append(lid)
    _next_attacker(s)


def _attack_castle(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    q = int(a.args[0])
    thieves = s.attack(p, s.die)[2]
    s.steal_victim = q
    s.steal_k = min(thieves, len(s.chests[q]))
    s.steal_picks = []
    s.phase = Phase.STEAL
    s.emit(f"{NS}.event.attack_castle", player=p, victim=q, thieves=s.steal_k)


def _steal(s: BellumState, a: Action) -> None:
    s.steal_picks.append(CHEST_NAMES.index(str(a.args[0])))
    if len(s.steal_picks) >= s.steal_k:
        _resolve_theft(s)


def _stop_stealing(s: BellumState, a: Action) -> None:
    _resolve_theft(s)


def _resolve_theft(s: BellumState) -> None:
    """Move one random chest of each picked type; the thief sees values only now."""
    p = s.current_player
    assert p is not None
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
    types = [_chest_label(t) for t in s.steal_picks]
    told = text.joined("text.stolen", ({"type": ty, "value": v} for ty, v in zip(types, values, strict=True)))
    s.emit(f"{NS}.event.theft", frozenset((p, q)), player=p, victim=q, types=types, values=values, chests=told)
    s.emit(f"{NS}.event.theft_public", _others(s, p, q), player=p, victim=q, types=types,
           chests=text.joined("text.stolen_public", ({"type": ty} for ty in types)))
    s.shields[q] += 1
    s.emit(f"{NS}.event.shield_token", player=q, defence=s.defence(q)[0])
    s.steal_victim = -1
    s.steal_k = 0
    s.steal_picks = []
    _next_attacker(s)


# ----- step 5: recruiting ----------------------------------------------------------
def _advance_recruit(s: BellumState) -> None:
    if not _seek_chooser(s, s._recruit_options):
        _end_day(s)


def _done_recruiting(s: BellumState, a: Action) -> None:
    s.turn += 1
    _advance_recruit(s)


def _recruit(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    deck, slot = str(a.args[0]), int(a.args[1])
    s.pick_deck, s.pick_slot = deck, slot
    options = affordable_options(s.food[p], s.glyph[p], deck)
    if len(options) == 1:
        _pay_option(s, p, options[0])
    else:
        s.phase = Phase.PAY


def _pay(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    _pay_option(s, p, str(a.args[0]))


def _pay_option(s: BellumState, p: int, option: str) -> None:
    food, glyph = cost_of(option)
    s.food[p] -= food
    s.glyph[p] -= glyph
    s.paid = option
    s.phase = Phase.PLACE


def _place_creature(s: BellumState, a: Action) -> None:
    p = s.current_player
    assert p is not None
    side = str(a.args[0])
    deck, slot = s.pick_deck, s.pick_slot
    cid = s.cdisplay[deck][slot]
    (s.left if side == "L" else s.right)[p].append(cid)
    bonus = s.cards.creatures[cid].bonus
    for b in bonus:
        if b == "shield":
            s.shields[p] += 1
        elif b == "magic_shield":
            s.mshields[p] += 1
        else:
            s.conf_up[p] += 1
    pile = s.cdeck[deck]
    s.cdisplay[deck][slot] = pile.pop() if pile else ""
    food, glyph = cost_of(s.paid)
    s.emit(f"{NS}.event.recruited", player=p, name=s.cards.name(cid), side=_side_label(side),
           bonus=len(bonus), deck=deck, cost=text.amounts(food=food, glyph=glyph))
    s.pick_deck, s.pick_slot, s.paid = "", -1, ""
    s.phase = Phase.RECRUIT
    _advance_recruit(s)


# ----- step 6 and the end ----------------------------------------------------------
def _end_day(s: BellumState) -> None:
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


def finish(s: BellumState) -> None:
    """Reveal every chest and score."""
    s.phase = Phase.OVER
    everyone = (1 << s.num_players) - 1
    for held in s.chests:  # every chest is revealed at the end
        for c in held:
            s.seen[c] = everyone
    seats = list(range(s.num_players))
    totals = [s.total_value(p) for p in seats]
    counts = [len(c) for c in s.chests]
    standings = {loc: text.SEP[loc].join(
        i18n.render(f"{NS}.standing" if counts[p] else f"{NS}.standing_none", loc,
                    {"player": p, "value": totals[p], "count": counts[p]}) for p in seats) for loc in text.LOCALES}
    s.emit(f"{NS}.event.game_end_cap" if s.timed_out else f"{NS}.event.game_end", days=s.days_played(),
           timed_out=s.timed_out, totals=totals, counts=counts, standings=standings)
    s.emit(f"{NS}.event.winners", players=seat_list("seat", s.winners()))


HANDLERS: dict[str, Callable[[BellumState, Action], None]] = {
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


def apply(s: BellumState, action: Action) -> None:
    HANDLERS[action.kind](s, action)

"""The legal actions of the pending decision: planting, the harvest's choices, the German trade and
sleeving. `legal` is the contract's `_legal_actions` itself (state.py binds it)."""

from __future__ import annotations

from sabbat.core import Action

from .actions import BUY, COLLECT, END, GIVE, PASS, PUSH, SOIL, TAKE, TOKEN, VALE, sleeve, use
from .model import Position
from .rules import HARVEST_PHASE, PLANT_PHASE, SLEEVE_PHASE, VALE_SRC


def legal(s: Position) -> list[Action]:
    """The turn player's options in the pending phase (none once the game is over)."""
    ph = s.phase
    if ph is PLANT_PHASE:
        return [PUSH, PASS] if s.can_push() else [PASS]
    if ph is HARVEST_PHASE:
        return harvest_actions(s)
    if ph is SLEEVE_PHASE:
        return sleeve_actions(s)
    return []


def harvest_actions(s: Position) -> list[Action]:
    """Abilities to resolve, VP to collect, the mana token, purchases the budgets allow, trades, end."""
    if s.traded:
        return trade_actions(s)
    acts = [use(src) for src in s.todo]
    if s.vp_due:
        acts.append(COLLECT)
    p = s.turn_player
    if s.token[p]:
        acts.append(TOKEN)
    mana = s.mana
    c = s.cards
    if s.adv_bought < 2:
        room = s.room
        cost = c.part_cost
        ppos = c.part_pos
        for lv in range(3):
            for i, pid in enumerate(s.adv_disp[lv]):
                if pid >= 0 and cost[pid] <= mana and room[ppos[pid]] > 0:
                    acts.append(BUY[(lv + 1, i)])
        soil = s.soil
        for pos in range(3):
            if soil[pos] and room[pos] > 0 and cost[c.soil_part[pos]] <= mana:
                acts.append(SOIL[pos])
    if s.vale_bought < 2:
        a, b, k, w = s.spirit
        if a + b + k + w >= c.min_vale_cost:
            vcost = c.vale_cost
            for lv in range(2):
                for i, vid in enumerate(s.vale_disp[lv]):
                    if vid >= 0:
                        x, y, z = vcost[vid]
                        short = (x - a if x > a else 0) + (y - b if y > b else 0) + (z - k if z > k else 0)
                        if short <= w:
                            acts.append(VALE[(lv + 1, i)])
    if s.german_trade and sum(s.spirit) >= 3:
        acts.extend(GIVE[k] for k in range(4) if s.spirit[k])
    if not s.vp_due and all(optional(s, src) for src in s.todo):
        acts.append(END)
    return acts


def optional(s: Position, src: int) -> bool:
    """A one-shot vale ability may be kept for a later harvest (ruling E-3); others are mandatory."""
    if src < VALE_SRC:
        return False
    ab = s.cards.vale_ability[src - VALE_SRC]
    return ab is not None and bool(ab[4])


def trade_actions(s: Position) -> list[Action]:
    """Mid-trade (option `german_spirit_trade`): give spirit one at a time, then take one kind."""
    if s.traded < 3:
        return [GIVE[k] for k in range(4) if s.spirit[k]]
    return [TAKE[k] for k in range(3)]


def sleeve_actions(s: Position) -> list[Action]:
    """Each distinct pending advancement onto each field card with its position empty."""
    p = s.turn_player
    ppos = s.cards.part_pos
    slots = s.slots
    acts = []
    seen: set[int] = set()
    for i, pid in enumerate(s.pending):
        if pid in seen:
            continue  # identical pending parts: offer the first only
        seen.add(pid)
        pos = ppos[pid]
        for f in s.field[p]:
            if slots[3 * f + pos] < 0:
                acts.append(sleeve(i, f))
    return acts

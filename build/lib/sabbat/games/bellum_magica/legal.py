"""The options of the pending decision (the state's `_legal_actions`), and who has any.

Functions over the position (model.py). They run on every decision, so they hand out the
prebuilt actions of actions.py and read the card table's flat per-id tables.
"""

from __future__ import annotations

from sabbat.core import Action

from .actions import (
    ATTACK_CASTLE,
    ATTACK_LOCATION,
    BUY_ROUND,
    CONFUSION,
    DONE_RECRUITING,
    NO_ATTACK,
    PASS_ROLL,
    PAY_BOTH,
    PAY_WITH,
    PLACE_CREATURE,
    RECRUIT,
    STEAL,
    STOP_STEALING,
)
from .model import Position, mover
from .rules import (
    ATTACK_PHASE,
    DECKS,
    GOBLINS_PHASE,
    MOST_EVIL,
    PAY_PHASE,
    PLACE_PHASE,
    RECRUIT_PHASE,
    ROLL_PHASE,
    SIDES,
    STEAL_PHASE,
    affordable_options,
)


def legal(s: Position) -> list[Action]:
    """Legal actions of the pending decision (the game is not over)."""
    ph = s.phase
    if ph is ROLL_PHASE:
        p = mover(s)
        acts = [PASS_ROLL]
        if s.barrels[p] >= 1:
            acts.append(BUY_ROUND)
        if p == s.captain and s.conf_up[p] >= 1:
            acts.append(CONFUSION)
        return acts
    if ph is ATTACK_PHASE:
        return [NO_ATTACK, *attack_options(s, mover(s))]
    if ph is RECRUIT_PHASE:
        return [*recruit_options(s, mover(s)), DONE_RECRUITING]
    if ph is PLACE_PHASE:
        return PLACE_CREATURE.copy()
    if ph is STEAL_PHASE:
        held = s.chest_counts(s.steal_victim)
        for t in s.steal_picks:
            held[t] -= 1
        acts = [STEAL[t] for t in range(3) if held[t] > 0]
        if s.steal_picks:
            acts.append(STOP_STEALING)
        return acts
    if ph is PAY_PHASE:
        p = mover(s)
        options = affordable_options(s.food[p], s.glyph[p], MOST_EVIL)
        return PAY_BOTH.copy() if len(options) == 2 else [PAY_WITH[o] for o in options]
    if ph is GOBLINS_PHASE:
        hand = s.hand[mover(s)]
        return [Action("place_goblin", (g, side)) for g in sorted(set(hand)) for side in SIDES]
    return [Action("pick_castle", (b,)) for b in s.draft_pool]  # Phase.DRAFT (OVER has no player)


def attack_options(s: Position, p: int) -> list[Action]:
    """The locations and castles p's active row can beat (castles also need a thief)."""
    swords, magic, thieves = s.attack(p, s.die)
    cards = s.cards
    defence = cards.location_defence
    acts = []
    for lid in (cards.tavern, *s.display):
        shields, mshields = defence[lid]
        if magic >= mshields and swords + (magic - mshields) >= shields:  # rules.can_beat
            acts.append(ATTACK_LOCATION[lid,])
    if thieves >= 1:
        boards = cards.boards
        for q in range(s.num_players):
            if q != p and s.chests[q]:
                b = boards[s.boards[q]]
                shields, mshields = b.shields + s.shields[q], b.magic_shields + s.mshields[q]
                if magic >= mshields and swords + (magic - mshields) >= shields:
                    acts.append(ATTACK_CASTLE[q])
    return acts


def recruit_options(s: Position, p: int) -> list[Action]:
    """The face-up creatures p can pay for, deck by deck."""
    food, glyph = s.food[p], s.glyph[p]
    acts = []
    for deck in DECKS:
        if affordable_options(food, glyph, deck):
            for slot, cid in enumerate(s.cdisplay[deck]):
                if cid:
                    acts.append(RECRUIT[deck, slot])
    return acts


def can_recruit(s: Position, p: int) -> bool:
    """Whether p can pay for any face-up creature (`recruit_options` is not empty)."""
    food, glyph = s.food[p], s.glyph[p]
    return any(any(s.cdisplay[deck]) and affordable_options(food, glyph, deck) for deck in DECKS)

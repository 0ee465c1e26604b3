"""Resource invariants of a Magic Master position (conformance checks after every decision).

Why: a rule bug that loses, duplicates or misfiles a card (a captured item given twice, a
messenger both in hand and in the discard) shows up here even when no rule test covers that
path. Never called on the hot path.
"""

from __future__ import annotations

from collections import Counter

from . import groups as G
from .cards import CHARACTER_KINDS, Kind
from .model import Phase, Position

TABLE_KINDS = {"char": CHARACTER_KINDS, "items": {Kind.ITEM}, "troops": {Kind.TROOP}}


def _zones(s: Position) -> list[tuple[str, list[int]]]:
    out: list[tuple[str, list[int]]] = []
    for p in range(s.num_players):
        for gi, g in enumerate(s.groups[p]):
            out.append((f"P{p + 1} group {gi + 1}", g.cards()))
        out.append((f"P{p + 1} character hand", s.chars[p]))
        out.append((f"P{p + 1} hand", s.hand[p]))
    out += [("set aside", s.set_aside), ("deck", s.deck), ("market", s.market), ("discard", s.discard),
            ("captured", s.captured)]
    return out


def _conservation(s: Position) -> list[str]:
    """Every physical card lies in exactly one zone."""
    seen: Counter[int] = Counter()
    for _, cards in _zones(s):
        seen.update(cards)
    every = range(len(s.t.inst))
    missing = [c for c in every if seen[c] == 0]
    doubled = sorted(c for c, n in seen.items() if n > 1)
    strange = sorted(c for c in seen if not 0 <= c < len(s.t.inst))
    out = []
    if missing:
        out.append(f"cards in no zone: {missing}")
    if doubled:
        out.append(f"cards in more than one place: {doubled}")
    if strange:
        out.append(f"unknown card numbers: {strange}")
    return out


def _placement(s: Position) -> list[str]:
    """Each card sits where its kind may sit."""
    t = s.t
    out = []
    for p in range(s.num_players):
        for gi, g in enumerate(s.groups[p]):
            for part, kinds in TABLE_KINDS.items():
                if any(t.inst[c].kind not in kinds for c in getattr(g, part)):
                    out.append(f"P{p + 1} group {gi + 1}: a card of the wrong kind among its {part}")
            if g.terrain >= 0 and t.inst[g.terrain].kind is not Kind.TERRAIN:
                out.append(f"P{p + 1} group {gi + 1}: its terrain is not a terrain card")
            if len(g.char) > 2:
                out.append(f"P{p + 1} group {gi + 1}: more than a couple leads it")
            if g.is_empty():
                out.append(f"P{p + 1} group {gi + 1} is empty")
        if any(t.inst[c].kind not in CHARACTER_KINDS for c in s.chars[p]):
            out.append(f"P{p + 1}'s character hand holds a navy-backed card")
        if any(t.inst[c].kind in CHARACTER_KINDS for c in s.hand[p]):
            out.append(f"P{p + 1}'s hand holds a character")
        wizards = sum(1 for c in s.chars[p] if t.inst[c].kind is Kind.WIZARD)
        if s.wiz_hidden[p] != wizards:
            out.append(f"P{p + 1}: {s.wiz_hidden[p]} wizards counted in hand, {wizards} there")
        if s.eliminated[p] and (s.groups[p] or s.chars[p] or s.hand[p]):
            out.append(f"P{p + 1} is eliminated but still holds cards")
        if len(s.groups[p]) > 4:
            out.append(f"P{p + 1} has {len(s.groups[p])} groups (at most four, even for a moment)")
    if len(s.market) > 5:
        out.append(f"the market holds {len(s.market)} cards")
    return out


def _counters(s: Position) -> list[str]:
    out = []
    counts = {"wizards in hand": s.wiz_hidden, "countdown round": [s.countdown_round], "turn": [s.turn_no]}
    out += [f"{name} is negative: {values}" for name, values in counts.items() if min(values) < 0]
    if s.countdown_round > 6:
        out.append(f"countdown round {s.countdown_round} is past the sixth")
    if s.phase is not Phase.OVER and s.phase is not Phase.CHOOSE_HEIR and s.eliminated[s.active]:
        out.append(f"P{s.active + 1} is eliminated but has the turn")
    out += _done(s)
    a = s.attack
    if a is not None and s.phase in (Phase.SUPPORT, Phase.ALLY, Phase.CONSENT, Phase.PARAM, Phase.RESPONSE):
        if not 0 <= a.tg < len(s.groups[a.tp]):
            out.append("the attack's target group does not exist")
        elif s.phase is Phase.RESPONSE and not G.entries(s.t, s.groups[a.tp][a.tg]) and a.effect.value == "remove":
            out.append("the attack's target group has nothing left to remove")
    if s.phase is Phase.OVER and not 0 <= s.winner < s.num_players:
        out.append("the game is over without a winner")
    return out


def _done(s: Position) -> list[str]:
    """The cards a regroup has decided: only in a regroup, and only the regrouping player's table cards."""
    if not s.done:
        return []
    if s.phase is not Phase.REGROUP:
        return ["cards are marked decided outside a regroup"]
    table = {c for g in s.groups[s.active] for c in g.cards()}
    if not s.done <= table:
        return ["a card marked decided is not on the regrouping player's table"]
    return []


def problems(s: Position) -> list[str]:
    """Every broken invariant, one line each (empty when the position is sound)."""
    return _conservation(s) + _placement(s) + _counters(s)

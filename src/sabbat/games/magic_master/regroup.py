"""Regrouping (組み替え), decomposed into single placements.

`play` puts one card from a hand into a group (`len(groups)` = a new group, for
characters only), `move` shifts one table card (a couple moves as one unit),
`outer` makes a troop the outermost troop, `scrap` discards a table card and
`end_regroup` finishes once every group is legal and at most three remain.

The rulebook puts no limit on a regroup (「組み替えは何枚でも自由に行える」). What keeps
one finite is that each card is placed at most once per regroup: a play, a move or an
`outer` uses up that card's placement (a couple's two cards together); scraps and the
end stay available. Every final layout is still reachable in one pass: the
characters stay where they are and each other card goes straight to its final group,
in final troop order; a terrain that must change places with another goes into a
group begun anew (docs/games/magic_master.md, M-2). So a regroup takes at most one
placement per card the player holds.

A player may end a regroup with no group only when they cannot form one, that is
with no character left on the table or in hand (「グループを1つも作れなかった場合」).
"""

from __future__ import annotations

from sabbat.core import Action

from . import groups as G
from .actions import END_REGROUP
from .cards import Kind, distinct
from .flow import end_regroup
from .groups import Group
from .model import Position

TROOP, ITEM, TERRAIN = Kind.TROOP, Kind.ITEM, Kind.TERRAIN
MAX_GROUPS = 3
MAX_TEMP_GROUPS = 4  # a fourth group may exist while regrouping (or after a jester)


def can_end(s: Position, p: int) -> bool:
    """Every led group legal, at most three, and at least one while a character remains."""
    t = s.t
    led = 0
    for g in s.groups[p]:
        if g.char:
            if G.problems(t, g):
                return False
            led += 1
    if not led:
        return not s.chars[p]  # while a group can still be formed, dropping out is not a choice
    return led <= MAX_GROUPS


def _last_character(s: Position, p: int, g: Group) -> bool:
    """Whether g's character unit is the last character p has (option keep_last_character)."""
    return not s.chars[p] and sum(1 for x in s.groups[p] if x.char) == 1 and bool(g.char)


def legal(s: Position) -> list[Action]:
    p = s.active
    t = s.t
    kinds = t.kind
    acts = t.actions
    play, move = acts.play, acts.move
    gs = s.groups[p]
    ng = len(gs)
    done = s.placed
    out: list[Action] = []
    new_ok = ng < MAX_TEMP_GROUPS
    free_char = [i for i, g in enumerate(gs) if not g.char]
    free_terr = [i for i, g in enumerate(gs) if g.terrain < 0]
    char_targets = [*free_char, ng] if new_ok else free_char
    for c in sorted(s.chars[p]):
        row = play[c]
        out.extend([row[i] for i in char_targets])
    for c in distinct(t, s.hand[p]):
        k = kinds[c]
        if k is TROOP or k is ITEM:
            out.extend(play[c][:ng])
        elif k is TERRAIN:
            row = play[c]
            out.extend([row[i] for i in free_terr])
    keep_last = s.options.get("keep_last_character", False)
    scrap = acts.scrap
    scraps: list[Action] = []  # listed after every placement
    for gi, g in enumerate(gs):
        char, items, troops, terrain = g.char, g.items, g.troops, g.terrain
        if char:
            if char[0] not in done:
                row = move[char[0]]
                out.extend([row[i] for i in free_char])  # never gi: this group has a character
                if new_ok and (items or troops or terrain >= 0):
                    out.append(row[ng])
            if not (keep_last and _last_character(s, p, g)):
                scraps.append(scrap[char[0]])
        if items:
            for c in distinct(t, [x for x in items if x not in done]):  # items have no order
                row = move[c]
                out.extend(row[:gi])
                out.extend(row[gi + 1:ng])
            scraps.extend([scrap[c] for c in distinct(t, items)])
        if troops:
            for c in troops:
                if c not in done:
                    row = move[c]
                    out.extend(row[:gi])
                    out.extend(row[gi + 1:ng])
            scraps.extend([scrap[c] for c in troops])
        if terrain >= 0:
            if terrain not in done:
                row = move[terrain]
                out.extend([row[i] for i in free_terr])  # never gi: this group has a terrain
            scraps.append(scrap[terrain])
        if len(troops) > 1:
            outer = acts.outer
            out.extend([outer[c] for c in troops[:-1] if c not in done])
    out.extend(scraps)
    if can_end(s, p):
        out.append(END_REGROUP)
    return out


def _place(s: Position, g: Group, c: int, unit: list[int] | None = None) -> None:
    k = s.t.inst[c].kind
    if k is Kind.TROOP:
        g.troops.append(c)
    elif k is Kind.ITEM:
        g.items.append(c)
    elif k is Kind.TERRAIN:
        g.terrain = c
    else:
        g.char = unit if unit is not None else [c]


def _find(s: Position, p: int, c: int) -> int:
    for i, g in enumerate(s.groups[p]):
        if c in g.char or c in g.items or c in g.troops or c == g.terrain:
            return i
    raise ValueError(c)


def _target(s: Position, p: int, gi: int) -> Group:
    gs = s.groups[p]
    if gi == len(gs):
        gs.append(Group())
    return gs[gi]


def _prune(s: Position, p: int) -> None:
    s.groups[p] = [g for g in s.groups[p] if not g.is_empty()]


def apply(s: Position, a: Action) -> None:
    p = s.active
    t = s.t
    k = a.kind
    if k == "end_regroup":
        end_regroup(s)
        return
    c = int(a.args[0])
    if k == "play":
        gi = int(a.args[1])
        if c in s.chars[p]:
            s.chars[p].remove(c)
            if t.inst[c].kind is Kind.WIZARD:
                s.wiz_hidden[p] -= 1
        else:
            s.hand[p].remove(c)
        _place(s, _target(s, p, gi), c)
        s.placed.add(c)
        s.emit("magic_master.event.play", player=p, card=t.name(c), group=gi + 1)
    elif k == "move":
        gi = int(a.args[1])
        src = s.groups[p][_find(s, p, c)]
        dst = _target(s, p, gi)
        if c in src.char:
            unit = src.char
            src.char = []
            _place(s, dst, c, unit)
            s.placed.update(unit)
        else:
            src.remove(c)
            _place(s, dst, c)
            s.placed.add(c)
        _prune(s, p)
        s.emit("magic_master.event.move", player=p, card=t.name(c), group=gi + 1)
    elif k == "outer":
        g = s.groups[p][_find(s, p, c)]
        g.troops.remove(c)
        g.troops.append(c)
        s.placed.add(c)
        s.emit("magic_master.event.outer", player=p, card=t.name(c))
    elif k == "scrap":
        g = s.groups[p][_find(s, p, c)]
        if c in g.char:
            gone = g.char
            g.char = []
        else:
            g.remove(c)
            gone = [c]
        s.discard.extend(gone)
        _prune(s, p)
        s.emit("magic_master.event.scrap", player=p, cards=[t.name(x) for x in gone])

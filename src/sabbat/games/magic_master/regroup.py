"""Regrouping (組み替え), decomposed into single placements.

`play` puts one card from a hand into a group (`len(groups)` = a new group, for
characters only), `move` shifts one table card (a couple moves as one unit),
`outer` makes a troop the outermost troop, `scrap` discards a table card and
`end_regroup` finishes once every group is legal and at most three remain.

The rulebook puts no limit on a regroup (「組み替えは何枚でも自由に行える」「1度場に出してから、
カードのグループ間の移動は自由です。」): any card may be moved again and again, and the player ends
the regroup when they choose. What keeps a regroup finite is that a move or an `outer` which
would bring back a layout already seen in this regroup is not offered (docs/games/magic_master.md,
M-2). A play or a scrap changes the cards on the table for good, so no layout before it can come
back: `Position.seen` holds only the layouts passed through since the last play or scrap (the
current one is never among them, since every move changes the layout). Every layout stays
reachable from the start, along any way that never repeats one (a shortest way never does).

A player may end a regroup with no group only when they cannot form one, that is
with no character left on the table or in hand (「グループを1つも作れなかった場合」).
"""

from __future__ import annotations

from sabbat.core import Action

from . import groups as G
from .actions import END_REGROUP
from .cards import CHARACTER_KINDS, Kind, distinct
from .flow import end_regroup
from .groups import Group, GroupKey, Layout
from .model import Position

TROOP, ITEM, TERRAIN = Kind.TROOP, Kind.ITEM, Kind.TERRAIN
MAX_GROUPS = 3
MAX_TEMP_GROUPS = 4  # a fourth group may exist while regrouping (or after a jester)


def can_end(s: Position, p: int) -> bool:
    """Every led group legal, at most three, and at least one while a character remains."""
    t = s.t
    mix_any = G.mix_ban_any_leader(s.options)
    led = 0
    for g in s.groups[p]:
        if g.char:
            if G.problems(t, g, mix_any):
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
    keep_last = s.options["keep_last_character"]
    scrap = acts.scrap
    scraps: list[Action] = []  # listed after every placement
    for gi, g in enumerate(gs):
        char, items, troops, terrain = g.char, g.items, g.troops, g.terrain
        if char:
            row = move[char[0]]
            out.extend([row[i] for i in free_char])  # never gi: this group has a character
            if new_ok and (items or troops or terrain >= 0):
                out.append(row[ng])
            if not (keep_last and _last_character(s, p, g)):
                scraps.append(scrap[char[0]])
        if items:
            for c in distinct(t, items):  # items have no order
                row = move[c]
                out.extend(row[:gi])
                out.extend(row[gi + 1:ng])
            scraps.extend([scrap[c] for c in distinct(t, items)])
        if troops:
            for c in troops:
                row = move[c]
                out.extend(row[:gi])
                out.extend(row[gi + 1:ng])
            scraps.extend([scrap[c] for c in troops])
        if terrain >= 0:
            row = move[terrain]
            out.extend([row[i] for i in free_terr])  # never gi: this group has a terrain
            scraps.append(scrap[terrain])
        if len(troops) > 1:
            outer = acts.outer
            out.extend([outer[c] for c in troops[:-1]])
    if s.seen:
        back = {id(a) for a in _returns(s, p)}
        if back:
            out = [a for a in out if id(a) not in back]
    out.extend(scraps)
    if can_end(s, p):
        out.append(END_REGROUP)
    return out


def _returns(s: Position, p: int) -> list[Action]:
    """The moves and `outer`s that would bring back a layout seen in this regroup (some of them
    may not be offered anyway).

    Why not apply every move and compare: this runs on every decision after a move. A move changes
    two groups at most, so a seen layout is one move away only when at most two of the current
    groups are missing from it; the card that would move is one whose leaving turns its group into
    one of the seen layout's groups (or empties it), and it goes to the other changed group or to a
    group begun anew. Usually that leaves one layout, the one before the last move, and one card.
    """
    gs = s.groups[p]
    keys = [g.key() for g in gs]
    here = set(keys)
    kinds = s.t.kind
    acts = s.t.actions
    out: list[Action] = []
    for lay in s.seen:
        changed = [i for i, k in enumerate(keys) if k not in lay]
        if len(changed) > 2:
            continue
        made = [k for k in lay if k not in here]  # the groups a move back would make
        for i in changed:
            for c in _leavers(gs[i], made):
                kind = kinds[c]
                left = _left(keys[i], c, kind)
                if left is not None and left not in made:
                    continue
                for j in _targets(keys, changed, i, kind):
                    joined = _joined(keys[j] if j < len(keys) else None, gs[i].char, c, kind)
                    if joined in made and _with(keys, {i: left, j: joined}) == lay:
                        out.append(acts.move[c][j])
        if len(changed) == 1 and len(made) == 1 and (c := _outer_back(keys[changed[0]], made[0])) >= 0:
            out.append(acts.outer[c])
    return out


def _outer_back(key: GroupKey, made: GroupKey) -> int:
    """The troop whose `outer` turns group `key` into `made` (it is the outermost after), or -1."""
    char, items, troops, terrain = key
    if not made[2]:
        return -1
    c = made[2][-1]
    if c in troops[:-1] and (char, items, tuple(x for x in troops if x != c) + (c,), terrain) == made:
        return c
    return -1


def _targets(keys: list[GroupKey], changed: list[int], i: int, kind: Kind) -> list[int]:
    """Where a card of kind `kind` from group i could go and change only groups in `changed`: the
    other changed group, if it may take the card, or (a character) a group begun anew."""
    out = [j for j in changed if j != i and (not keys[j][0] if kind in CHARACTER_KINDS
                                              else keys[j][3] < 0 if kind is TERRAIN else True)]
    if kind in CHARACTER_KINDS:
        out.append(len(keys))
    return out


def _leavers(g: Group, made: list[GroupKey]) -> list[int]:
    """The cards of g (a character: its unit) whose leaving leaves g as one of `made`, or empty."""
    cards = set(g.cards())
    lead = g.char[:1]
    if len(cards) == 1 or len(cards) == len(g.char):
        return lead or list(cards)
    out = []
    for char, items, troops, terrain in made:
        rest = {*char, *items, *troops, terrain}
        rest.discard(-1)
        gone = cards - rest
        if rest < cards and (len(gone) == 1 or gone == set(g.char)):
            out.append(lead[0] if gone == set(g.char) else gone.pop())
    return out


def _with(keys: list[GroupKey], changed: dict[int, GroupKey | None]) -> Layout:
    """The layout of groups `keys` with some changed (by index; None: gone, past the end: added)."""
    lay = [k for n, k in enumerate(keys) if n not in changed]
    lay.extend(k for k in changed.values() if k is not None)
    return tuple(sorted(lay))


def _left(key: GroupKey, c: int, kind: Kind) -> GroupKey | None:
    """A group (as a value) once card c, or its character unit, has left it; None if nothing stays."""
    char, items, troops, terrain = key
    if kind is TROOP:
        troops = tuple(x for x in troops if x != c)
    elif kind is ITEM:
        items = tuple(x for x in items if x != c)
    elif kind is TERRAIN:
        terrain = -1
    else:
        char = ()
    return (char, items, troops, terrain) if (char or items or troops or terrain >= 0) else None


def _joined(key: GroupKey | None, unit: list[int], c: int, kind: Kind) -> GroupKey:
    """A group (None: one begun anew) once card c, or the character unit it leads, has joined it."""
    char, items, troops, terrain = key if key is not None else ((), (), (), -1)
    if kind is TROOP:
        return (char, items, troops + (c,), terrain)
    if kind is ITEM:
        return (char, tuple(sorted(items + (c,))), troops, terrain)
    if kind is TERRAIN:
        return (char, items, troops, c)
    return (tuple(unit), items, troops, terrain)


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
        s.seen.clear()
        end_regroup(s)
        return
    c = int(a.args[0])
    if k == "move" or k == "outer":
        s.seen.add(G.layout(s.groups[p]))  # the layout this leaves may not come back
    elif s.seen:
        s.seen.clear()  # a play or a scrap changes the cards on the table: no earlier layout can return
    if k == "play":
        gi = int(a.args[1])
        if c in s.chars[p]:
            s.chars[p].remove(c)
            if t.inst[c].kind is Kind.WIZARD:
                s.wiz_hidden[p] -= 1
        else:
            s.hand[p].remove(c)
        _place(s, _target(s, p, gi), c)
        s.emit("magic_master.event.play", player=p, card=t.name(c), group=gi + 1)
    elif k == "move":
        gi = int(a.args[1])
        src = s.groups[p][_find(s, p, c)]
        dst = _target(s, p, gi)
        if c in src.char:
            unit = src.char
            src.char = []
            _place(s, dst, c, unit)
        else:
            src.remove(c)
            _place(s, dst, c)
        _prune(s, p)
        s.emit("magic_master.event.move", player=p, card=t.name(c), group=gi + 1)
    elif k == "outer":
        g = s.groups[p][_find(s, p, c)]
        g.troops.remove(c)
        g.troops.append(c)
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

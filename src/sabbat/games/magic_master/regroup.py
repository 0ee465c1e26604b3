"""Regrouping (組み替え): the player chooses the final layout, one card at a time.

The rulebook puts no limit on a regroup (「組み替えは何枚でも自由に行える」「1度場に出してから、
カードのグループ間の移動は自由です。」「ただし、1度場に出したカードを手札に戻す事は出来ません。」): only the
layout the player ends in counts. So a regroup asks where each card *ends up*, in four stages —
characters, items, troops, terrain — and in each stage first about every table card of that kind in
table order (group by group, troops inner to outer), then lets the player play cards from hand:

- a table card: `keep c` (it stays where it is), `move c g` (an item or a terrain to another group),
  `troop c g k` (a troop into group g at place k among the troops already decided there, 0 innermost)
  or `scrap c`; a character unit (a couple is one) is kept or discarded;
- at any decision of a stage, cards from hand of that stage or an earlier one may be played: `play c g`
  (a character into a new or a leaderless group, an item or a terrain into a led group), `troop c g k`
  (a troop at place k among the troops decided in g), or played and discarded at once (`scrap c`: the
  rules let a card played be discarded, 「捨て札とする事は自由です」);
- once a stage's table cards are decided, `next_stage` goes on (that step is skipped when the hand is
  empty, a public fact); the last stage ends with `end_regroup`, which is also offered at any decision
  where the layout as it stands is legal (every card not yet decided stays where it is).

Why this shape: a decided card never moves again, so a regroup is finite (each decision decides a card,
plays one, or ends a stage) and no layout is ever repeated; a card is only put where it can stay, in a
legal group, whatever is decided after it (its stage comes after every card its legality depends on:
characters, then items, then the troops and terrain that need them), so a regroup never traps a player
into discarding a card they placed; and every layout the rules allow is reached by deciding each card
in turn where it ends (docs/games/magic_master.md, M-2). The position records the stage and the cards
decided (`Position.stage`, `Position.done`).

A player may end a regroup with no group only when they cannot form one, that is
with no character left on the table or in hand (「グループを1つも作れなかった場合」).
"""

from __future__ import annotations

from sabbat.core import Action

from . import groups as G
from .actions import END_REGROUP, NEXT_STAGE
from .cards import Kind, distinct
from .flow import end_regroup
from .groups import Group
from .model import Position

TROOP, ITEM, TERRAIN = Kind.TROOP, Kind.ITEM, Kind.TERRAIN
MAX_GROUPS = 3
MAX_TEMP_GROUPS = 4  # a fourth group may exist while regrouping (or after a jester)
LAST_STAGE = 3
STAGES = ("characters", "items", "troops", "terrain")
LAYER = {Kind.HEIR: 0, Kind.WARRIOR: 0, Kind.WIZARD: 0, ITEM: 1, TROOP: 2, TERRAIN: 3}
"""The stage in which a card of each kind is placed; other kinds (one-shots) are never played."""


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


def current(s: Position, p: int, stage: int) -> int:
    """The first table card of `stage` not yet decided, in table order (-1: none)."""
    done = s.done
    for g in s.groups[p]:
        if stage == 0:
            if g.char and g.char[0] not in done:
                return g.char[0]
        elif stage == 1:
            for c in g.items:
                if c not in done:
                    return c
        elif stage == 2:
            for c in g.troops:
                if c not in done:
                    return c
        elif g.terrain >= 0 and g.terrain not in done:
            return g.terrain
    return -1


def _hand_step(s: Position, p: int, stage: int) -> bool:
    """Whether the stage ends with a step for playing from hand. Decided on public facts alone (how
    many cards each hand holds), so that the number of decisions tells nobody what the hand holds."""
    return stage == LAST_STAGE or bool(s.chars[p]) or (stage > 0 and bool(s.hand[p]))


def stage_now(s: Position, p: int) -> tuple[int, int]:
    """The stage under way and its table card to decide (-1: the hand step), skipping empty stages."""
    stage = s.stage
    while True:
        c = current(s, p, stage)
        if c >= 0 or _hand_step(s, p, stage):
            return stage, c
        stage += 1


def _decided(s: Position, g: Group, c: int = -1, at: int = -1) -> Group:
    """Group g as decided so far (leader, decided items, troops and terrain), with card c added (a troop
    at place `at`): what must be legal, since every card not decided may still leave."""
    done = s.done
    trial = Group(g.char, [x for x in g.items if x in done], [x for x in g.troops if x in done],
                  g.terrain if g.terrain in done else -1)
    if c >= 0:
        k = s.t.kind[c]
        if k is ITEM:
            trial.items.append(c)
        elif k is TROOP:
            trial.troops.insert(len(trial.troops) if at < 0 else at, c)
        else:
            trial.terrain = c
    return trial


def _takes(s: Position, g: Group, c: int, mix_any: bool) -> bool:
    """Whether led group g can keep card c (an item, troop or terrain) beside the cards decided there."""
    if not g.char:
        return False
    if s.t.kind[c] is TERRAIN and g.terrain in s.done:
        return False
    return not G.problems(s.t, _decided(s, g, c), mix_any)


def _led(s: Position, p: int) -> int:
    """Groups whose leader is decided (kept, or played from hand in this regroup)."""
    done = s.done
    return sum(1 for g in s.groups[p] if g.char and g.char[0] in done)


def _others(s: Position, p: int, unit: list[int]) -> bool:
    """Whether p has a character besides `unit` (on the table or in hand)."""
    return bool(s.chars[p]) or any(g.char and g.char != unit for g in s.groups[p])


def legal(s: Position) -> list[Action]:
    p = s.active
    stage, c = stage_now(s, p)
    out = _table_card(s, p, c) if c >= 0 else []
    out.extend(_plays(s, p, stage))
    if c < 0 and stage < LAST_STAGE:
        out.append(NEXT_STAGE)
    if can_end(s, p):
        out.append(END_REGROUP)
    return out


def _table_card(s: Position, p: int, c: int) -> list[Action]:
    """Where table card c may end: kept, elsewhere (only where it can stay) or discarded."""
    t = s.t
    acts = t.actions
    gs = s.groups[p]
    home = _find(s, p, c)
    kind = t.kind[c]
    mix_any = G.mix_ban_any_leader(s.options)
    out: list[Action] = []
    if LAYER[kind] == 0:
        unit = gs[home].char
        if _led(s, p) < MAX_GROUPS:
            out.append(acts.keep[c])
        if not (s.options.get("keep_last_character", False) and not _others(s, p, unit)):
            out.append(acts.scrap[c])
        return out
    for gi, g in enumerate(gs):
        if not _takes(s, g, c, mix_any):
            continue
        if kind is TROOP:
            row = acts.troop[c][gi]
            placed = sum(1 for x in g.troops if x in s.done)
            for k in range(placed + 1):
                out.append(acts.keep[c] if gi == home and k == placed else row[k])
        else:
            out.append(acts.keep[c] if gi == home else acts.move[c][gi])
    out.append(acts.scrap[c])
    return out


def _plays(s: Position, p: int, stage: int) -> list[Action]:
    """Cards from hand of this stage or an earlier one, each into every group that can keep it."""
    t = s.t
    play = t.actions.play
    gs = s.groups[p]
    scrap = t.actions.scrap
    out: list[Action] = []
    gone: list[Action] = []  # played and discarded at once, listed after every play
    if s.chars[p]:
        free: list[int] = []
        if _led(s, p) < MAX_GROUPS:
            free = [i for i, g in enumerate(gs) if not g.char]
            if len(gs) < MAX_TEMP_GROUPS:  # (with four groups a leaderless one is free: its cards may leave)
                free.append(len(gs))
        last = s.options.get("keep_last_character", False) and len(s.chars[p]) == 1 and not any(g.char for g in gs)
        for c in sorted(s.chars[p]):
            row = play[c]
            out.extend([row[i] for i in free])
            if not last:
                gone.append(scrap[c])  # discarding is free
    if stage == 0 or not s.hand[p]:
        return out + gone
    mix_any = G.mix_ban_any_leader(s.options)
    troop = t.actions.troop
    for c in distinct(t, s.hand[p]):
        layer = LAYER.get(t.kind[c], 9)
        if not 0 < layer <= stage:
            continue
        for i, g in enumerate(gs):
            if not _takes(s, g, c, mix_any) or (layer == LAST_STAGE and g.terrain >= 0):
                continue
            if layer == 2:  # a troop at any place among those decided there
                out.extend(troop[c][i][:sum(1 for x in g.troops if x in s.done) + 1])
            else:
                out.append(play[c][i])
        gone.append(scrap[c])
    return out + gone


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


def _put(s: Position, p: int, g: Group, c: int, at: int = -1, src: Group | None = None) -> None:
    """Place card c in group g as decided: a troop at place `at` (default: just outside the troops
    decided there); a terrain from group `src` swaps places with a terrain not yet decided in g (a
    terrain from hand goes only where there is none)."""
    k = s.t.kind[c]
    if k is TROOP:
        g.troops.insert(sum(1 for x in g.troops if x in s.done) if at < 0 else at, c)
    elif k is ITEM:
        g.items.append(c)
    elif k is TERRAIN:
        if g.terrain >= 0 and src is not None:
            src.terrain = g.terrain
        g.terrain = c
    else:
        g.char = [c]
    s.done.add(c)


def _from_hand(s: Position, p: int, c: int) -> None:
    """Take card `c` out of seat `p`'s hand or character hand (a wizard leaves the hidden count)."""
    if c in s.chars[p]:
        s.chars[p].remove(c)
        if s.t.inst[c].kind is Kind.WIZARD:
            s.wiz_hidden[p] -= 1
    else:
        s.hand[p].remove(c)


def apply(s: Position, a: Action) -> None:
    p = s.active
    t = s.t
    k = a.kind
    stage, _ = stage_now(s, p)
    s.stage = stage
    if k == "end_regroup":
        s.stage = 0
        s.done = set()
        end_regroup(s)
        return
    if k == "next_stage":
        s.stage = stage + 1
        return
    c = int(a.args[0])
    if k == "keep":
        g = s.groups[p][_find(s, p, c)]
        s.done.update(g.char if c in g.char else (c,))
    elif k == "play":
        gi = int(a.args[1])
        _from_hand(s, p, c)
        _put(s, p, _target(s, p, gi), c)
        s.emit("magic_master.event.play", player=p, card=t.name(c), group=gi + 1)
    elif k == "troop" and c in s.hand[p]:
        gi = int(a.args[1])
        s.hand[p].remove(c)
        _put(s, p, s.groups[p][gi], c, int(a.args[2]))
        s.emit("magic_master.event.play", player=p, card=t.name(c), group=gi + 1)
    elif k == "move" or k == "troop":
        gi = int(a.args[1])
        src = s.groups[p][_find(s, p, c)]
        dst = s.groups[p][gi]
        src.remove(c)
        _put(s, p, dst, c, int(a.args[2]) if k == "troop" else -1, src)
        _prune(s, p)
        s.emit("magic_master.event.move", player=p, card=t.name(c), group=s.groups[p].index(dst) + 1)
    elif k == "scrap" and (c in s.hand[p] or c in s.chars[p]):
        _from_hand(s, p, c)
        s.discard.append(c)
        s.emit("magic_master.event.scrap_hand", player=p, card=t.name(c))
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

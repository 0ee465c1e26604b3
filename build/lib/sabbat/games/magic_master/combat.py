"""The decisions of the attack step (declaration, support, allies, parameters, responses, cleric,
capture) and of replenishing (discard, take); the automatic steps between them are in flow.py.

Every decision is an action; the attack in progress is the `Attack` record in
the position, so a clone taken at any point resumes exactly.
"""

from __future__ import annotations

from sabbat.core import Action

from . import effects
from . import groups as G
from .actions import (
    ACCEPT,
    AIM_PACKAGE,
    ALLY,
    ATTACK,
    CASTER,
    DECLARE,
    DECLINE,
    NO_CLERIC,
    NO_RESPONSE,
    NO_SUPPORT,
    PASS_ATTACK,
    ROMANCER,
)
from .cards import distinct
from .flow import HAND_LIMIT, after_discard, finish_attack, holders, next_capture, roll, start_replenish, take
from .groups import Group
from .model import Attack, Effect, Phase, Position, Step
from .text import HIT, OK, seat_list, support_phrase

MAGIC_ATTACKS = frozenset({"fireball", "lightning", "open_gate", "spirit", "petrify", "ice_storm", "void"})
CARD_ATTACKS = frozenset({"assassin", "jester", "thief", "cleric", "dragon", "beast", "romance"}) | MAGIC_ATTACKS
ATTACK_PHASE, TAKE_PHASE, DISCARD_PHASE, CAPTURE_PHASE = Phase.ATTACK, Phase.TAKE, Phase.DISCARD, Phase.CAPTURE
SUPPORT_PHASE, ALLY_PHASE, CONSENT_PHASE, PARAM_PHASE = Phase.SUPPORT, Phase.ALLY, Phase.CONSENT, Phase.PARAM
RESPONSE_PHASE, CLERIC_PHASE = Phase.RESPONSE, Phase.CLERIC


# ----- helpers ---------------------------------------------------------------------------

def wizard_groups(s: Position, p: int) -> list[int]:
    return [i for i, g in enumerate(s.groups[p]) if G.wizard_mag(s.t, g) is not None]


def targets(s: Position, p: int) -> list[tuple[int, int]]:
    return [(q, i) for q in range(s.num_players) if q != p and not s.eliminated[q]
            for i in range(len(s.groups[q]))]


def card_usable(s: Position, p: int, c: int, q: int, i: int) -> bool:
    """May card `c` attack group `i` of player `q`? (preconditions of section 5)"""
    t = s.t
    d = t.inst[c]
    e = d.effect
    g = s.groups[q][i]
    if e not in CARD_ATTACKS:
        return False
    if e in MAGIC_ATTACKS and not wizard_groups(s, p):
        return False
    inner = G.entries(t, g, skip_terrain=True)
    if e == "assassin":
        return bool(g.char)
    if e == "jester" or e == "void":
        return True
    if e == "thief":
        return bool(g.items)
    if e == "cleric":
        return any(t.inst[x].undead for x in g.troops)
    if e in ("dragon", "petrify"):
        return bool(inner)
    if e == "beast":
        return G.terrain_kind(t, g) == d.need_terrain and bool(inner)
    if e == "spirit":
        return G.terrain_kind(t, g) == d.need_terrain
    if e == "open_gate":
        return G.has_castle(t, g)
    if e in ("fireball", "lightning", "ice_storm"):
        return bool(G.entries(t, g))
    if e == "romance":
        return bool(romancers(s, p, g))
    return False


def romancers(s: Position, p: int, target: Group) -> list[int]:
    """Own groups whose single character may court the target's single character."""
    t = s.t
    if len(target.char) != 1:
        return []
    sex = t.inst[target.char[0]].sex
    if sex == "none":
        return []
    return [i for i, g in enumerate(s.groups[p])
            if len(g.char) == 1 and t.inst[g.char[0]].sex not in ("none", sex)]


def can_attack_with(s: Position, g: Group, target: Group) -> bool:
    m = G.mov(s.t, g)
    return bool(g.char) and m >= 1 and m >= G.mov(s.t, target)


# ----- legal actions -------------------------------------------------------------------------
def legal(s: Position) -> list[Action]:
    """The legal actions of every phase after the regroup (the attack, its windows, replenishing)."""
    ph = s.phase
    p = s.active
    t = s.t
    acts = t.actions
    a = s.attack
    if ph is ATTACK_PHASE:
        out = [PASS_ATTACK]
        tg = targets(s, p)
        for gi, g in enumerate(s.groups[p]):
            by_seat = ATTACK[gi]
            for q, i in tg:
                if can_attack_with(s, g, s.groups[q][i]):
                    out.append(by_seat[q][i])
        effect = t.effect
        for c in distinct(t, s.hand[p]):
            if effect[c] in CARD_ATTACKS:
                with_card = acts.card_attack[c]
                for q, i in tg:
                    if card_usable(s, p, c, q, i):
                        out.append(with_card[q][i])
        return out
    if ph is TAKE_PHASE:
        return [acts.take[c] for c in distinct(t, s.market)]
    if ph is DISCARD_PHASE:
        return [acts.drop[c] for c in distinct(t, s.hand[p])]
    if ph is CAPTURE_PHASE:
        item = s.captured[0]
        to_group = acts.give[item]
        return [to_group[i] for i in holders(s, p, item)]
    assert a is not None
    if ph is SUPPORT_PHASE:
        return support_options(s, a)
    if ph is ALLY_PHASE:
        return [ALLY[q][i] for q, i in ally_options(s, a)]
    if ph is CONSENT_PHASE:
        return [ACCEPT, DECLINE]
    if ph is PARAM_PHASE:
        return param_options(s, a)
    if ph is RESPONSE_PHASE:
        return [NO_RESPONSE, *[acts.respond[c] for c in response_options(s, a)]]
    if ph is CLERIC_PHASE:
        effect = t.effect
        return [NO_CLERIC, *[acts.cleric[c] for c in distinct(t, s.hand[a.tp]) if effect[c] == "cleric"]]
    raise AssertionError(ph)


def support_options(s: Position, a: Attack) -> list[Action]:
    t = s.t
    p = a.attacker
    target = s.groups[a.tp][a.tg]
    out = [NO_SUPPORT]
    wiz = wizard_groups(s, p)
    for c in distinct(t, s.hand[p]):
        e = t.effect[c]
        row = t.actions.support[c]  # row[w + 1]: caster group w, -1 first
        if e == "messenger" and ally_options(s, a):
            out.append(row[0])
        elif e == "ram" and G.has_castle(t, target):
            out.append(row[0])
        elif e == "fireball" or (e == "teleport" and target.terrain >= 0):
            out.extend([row[w + 1] for w in wiz])
    return out


def ally_options(s: Position, a: Attack) -> list[tuple[int, int]]:
    p = a.attacker
    target = s.groups[a.tp][a.tg]
    first = a.groups[0][1]
    out = [(p, i) for i, g in enumerate(s.groups[p]) if i != first and can_attack_with(s, g, target)]
    if s.num_players >= 3:
        for q in range(s.num_players):
            if q in (p, a.tp) or s.eliminated[q] or q in s.declined:
                continue
            out.extend((q, i) for i, g in enumerate(s.groups[q]) if can_attack_with(s, g, target))
    return out


def param_options(s: Position, a: Attack) -> list[Action]:
    t = s.t
    acts = t.actions
    step = a.steps[0]
    target = s.groups[a.tp][a.tg]
    if step is Step.CASTER:
        return [CASTER[i] for i in wizard_groups(s, a.attacker)]
    if step is Step.NUMBER:
        return list(DECLARE)
    if step is Step.ENTRY:
        return [acts.aim[e] if e >= 0 else AIM_PACKAGE for e in G.entries(t, target)]
    if step is Step.ITEM:
        return [acts.steal[c] for c in distinct(t, target.items)]
    if step is Step.ROMANCER:
        return [ROMANCER[i] for i in romancers(s, a.attacker, target)]
    return [acts.undead[c] for c in target.troops if t.inst[c].undead]


def response_options(s: Position, a: Attack) -> list[int]:
    t = s.t
    g = s.groups[a.tp][a.tg]
    has_wiz = G.wizard_mag(t, g) is not None
    out = []
    for c in distinct(t, s.hand[a.tp]):
        e = t.inst[c].effect
        if e == "cleric":
            if a.card >= 0 and t.inst[a.card].undead:
                out.append(c)
        elif not has_wiz:
            continue
        elif e == "shield" and a.kind == "normal":
            out.append(c)
        elif e == "dispel" and (a.magic or (a.kind == "normal" and not a.dispelled
                                            and (a.fire_part or a.teleported))):
            out.append(c)
        elif e == "teleport":
            out.append(c)
    return out



# ----- applying ----------------------------------------------------------------------------
def apply(s: Position, act: Action) -> None:
    k = act.kind
    p = s.active
    t = s.t
    args = [int(x) for x in act.args]
    if k == "pass_attack":
        s.emit("magic_master.event.no_attack", player=p)
        start_replenish(s)
    elif k == "attack":
        gi, q, i = args
        a = Attack("normal", p, q, i)
        a.groups = [(p, gi)]
        s.attack = a
        s.phase = Phase.SUPPORT
    elif k == "card_attack":
        c, q, i = args
        declare_card(s, c, q, i)
    elif k == "no_support":
        resolve_normal(s)
    elif k == "support":
        c, w = args
        a = _att(s)
        a.support = c
        a.caster = w
        s.hand[p].remove(c)
        s.discard.append(c)
        if t.inst[c].effect == "messenger":
            s.phase = Phase.ALLY
        else:
            resolve_normal(s)
    elif k == "ally":
        q, i = args
        a = _att(s)
        a.groups.append((q, i))
        if q == p:
            resolve_normal(s)
        else:
            a.ally = q
            s.phase = Phase.CONSENT
            s.emit("magic_master.event.ally_asked", player=p, ally=q)
    elif k == "accept":
        s.emit("magic_master.event.ally_accepts", ally=_att(s).ally)
        resolve_normal(s)
    elif k == "decline":
        a = _att(s)
        s.emit("magic_master.event.ally_declines", ally=a.ally)
        s.declined.append(a.ally)
        # the declaration is withdrawn: the messenger returns to hand (ruling A-16)
        s.discard.remove(a.support)
        s.hand[p].append(a.support)
        s.attack = None
        s.phase = Phase.ATTACK
    elif k in ("caster", "declare", "aim", "steal", "romancer", "undead"):
        a = _att(s)
        step = a.steps.pop(0)
        if step is Step.CASTER:
            a.caster = args[0]
        else:
            a.param = args[0]
        if a.steps:
            return
        effects.resolve(s)
    elif k == "respond":
        effects.respond(s, args[0])
    elif k == "no_response":
        s.emit("magic_master.event.no_response", player=_att(s).tp)
        effects.apply_effect(s)
    elif k == "cleric":
        effects.revive(s, args[0])
    elif k == "no_cleric":
        effects.package_lost(s)
    elif k == "give":
        item, gi = args
        s.captured.pop(0)
        s.groups[p][gi].items.append(item)
        s.gained = True
        s.emit("magic_master.event.capture", player=p, card=t.name(item), group=gi + 1)
        next_capture(s)
    elif k == "drop":
        c = args[0]
        s.hand[p].remove(c)
        s.discard.append(c)
        s.emit("magic_master.event.hand_discard", player=p, card=t.name(c))
        if len(s.hand[p]) <= HAND_LIMIT:
            after_discard(s)
    elif k == "take":
        take(s, args[0])
    else:
        raise AssertionError(k)


def _att(s: Position) -> Attack:
    assert s.attack is not None
    return s.attack


def declare_card(s: Position, c: int, q: int, i: int) -> None:
    p = s.active
    t = s.t
    d = t.inst[c]
    a = Attack(d.effect, p, q, i)
    a.card = c
    a.magic = d.effect in MAGIC_ATTACKS
    s.hand[p].remove(c)
    s.discard.append(c)
    s.attack = a
    s.emit("magic_master.event.card_attack", player=p, card=t.name(c), target=q, group=i + 1)
    if a.magic:
        wiz = wizard_groups(s, p)
        if len(wiz) == 1:
            a.caster = wiz[0]
        else:
            a.steps.append(Step.CASTER)
    e = d.effect
    target = s.groups[q][i]
    if e == "jester":
        a.steps.append(Step.NUMBER)
    elif e == "fireball":
        a.steps.append(Step.ENTRY)
    elif e == "thief":
        a.steps.append(Step.ITEM)
    elif e == "romance":
        cand = romancers(s, p, target)
        if len(cand) == 1:
            a.param = cand[0]
        else:
            a.steps.append(Step.ROMANCER)
    elif e == "cleric":
        und = [x for x in target.troops if t.inst[x].undead]
        if len(und) == 1:
            a.param = und[0]
        else:
            a.steps.append(Step.UNDEAD)
    if a.steps:
        s.phase = Phase.PARAM
    else:
        effects.resolve(s)


def resolve_normal(s: Position) -> None:
    """Roll a normal attack (with its support) and open the response window on a hit."""
    a = _att(s)
    t = s.t
    target = s.groups[a.tp][a.tg]
    sup = t.inst[a.support].effect if a.support >= 0 else ""
    mag = G.wizard_mag(t, s.groups[a.attacker][a.caster]) or 0 if a.caster >= 0 else 0
    if sup == "teleport":
        r = s.rng.roll()
        a.teleported = r + mag >= t.inst[a.support].threshold
        s.emit("magic_master.event.spell_roll", card=t.name(a.support), roll=r, mag=mag,
               need=t.inst[a.support].threshold, ok=OK[a.teleported])
    dice, bonus = 0, 0
    for q, i in a.groups:
        d, b = G.atk(t, s.groups[q][i])
        dice += d
        bonus += b
    if sup == "ram":
        dice += t.inst[a.support].atk_dice
        bonus += t.inst[a.support].atk_bonus
    rolls = roll(s, dice)
    a.total = sum(rolls) + bonus
    if sup == "fireball":
        fr = roll(s, t.inst[a.support].atk_dice)
        a.fire_part = sum(fr) + t.inst[a.support].atk_bonus + mag
        a.total += a.fire_part
        rolls += fr
        bonus += t.inst[a.support].atk_bonus + mag
    need = G.defence(t, target, ignore_terrain=a.teleported)
    hit = a.total >= need
    attackers = seat_list("group_ref", [q for q, _ in a.groups], [i + 1 for _, i in a.groups])
    if rolls:
        s.emit("magic_master.event.attack_roll", player=a.attacker, target=a.tp, group=a.tg + 1, attackers=attackers,
               support=support_phrase(t, a.support), dice=rolls, bonus=bonus, total=a.total, defence=need, hit=HIT[hit])
    else:  # a group whose attack is a fixed number (an heir with a sword): nothing to roll
        s.emit("magic_master.event.attack_fixed", player=a.attacker, target=a.tp, group=a.tg + 1, attackers=attackers,
               support=support_phrase(t, a.support), total=a.total, defence=need, hit=HIT[hit])
    if not hit:
        finish_attack(s)
        return
    a.effect = Effect.REMOVE
    a.removals = G.entries(t, target, skip_terrain=a.teleported)[:1]
    effects.open_response(s)

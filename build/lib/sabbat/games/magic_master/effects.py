"""Card effects by name, the defender's responses, the cleric window and removal.

`HANDLERS` maps each attack card's `effect` (from the card file) to a function
that rolls its dice, records what a success would do in the `Attack` and says
whether anything would happen. Nothing is applied before the defender has had
the chance to respond (ruling A-19).
"""

from __future__ import annotations

from collections.abc import Callable

from . import groups as G
from .flow import finish_attack, next_capture, roll, win
from .groups import Group
from .model import Attack, Effect, Phase, Position
from .text import HIT, OK, none_word


def _mag(s: Position, a: Attack) -> int:
    if a.caster < 0:
        return 0
    return G.wizard_mag(s.t, s.groups[a.attacker][a.caster]) or 0


def _target(s: Position, a: Attack) -> Group:
    return s.groups[a.tp][a.tg]


def _spell_roll(s: Position, a: Attack) -> bool:
    d = s.t.inst[a.card]
    r = s.rng.roll()
    mag = _mag(s, a)
    ok = r + mag >= d.threshold
    s.emit("magic_master.event.spell_roll", card=s.t.name(a.card), roll=r, mag=mag, need=d.threshold, ok=OK[ok])
    return ok


def _strike(s: Position, a: Attack, entry: int, extra: int = 0) -> bool:
    """Roll the card's attack (+extra) against one targeting entry's defence."""
    t = s.t
    d = t.inst[a.card]
    g = _target(s, a)
    dice = roll(s, d.atk_dice)
    total = sum(dice) + d.atk_bonus + extra
    need = G.entry_def(t, g, entry)
    ok = total >= need
    if dice:
        s.emit("magic_master.event.card_roll", card=t.name(a.card), dice=dice, bonus=d.atk_bonus + extra,
               total=total, against=_entry_name(s, g, entry), defence=need, hit=HIT[ok])
    else:  # a card (from a replacement file) with a fixed attack: nothing to roll
        s.emit("magic_master.event.card_fixed", card=t.name(a.card), total=total, against=_entry_name(s, g, entry),
               defence=need, hit=HIT[ok])
    if ok:
        a.effect = Effect.REMOVE
        a.removals = [entry]
    return ok


def _entry_name(s: Position, g: Group, e: int) -> dict[str, str]:
    if e >= 0:
        return s.t.name(e)
    if g.char:
        return s.t.name(g.char[0])
    return {"en": "items", "ja": "アイテム"}


def _outer(s: Position, a: Attack, skip_terrain: bool) -> int:
    return G.entries(s.t, _target(s, a), skip_terrain=skip_terrain)[0]


def h_assassin(s: Position, a: Attack) -> bool:
    return _strike(s, a, -1)


def h_dragon(s: Position, a: Attack) -> bool:
    return _strike(s, a, _outer(s, a, True))


def h_lightning(s: Position, a: Attack) -> bool:
    return _strike(s, a, _outer(s, a, False), _mag(s, a))


def h_fireball(s: Position, a: Attack) -> bool:
    return _strike(s, a, a.param, _mag(s, a))


def h_jester(s: Position, a: Attack) -> bool:
    r = s.rng.roll()
    ok = r == a.param
    s.emit("magic_master.event.jester_roll", declared=a.param, roll=r, ok=OK[ok])
    if ok:
        a.effect = Effect.TRANSFER
    return ok


def _threshold_roll(s: Position, a: Attack, effect: Effect) -> bool:
    """One die against the card's printed threshold; success sets the attack's effect."""
    r = s.rng.roll()
    need = s.t.inst[a.card].threshold
    ok = r >= need
    s.emit("magic_master.event.plain_roll", card=s.t.name(a.card), roll=r, need=need, ok=OK[ok])
    if ok:
        a.effect = effect
    return ok


def h_romance(s: Position, a: Attack) -> bool:
    return _threshold_roll(s, a, Effect.TRANSFER)


def h_thief(s: Position, a: Attack) -> bool:
    return _threshold_roll(s, a, Effect.STEAL)


def h_cleric(s: Position, a: Attack) -> bool:
    a.effect = Effect.REMOVE
    a.removals = [a.param]
    return True


def h_open_gate(s: Position, a: Attack) -> bool:
    if _spell_roll(s, a):
        a.effect = Effect.REMOVE
        a.removals = [_target(s, a).terrain]
        return True
    return False


def h_spirit(s: Position, a: Attack) -> bool:
    if _spell_roll(s, a):
        a.effect = Effect.REMOVE
        a.removals = G.entries(s.t, _target(s, a))
        return True
    return False


def h_petrify(s: Position, a: Attack) -> bool:
    if _spell_roll(s, a):
        a.effect = Effect.REMOVE
        a.removals = [_outer(s, a, True)]
        return True
    return False


def h_void(s: Position, a: Attack) -> bool:
    if _spell_roll(s, a):
        a.effect = Effect.REMOVE
        a.removals = G.entries(s.t, _target(s, a))
        return True
    # backfire: the caster and its items are discarded, no cleric (ruling A-24)
    caster = s.groups[a.attacker][a.caster]
    gone = caster.char + caster.items
    s.discard.extend(gone)
    caster.char = []
    caster.items = []
    s.emit("magic_master.event.void_backfire", player=a.attacker, cards=[s.t.name(c) for c in gone])
    if caster.is_empty():
        s.groups[a.attacker].remove(caster)
    return False


def h_ice_storm(s: Position, a: Attack) -> bool:
    if not _spell_roll(s, a):
        return False
    t = s.t
    g = _target(s, a)
    dice = roll(s, t.inst[a.card].atk_dice)
    power = sum(dice) + _mag(s, a)
    running = 0
    removed: list[int] = []
    for e in G.entries(t, g):
        running += G.entry_def(t, g, e)
        if running > power:
            break
        removed.append(e)
    s.emit("magic_master.event.ice_storm", dice=dice, power=power,
           removed=[_entry_name(s, g, e) for e in removed] or none_word())
    if removed:
        a.effect = Effect.REMOVE
        a.removals = removed
        return True
    return False


HANDLERS: dict[str, Callable[[Position, Attack], bool]] = {
    "assassin": h_assassin,
    "dragon": h_dragon,
    "beast": h_dragon,
    "lightning": h_lightning,
    "fireball": h_fireball,
    "jester": h_jester,
    "romance": h_romance,
    "thief": h_thief,
    "cleric": h_cleric,
    "open_gate": h_open_gate,
    "spirit": h_spirit,
    "petrify": h_petrify,
    "void": h_void,
    "ice_storm": h_ice_storm,
}


def resolve(s: Position) -> None:
    """Resolve a declared card attack (all parameters chosen)."""
    a = s.attack
    assert a is not None
    if HANDLERS[a.kind](s, a):
        open_response(s)
    else:
        finish_attack(s)


def response_possible(s: Position, a: Attack) -> bool:
    """Whether some card could answer this attack, judged on public facts only (not the hand)."""
    return G.wizard_mag(s.t, s.groups[a.tp][a.tg]) is not None or (a.card >= 0 and s.t.inst[a.card].undead)


def open_response(s: Position) -> None:
    """Ask the defender whenever a card could answer this attack, whether or not they hold one.

    Why: being asked must reveal nothing about the defender's hand, so the window opens on
    public facts only: a wizard in the target group (shield, dispel, teleportation) or an
    undead attack (the cleric)."""
    a = s.attack
    assert a is not None
    if response_possible(s, a):
        s.phase = Phase.RESPONSE
    else:
        apply_effect(s)


def respond(s: Position, c: int) -> None:
    a = s.attack
    assert a is not None
    t = s.t
    d = t.inst[c]
    s.hand[a.tp].remove(c)
    s.discard.append(c)
    g = _target(s, a)
    if d.effect == "cleric":
        s.emit("magic_master.event.undead_banished", player=a.tp, card=t.name(c))
        finish_attack(s)
        return
    r = s.rng.roll()
    mag = G.wizard_mag(t, g) or 0
    ok = r + mag >= d.threshold
    s.emit("magic_master.event.response", player=a.tp, card=t.name(c), roll=r, mag=mag, need=d.threshold, ok=OK[ok])
    if not ok:
        open_response(s)
        return
    if d.effect == "dispel" and a.kind == "normal":
        a.total -= a.fire_part
        a.fire_part = 0
        a.teleported = False
        a.dispelled = True
        need = G.defence(t, g)
        if a.total < need:
            s.emit("magic_master.event.attack_cancelled", player=a.tp)
            finish_attack(s)
            return
        a.removals = G.entries(t, g)[:1]
        s.emit("magic_master.event.still_hit", total=a.total, defence=need)
        open_response(s)
        return
    s.emit("magic_master.event.attack_cancelled", player=a.tp)
    finish_attack(s)


def apply_effect(s: Position) -> None:
    a = s.attack
    assert a is not None
    t = s.t
    g = _target(s, a)
    if a.effect is Effect.TRANSFER:
        transfer(s, a, g)
        return
    if a.effect is Effect.STEAL:
        g.items.remove(a.param)
        s.captured = [a.param]
        s.emit("magic_master.event.stolen", player=a.attacker, card=t.name(a.param), target=a.tp)
        next_capture(s)
        return
    gone = [e for e in a.removals if e >= 0]
    for e in gone:
        g.remove(e)
    s.discard.extend(gone)
    if gone:
        s.emit("magic_master.event.removed", player=a.tp, cards=[t.name(e) for e in gone])
    if -1 in a.removals:
        if g.char:  # the owner is always asked, so being asked says nothing about a cleric in hand
            s.phase = Phase.CLERIC
            return
        package_lost(s)
        return
    _drop_if_empty(s, a)
    finish_attack(s)


def _drop_if_empty(s: Position, a: Attack) -> None:
    g = _target(s, a)
    if g.is_empty():
        s.groups[a.tp].pop(a.tg)


def revive(s: Position, c: int) -> None:
    a = s.attack
    assert a is not None
    s.hand[a.tp].remove(c)
    s.discard.append(c)
    g = _target(s, a)
    s.emit("magic_master.event.revived", player=a.tp, card=s.t.name(g.char[0]))
    finish_attack(s)


def package_lost(s: Position) -> None:
    """The character (with its items) is gone; the attacker captures the items."""
    a = s.attack
    assert a is not None
    t = s.t
    g = _target(s, a)
    dead = g.char
    items = g.items
    g.char = []
    g.items = []
    s.discard.extend(dead)
    if dead:
        s.emit("magic_master.event.killed", player=a.tp, cards=[t.name(c) for c in dead])
    _drop_if_empty(s, a)
    s.captured = list(items)
    next_capture(s)


def transfer(s: Position, a: Attack, g: Group) -> None:
    t = s.t
    p = a.attacker
    s.groups[a.tp].pop(a.tg)
    if a.kind == "romance":
        src = s.groups[p][a.param]
        lover = src.char
        src.char = []
        g.char = g.char + lover
        if src.is_empty():
            s.groups[p].remove(src)
        s.gained = True
    s.groups[p].append(g)
    s.emit("magic_master.event.group_taken", player=p, target=a.tp, card=t.name(g.char[0]) if g.char
           else {"en": "-", "ja": "-"})
    if a.kind == "jester" and G.regalia_complete(t, g):
        win(s, p, "regalia")
        return
    finish_attack(s)

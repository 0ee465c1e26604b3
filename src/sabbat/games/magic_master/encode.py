"""The RL observation vector written straight from the position (sabbat.rl's direct path).

It adds exactly the numbers `sabbat.rl` reads out of `observe.observation(s, viewer)` through
the frozen layout, from the same fields, without building the dict: a test compares both on
random positions. Groups are encoded once per set of cards and seat slot, as `group_view` does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sabbat.core.layout import UID, Ints, Kind, plain

from . import groups as G
from .actions import TROOP_PLACES
from .cards import CardTable
from .model import CHOOSE_HEIR_PHASE, OVER_PHASE, REGROUP_PHASE, Position

_uid = Ints(0, UID - 1, "card instance")
_group = Ints(0, 7, "group")  # a group's index in its owner's line-up
_seat6 = Ints(0, 5, "seat")
LAYOUT: list[Kind] = [
    *plain("accept", "decline", "end_regroup", "no_cleric", "no_response", "no_support", "pass_attack"),
    *[(k, (_uid,)) for k in ("choose_heir", "cleric", "drop", "outer", "respond", "scrap", "steal", "take", "undead")],
    ("play", (_uid, _group)),
    ("move", (_uid, _group)),
    ("give", (_uid, _group)),
    ("support", (_uid, Ints(-1, 7, "caster group (-1: none)"))),
    ("aim", (Ints(-1, UID - 1, "entry"),)),
    ("caster", (_group,)),
    ("romancer", (_group,)),
    ("declare", (Ints(1, 6, "number"),)),  # called before the die
    ("ally", (_seat6, _group)),
    ("attack", (_group, _seat6, _group)),  # own group, target seat, target group
    ("card_attack", (_uid, _seat6, _group)),
    ("keep", (_uid,)),  # rules version 5: a regroup asks about each card in turn
    *plain("next_stage"),
    ("troop", (_uid, _group, Ints(0, TROOP_PLACES - 1, "place among the troops decided"))),
]
"""The action-id layout (sabbat.core.layout): append only."""

Found = dict[int, float]
Encode = Callable[[Position, int, Found, list[tuple[int, list[Any]]]], None]
SEATS = 6
GROUPS_KEPT = 50_000
CARD_SLICES = ("attack.card", "attack.support", "captured[*].card", "discard", "market[*].card",
               "my_chars[*].card", "my_hand[*].card", "my_heir_choice.card")
SEAT_NUMS = ("char_hand", "eliminated", "groups", "had_regalia", "hand", "heir_chosen", "wizards_in_hand")
GROUP_NUMS = ("char", "char_suc", "def", "items", "mag", "mov", "regalia", "suc", "troops")
GROUP_CARDS = ("char[*].card", "items[*].card", "terrain.card", "troops[*].card")


def encoder(layout: Any) -> Encode:
    """The direct encoder for `layout` (sabbat.rl's `Positions`: where each named slice lies)."""
    at, words = layout.at, layout.words
    card_slices = CARD_SLICES + tuple(f"players@{k}.groups[*].{f}" for k in range(SEATS) for f in GROUP_CARDS)
    card_words, other = layout.vocabulary(card_slices)
    card = {n: at(n) for n in CARD_SLICES}
    phase_w, phase_o = words("phase")
    regroup_w, regroup_o = words("regroup")
    reason_w, reason_o = words("win_reason")
    kind_w, kind_o = words("attack.kind")
    effect_w, effect_o = words("attack.effect")
    seat_num = [{f: at(f"players@{k}.{f}") for f in SEAT_NUMS} for k in range(SEATS)]
    group_at = [{f: at(f"players@{k}.groups[*].{f}") for f in (*GROUP_NUMS, *GROUP_CARDS, "atk")}
                for k in range(SEATS)]
    a_ = {f: at(f"attack.{f}") for f in ("attacker", "caster", "groups", "groups[*]", "removals", "target", "total")}
    top = {f: at(f) for f in ("active", "captured", "deck", "discard_top", "market", "my_chars", "my_hand",
                              "my_heir_choice.id", "num_players", "order", "set_aside", "to_move", "turn",
                              "viewer", "winner")}
    tables: dict[CardTable, list[int]] = {}
    group_cache: dict[tuple[Any, ...], list[tuple[int, float]]] = {}

    def offsets(t: CardTable) -> list[int]:
        """Each card instance's place in the card-name slices (the last one: a name not listed)."""
        kept = tables.get(t)
        if kept is None:
            kept = tables[t] = [card_words.get(c.id, other) for c in t.inst]
        return kept

    def group(s: Position, off: list[int], k: int, g: G.Group) -> list[tuple[int, float]]:
        key = (s.t, k, tuple(g.char), tuple(g.items), tuple(g.troops), g.terrain)
        pairs = group_cache.get(key)
        if pairs is None:
            if len(group_cache) >= GROUPS_KEPT:
                group_cache.clear()
            pairs = group_cache[key] = _group_pairs(s.t, off, group_at[k], g)
        return pairs

    def encode(s: Position, viewer: int, d: Found, blocks: list[tuple[int, list[Any]]]) -> None:
        get = d.get
        t = s.t
        off = offsets(t)
        n = s.num_players
        phase = s.phase
        over = phase is OVER_PHASE
        if not over and s.active:
            d[top["active"]] = s.active
        a = s.attack
        if a is not None:
            if a.attacker:
                d[a_["attacker"]] = a.attacker
            if a.card >= 0:
                d[card["attack.card"] + off[a.card]] = 1
            if a.caster:
                d[a_["caster"]] = a.caster
            j = effect_w.get(a.effect.value, effect_o)
            d[j] = 1
            if a.groups:
                d[a_["groups"]] = len(a.groups)
                j = a_["groups[*]"]
                for x, y in a.groups:
                    if x:
                        d[j] = get(j, 0) + x
                    if y:
                        d[j + 1] = get(j + 1, 0) + y
            d[kind_w.get(a.kind, kind_o)] = 1
            if a.removals:
                d[a_["removals"]] = len(a.removals)
            if a.support >= 0:
                d[card["attack.support"] + off[a.support]] = 1
            if a.tp:
                d[a_["target"]] = a.tp
            if a.tg:
                d[a_["target"] + 1] = a.tg
            if a.total:
                d[a_["total"]] = a.total
        _cards(d, top["captured"], card["captured[*].card"], off, s.captured)
        if s.deck:
            d[top["deck"]] = len(s.deck)
        _cards(d, 0, card["discard"], off, s.discard)
        if s.discard:
            d[top["discard_top"]] = min(5, len(s.discard))
        _cards(d, top["market"], card["market[*].card"], off, s.market)
        _cards(d, top["my_chars"], card["my_chars[*].card"], off, s.chars[viewer])
        _cards(d, top["my_hand"], card["my_hand[*].card"], off, s.hand[viewer])
        if phase is CHOOSE_HEIR_PHASE and s.heir_choice[viewer] >= 0:
            c = s.heir_choice[viewer]
            d[card["my_heir_choice.card"] + off[c]] = 1
            if c:
                d[top["my_heir_choice.id"]] = c
        d[top["num_players"]] = n
        if s.rank and s.order:
            d[top["order"]] = len(s.order)
        d[phase_w.get(phase.value, phase_o)] = 1
        choosing = phase is CHOOSE_HEIR_PHASE
        for k in range(min(n, SEATS)):
            q = (viewer + k) % n
            at_k = seat_num[k]
            gs = s.groups[q]
            if s.chars[q]:
                d[at_k["char_hand"]] = len(s.chars[q])
            if s.eliminated[q]:
                d[at_k["eliminated"]] = 1
            if gs:
                d[at_k["groups"]] = len(gs)
                for g in gs:
                    for j, v in group(s, off, k, g):
                        d[j] = get(j, 0) + v
            if s.had_regalia[q]:
                d[at_k["had_regalia"]] = 1
            if s.hand[q]:
                d[at_k["hand"]] = len(s.hand[q])
            if not choosing or s.heir_choice[q] >= 0:
                d[at_k["heir_chosen"]] = 1
            if s.wiz_hidden[q]:
                d[at_k["wizards_in_hand"]] = s.wiz_hidden[q]
        if phase is REGROUP_PHASE:
            d[regroup_w.get(s.regroup_kind.value, regroup_o)] = 1
        if s.set_aside:
            d[top["set_aside"]] = len(s.set_aside)
        mover = s.current_player
        if mover:
            d[top["to_move"]] = mover
        if s.turn_no:
            d[top["turn"]] = s.turn_no
        if viewer:
            d[top["viewer"]] = viewer
        if s.win_reason:
            d[reason_w.get(s.win_reason, reason_o)] = 1
        if s.winner > 0:
            d[top["winner"]] = s.winner

    return encode


def _cards(d: Found, length: int, base: int, off: list[int], cards: list[int]) -> None:
    """A list of cards: its length (at `length`, 0: not read) and its count per card name."""
    if not cards:
        return
    if length:
        d[length] = len(cards)
    get = d.get
    for c in cards:
        j = base + off[c]
        d[j] = get(j, 0) + 1


def _group_pairs(t: CardTable, off: list[int], at: dict[str, int], g: G.Group) -> list[tuple[int, float]]:
    """(position, value) of one group's numbers, as `hidden.group_view` shows them."""
    found: Found = {}
    dice, bonus = G.atk(t, g)
    values = {"char": len(g.char), "items": len(g.items), "troops": len(g.troops), "def": G.defence(t, g),
              "mov": G.mov(t, g), "suc": G.suc(t, g), "char_suc": G.char_suc(t, g), "mag": G.wizard_mag(t, g) or 0,
              "regalia": len(t.regalia.intersection(g.items))}
    for f, v in values.items():
        if v:
            found[at[f]] = v
    if dice:
        found[at["atk"]] = dice
    if bonus:
        found[at["atk"] + 1] = bonus
    for f, cards in (("char[*].card", g.char), ("items[*].card", g.items), ("troops[*].card", g.troops),
                     ("terrain.card", [g.terrain] if g.terrain >= 0 else [])):
        for c in cards:
            j = at[f] + off[c]
            found[j] = found.get(j, 0) + 1
    return list(found.items())

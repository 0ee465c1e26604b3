"""What each seat sees (observations) and a full position a seat cannot tell from the real one.

Two backs hide cards: white (character hands and the characters set aside) and navy (the deck and
the other hands); `determinize` reshuffles each pool among the places the seat cannot see.
"""

from __future__ import annotations

from typing import Any, TypeVar

from sabbat.core import Rng

from . import groups as G
from .cards import Kind
from .groups import Group
from .model import CHOOSE_HEIR_PHASE, OVER_PHASE, REGROUP_PHASE, Attack, Position
from .regroup import STAGES, stage_now
from .setup import HEIRS

P = TypeVar("P", bound=Position)
GROUP_VIEWS_KEPT = 50_000  # distinct groups whose views are kept before the cache starts afresh


def card_view(s: Position, c: int) -> dict[str, Any]:
    return {"id": c, "card": s.t.inst[c].id, "name": s.t.name(c)}


def group_view(s: Position, g: Group) -> dict[str, Any]:
    """A group as every player sees it, shared between observations: treat it as read-only.

    Why shared: the view depends only on the group's cards, groups seldom change between
    two moves, and observations are built at every move of a heuristic playout, where
    rebuilding the views was most of a move's cost.
    """
    key = (tuple(g.char), tuple(g.items), tuple(g.troops), g.terrain)
    views = s.t.group_views
    view = views.get(key)
    if view is None:
        if len(views) >= GROUP_VIEWS_KEPT:
            views.clear()
        view = views[key] = _group_view(s, g)
    return view


def _group_view(s: Position, g: Group) -> dict[str, Any]:
    t = s.t
    dice, bonus = G.atk(t, g)
    return {
        "char": [card_view(s, c) for c in g.char],
        "items": [card_view(s, c) for c in g.items],
        "troops": [card_view(s, c) for c in g.troops],
        "terrain": card_view(s, g.terrain) if g.terrain >= 0 else None,
        "atk": [dice, bonus],
        "def": G.defence(t, g),
        "mov": G.mov(t, g),
        "suc": G.suc(t, g),
        "char_suc": G.char_suc(t, g),
        "mag": G.wizard_mag(t, g),
        "regalia": len(t.regalia.intersection(g.items)),
    }


def observation(s: Position, player: int | None) -> dict[str, Any]:
    n = s.num_players
    players = []
    for p in range(n):
        entry: dict[str, Any] = {
            "groups": [group_view(s, g) for g in s.groups[p]],
            "char_hand": len(s.chars[p]),
            "wizards_in_hand": s.wiz_hidden[p],
            "hand": len(s.hand[p]),
            "eliminated": s.eliminated[p],
            "heir_chosen": s.heir_choice[p] >= 0 if s.phase is CHOOSE_HEIR_PHASE else True,
            "had_regalia": s.had_regalia[p],
            "pending_regalia": s.pending_regalia[p],
        }
        players.append(entry)
    att = s.attack
    obs: dict[str, Any] = {
        "game": s.game_id,
        "num_players": n,
        "viewer": player,
        "phase": s.phase.value,
        "active": s.active if s.phase is not OVER_PHASE else None,
        "to_move": s.current_player,
        "turn": s.turn_no,
        "order": list(s.order) if s.rank else [],
        "players": players,
        "market": [card_view(s, c) for c in s.market],
        "deck": len(s.deck),
        "discard": [s.t.inst[c].id for c in s.discard],
        "discard_top": [s.t.name(c) for c in s.discard[-5:]],
        "set_aside": len(s.set_aside),
        "countdown": {"p0": s.countdown_p0, "round": s.countdown_round},
        "attack": _attack_view(s, att) if att is not None else None,
        "captured": [card_view(s, c) for c in s.captured],
        "regroup": s.regroup_kind.value if s.phase is REGROUP_PHASE else None,
        "regroup_step": _step_view(s) if s.phase is REGROUP_PHASE else None,
        "winner": s.winner if s.winner >= 0 else None,
        "win_reason": s.win_reason or None,
    }
    if player is not None:
        obs["my_chars"] = [card_view(s, c) for c in sorted(s.chars[player])]
        obs["my_hand"] = [card_view(s, c) for c in sorted(s.hand[player])]
        if s.phase is CHOOSE_HEIR_PHASE and s.heir_choice[player] >= 0:
            obs["my_heir_choice"] = card_view(s, s.heir_choice[player])
    return obs


def _step_view(s: Position) -> dict[str, Any]:
    """The regroup's stage and the table card it asks about (None: the step for playing from hand)."""
    stage, c = stage_now(s, s.active)
    return {"stage": STAGES[stage], "card": card_view(s, c) if c >= 0 else None}


def _attack_view(s: Position, a: Attack) -> dict[str, Any]:
    return {
        "kind": a.kind, "card": s.t.inst[a.card].id if a.card >= 0 else None,
        "card_name": s.t.name(a.card) if a.card >= 0 else None,
        "attacker": a.attacker, "groups": [list(x) for x in a.groups], "target": [a.tp, a.tg],
        "support": s.t.inst[a.support].id if a.support >= 0 else None, "caster": a.caster,
        "total": a.total, "teleported": a.teleported, "effect": a.effect.value,
        "removals": list(a.removals),
    }


def determinize(s: P, player: int, rng: Rng) -> P:
    new = s.clone()
    t = s.t
    n = s.num_players
    others = [q for q in range(n) if q != player]
    # white backs: opponents' character hands and the set-aside characters
    wiz_pool = sorted([c for q in others for c in s.chars[q] if t.inst[c].kind is Kind.WIZARD]
                      + [c for c in s.set_aside if t.inst[c].kind is Kind.WIZARD])
    hw_pool = sorted([c for q in others for c in s.chars[q] if t.inst[c].kind is not Kind.WIZARD]
                     + [c for c in s.set_aside if t.inst[c].kind is not Kind.WIZARD])
    hw_counts = {q: len(s.chars[q]) - s.wiz_hidden[q] for q in others}
    need_heir = s.phase is CHOOSE_HEIR_PHASE
    rng.shuffle(wiz_pool)
    for _ in range(1000):
        rng.shuffle(hw_pool)
        pos = 0
        hands: dict[int, list[int]] = {}
        for q in others:
            hands[q] = hw_pool[pos:pos + hw_counts[q]]
            pos += hw_counts[q]
        if not need_heir or all(any(t.inst[c].kind is Kind.HEIR for c in hands[q]) for q in others):
            break
    wpos = 0
    for q in others:
        w = s.wiz_hidden[q]
        new.chars[q] = wiz_pool[wpos:wpos + w] + hands[q]
        wpos += w
    new.set_aside = wiz_pool[wpos:] + hw_pool[pos:]
    HEIRS.determinize(s, new, player, rng)  # face-down heirs, from the redrawn hands
    # navy backs: the deck and opponents' non-character hands
    pool = sorted(s.deck + [c for q in others for c in s.hand[q]])
    rng.shuffle(pool)
    pos = 0
    for q in others:
        k = len(s.hand[q])
        new.hand[q] = pool[pos:pos + k]
        pos += k
    new.deck = pool[pos:]
    return new

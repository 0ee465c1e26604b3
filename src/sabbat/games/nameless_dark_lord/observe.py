"""What one player may see: everything but deck order and others' unrevealed sleeve drafts."""

from __future__ import annotations

from typing import Any

from .board import player_power
from .model import AREAS, Phase, Position, round_start
from .scoring import sheet


def _unit(s: Position, u: int) -> dict[str, Any]:
    return {"uid": u, "card": s.cid[u], "owner": s.owner[u], "power": s.power(u), "tokens": s.tokens.get(u, 0)}


def observe(s: Position, player: int | None) -> dict[str, Any]:
    n = s.num_players
    areas = []
    for x, t in enumerate(s.targets):
        totals = {str(p): player_power(s, p, x) for p in range(n) if any(s.owner[u] == p for u in s.areas[x])}
        areas.append({
            "area": AREAS[x], "target": s.cid[t], "outcome": s.outcome[x],
            "units": [_unit(s, u) for u in s.areas[x]], "power": totals,
        })
    players = []
    for p in range(n):
        owned = s.owned[p]
        sh = sheet(s, p)
        players.append({
            "colour": s.colour[p],
            "seat": (p - s.red) % n + 1,
            "coins": s.coins[p], "income": s.income[p], "stones": s.stones[p],
            "curses": s.curses[p], "throne_vp": s.throne_vp[p], "sleeves": s.sleeves[p],
            "territories": [s.cid[u] for u in owned if s.card(u).type == "territory"],
            "negative": sorted(s.cid[u] for u in owned if u in s.neg_flag),
            "artifacts": [s.cid[u] for u in owned if s.card(u).type == "artifact"],
            "units": [{"uid": u, "card": s.cid[u], "sleeved": u in s.sleeved[p],
                       "at_home": u not in s.placed} for u in owned if s.card(u).type == "unit"],
            "bomber": s.owner[s.bomber[p]] == p,
            "passed": s.passed[p], "acquired": s.acquired[p], "committed": s.committed[p],
            "score": sh.total,
        })
    pending: dict[str, Any] = {"phase": s.phase.value}
    if s.phase is Phase.ABILITY or (s.phase is Phase.PAY and s.pend_unit >= 0):
        pending.update(unit=s.pend_unit, card=s.cid[s.pend_unit], area=AREAS[s.pend_area])
    if s.phase in (Phase.ACQUIRE, Phase.PAY, Phase.TRIGGER) and s.area_i < len(s.targets):
        pending.update(resolving=AREAS[s.area_i], priority=list(s.prio), holder=s.prio_i)
    if s.phase is Phase.PAY:
        pending["amount"] = s.pay_amount
    if s.phase is Phase.TRIGGER and s.trig:
        pending["trigger"] = s.cid[s.trig[0]]
    return {
        "game": s.game_id,
        "round": s.round,
        "phase": s.phase.value,
        "to_move": s.current_player,
        "viewer": player,
        "red": s.red,
        "start_player": round_start(s),
        "deck_sizes": [len(d) for d in s.decks],
        "areas": areas,
        "removed": [_unit(s, u) for u in s.removed],
        "trash": [s.cid[u] for u in s.trash],
        "players": players,
        "draft": [s.cid[u] for u in s.draft[player]] if player is not None else [],
        "curses_given": s.curses_given,
        "grave": s.grave,
        "pending": pending,
        "card_names": s.cards.names,
        "card_stats": s.cards.stats,
    }

"""Final scoring, the tie-break, the winners and the summary for balance statistics."""

from __future__ import annotations

from typing import Any

from .cards import DECK_SIZE, EVP, ONGOING
from .effects import END_HANDLERS
from .model import Position
from .rules import NS


def points(s: Position, p: int) -> int:
    """VP tokens + end-game VP on the player's 20 cards and vale cards + ongoing end-game VP."""
    cs = s.cstats
    base = p * DECK_SIZE
    total = s.vp[p] + sum(cs[x][EVP] for x in range(base, base + DECK_SIZE))
    c = s.cards
    for vid in s.vale[p]:
        total += c.vale_vp[vid]
        ab = c.vale_ability[vid]
        if ab is not None and ab[1] in END_HANDLERS:
            total += END_HANDLERS[ab[1]](s, p, ab[2])
    for x in range(base, base + DECK_SIZE):
        if not s.has_ability[x]:
            continue
        for _, ab in s.active_abilities(x, ONGOING):
            if ab[1] in END_HANDLERS:
                total += END_HANDLERS[ab[1]](s, p, ab[2])
    return total


def tiebreak(s: Position, p: int) -> int:
    """Level-3 advancements on the player's cards + level-2 vale cards owned (seed)."""
    return s.count_level3(p) + sum(1 for v in s.vale[p] if s.cards.vale_level[v] == 2)


def scores(s: Position) -> list[float]:
    """The score sheet's whole VP; the tie-break is shown by `tie_breaks` and applied by `winners`."""
    return [points(s, p) for p in range(s.num_players)]


def tie_breaks(s: Position) -> list[dict[str, int]]:
    """「同点の場合、レベル3進化パートとレベル2谷間カードの枚数の合計が多いプレイヤーの勝ち」."""
    return [{f"{NS}.tiebreak.level3_vale2": tiebreak(s, p)} for p in range(s.num_players)]


def winners(s: Position) -> list[int]:
    """The most points; among equals the larger tie-break; still equal: a shared win."""
    if not s.is_terminal():
        return []
    keys = [(points(s, p), tiebreak(s, p)) for p in range(s.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def summary(s: Position) -> dict[str, Any]:
    """For balance statistics: what each seat acquired (advancement and vale card ids), what was on
    offer to it (`offered`: the ids of the cards it could have bought, with the mana, room or
    spirit it had, at some harvest; see `turn.note_offers`), rounds played, and how the game ended
    (`vp_pool` emptied, or a safety `cap`)."""
    c = s.cards
    offered = [[e for i, e in enumerate(c.offer_ids) if mask >> i & 1] for mask in s.offered]
    acquired = []
    for p in range(s.num_players):
        got = [c.part_entry[pid] for pid in s.slots[3 * DECK_SIZE * p: 3 * DECK_SIZE * (p + 1)]
               if pid >= 0 and c.part_level[pid] > 0]
        got += [c.vale_entry[v] for v in s.vale[p]]
        acquired.append(got)
    return {"acquired": acquired, "offered": offered, "rounds": s.turns_taken // s.num_players,
            "points": [points(s, p) for p in range(s.num_players)],
            "end": "vp_pool" if s.end_triggered else "cap"}

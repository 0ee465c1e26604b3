"""What one seat may see (its own hand, every card played), and determinization."""

from __future__ import annotations

from typing import Any

from sabbat.core import Rng

from .model import GAME_ID, Position


def observe(s: Position, viewer: int | None) -> dict[str, Any]:
    """Public: the trick, the tricks taken and hand sizes; private: the viewer's own hand.
    Cards are shown by their card ids (`"7"`), as `Game.card_ids()` names them."""
    return {
        "game": GAME_ID,
        "viewer": viewer,
        "leader": s.leader,
        "turn": s.current_player,
        "trick": [{"seat": seat, "card": str(card)} for seat, card in s.trick],
        "players": [
            {"hand": [str(c) for c in h] if q == viewer else None, "hand_size": len(h), "tricks": s.tricks(q),
             "taken": [str(c) for c in s.taken[q]]}
            for q, h in enumerate(s.hands)
        ],
    }


def determinize(s: Position, player: int, rng: Rng) -> Position:
    """The other hand and the cards out of play dealt again from what `player` has not seen."""
    new = s.clone()
    unseen = sorted([*s.out, *(c for q, h in enumerate(s.hands) if q != player for c in h)])
    rng.shuffle(unseen)
    for q, h in enumerate(new.hands):
        if q != player:
            new.hands[q] = sorted(unseen.pop() for _ in h)
    new.out = unseen
    return new

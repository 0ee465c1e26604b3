"""The rules as functions over the position: legal actions, playing a card, scores and winners."""

from __future__ import annotations

from typing import Any

from sabbat.core import Action

from .model import CARDS, GAME_ID, Position

EVENT = f"{GAME_ID}.event."
TIEBREAK = f"{GAME_ID}.tiebreak.points"
_PLAY = {c: Action("play", (c,)) for c in CARDS}


def legal(s: Position) -> list[Action]:
    """Any card of the mover's hand (there is no duty to follow)."""
    seat = s.current_player
    assert seat is not None
    return [_PLAY[c] for c in s.hands[seat]]


def apply(s: Position, action: Action) -> None:
    """Play the card face up; the second card of a trick decides who takes it."""
    seat = s.current_player
    assert seat is not None
    card = int(action.args[0])
    s.hands[seat].remove(card)
    s.trick.append([seat, card])
    s.emit(EVENT + "play", player=seat, card=card)
    if len(s.trick) == s.num_players:
        winner = max(s.trick, key=lambda t: t[1])[0]
        s.taken[winner].extend(sorted(c for _, c in s.trick))
        s.emit(EVENT + "trick", player=winner)
        s.trick = []
        s.leader = winner


def points(s: Position, seat: int) -> int:
    """The sum of the cards a seat took: the tie-break."""
    return sum(s.taken[seat])


def scores(s: Position) -> list[float]:
    return [float(s.tricks(p)) for p in range(s.num_players)]


def tie_breaks(s: Position) -> list[dict[str, int]]:
    return [{TIEBREAK: points(s, p)} for p in range(s.num_players)]


def winners(s: Position) -> list[int]:
    if not s.is_terminal():
        return []
    keys = [(s.tricks(p), points(s, p)) for p in range(s.num_players)]
    return [p for p, key in enumerate(keys) if key == max(keys)]


def summary(s: Position) -> dict[str, Any]:
    return {"end": "tricks_played" if s.is_terminal() else "unfinished",
            "acquired": [[str(c) for c in t] for t in s.taken]}


def check_invariants(s: Position) -> list[str]:
    """Every card in exactly one place; a trick on the table shorter than a round."""
    cards = sorted([*s.out, *(c for h in s.hands for c in h), *(c for _, c in s.trick), *(c for t in s.taken for c in t)])
    problems = [] if cards == list(CARDS) else [f"cards lost or duplicated: {cards}"]
    if len(s.trick) >= s.num_players:
        problems.append(f"a finished trick is still on the table: {s.trick}")
    return problems

"""The round track: ① preparation (N+1 targets, coins, sleeves), ⑤ the end phase, the events after
rounds 3 and 5, and the final scoring after round 7 (setup: dealing.py)."""

from __future__ import annotations

from .board import bomber_to_stock, give
from .level_events import begin_event
from .model import CAP, NO_ONE, OVER_PHASE, PENDING, ROUNDS, SLEEVE_PHASE, Position, round_start, seat, seat_order
from .scoring import totals, winner
from .sleeves import settle_sleeve
from .text import EVENT


def begin_round(s: Position, r: int) -> None:
    n = s.num_players
    s.round = r
    s.targets = []
    for _ in range(n + 1):
        deck = next((d for d in s.decks if d), None)
        if deck is None:
            break
        s.targets.append(deck.pop())
    start = round_start(s)
    s.areas = [[] for _ in s.targets]
    s.outcome = [PENDING] * len(s.targets)
    incomes, circles = s.deal.income, s.deal.circles
    for p in range(n):
        owned = s.owned[p]
        s.income[p] = income = sum([incomes[u] for u in owned])
        s.coins[p] = min(CAP, income)
        s.sleeves[p] = min(CAP, sum([circles[u] for u in owned]))
        s.sleeved[p] = []
        s.draft[p] = []
        s.committed[p] = False
        s.passed[p] = False
        s.acquired[p] = 0
    s.delivery_used = set()
    s.emit(EVENT + "round", round=r, start=s.colour_name(start), targets=[s.deal.name[u] for u in s.targets])
    s.phase = SLEEVE_PHASE
    s.actor = start
    s.turn = start
    settle_sleeve(s)


def end_phase(s: Position) -> None:
    n = s.num_players
    for p in seat_order(s, seat(s, 0)):
        b = s.bomber[p]
        if s.acquired[p] == 0 and s.owner[b] != p:
            give(s, p, b)
            s.emit(EVENT + "bomber", player=s.colour_name(p))
    if s.round == ROUNDS and s.deal.has_grave:
        s.grave = len(s.removed)
        s.emit(EVENT + "grave" if s.grave else EVENT + "grave_none", count=s.grave)
    for b in s.bomber:
        if b in s.placed and s.owner[b] != NO_ONE:
            bomber_to_stock(s, b)
    s.areas = [[] for _ in s.targets]
    s.removed = []
    s.placed = set()
    s.tokens = {}
    s.sleeved = [[] for _ in range(n)]
    if s.round in (3, 5):
        start_event(s, 1 if s.round == 3 else 2)
        return
    after_event(s)


def start_event(s: Position, level: int) -> None:
    """The Level's event, then the next round (or the end) once no receiver is left to choose."""
    if begin_event(s, level):
        after_event(s)


def after_event(s: Position) -> None:
    if s.round >= ROUNDS:
        s.phase = OVER_PHASE
        scores = totals(s)
        tied = [p for p in range(s.num_players) if scores[p] == max(scores)]
        if len(tied) > 1 and s.options.get("red_throne_tie") == "shared":  # study variant
            s.emit(EVENT + "game_over_shared", scores=scores, standings=s.seat_list("standing", scores),
                   winners=[s.colour_name(p) for p in tied])
            return
        key = "game_over_tie" if len(tied) > 1 else "game_over"
        s.emit(EVENT + key, scores=scores, standings=s.seat_list("standing", scores),
               winner=s.colour_name(winner(s, scores)))
        return
    begin_round(s, s.round + 1)

"""The position: its fields, its copy and the hooks that only read fields. It knows no rule."""

from __future__ import annotations

from typing import Any

from sabbat.core import GameState

GAME_ID = "higher_card"
CARDS = tuple(range(1, 11))
"""The deck: one card of each number."""
HAND = 4
"""Cards dealt to each player; the rest stay out of play, unseen."""


class Position(GameState):
    """Hands, the trick on the table, and each seat's tricks taken."""

    game_id = GAME_ID
    rules_version = "1"

    hands: list[list[int]]
    out: list[int]
    trick: list[list[int]]
    """The current trick's cards as [seat, card], in the order played."""
    leader: int
    taken: list[list[int]]
    """Per seat, the cards of the tricks it took."""

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        deck = list(CARDS)
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[p * HAND:(p + 1) * HAND]) for p in range(num_players)]
        self.out = deck[num_players * HAND:]
        self.trick = []
        self.leader = 0
        self.taken = [[] for _ in range(num_players)]

    @property
    def current_player(self) -> int | None:
        if self.is_terminal():
            return None
        return (self.leader + len(self.trick)) % self.num_players

    def is_terminal(self) -> bool:
        return not self.trick and not any(self.hands)

    def tricks(self, seat: int) -> int:
        return len(self.taken[seat]) // self.num_players

    def clone(self) -> Position:
        new = self._clone_base()
        new.hands = [h.copy() for h in self.hands]
        new.out = self.out.copy()
        new.trick = [t.copy() for t in self.trick]
        new.leader = self.leader
        new.taken = [t.copy() for t in self.taken]
        return new

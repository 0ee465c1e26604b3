"""A tiny hidden-information game that exercises every part of the contract.

Each player holds 2 hidden cards from a shuffled deck of 1..12. On a turn a
player plays a card from hand (scoring its value) or draws. The game ends when
the deck is empty and every hand is empty, or after 3 rounds of passes.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, Game, GameInfo, GameState, Rng, codec, i18n

i18n.register(
    "toy",
    {
        "en": {"action.play": "Play {a0}", "action.draw": "Draw a card", "event.play": "P{player} played {card}",
               "event.draw": "P{player} drew {card}", "event.draw_public": "P{player} drew a card"},
        "ja": {"action.play": "{a0}を出す", "action.draw": "カードを引く", "event.play": "P{player}が{card}を出した",
               "event.draw": "P{player}が{card}を引いた", "event.draw_public": "P{player}がカードを引いた"},
    },
)


@codec.serializable
class ToyState(GameState):
    game_id = "toy"
    rules_version = "1"

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.deck = list(range(1, 13))
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop(), self.deck.pop()] for _ in range(num_players)]
        self.points = [0] * num_players
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.turn

    def is_terminal(self) -> bool:
        return not self.deck and not any(self.hands)

    def _legal_actions(self) -> list[Action]:
        acts = [Action("play", (c,)) for c in sorted(set(self.hands[self.turn]))]
        if self.deck:
            acts.append(Action("draw"))
        return acts

    def _apply(self, action: Action) -> None:
        p = self.turn
        if action.kind == "play":
            card = int(action.args[0])
            self.hands[p].remove(card)
            self.points[p] += card
            self.emit("toy.event.play", player=p, card=card)
        else:
            card = self.deck.pop()
            self.hands[p].append(card)
            self.emit_private("toy.event.draw", p, "toy.event.draw_public", player=p, card=card)
        self.turn = (p + 1) % self.num_players
        while not self.is_terminal() and not self.hands[self.turn] and not self.deck:
            self.turn = (self.turn + 1) % self.num_players

    def clone(self) -> ToyState:
        new = self._clone_base()
        new.deck = self.deck.copy()
        new.hands = [h.copy() for h in self.hands]
        new.points = self.points.copy()
        new.turn = self.turn
        return new

    def observation(self, player: int | None) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "points": list(self.points),
            "deck": len(self.deck),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": sorted(self.hands[player]) if player is not None else None,
        }

    def _determinize(self, player: int, rng: Rng) -> ToyState:
        new = self.clone()
        unseen = sorted(self.deck + [c for q, h in enumerate(self.hands) if q != player for c in h])
        rng.shuffle(unseen)
        for q, h in enumerate(new.hands):
            if q != player:
                new.hands[q] = [unseen.pop() for _ in h]
        new.deck = unseen
        return new

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.points)
        return [p for p, v in enumerate(self.points) if v == best]


class ToyGame(Game):
    info = GameInfo(id="toy", title={"en": "Toy", "ja": "トイ"}, min_players=2, max_players=3,
                    rules_version="1", max_decisions=100)
    state_class = ToyState

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        return ToyState(num_players, seed, options)


GAME = ToyGame()

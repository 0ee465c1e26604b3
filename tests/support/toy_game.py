"""A tiny hidden-information game that exercises every part of the contract.

Each player holds 2 hidden cards from a shuffled deck of 1..12 (1..8 with the
`short_deck` option). On a turn a player plays a card from hand (scoring its
value) or draws. The game ends when the deck and every hand are empty; the most
points win, a tie goes to the player who played more cards, and a tie that
remains is shared.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, Game, GameInfo, GameState, Option, Rng, codec, i18n

# A game package loads its messages.toml with i18n.register_file; the toy keeps its few inline.
i18n.register(
    "toy",
    {
        "en": {"action.play": "Play {a0}", "action.draw": "Draw a card", "event.play": "{player:seat} played {card}",
               "event.draw": "{player:seat} drew {card}", "event.draw_public": "{player:seat} drew a card",
               "tiebreak.played": "cards played"},
        "ja": {"action.play": "{a0}を出す", "action.draw": "カードを引く", "event.play": "{player:seat}が{card}を出した",
               "event.draw": "{player:seat}が{card}を引いた", "event.draw_public": "{player:seat}がカードを引いた",
               "tiebreak.played": "出したカードの枚数"},
    },
)


@codec.serializable
class ToyState(GameState):
    game_id = "toy"
    rules_version = "1"

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.deck = list(range(1, self.deck_size() + 1))
        self.rng.shuffle(self.deck)
        self.hands = [[self.deck.pop(), self.deck.pop()] for _ in range(num_players)]
        self.played: list[list[int]] = [[] for _ in range(num_players)]
        self.points = [0] * num_players
        self.turn = 0

    def deck_size(self) -> int:
        return 8 if self.options.get("short_deck") else 12

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
            self.played[p].append(card)
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
        new.played = [c.copy() for c in self.played]
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
        return list(self.points)

    def tie_breaks(self) -> list[dict[str, int]]:
        return [{"toy.tiebreak.played": len(cards)} for cards in self.played]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        keys = [(self.points[p], len(self.played[p])) for p in range(self.num_players)]
        return [p for p, key in enumerate(keys) if key == max(keys)]

    def summary(self) -> dict[str, Any]:
        return {"end": "cards_out" if self.is_terminal() else "unfinished", "acquired": [list(c) for c in self.played]}

    def check_invariants(self) -> list[str]:
        problems = []
        cards = sorted(self.deck + [c for h in self.hands for c in h] + [c for pl in self.played for c in pl])
        if cards != list(range(1, self.deck_size() + 1)):
            problems.append(f"cards lost or duplicated: {cards}")
        problems += [f"P{p + 1} scored {self.points[p]} for cards {cards}"
                     for p, cards in enumerate(self.played) if self.points[p] != sum(cards)]
        return problems


class ToyGame(Game):
    info = GameInfo(id="toy", title={"en": "Toy", "ja": "トイ"}, min_players=2, max_players=3,
                    rules_version="1", max_decisions=100,
                    options={"short_deck": Option("play with cards 1..8 instead of 1..12", kind="bool", default=False,
                                                  help_ja="1〜12の代わりに1〜8のカードで遊ぶ")})
    state_class = ToyState

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        return ToyState(num_players, seed, options)


GAME = ToyGame()

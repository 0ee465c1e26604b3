"""Knockout, three seats: a game in which a seat can be out before its first turn.

Nine cards 1..9 are shuffled and each seat gets one, hidden. On a turn a seat passes or strikes
another seat still in: the lower of the two cards is out (a tie puts the striker out) and its card
is shown. The game ends when one seat is left, or when every seat still in has passed in a row:
the highest card still in wins.

Why: the first seat can strike the third before the third has ever moved, which is what the RL
environment's reset must survive; and it is small enough to be a package with an RL layout.
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, Game, GameInfo, GameState, Rng, codec, i18n

i18n.register(
    "knockout",
    {
        "en": {"action.pass": "Pass", "action.strike": "Strike P{a0:seat}", "event.out": "{player:seat} is out with {card}",
               "event.pass": "{player:seat} passed"},
        "ja": {"action.pass": "パス", "action.strike": "P{a0:seat}を攻撃", "event.out": "{player:seat}が{card}で脱落",
               "event.pass": "{player:seat}がパスした"},
    },
)


@codec.serializable
class KnockoutState(GameState):
    game_id = "knockout"
    rules_version = "1"

    def __init__(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        super().__init__(num_players, seed, options)
        self.deck = list(range(1, 10))
        self.rng.shuffle(self.deck)
        self.cards = [self.deck.pop() for _ in range(num_players)]
        self.out = [False] * num_players
        self.turn = 0
        self.passes = 0

    def live(self) -> list[int]:
        return [p for p in range(self.num_players) if not self.out[p]]

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else self.turn

    def is_terminal(self) -> bool:
        return len(self.live()) == 1 or self.passes >= len(self.live())

    def _legal_actions(self) -> list[Action]:
        return [Action("pass"), *(Action("strike", (q,)) for q in self.live() if q != self.turn)]

    def _apply(self, action: Action) -> None:
        p = self.turn
        if action.kind == "pass":
            self.passes += 1
            self.emit("knockout.event.pass", player=p)
        else:
            target = int(action.args[0])
            loser = target if self.cards[p] > self.cards[target] else p
            self.out[loser] = True
            self.passes = 0
            self.emit("knockout.event.out", player=loser, card=self.cards[loser])
        self.turn = (p + 1) % self.num_players
        while self.out[self.turn]:
            self.turn = (self.turn + 1) % self.num_players

    def clone(self) -> KnockoutState:
        new = self._clone_base()
        new.deck = self.deck.copy()
        new.cards = self.cards.copy()
        new.out = self.out.copy()
        new.turn = self.turn
        new.passes = self.passes
        return new

    def observation(self, player: int | None) -> dict[str, Any]:
        shown = [c if self.out[p] or p == player else 0 for p, c in enumerate(self.cards)]
        return {"turn": self.turn, "passes": self.passes, "out": list(self.out), "cards": shown,
                "viewer": -1 if player is None else player}

    def _determinize(self, player: int, rng: Rng) -> KnockoutState:
        new = self.clone()
        hidden = [p for p in self.live() if p != player]
        unseen = sorted(self.deck + [self.cards[p] for p in hidden])
        rng.shuffle(unseen)
        for p in hidden:
            new.cards[p] = unseen.pop()
        new.deck = unseen
        return new

    def scores(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.num_players
        return [0.0 if self.out[p] else float(self.cards[p]) for p in range(self.num_players)]

    def tie_breaks(self) -> list[dict[str, int]]:
        return [{} for _ in range(self.num_players)]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    def summary(self) -> dict[str, Any]:
        return {"end": "last_standing" if len(self.live()) == 1 else "showdown"}

    def check_invariants(self) -> list[str]:
        cards = sorted(self.deck + self.cards)
        return [] if cards == list(range(1, 10)) else [f"cards lost or duplicated: {cards}"]


class KnockoutGame(Game):
    info = GameInfo(id="knockout", title={"en": "Knockout", "ja": "ノックアウト"}, min_players=3, max_players=3,
                    rules_version="1", max_decisions=20)
    state_class = KnockoutState

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        return KnockoutState(num_players, seed, options)


GAME = KnockoutGame()

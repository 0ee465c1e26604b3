"""The shell game: a two-seat game whose only hidden information is a secret choice.

Seat 0 (the guesser) first plays `safe`, a draw that both seats share, or `play`. Then seat 1
(the hider) hides a coin under one of three cups, secretly: `hide c`, then `done` or one more
`hide` (two at most); the guesser sees only that the coin is hidden. Then the guesser names a
cup and wins if the coin is there; otherwise the hider wins.

Why: the guesser's best reply depends on the secret, so a search that keys the hider's choice
by its identity "knows" the cup and plays `play` (worth a third) over `safe` (worth half).
"""

from __future__ import annotations

from typing import Any

from sabbat.core import Action, GameState, Rng

CUPS = (1, 2, 3)
MOST_HIDES = 2


class CupsState(GameState):
    game_id = "cups"
    rules_version = "1"

    def __init__(self) -> None:
        super().__init__(2, 0, {})
        self.phase = "open"
        self.cup = 0
        self.hides = 0
        self.guess = 0

    @property
    def current_player(self) -> int | None:
        return {"open": 0, "hide": 1, "guess": 0}.get(self.phase)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def secret_choice(self) -> bool:
        return self.phase == "hide"

    def _legal_actions(self) -> list[Action]:
        if self.phase == "open":
            return [Action("safe"), Action("play")]
        if self.phase == "hide":
            return [Action("hide", (c,)) for c in CUPS] + ([Action("done")] if self.hides else [])
        return [Action("guess", (c,)) for c in CUPS]

    def _apply(self, action: Action) -> None:
        if action.kind == "safe":
            self.phase = "over"
        elif action.kind == "play":
            self.phase = "hide"
        elif action.kind == "hide":
            self.cup = int(action.args[0])
            self.hides += 1
            self.emit("cups.event.hide", frozenset((1,)), cup=self.cup)
            if self.hides == MOST_HIDES:
                self._hidden()
        elif action.kind == "done":
            self._hidden()
        else:
            self.guess = int(action.args[0])
            self.phase = "over"
            self.emit("cups.event.reveal", cup=self.cup, guess=self.guess)

    def _hidden(self) -> None:
        self.phase = "guess"
        self.emit("cups.event.hidden")

    def clone(self) -> CupsState:
        new = self._clone_base()
        new.phase, new.cup, new.hides, new.guess = self.phase, self.cup, self.hides, self.guess
        return new

    def observation(self, player: int | None) -> dict[str, Any]:
        shown = player == 1 or self.phase == "over"
        return {"phase": self.phase, "cup": self.cup if shown else None, "guess": self.guess}

    def _determinize(self, player: int, rng: Rng) -> CupsState:
        new = self.clone()
        if player == 0 and self.phase in ("hide", "guess"):
            new.hides = 1 if self.phase == "guess" else rng.below(2)
            new.cup = CUPS[rng.below(len(CUPS))] if new.hides else 0
        return new

    def scores(self) -> list[float]:
        if self.guess == 0:
            return [1, 1] if self.phase == "over" else [0, 0]
        return [1, 0] if self.guess == self.cup else [0, 1]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        sc = self.scores()
        return [p for p in range(2) if sc[p] == max(sc)]

"""Sealed bids: the smallest game built on `sabbat.core.secrets`, to test the mechanic alone.

Each seat in turn bids 1, 2 or 3 in secret; the others learn only that it has bid. When the last
seat has bid, all bids are revealed together and the highest bids win. A bid is one decision,
or two with `double_step` (the bid, then `seal`), so a seat's secret move can be a run.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sabbat.core import Action, GameState, Rng, codec, i18n
from sabbat.core.secrets import SecretChoice

BIDS = (1, 2, 3)
SEAL = Action("seal")

i18n.register(
    "bids",
    {
        "en": {"action.bid": "Bid {a0}", "action.seal": "Seal the bid", "event.bid": "{player:seat} has bid",
               "event.my_bid": "{player:seat} bid {bid}", "event.revealed": "Bids: {bids}"},
        "ja": {"action.bid": "{a0}を入札する", "action.seal": "入札を封じる", "event.bid": "{player:seat}が入札した",
               "event.my_bid": "{player:seat}は{bid}を入札した", "event.revealed": "入札：{bids}"},
    },
)


class SealedBids(SecretChoice["BidsState"]):
    """The bids: a seat has chosen once its bid is sealed; a redraw is any bid."""

    def is_open(self, s: BidsState) -> bool:
        return not s.revealed

    def has_chosen(self, s: BidsState, p: int) -> bool:
        return s.sealed[p]

    def commitment(self, s: BidsState, p: int) -> int:
        return s.bids[p]

    def reveal(self, s: BidsState) -> None:
        s.revealed = True
        s.emit("bids.event.revealed", bids=list(s.bids))

    def redraw(self, s: BidsState, new: BidsState, seats: Sequence[int], rng: Rng) -> None:
        for q in seats:
            if s.bids[q]:
                new.bids[q] = rng.choice(BIDS)


SEALED_BIDS = SealedBids()


@codec.serializable
class BidsState(GameState):
    game_id = "bids"
    rules_version = "1"
    secret_choices = (SEALED_BIDS,)

    def __init__(self, num_players: int = 3, seed: int = 0, double_step: bool = False) -> None:
        super().__init__(num_players, seed, {"double_step": double_step})
        self.bids = [0] * num_players
        self.sealed = [False] * num_players
        self.revealed = False
        self.turn = 0

    @property
    def current_player(self) -> int | None:
        return None if self.revealed else self.turn

    def is_terminal(self) -> bool:
        return self.revealed

    def _legal_actions(self) -> list[Action]:
        if self.bids[self.turn]:
            return [SEAL]
        return [Action("bid", (b,)) for b in BIDS]

    def _apply(self, action: Action) -> None:
        p = self.turn
        if action.kind == "bid":
            self.bids[p] = int(action.args[0])
            if self.options["double_step"]:
                return
        self.sealed[p] = True
        SEALED_BIDS.announce(self, p, "bids.event.bid", {"player": p}, "bids.event.my_bid",
                             {"player": p, "bid": self.bids[p]})
        self.turn += 1
        SEALED_BIDS.close_when_all_chosen(self)

    def clone(self) -> BidsState:
        new = self._clone_base()
        new.bids = self.bids.copy()
        new.sealed = self.sealed.copy()
        new.revealed = self.revealed
        new.turn = self.turn
        return new

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"sealed": list(self.sealed),
                "bids": [b if self.revealed or q == player else None for q, b in enumerate(self.bids)]}

    def _determinize(self, player: int, rng: Rng) -> BidsState:
        new = self.clone()
        SEALED_BIDS.determinize(self, new, player, rng)
        return new

    def scores(self) -> list[float]:
        return [float(b) if self.revealed else 0.0 for b in self.bids]

    def winners(self) -> list[int]:
        if not self.revealed:
            return []
        return [p for p, b in enumerate(self.bids) if b == max(self.bids)]

"""The secret simultaneous choice: every seat commits a choice the others cannot see, and all
are revealed together.

Why one mechanic: sleeves assigned in secret, goblins placed face down, heirs chosen face down
and a draft's picks are the same rule, and each must hide the same things everywhere — in
observations, events, determinizations and the search's tree (`GameState.secret_choice`). Written
once, the steps cannot drift apart between games, and the conformance suite checks every game
that declares one with the same test.

The steps:

- **commit** — a seat records its choice in the game's own fields, over one decision or a run
  of them; `announce` tells the others only that it has chosen (a public "has chosen" event)
  and the chooser what it chose (a private one);
- **reveal** — `close_when_all_chosen` reveals every commitment at once, exactly when every
  seat that must choose has chosen (the game's `reveal`, with its public event);
- **hiding** — until then the others' observations show that a seat has chosen, never what
  (the game's observation, checked by the conformance suite);
- **resample** — `determinize` redraws, for a searching player, the other seats'
  unrevealed commitments from what each could have chosen (the game's `redraw`); the
  player's own commitment is kept;
- **search** — `GameState.secret_choice()` is True while a choice the state lists in
  `secret_choices` is open, so a search plays an opponent's run of secret decisions as one
  unseen move.

A `SecretChoice` holds no state: the commitments live in the game's own fields (so saves and
clones need nothing more), and the game says where through the hooks below. A game lists one
instance per kind of choice in its state class's `secret_choices`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from functools import lru_cache
from typing import Any, Generic, Protocol, TypeVar

from .events import SPECTATOR
from .rng import Rng


class Table(Protocol):
    """What a secret choice needs of a game state (every `GameState` has it): written as a protocol
    so that this module needs nothing of `state`, which lists the choices of its games."""

    num_players: int

    def emit(self, key: str, audience: frozenset[int] | None = None, **params: Any) -> None: ...


S = TypeVar("S", bound=Table)


class SecretChoice(ABC, Generic[S]):
    """One kind of secret simultaneous choice of a game, over that game's own fields."""

    # ----- hooks a game implements ---------------------------------------------------
    @abstractmethod
    def is_open(self, s: S) -> bool:
        """Whether seats are committing now and nothing is revealed yet (the game's phase)."""

    @abstractmethod
    def has_chosen(self, s: S, p: int) -> bool:
        """Whether `p` has finished committing (public: the others know it). Read while the
        choice is open and right after its reveal, when every seat has chosen."""

    @abstractmethod
    def commitment(self, s: S, p: int) -> Hashable:
        """What `p` has committed so far, as a comparable value (the conformance suite checks
        it is kept by saves and by `p`'s own determinizations, and redrawn in the others')."""

    @abstractmethod
    def reveal(self, s: S) -> None:
        """Make every commitment public at once (the game's reveal event) and close the choice."""

    @abstractmethod
    def redraw(self, s: S, new: S, seats: Sequence[int], rng: Rng) -> None:
        """In `new`, a clone of `s`, replace what each of `seats` has committed, or begun to
        commit, with a draw by `rng` from what that seat could have chosen.

        The draw may depend only on what the searching player sees (gather candidates in a
        canonical order before drawing), so a search cannot learn the real choice from it.
        """

    def seats(self, s: S) -> Sequence[int]:
        """The seats that must choose (every seat unless the game says otherwise)."""
        return range(s.num_players)

    # ----- the shared steps ----------------------------------------------------------
    def announce(
        self,
        s: S,
        p: int,
        key: str,
        params: dict[str, Any],
        private_key: str | None = None,
        private_params: dict[str, Any] | None = None,
    ) -> None:
        """Log that `p` has chosen (`key` with `params`, which must not say what), and what it
        chose for `p` alone (`private_key` with `private_params`).

        Without a private event the public one goes to everyone, the chooser too; with one,
        the public event goes to the other seats and the spectators.
        """
        if private_key is None:
            s.emit(key, None, **params)
            return
        s.emit(private_key, frozenset((p,)), **(private_params or {}))
        s.emit(key, _others(s.num_players, p), **params)

    def close_when_all_chosen(self, s: S) -> bool:
        """Reveal every commitment if the choice is open and every seat has chosen; whether it did.

        Why here: the reveal must happen exactly when the last seat commits — earlier shows a
        choice before the others have made theirs, later asks a seat to wait for nothing.
        """
        if not self.is_open(s):
            return False
        for p in self.seats(s):
            if not self.has_chosen(s, p):
                return False
        self.reveal(s)
        return True

    def determinize(self, s: S, new: S, player: int, rng: Rng) -> None:
        """Redraw in `new` the other seats' unrevealed commitments; `player`'s own stay.

        A game calls it from its `_determinize` at the point where its draws belong.
        """
        if self.is_open(s):
            others = [q for q in self.seats(s) if q != player]
            if others:
                self.redraw(s, new, others, rng)


@lru_cache(maxsize=256)
def _others(n: int, chooser: int) -> frozenset[int]:
    """Audience of a "has chosen" event beside a private one: the other seats and the spectators."""
    return frozenset([SPECTATOR, *(q for q in range(n) if q != chooser)])

"""The state protocol every game implements (template methods around narrow hooks).

The public methods do the bookkeeping once for all games: legality checks,
history, the legal-action cache, copy-on-write logs, determinization's
reseeding and log redaction. A game implements the underscored hooks.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from . import codec, safeio
from .actions import Action
from .errors import IllegalAction
from .events import SPECTATOR, Event
from .rng import Rng

if TYPE_CHECKING:
    from .secrets import SecretChoice

S = TypeVar("S", bound="GameState")

STATE_FORMAT = "sabbat-state"


class GameState(ABC):
    """A position of one game. docs/architecture.md describes the contract."""

    game_id: ClassVar[str]
    rules_version: ClassVar[str]
    _transient_ = ("_legal", "_log_owned")
    secret_choices: ClassVar[tuple[SecretChoice[Any], ...]] = ()
    """The game's secret simultaneous choices (`sabbat.core.secrets`); `secret_choice()` reads them."""

    num_players: int
    seed: int
    options: dict[str, Any]
    rng: Rng
    history: list[Action]
    events: list[Event]
    determinized_for: int | None
    _legal: tuple[Action, ...] | None
    _log_owned: bool

    def __init__(self, num_players: int, seed: int, options: Mapping[str, Any]) -> None:
        self.num_players = num_players
        self.seed = seed
        self.options = dict(options)
        self.rng = Rng(seed)
        self.history = []
        self.events = []
        self.determinized_for = None
        self._legal = None
        self._log_owned = True

    def _after_load_(self) -> None:
        self._legal = None
        self._log_owned = True

    # ----- hooks a game implements -------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat whose decision is pending; None once the game is over."""

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def _legal_actions(self) -> list[Action]:
        """Legal actions of the pending decision (never empty before the end)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action (legality is already checked)."""

    @abstractmethod
    def clone(self: S) -> S:
        """A fully independent copy; start from `self._clone_base()`."""

    @abstractmethod
    def observation(self, player: int | None) -> dict[str, Any]:
        """What `player` may know (None: a spectator), JSON-serialisable."""

    @abstractmethod
    def _determinize(self: S, player: int, rng: Rng) -> S:
        """A clone whose information hidden from `player` is resampled with `rng`.

        Must depend only on what `player` can see: gather hidden cards in a
        canonical order before shuffling them with `rng`.
        """

    @abstractmethod
    def scores(self) -> list[float]:
        """Points per seat (final once terminal); winners hold the highest score."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won (after tie-breaks); empty before the end."""

    # ----- the contract ------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.is_terminal() else tuple(self._legal_actions())
        return legal

    def apply(self, action: Action) -> None:
        if action not in self.legal_actions() or type(action) is not Action:
            raise IllegalAction(self._illegal_message(action))
        for arg in action.args:  # 0.0 and True equal 0 and 1, but are not the action's arguments
            if arg.__class__ is not int and arg.__class__ is not str:
                raise IllegalAction(self._illegal_message(action))
        self._legal = None
        if not self._log_owned:
            self._own_log()
        self.history.append(action)
        self._apply(action)

    def _illegal_message(self, action: Action) -> str:
        shown = safeio.shown(action.notation() if type(action) is Action else repr(action), 80)
        if self.is_terminal():
            return f"'{shown}' cannot be played: the game is over"
        return (
            f"'{shown}' is not a legal action now for player {self.current_player}; "
            f"choose one of the {len(self.legal_actions())} legal actions"
        )

    def emit(self, key: str, audience: frozenset[int] | None = None, **params: Any) -> None:
        """Log an event; `audience` limits who may see it (None: everyone)."""
        if not self._log_owned:
            self._own_log()
        self.events.append(Event(key, params, audience))

    def emit_private(
        self,
        key: str,
        owner: int,
        public_key: str | None = None,
        public_params: dict[str, Any] | None = None,
        **params: Any,
    ) -> None:
        """Log `key` for `owner` only, and optionally `public_key` for the others.

        The others' event carries `player=owner` plus only the `public_params` given
        (for example a count of cards drawn, never which ones); spectators see it too.
        """
        self.emit(key, frozenset((owner,)), **params)
        if public_key is not None:
            others = frozenset([SPECTATOR, *(p for p in range(self.num_players) if p != owner)])
            self.emit(public_key, others, player=owner, **(public_params or {}))

    def events_for(self, viewer: int | None) -> list[Event]:
        return [e for e in self.events if e.visible_to(viewer)]

    def _own_log(self) -> None:
        self.history = list(self.history)
        self.events = list(self.events)
        self._log_owned = True

    def _clone_base(self: S) -> S:
        """A new object of this class sharing the immutable base fields (logs copy on write)."""
        new = object.__new__(type(self))
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options
        new.rng = Rng(self.rng.state)
        new.history = self.history
        new.events = self.events
        new.determinized_for = self.determinized_for
        new._legal = self._legal
        new._log_owned = False
        self._log_owned = False
        return new

    def determinize(self: S, player: int, rng: Rng) -> S:
        """A full state consistent with `player`'s view, with its RNG reseeded from `rng`."""
        new = self._determinize(player, rng)
        new.rng = Rng(rng.next_u64())
        new.seed = new.rng.state
        new.events = [e for e in self.events if e.visible_to(player)]
        new.history = []
        new._log_owned = True
        new._legal = None
        new.determinized_for = player
        return new

    def secret_choice(self) -> bool:
        """Whether the pending decision is a secret choice: the other seats do not see which
        action the mover takes, and learn of it only what the events shown to them tell
        (a "has chosen", a reveal once everyone has chosen).

        Why: a search must not tell an opponent's secret choices apart by their identity, or
        its player's later decisions in the tree would act on a secret it could not know
        (ISMCTS treats the mover's run of secret decisions as one unseen move). The
        conformance suite checks, for every game, that the other seats' observations do not
        tell such a choice apart beyond their events.

        True while one of the game's `secret_choices` is open; a game without them may
        override this instead.
        """
        for choice in self.secret_choices:
            if choice.is_open(self):
                return True
        return False

    def describe_action(self, action: Action, locale: str = "en") -> str:
        """A person's description of one of this state's legal actions."""
        return action.describe(locale, self.game_id)

    def caution(self, action: Action, locale: str = "en") -> str:
        """Why one of this state's legal actions is almost always a mistake, in words ('' for
        nearly every action).

        Why: some rules allow a move that throws a turn away (ending a choice with nothing chosen).
        A front end asks its player before playing such a move and says what it means. Called
        only for the seat to move, never on the hot path; the words may speak of nothing that
        seat cannot see.
        """
        return ""

    def notes(self, locale: str = "en") -> list[str]:
        """What the seat to move should know about its decision that no legal action shows, in
        words: a card it cannot use now, and why (empty for most decisions).

        Why: a move the rules do not allow simply is not offered, and a player left looking for it
        does not learn the rule. Shown only to the seat to move, so the words may speak of what
        that seat sees; never called on the hot path.
        """
        return []

    def summary(self) -> dict[str, Any]:
        """Figures for simulation reports: numbers (rounds, days), labels (victory type),
        and `acquired` — per seat, the ids of the cards it took — for per-card statistics.
        `end` names how a finished game ended; `"cap"` marks a stop at a safety cap, which no
        random game may reach (the conformance suite checks both)."""
        return {}

    def tie_breaks(self) -> list[dict[str, int]]:
        """Per seat, the rulebook's tie-break values in the order they apply, for display.

        Why: scores() are the score sheet's own points; the values that break a tie are
        shown beside them ("42 VP (tie-break: 7 cards)"), never folded into them. Keys are
        message keys the i18n layer renders (for example "some_game.tiebreak.cards").
        Every seat names the same keys, and a larger value wins: the winners are the seats whose
        (score, *values) is largest (store a rank where the first wins as its negative).
        """
        return [{} for _ in range(self.num_players)]

    def check_invariants(self) -> list[str]:
        """Broken resource invariants of this position (nothing negative, cards conserved).

        Why: the conformance suite calls it after every decision of random games, so a rule
        bug that loses or duplicates a card fails a test even when no rule test covers it.
        Empty when all hold; never called on the hot path.
        """
        return []

    def evaluate(self) -> list[float] | None:
        """Each seat's estimated chance of winning from here (summing to 1), or None.

        Why: a search that cuts a playout short must judge an unfinished game, and a game
        often knows better than its scores (an engine built, a threat on the board). None
        means "judge me by my scores". Searches call it on determinized copies, so it may
        read anything in the state; no front end or observation ever shows it.
        """
        return None

    def projected_scores(self) -> list[float] | None:
        """Each seat's expected final score from here, or None.

        Why: a search told to play for points rather than the win (`rollout:aim=points`) judges
        an unfinished game by the points each seat should end with. None means "judge me by my
        scores as they stand". Like `evaluate`, it may read anything in the state.
        """
        return None

    def visible_scores(self, viewer: int | None) -> list[float | None]:
        """The points `viewer` may know, per seat (None: a spectator); None where it may not.

        Why: a front end shows scores beside the board, so they must hide what the observation
        hides (a secret chest total, points on cards in a hand). The default holds for games
        whose score sheet is public; a game with secret points says which part is public, and
        what a seat may see of its own. Final scores are public.
        """
        return list(self.scores())

    def returns(self) -> list[float]:
        """Reward per seat at the end: winners share 1, the rest get 0."""
        won = self.winners()
        return [1.0 / len(won) if p in won else 0.0 for p in range(self.num_players)]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": STATE_FORMAT,
            "game": self.game_id,
            "rules_version": self.rules_version,
            "state": codec.encode(self),
        }

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.num_players}p seed={self.seed} "
            f"decisions={len(self.history)} to_move={self.current_player}>"
        )

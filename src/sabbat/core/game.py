"""The game descriptor and factory every game package registers."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from importlib import resources
from importlib.resources.abc import Traversable
from types import ModuleType
from typing import TYPE_CHECKING, Any

from . import carddata, codec
from .actions import Action
from .actions import Action as _Action
from .errors import BadOption, BadPlayerCount, BadSeed, SabbatError, SaveFileError
from .events import Event
from .lessons import Lesson
from .options import Option, check_options
from .rng import Rng
from .safeio import shown
from .state import STATE_FORMAT, GameState

if TYPE_CHECKING:
    from rich.console import RenderableType

SEED_RANGE = range(-(1 << 63), 1 << 64)
"""Seeds are whole numbers that fit 64 bits (the generator keeps 64 bits of them)."""


def check_seed(seed: Any) -> int:
    """`seed` if it is a whole number in SEED_RANGE; BadSeed otherwise (`1e999`, `True`, "12")."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed not in SEED_RANGE:
        raise BadSeed(f"a seed is a whole number from {SEED_RANGE.start} to {SEED_RANGE.stop - 1}, not {shown(seed, 40)}")
    return seed


class Status(StrEnum):
    COMPLETE = "complete"
    IN_PROGRESS = "in progress"


@dataclass(frozen=True)
class GameInfo:
    """One game's shape: what lobbies, simulations, tests and RL read first."""

    id: str
    title: dict[str, str]
    min_players: int
    max_players: int
    rules_version: str
    max_decisions: int
    """An upper bound on decisions in one game; random playouts must end within it."""
    status: Status = Status.COMPLETE
    summary: dict[str, str] = field(default_factory=dict)
    options: dict[str, Option] = field(default_factory=dict)
    """Option name -> its declaration. `cards` (a card file path) is always accepted."""

    @property
    def cli_name(self) -> str:
        return self.id.replace("_", "-")

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)


@dataclass(frozen=True)
class AiTuning:
    """How the shared searches play one game, as measured against its heuristic (docs/ai.md).

    The agents read these settings; a game that declares none gets the defaults below.
    """

    search: str = "ismcts"
    """The search the difficulty levels use: `ismcts` (tree search) or `rollout`."""
    hard_budget: int | None = None
    """Samples (rollout) or iterations (tree search) of the `hard` level a move; None: a time budget."""
    ismcts: Mapping[str, Any] = field(default_factory=dict)
    """Tree-search settings (fields of `sabbat.agents.ismcts.SearchConfig`)."""
    rollout: Mapping[str, Any] = field(default_factory=dict)
    """Rollout-search knobs (`depth`, `settle`, ...; see `sabbat.agents.rollout`)."""
    bench_players: int = 2
    """Player count the search benchmark measures (within the game's range)."""

    def __post_init__(self) -> None:
        if self.search not in SEARCHES:
            raise ValueError(f"AiTuning.search is one of {', '.join(SEARCHES)}, not {shown(self.search, 40)}")
        if self.hard_budget is not None and (isinstance(self.hard_budget, bool) or not isinstance(self.hard_budget, int)
                                             or self.hard_budget < 1):
            raise ValueError(f"AiTuning.hard_budget is a positive whole number or None, not {shown(self.hard_budget, 40)}")


SEARCHES = ("ismcts", "rollout")
"""The searches a game's levels may use."""


CARD_FILE = "cards.yaml"
"""The card file a game with cards ships in its package."""
PARTS = ("encode", "features", "terminal", "lessons")
"""The optional modules of a game package that front ends look up by name (docs/adding-a-game.md):
`encode` (RL action layout and direct vector encoder), `features` (extra RL policy inputs),
`terminal` (the Rich board view), `lessons` (its guided first games, `LESSONS`)."""


class Game:
    """Factory and codec for one game's states. Subclasses set `info` and `state_class`.

    Everything front ends, agents and RL need of a game is found through this object: its info,
    `ai` tuning, its optional modules (`part`), its files (`resource`) and the hooks below.
    """

    info: GameInfo
    state_class: type[GameState]
    ai: AiTuning = AiTuning()
    web_package: str | None = None
    """The importable package holding this game's browser front end, which only front ends load:
    `renderer.js` (an ES module exporting `status`, `render` and `refs`), `style.css` and
    `en.json`/`ja.json` (its browser messages), each optional. None, or a file left out: the browser shows the game through
    its generic view (the observation and the list of legal actions)."""

    @property
    def package(self) -> str:
        """The game's package: the one its Game subclass is defined in."""
        module = importlib.import_module(type(self).__module__)
        return module.__name__ if hasattr(module, "__path__") else module.__name__.rpartition(".")[0]

    def part(self, name: str) -> ModuleType | None:
        """The game's optional module `name` (one of PARTS), or None when the game has none.

        Why by name: front ends load a game's view or encoder only when they need it, and the
        game's core never imports them.
        """
        if name not in PARTS:
            raise ValueError(f"{name!r} is not a game part; the parts are {', '.join(PARTS)}")
        target = f"{self.package}.{name}"
        try:
            return importlib.import_module(target)
        except ModuleNotFoundError as exc:
            if exc.name != target:
                raise
            return None

    def resource(self, name: str) -> Traversable:
        """A data file shipped in the game's package (its card file, `encode.json`...)."""
        return resources.files(self.package).joinpath(name)

    def lessons(self) -> tuple[Lesson, ...]:
        """The game's guided first games (`sabbat.core.lessons`): its `lessons` module's `LESSONS`."""
        module = self.part("lessons")
        return tuple(getattr(module, "LESSONS", ())) if module is not None else ()

    @property
    def has_card_file(self) -> bool:
        """Whether the game ships a card file (`cards.yaml` in its package): only such a game takes
        the `cards` option (a replacement card file)."""
        return self.resource(CARD_FILE).is_file()

    def card_digest(self) -> str | None:
        """A digest of what the shipped card file says about play (names, sources and notes left
        out), or None for a game without one. A table records it: its log replays on these cards."""
        file = self.resource(CARD_FILE)
        if not file.is_file():
            return None
        with resources.as_file(file) as path:
            return carddata.rules_digest(path)

    def rules_text(self, locale: str) -> str | None:
        """The game's rules summary shipped as package data (`rules.<locale>.md`, else English),
        or None: the terminal's `rules` and the browser's rules panel both show it."""
        for name in (f"rules.{locale}.md", "rules.en.md"):
            entry = self.resource(name)
            if entry.is_file():
                return entry.read_text(encoding="utf-8")
        return None

    def terminal_view(self, obs: dict[str, Any], locale: str) -> RenderableType:
        """A Rich renderable of `obs` for a terminal: the `render(obs, locale)` of the game's
        `terminal` part, or the observation as a readable tree where the game has none. The
        terminal and the RL environments' text rendering both draw a board with it."""
        module = self.part("terminal")
        if module is not None:
            view: RenderableType = module.render(obs, locale)
            return view
        from rich.pretty import Pretty  # a front end's library, loaded only when someone draws

        return Pretty(obs, expand_all=False)

    def reveal_at_end(self, state: GameState, obs: dict[str, Any]) -> None:
        """Add to a finished game's all-seeing view what no seat saw but the end makes no secret
        of (replays and the end screen); most games have nothing to add."""

    def new(self, num_players: int, seed: int = 0, options: Mapping[str, Any] | None = None) -> GameState:
        if not isinstance(num_players, int) or not (
            self.info.min_players <= num_players <= self.info.max_players
        ):
            raise BadPlayerCount(
                f"{self.info.title['en']} is played by {self.info.min_players} to "
                f"{self.info.max_players} players, not {shown(num_players, 40)}"
            ).tag("players", game=dict(self.info.title), min=self.info.min_players, max=self.info.max_players)
        given = dict(options or {})
        if "cards" in given and not self.has_card_file:
            raise BadOption(f"{self.info.cli_name} has no card file, so it takes no cards option").tag("no_card_file")
        opts = check_options(self.info.cli_name, self.info.options, given)
        return self._new(num_players, check_seed(seed), opts)

    def _new(self, num_players: int, seed: int, options: dict[str, Any]) -> GameState:
        raise NotImplementedError

    def action_from_json(self, data: Any) -> Action:
        return Action.from_json(data)

    def from_json(self, data: Any) -> GameState:
        """Rebuild a state saved by `state.to_json()`; SaveFileError on anything amiss.

        Why check so much: a state from outside (a file, the server) is used by code that
        trusts it; a wrong player count, a lost card or a float where an int belongs must be
        refused here with one line, not crash a move later.
        """
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise SaveFileError("this is not a saved sabbat game state")
        if data.get("game") != self.info.id:
            raise SaveFileError(f"this state belongs to {shown(data.get('game'), 40)}, not {self.info.id!r}")
        if data.get("rules_version") != self.info.rules_version:
            raise SaveFileError(
                f"this state was saved under rules version {shown(data.get('rules_version'), 40)}; "
                f"this sabbat has {self.info.rules_version!r}"
            )
        try:
            state = codec.decode(data.get("state"))
        except RecursionError:
            raise SaveFileError("the saved state nests values too deep") from None
        except SaveFileError:
            raise
        except SabbatError as exc:  # a card file named in the state, for example
            raise SaveFileError(f"the saved state cannot be used: {shown(str(exc))}") from None
        if not isinstance(state, self.state_class):
            raise SaveFileError(f"the saved state is not a {self.info.id} state")
        self._check_loaded(state)
        return state

    def _check_loaded(self, state: GameState) -> None:
        """Base fields by type, the game's own invariants, and a dry run of the contract."""
        try:
            problem = _base_problem(state, self.info.player_counts)
            if problem is None:  # a save from before options kept their defaults gets them here
                state.options = check_options(self.info.cli_name, self.info.options, state.options)
                broken = state.check_invariants()
                problem = "; ".join(shown(b, 80) for b in broken[:3]) if broken else None
            if problem is None:
                state.is_terminal()
                state.legal_actions()
                for seat in range(state.num_players):
                    state.observation(seat)
                state.scores()
        except Exception as exc:  # noqa: BLE001 - any failure here means a malformed state
            problem = f"{type(exc).__name__}: {shown(str(exc), 80)}"
        if problem is not None:
            raise SaveFileError(f"the saved {self.info.id} state is inconsistent ({problem})")

    def describe_card(self, card_id: str, locale: str = "en", options: Mapping[str, Any] | None = None) -> str:
        """Card help for people: the card's full text (public information only)."""
        return card_id

    def card_ids(self, options: Mapping[str, Any] | None = None) -> list[str]:
        """Every card id of the card set in use, for help and statistics."""
        return []

    def card_faces(self, locale: str = "en", options: Mapping[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        """Public face of every card in the set, for front ends that draw cards.

        Each entry has at least `name` and `text` in `locale`; a game adds the structured
        fields its cards show (cost, symbols, points, power...). Public information only.
        """
        faces: dict[str, dict[str, Any]] = {}
        for card_id in self.card_ids(options):
            text = self.describe_card(card_id, locale, options)
            faces[card_id] = {"name": text.split("\n", 1)[0], "text": text}
        return faces

    def heuristic_agent(self, seed: int = 0) -> Any | None:
        """The game's own quick player (an object with `choose(state)`), if it has one."""
        return None

    def __repr__(self) -> str:
        return f"<Game {self.info.id}>"


def _base_problem(state: GameState, counts: range) -> str | None:
    """What is wrong with the fields every state has, or None."""
    n = getattr(state, "num_players", None)
    if isinstance(n, bool) or not isinstance(n, int) or n not in counts:
        return f"player count {shown(n, 20)}"
    seed = getattr(state, "seed", None)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed not in SEED_RANGE:
        return "seed"
    rng = getattr(state, "rng", None)
    if not isinstance(rng, Rng) or type(rng.state) is not int or not 0 <= rng.state < 1 << 64:
        return "random generator"
    if not isinstance(getattr(state, "options", None), dict):
        return "options"
    history = getattr(state, "history", None)
    if not isinstance(history, list) or not all(
        type(a) is _Action and type(a.kind) is str and type(a.args) is tuple and all(type(x) in (int, str) for x in a.args)
        for a in history
    ):
        return "history"
    events = getattr(state, "events", None)
    if not isinstance(events, list) or not all(
        type(e) is Event and type(e.key) is str and type(e.params) is dict for e in events
    ):
        return "events"
    seen = getattr(state, "determinized_for", None)
    if seen is not None:
        return "a determinized search state"
    return None

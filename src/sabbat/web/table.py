"""A live table: its seats, its state and the readers' versions; why a stored one stopped; a move
waiting to commit. Plain data with the little logic that reads it: the service changes it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sabbat.core import Action, GameState, i18n
from sabbat.core.events import Event
from sabbat.core.game import Game
from sabbat.core.lessons import Lesson

from .rejected import Rejected
from .steps import Mark, Steps, mark, secret_mover
from .store import LogRow, TableRow


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token: a copied database opens no seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    seat: int
    kind: str
    agent: str | None = None
    token_hash: str | None = None
    open: bool = False
    name: str | None = None
    connected: int = 0
    substitute: str | None = None
    """The AI agent playing for a person who is away (gone past the grace), until they come back."""
    left_at: float | None = None
    clock_left: float | None = None
    paused_left: float | None = None
    """Seconds the person had left for their decision when the stand-in took the seat over."""
    joined: bool = False
    """Its person has come: connected, claimed it in the lobby or moved. Only a seat whose person
    came and went is played by the stand-in; one nobody came to waits (or the table expires)."""

    def public(self) -> dict[str, Any]:
        row: dict[str, Any] = {"seat": self.seat, "kind": self.kind, "connected": self.connected > 0}
        if self.agent:
            row["agent"] = self.agent
        if self.name:
            row["name"] = self.name
        if self.open and self.token_hash is None:
            row["open"] = True
        elif self.kind == "human" and not self.joined:
            row["unclaimed"] = True
        if self.substitute:
            row["substitute"] = self.substitute
        if self.clock_left is not None:
            row["clock_s"] = round(self.clock_left, 1)
        return row


@dataclass
class Table:
    id: str
    game: Game
    state: GameState
    seats: list[Seat]
    settings: dict[str, Any]
    created: float
    cards: str | None = None
    steps: Steps = field(default_factory=lambda: Steps(0))
    """The marks of its decisions: each reader's version (`sabbat.web.steps`)."""
    msg_ids: dict[tuple[int, str], tuple[int, int]] = field(default_factory=dict)
    """(seat, message id) -> (the table's version after that move, the seat's version then)."""
    undo_ok: tuple[int, int] | None = None
    """(seat, version) at which that seat may take back its last move."""
    thinking: bool = False
    revision: int = 0
    creator: str | None = None
    """The client address that created it (`creators.key`), stored with it while it is played: its
    caps count it, and its AI moves are served as that address's (`thinking`)."""
    opened_at: float = 0.0
    """When it was created or loaded, by the service's clock (open seats expire from there)."""
    expired: bool = False
    """Nobody claimed its open seats in time: no longer listed, joined or played."""
    """Counts every change listeners heard of: a view built at one revision is still right."""
    touched: float = 0.0
    """When someone last asked for it (by the service's clock): a finished table nobody asks for
    is forgotten after a while (`keeping`)."""
    committing: bool = False
    """A move of this table is being written: nothing else may move it until it is in place."""
    turn_started: float = 0.0
    stand_in: tuple[int, int, str] | None = None
    """(seat, version, agent): the person at `seat` ran out of time for the decision at `version`,
    so `agent` plays that one decision; the turn comes back to the person after it."""
    allowance: float | None = None
    """Seconds the pending decision may take at most, from `turn_started`: set when a person
    takes their seat back from the stand-in (the time they had left then, never a fresh clock)."""
    card_answers: dict[tuple[str, str], Any] = field(default_factory=dict)
    """Its own cards' answers (`custom_cards`), per (language, kind): made once, while it is held."""
    seen_events: dict[int | None, tuple[int, list[Event]]] = field(default_factory=dict)
    """Per viewer: how many log entries were filtered, and the ones it may see (grown per move)."""
    stopped: Stopped | None = None
    """Why this table takes no moves: its stored log does not replay under this server's rules."""
    lesson: Lesson | None = None
    """The guided first game this table is played for (its `settings["lesson"]`), if any."""
    lesson_at: int = -1
    """The lesson's step shown now (-1 before its first)."""
    fence: int | None = None
    """The lease token this process owns the table under (PostgreSQL): every write of the table
    carries it, and the database refuses it once another process has taken the table over."""
    rules_then: str | None = None
    """The rules version the table began under, when this server plays another (it was carried
    over an upgrade whose rules changed): its players are told (`rules_notice`)."""

    def advance_lesson(self) -> None:
        """Move the lesson on after a decision (or at the start): its steps follow the game."""
        if self.lesson is not None:
            self.lesson_at = self.lesson.advance(self.state, self.lesson_at)

    def events_for(self, seat: int | None) -> list[Event]:
        """`state.events_for(seat)`, filtering only the entries added since the last call."""
        log = self.state.events
        done, mine = self.seen_events.get(seat, (0, []))
        if done > len(log):
            done, mine = 0, []
        if done < len(log):
            mine = mine + [e for e in log[done:] if e.visible_to(seat)]
            self.seen_events[seat] = (len(log), mine)
        return mine

    def replace_state(self, state: GameState) -> None:
        """Put a rebuilt state in place (an undo): the viewers' filtered logs start again."""
        self.state = state
        self.seen_events.clear()

    @property
    def version(self) -> int:
        """The number of decisions: the server's own count, never shown to a reader."""
        return len(self.state.history)

    def version_for(self, reader: int | None) -> int:
        """The version `reader` is shown (`sabbat.web.steps`)."""
        return self.steps.version(reader)

    def apply(self, action: Action) -> None:
        """Play a move on this table's state, marking it for the readers' versions."""
        owner = secret_mover(self.state)
        self.state.apply(action)
        self.steps.add(mark(owner, self.state))
        self.advance_lesson()

    @property
    def status(self) -> str:
        if self.stopped is not None:
            return "stopped"
        if self.expired:
            return "expired"
        return "finished" if self.state.is_terminal() else "playing"

    def waiting(self) -> bool:
        """A seat is still open for anyone to claim."""
        return any(s.open and s.token_hash is None for s in self.seats)

    def unclaimed(self) -> bool:
        """A person's seat nobody has come to yet (open, or its invite not taken up)."""
        return any(s.kind == "human" and not s.joined for s in self.seats)

    def mover(self) -> tuple[int, str] | None:
        """(seat, agent name) when an AI must choose now: an AI seat or a substitute."""
        if self.state.is_terminal() or self.stopped is not None or self.expired:
            return None
        p = self.state.current_player
        if p is None:
            return None
        seat = self.seats[p]
        if seat.kind == "ai":
            return p, seat.agent or "heuristic"
        if seat.substitute:
            return p, seat.substitute
        if self.stand_in is not None and self.stand_in[:2] == (p, self.version):
            return p, self.stand_in[2]
        return None

    def standing_in(self, seat: int) -> bool:
        """An AI plays `seat`'s decision now: the person is away, or out of time for this one."""
        s = self.seats[seat]
        return bool(s.substitute) or (self.stand_in is not None and self.stand_in[:2] == (seat, self.version))

    def rules_notice(self, lang: str) -> str | None:
        """What a table carried over an upgrade that changed its game's rules tells its readers:
        the game goes on under this server's rules, which may offer other choices from here."""
        if self.rules_then is None:
            return None
        return i18n.render("web.rules_changed", lang, {"game": self.game.info.title, "then": self.rules_then,
                                                       "now": self.game.info.rules_version})

    def row(self) -> dict[str, Any]:
        return {
            "table_id": self.id, "game": self.game.info.id, "players": self.state.num_players,
            "seats": [s.public() for s in self.seats], "status": self.status, "created": self.created,
            "version": self.version_for(None), "name": self.settings.get("name"),
            "open_seats": [] if self.expired else [s.seat for s in self.seats if s.open and s.token_hash is None],
            **({"seed": self.state.seed} if self.settings.get("seed_chosen") else {}),
            **({"custom_cards": True} if self.cards is not None else {}),
            **({"stopped_reason": self.stopped.texts()} if self.stopped is not None else {}),
            **({"stopped_log": True} if self.stopped is not None and self.stopped.over() else {}),
            **({"rules_notice": {lang: self.rules_notice(lang) for lang in i18n.LOCALES}}
               if self.rules_then is not None else {}),
        }


Listener = Callable[[Table], None]


@dataclass
class Stopped:
    """A table whose stored log does not replay: the reason, and the log as it was stored."""

    code: str
    params: dict[str, Any]
    row: TableRow

    def text(self, lang: str) -> str:
        return Rejected(self.code, **self.params).message(lang)

    def texts(self) -> dict[str, str]:
        """The reason in each language, for the lobby (which answers every reader alike)."""
        return {lang: self.text(lang) for lang in ("en", "ja")}

    def over(self) -> bool:
        """Whether the game was over before it stopped (a finished game whose log no longer
        replays): its log then keeps no secret."""
        return self.row.status == "finished"

    def log(self) -> dict[str, Any]:
        """The stored log with why it stopped (`stored_log`)."""
        return {**stored_log(self.row), "stopped": self.texts()}


def stored_log(r: TableRow) -> dict[str, Any]:
    """A table's log as stored, for its operator only (`sabbat table-log`): what a fixed or older
    server needs to replay it. It holds the seed, so every hand: never served while the game is on."""
    return {"format": "sabbat-table-log", "table": r.id, "game": r.game, "rules_version": r.rules_version,
            "card_digest": r.card_digest, "num_players": r.num_players, "seed": r.seed, "options": r.options,
            "cards": r.cards, "status": r.status,
            "log": [{"seat": seat, "action": action} for action, seat, _ in r.actions]}


@dataclass
class Move:
    """A checked move played on a copy of its table's state, waiting for its log row to commit."""

    table: Table
    seat: int
    action: Action
    msg_id: str | None
    """The person's message id; None for a move an AI made."""
    after: GameState
    mark: Mark
    row: LogRow


@dataclass
class NewTable:
    """A checked lobby request: the table's row to write, each person's secret token, its creator."""

    row: TableRow
    tokens: dict[int, str]
    client: str | None
    creator_key: str | None = None
    """The creator's secret: with it they may withdraw or reissue an invite nobody took up."""
    state: GameState | None = None
    """The table's first position, built by the check (the table starts from it, not from a second build)."""


@dataclass
class Claim:
    """An open seat a person is about to claim, and the token that will open it."""

    table: Table
    seat: int
    token: str

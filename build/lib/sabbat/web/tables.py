"""The table authority: seats, moves, undo, clocks and views. Knows neither WebSocket nor SQL.

Why one authority: every move goes through `act` (or `ai_move`), which checks the seat, the
version the client saw and the action's legality, commits the move to the store, and only
then tells listeners, who send each recipient its own view. A crash after the commit loses
nothing; a crash before it loses only a move that was never acknowledged.
"""

from __future__ import annotations

import hashlib
import secrets
import time
import unicodedata
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sabbat import games
from sabbat.core import Action, GameState, SabbatError, carddata, i18n
from sabbat.core.events import Event
from sabbat.core.game import SEED_RANGE, Game, check_seed
from sabbat.core.replay import Replay
from sabbat.core.rng import Rng

from .steps import Mark, Steps, mark, secret_mover
from .store import LogRow, SeatRow, Store, TableRow

i18n.register_file("web", Path(__file__).with_name("messages.toml"))

MAX_SEAT_NAME = 40
MAX_CLOCK_S = 7 * 24 * 3600
OVERTIME_S = 30.0
"""Seconds a decision gets once a person's game clock is spent and no per-move clock is set."""
UNDO_SAMPLES = 3
"""Determinizations an undo check compares: a move that revealed a hidden card or used chance
shows a different result in at least one of them (with overwhelming odds)."""
LEVELS = ("easy", "normal", "hard", "heuristic", "random")
"""The AI players anyone may seat: each thinks a bounded time a move and loads nothing by name."""


class Rejected(SabbatError):
    """A request the authority refuses; `code` names the reason, rendered per person's language."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def message(self, lang: str) -> str:
        return i18n.render(f"web.{self.code}", lang, self.params)


def hash_token(token: str) -> str:
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

    def public(self) -> dict[str, Any]:
        row: dict[str, Any] = {"seat": self.seat, "kind": self.kind, "connected": self.connected > 0}
        if self.agent:
            row["agent"] = self.agent
        if self.name:
            row["name"] = self.name
        if self.open and self.token_hash is None:
            row["open"] = True
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
    committing: bool = False
    """A move of this table is being written: nothing else may move it until it is in place."""
    turn_started: float = 0.0
    stand_in: tuple[int, int, str] | None = None
    """(seat, version, agent): the person at `seat` ran out of time for the decision at `version`,
    so `agent` plays that one decision; the turn comes back to the person after it."""
    seen_events: dict[int | None, tuple[int, list[Event]]] = field(default_factory=dict)
    """Per viewer: how many log entries were filtered, and the ones it may see (grown per move)."""

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

    @property
    def status(self) -> str:
        return "finished" if self.state.is_terminal() else "playing"

    def mover(self) -> tuple[int, str] | None:
        """(seat, agent name) when an AI must choose now: an AI seat or a substitute."""
        if self.state.is_terminal():
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

    def row(self) -> dict[str, Any]:
        return {
            "table_id": self.id, "game": self.game.info.id, "players": self.state.num_players,
            "seats": [s.public() for s in self.seats], "status": self.status, "created": self.created,
            "version": self.version_for(None), "name": self.settings.get("name"),
            "open_seats": [s.seat for s in self.seats if s.open and s.token_hash is None],
            **({"seed": self.state.seed} if self.settings.get("seed_chosen") else {}),
        }


Listener = Callable[[Table], None]


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


class TableService:
    """Every live table, rebuilt from the store at start; the only writer of moves."""

    def __init__(self, store: Store, grace_s: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 agents: Collection[str] = LEVELS) -> None:
        self.store = store
        self.grace_s = grace_s
        self.agents = frozenset(agents)
        """The AI players a request may seat: the levels, and what the operator added."""
        self.deal: Callable[[], int] = lambda: secrets.randbelow(SEED_RANGE.stop)
        """The seed of a deal nobody chose: from the operating system's CSPRNG (tests fix it)."""
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.listeners: list[Listener] = []

    # ----- building tables -----------------------------------------------------------
    def load(self) -> int:
        """Rebuild every table from its log; returns how many."""
        for row in self.store.load_all():
            table = self._build(row)
            for action, seat, msg_id in row.actions:
                table.apply(table.game.action_from_json(action))
                if msg_id:
                    table.msg_ids[(seat, msg_id)] = (table.version, table.version_for(seat))
            table.turn_started = self.clock()
            self.tables[row.id] = table
        return len(self.tables)

    def _build(self, row: TableRow) -> Table:
        game = games.get(row.game)
        options = dict(row.options)
        if row.cards is not None:
            options["cards"] = carddata.upload(row.cards)[0]
        state = game.new(row.num_players, row.seed, options)
        seats = [Seat(s.seat, s.kind, s.agent, s.token_hash, s.open, s.name) for s in row.seats]
        per_game = row.settings.get("per_game_s")
        for s in seats:
            if s.kind == "human" and per_game:
                s.clock_left = float(per_game)
        return Table(row.id, game, state, seats, row.settings, row.created, row.cards, Steps(row.num_players))

    def _agent(self, name: Any) -> str:
        """An AI player a request may seat; one message for anything else, whatever it names."""
        if not isinstance(name, str) or name.strip().lower() not in self.agents:
            raise Rejected("unknown_agent", choices=", ".join(sorted(self.agents)))
        return name.strip().lower()

    def _seed(self, spec: dict[str, Any], seats: list[Seat]) -> tuple[int, bool]:
        """The deal's seed and whether the creator chose it: only where every other seat is an AI
        (practice, study), since a chosen seed tells its chooser every hand of the deal."""
        seed = spec.get("seed")
        if seed is None:
            return self.deal(), False
        people = [s for s in seats if s.kind == "human"]
        if len(people) > 1 or any(s.open for s in people):
            raise Rejected("seed_with_people")
        return check_seed(seed), True

    @staticmethod
    def _new_state(game: Game, n: int, seed: int, options: dict[str, Any], cards: Any) -> GameState:
        """The first position; an uploaded card file is checked in memory and forgotten if refused."""
        if cards is None:
            return game.new(n, seed, options)
        if not isinstance(cards, str):
            raise Rejected("bad_message", why="a card file is sent as text")
        try:
            name, new = carddata.upload(cards)
        except SabbatError:
            raise Rejected("bad_message", why="a card file is text of at most 1 MB") from None
        try:
            return game.new(n, seed, {**options, "cards": name})
        except SabbatError as exc:
            if new:
                carddata.forget_upload(name)
            why = str(exc).replace(f"card file {name}", "it").replace(name, "it")
            raise Rejected("bad_cards", why=why) from None

    def create(self, spec: Any) -> tuple[Table, dict[int, str]]:
        """A new table from a lobby request; returns it and the secret token of each human seat."""
        if not isinstance(spec, dict):
            raise Rejected("bad_message", why="a table is described by a JSON object")
        game = games.get(str(spec.get("game", "")))
        n = spec.get("players", game.info.min_players)
        if not isinstance(n, int) or isinstance(n, bool) or n not in game.info.player_counts:
            raise Rejected("bad_message", why=f"{game.info.cli_name} is played by {game.info.min_players} to "
                                              f"{game.info.max_players} players")
        seats_spec = spec.get("seats") or [{"kind": "human"}] + [{"kind": "ai", "agent": "normal"}] * (n - 1)
        if not isinstance(seats_spec, list) or len(seats_spec) != n:
            raise Rejected("bad_message", why=f"give exactly {n} seats")
        seats: list[Seat] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(seats_spec):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "ai"):
                raise Rejected("bad_message", why=f"seat {i + 1} must be {{'kind': 'human'}} or {{'kind': 'ai', 'agent': …}}")
            name = s.get("name")
            name = None if name is None or (isinstance(name, str) and not name.strip()) else _seat_name(name)
            if s["kind"] == "ai":
                seats.append(Seat(i, "ai", agent=self._agent(s.get("agent") or "normal"), name=name))
            elif s.get("open"):
                seats.append(Seat(i, "human", open=True, name=name))
            else:
                token = secrets.token_urlsafe(24)
                tokens[i] = token
                seats.append(Seat(i, "human", token_hash=hash_token(token), name=name))
        seed, chosen = self._seed(spec, seats)
        settings = self._settings(spec)
        if chosen:
            settings["seed_chosen"] = True
        cards = spec.get("cards")
        options = spec.get("options") or {}
        if not isinstance(options, dict) or "cards" in options:
            raise Rejected("bad_message", why="options must be an object (upload a card file as 'cards')")
        state = self._new_state(game, n, seed, options, cards)
        stored_options = {k: v for k, v in state.options.items() if k != "cards"}
        row = TableRow(secrets.token_hex(8), game.info.id, game.info.rules_version, n, seed, stored_options,
                       cards, settings, time.time(), "playing",
                       [SeatRow(s.seat, s.kind, s.agent, s.token_hash, s.open, s.name) for s in seats])
        self.store.create(row)
        table = self._build(row)
        table.turn_started = self.clock()
        self.tables[row.id] = table
        self._notify(table)
        return table, tokens

    def _settings(self, spec: dict[str, Any]) -> dict[str, Any]:
        settings: dict[str, Any] = {}
        clock = spec.get("clock") or {}
        if not isinstance(clock, dict):
            raise Rejected("bad_message", why="clock must be an object")
        for key in ("per_move_s", "per_game_s"):
            value = clock.get(key)
            if value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_CLOCK_S:
                raise Rejected("bad_message", why=f"{key} is a whole number of seconds from 1 to {MAX_CLOCK_S}")
            settings[key] = value
        settings["leaver_agent"] = self._agent(spec.get("leaver_agent", "normal"))
        name = spec.get("name")
        if isinstance(name, str) and name.strip():
            settings["name"] = name.strip()[:80]
        return settings

    # ----- seats -----------------------------------------------------------------------
    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id) if isinstance(table_id, str) else None
        if table is None:
            raise Rejected("unknown_table", table=str(table_id)[:40])
        return table

    def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat a token opens, None for a spectator (no token); Rejected for a wrong token."""
        if token is None:
            return None
        if not isinstance(token, str) or len(token) > 200:
            raise Rejected("bad_token")
        digest = hash_token(token)
        for s in table.seats:
            if s.token_hash is not None and secrets.compare_digest(s.token_hash, digest):
                return s.seat
        raise Rejected("bad_token")

    def join(self, table_id: str, seat: int | None) -> tuple[int, str]:
        """Claim an open human seat (the first one when `seat` is None)."""
        table = self.get(table_id)
        free = [s for s in table.seats if s.open and s.token_hash is None]
        chosen = next((s for s in free if seat is None or s.seat == seat), None)
        if chosen is None:
            if seat is None or not free:
                raise Rejected("table_full")
            raise Rejected("seat_taken", seat=seat + 1)
        token = secrets.token_urlsafe(24)
        self.store.claim_seat(table.id, chosen.seat, hash_token(token))
        chosen.token_hash = hash_token(token)
        chosen.open = False
        self._notify(table)
        return chosen.seat, token

    def rename(self, table: Table, seat: int | None, name: Any) -> None:
        """A person names their own seat (the name their browser remembers)."""
        if seat is None:
            raise Rejected("spectator")
        clean = _seat_name(name)
        s = table.seats[seat]
        if s.name == clean:
            return
        self.store.set_seat_name(table.id, seat, clean)
        s.name = clean
        self._notify(table)

    def connected(self, table: Table, seat: int | None, delta: int) -> None:
        """A person's connection opened (+1) or closed (-1); coming back reclaims a substituted seat."""
        if seat is None:
            return
        s = table.seats[seat]
        s.connected = max(0, s.connected + delta)
        if delta > 0:
            s.left_at = None
            self.reclaim(table, seat)
        elif s.connected == 0:
            s.left_at = self.clock()
        self._notify(table)

    def reclaim(self, table: Table, seat: int) -> None:
        """The person is back at their seat: an AI standing in for them while away stops; when it is
        their decision, its clock starts again from their full move time."""
        s = table.seats[seat]
        if s.substitute:
            s.substitute = None
            if table.state.current_player == seat:
                table.turn_started = self.clock()

    # ----- moves -----------------------------------------------------------------------
    def act(self, table_id: str, token: str | None, msg_id: Any, version: Any,
            action: Any = None, action_id: Any = None) -> int:
        """A person's move; returns the version after it. Rejected with a reason otherwise."""
        move = self.check_act(table_id, token, msg_id, version, action, action_id)
        if isinstance(move, int):
            return move
        self.store.append_many([move.row])
        return self.finish(move)

    def check_act(self, table_id: str, token: str | None, msg_id: Any, version: Any,
                  action: Any = None, action_id: Any = None) -> Move | int:
        """A person's move checked and played on a copy, ready to commit; or the version a
        repeated message id already led to. Nothing changes until `finish`."""
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        if seat is None:
            raise Rejected("spectator")
        if not isinstance(msg_id, str) or not 0 < len(msg_id) <= 64:
            raise Rejected("bad_message", why="msg_id must be text of 1 to 64 characters")
        done = table.msg_ids.get((seat, msg_id))
        if done is not None:
            return done[1]
        if table.state.is_terminal():
            raise Rejected("finished")
        seen = table.version_for(seat)
        if table.committing or not isinstance(version, int) or isinstance(version, bool) or version != seen:
            raise Rejected("stale", version=seen)
        if table.state.current_player != seat:
            raise Rejected("not_your_turn")
        return self._move(table, seat, self._read_action(table, action, action_id), msg_id)

    def finish(self, move: Move) -> int:
        """Put a committed move in place and tell the listeners; returns the mover's new version."""
        table, seat = move.table, move.seat
        human = move.msg_id is not None
        if human:
            self.reclaim(table, seat)
        before, table.state = table.state, move.after
        table.steps.add(move.mark)
        owner, ended = move.mark
        table.stand_in = None
        if owner is None or ended:  # a run of secret decisions is one move for the clocks, as for the others
            now = self.clock()
            s = table.seats[seat]
            if s.clock_left is not None and human:  # an AI's thinking never costs the person time
                s.clock_left = max(0.0, s.clock_left - (now - table.turn_started))
            table.turn_started = now
        table.undo_ok = None
        if human:
            table.msg_ids[(seat, str(move.msg_id))] = (table.version, table.version_for(seat))
            still_mine = table.state.current_player == seat and not table.state.is_terminal()
            if still_mine and _reveals_nothing(before, move.action, table.state, seat):
                table.undo_ok = (seat, table.version)
        self._notify(table)
        return table.version_for(seat)

    @staticmethod
    def _read_action(table: Table, action: Any, action_id: Any) -> Action:
        legal = table.state.legal_actions()
        if action_id is not None:
            if not isinstance(action_id, int) or isinstance(action_id, bool) or not 0 <= action_id < len(legal):
                raise Rejected("illegal")
            return legal[action_id]
        try:
            chosen = table.game.action_from_json(action)
        except (SabbatError, TypeError, ValueError):
            raise Rejected("illegal") from None
        if chosen not in legal:
            raise Rejected("illegal")
        return legal[legal.index(chosen)]

    @staticmethod
    def _move(table: Table, seat: int, action: Action, msg_id: str | None) -> Move:
        after = table.state.clone()
        after.apply(action)
        row = LogRow(table.id, table.version, action.to_json(), seat, msg_id,
                     "finished" if after.is_terminal() else None)
        return Move(table, seat, action, msg_id, after, mark(secret_mover(table.state), after), row)

    def ai_move(self, table_id: str, version: int, seat: int, action: Any) -> bool:
        """Apply an AI's choice if the table is still where the AI looked; False if it moved on."""
        table = self.tables.get(table_id)
        if table is None:
            return False
        table.thinking = False
        mover = table.mover()
        if table.committing or table.version != version or mover is None or mover[0] != seat:
            self._notify(table)
            return False
        move = self._move(table, seat, table.game.action_from_json(action), None)
        self.store.append_many([move.row])
        self.finish(move)
        return True

    def undo(self, table_id: str, token: str | None, version: Any) -> int:
        """Take back the seat's last move of this turn when nothing hidden was revealed by it."""
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        if seat is None:
            raise Rejected("spectator")
        if table.undo_ok != (seat, table.version) or version != table.version_for(seat):
            raise Rejected("no_undo")
        keep = table.version - 1
        self.store.truncate(table.id, keep)
        replay = Replay(table.game.info.id, table.state.rules_version, table.state.num_players,
                        table.state.seed, dict(table.state.options), list(table.state.history[:keep]))
        rebuilt = table.game.new(replay.num_players, replay.seed, replay.options)
        for a in replay.actions:
            rebuilt.apply(a)
        table.replace_state(rebuilt)
        table.steps.truncate(keep)
        table.msg_ids = {k: v for k, v in table.msg_ids.items() if v[0] <= keep}
        table.undo_ok = None
        self._notify(table)
        return table.version_for(seat)

    # ----- clocks and leavers ------------------------------------------------------------
    def tick(self) -> list[Table]:
        """Run the clocks. A person out of time for the decision in front of them gets it played by
        the stand-in (the table's `leaver_agent`), that one decision only; a person who has been
        away past the grace period has their seat played by it until they come back or act."""
        now = self.clock()
        changed = []
        for table in self.tables.values():
            if table.state.is_terminal() or table.thinking or table.committing:
                continue
            p = table.state.current_player
            if p is None:
                continue
            s = table.seats[p]
            if s.kind != "human" or table.standing_in(p):
                continue
            agent = str(table.settings.get("leaver_agent") or "normal")
            gone = s.connected == 0 and s.left_at is not None and now - s.left_at > self.grace_s
            left = self.move_left(table, p, now)
            if not gone and (left is None or left > 0):
                continue
            if s.clock_left is not None:
                s.clock_left = max(0.0, s.clock_left - (now - table.turn_started))
            table.turn_started = now
            if gone:
                s.substitute = agent
            else:
                table.stand_in = (p, table.version, agent)
            changed.append(table)
            self._notify(table)
        return changed

    def move_left(self, table: Table, seat: int, now: float | None = None) -> float | None:
        """Seconds `seat` has left for its decision (the one pending if it is theirs, else the next):
        the per-move time and what is left of the game clock, whichever ends first; once the game
        clock is spent, each decision has the per-move time or OVERTIME_S. None: no clock."""
        s = table.seats[seat]
        if s.kind != "human":
            return None
        per_move = table.settings.get("per_move_s")
        limits: list[float] = []
        if per_move:
            limits.append(float(per_move))
        if s.clock_left is not None:
            limits.append(s.clock_left if s.clock_left > 0 else float(per_move or OVERTIME_S))
        if not limits:
            return None
        if self._running(table, seat):
            waited = (self.clock() if now is None else now) - table.turn_started
            return max(0.0, min(limits) - waited)
        return min(limits)

    @staticmethod
    def _running(table: Table, seat: int) -> bool:
        """Whether `seat`'s clock runs now: its person's decision is pending and no AI stands in."""
        return (not table.state.is_terminal() and table.state.current_player == seat
                and table.seats[seat].kind == "human" and not table.standing_in(seat))

    def seat_rows(self, table: Table) -> list[dict[str, Any]]:
        """The seats as a view shows them, each person's clocks read now: `move_left_s` (seconds
        left for the pending decision, or the full allowance of the next one), `game_left_s` (what
        is left of the game clock) and `clock_running` (whose clock counts down)."""
        now = self.clock()
        rows = []
        for s in table.seats:
            row = s.public()
            move = self.move_left(table, s.seat, now)
            running = self._running(table, s.seat)
            if move is not None:
                row["move_left_s"] = round(move, 1)
            if s.clock_left is not None:
                spent = now - table.turn_started if running else 0.0
                row["game_left_s"] = round(max(0.0, s.clock_left - spent), 1)
            if move is not None or s.clock_left is not None:
                row["clock_running"] = running
            if table.stand_in is not None and table.stand_in[:2] == (s.seat, table.version):
                row["timed_out"] = table.stand_in[2]
            rows.append(row)
        return rows

    # ----- views -----------------------------------------------------------------------
    def view(self, table: Table, seat: int | None, lang: str, events_from: int = 0) -> dict[str, Any]:
        """What one recipient may see now: its observation, its events from `events_from`, and
        the legal actions only when it must decide."""
        st = table.state
        events = table.events_for(seat)
        start = min(max(0, events_from), len(events))
        legal: list[dict[str, Any]] = []
        terminal = st.is_terminal()
        if seat is not None and not terminal and st.current_player == seat and not table.standing_in(seat):
            legal = [{"id": i, "action": a.to_json(), "text": st.describe_action(a, lang)}
                     for i, a in enumerate(st.legal_actions())]
        scores = st.scores() if terminal else st.visible_scores(seat)
        frame: dict[str, Any] = {
            "type": "view", "table_id": table.id, "version": table.version_for(seat), "seat": seat,
            "game": table.game.info.id, "players": st.num_players, "status": table.status,
            "current_player": None if terminal else st.current_player, "thinking": table.thinking,
            "observation": st.observation(seat),
            "events": [{"i": start + k, "key": e.key, "params": e.params, "text": e.render(lang)}
                       for k, e in enumerate(events[start:])],
            "events_from": start, "events_total": len(events),
            "legal": legal, "scores": [None if x is None else _whole(x) for x in scores], "tie_breaks": st.tie_breaks(),
            "winners": st.winners() if terminal else [], "seats": self.seat_rows(table),
            "can_undo": seat is not None and table.undo_ok == (seat, table.version),
            "settings": {k: v for k, v in table.settings.items() if k in ("per_move_s", "per_game_s", "name")},
        }
        return frame

    def replay(self, table: Table) -> dict[str, Any]:
        """The finished game as a replay file that `sabbat replay` opens."""
        if not table.state.is_terminal():
            raise Rejected("replay_unfinished")
        meta = {"table": table.id, "seats": [s.public() for s in table.seats], "source": "sabbat serve"}
        return Replay.from_state(table.state, meta).to_json()

    def lobby(self, status: str | None = None) -> list[dict[str, Any]]:
        rows = [t.row() for t in self.tables.values()]
        if status == "open":
            rows = [r for r in rows if r["open_seats"] and r["status"] == "playing"]
        elif status in ("playing", "finished"):
            rows = [r for r in rows if r["status"] == status]
        return sorted(rows, key=lambda r: -r["created"])[:200]

    def _notify(self, table: Table) -> None:
        for listener in self.listeners:
            listener(table)


def _seat_name(name: Any) -> str:
    """A name as a seat shows it: text of 1 to MAX_SEAT_NAME characters, spaces collapsed, no
    control or formatting characters (a name is shown as text, never as markup, in any case)."""
    if not isinstance(name, str):
        raise Rejected("bad_seat_name", max=MAX_SEAT_NAME)
    clean = " ".join(name.split())
    if not 0 < len(clean) <= MAX_SEAT_NAME or any(unicodedata.category(c).startswith("C") for c in clean):
        raise Rejected("bad_seat_name", max=MAX_SEAT_NAME)
    return clean


def _whole(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def _new_events(state: GameState, start: int, seat: int) -> list[tuple[str, dict[str, Any]]]:
    return [(e.key, e.params) for e in state.events[start:] if e.visible_to(seat)]


def _reveals_nothing(before: GameState, action: Action, after: GameState, seat: int) -> bool:
    """True when the move showed its player nothing new: in sampled worlds consistent with what
    the player knew, the same move leads to the same view and the same new events."""
    seen = after.observation(seat)
    start = len(before.events)
    new_events = _new_events(after, start, seat)
    rng = Rng(before.seed ^ len(before.history))
    for _ in range(UNDO_SAMPLES):
        world = before.determinize(seat, rng)
        if action not in world.legal_actions():
            return False
        world.apply(action)
        if world.observation(seat) != seen:
            return False
        if _new_events(world, start, seat) != new_events:
            return False
    return True

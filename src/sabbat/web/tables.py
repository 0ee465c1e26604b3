"""The table authority: seats, moves, undo, clocks and views. Knows neither WebSocket nor SQL.

Why one authority: every move goes through `check_act` (or `ai_move`), which checks the seat,
the version the client saw and the action's legality; the move is committed to the store, and
only then `finish` puts it in place and tells listeners, who send each recipient its own
view. A crash after the commit loses nothing; a crash before it loses only a move that was
never acknowledged.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Collection
from typing import Any

from sabbat.core import Action, GameState, SabbatError, carddata
from sabbat.core.game import SEED_RANGE, Game, check_seed
from sabbat.core.replay import Replay

from . import clocks, loading, lobby
from .names import MAX_TABLE_NAME, game_named, seat_name, text_name
from .rejected import Rejected
from .steps import mark, secret_mover
from .store import LogRow, SeatRow, Store, TableRow
from .table import Listener, Move, Seat, Table, hash_token
from .undo import reveals_nothing

MAX_CLOCK_S = 7 * 24 * 3600
TABLES_PER_CLIENT = 10
"""Default number of tables one client address may have waiting or in play at once."""
LEVELS = ("easy", "normal", "hard", "heuristic", "random")
"""The AI players anyone may seat: each thinks a bounded time a move and loads nothing by name."""


class TableService:
    """Every live table, rebuilt from the store at start; the only writer of moves."""

    def __init__(self, store: Store, grace_s: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 agents: Collection[str] = LEVELS, open_expiry_s: float = lobby.OPEN_EXPIRY_S,
                 tables_per_client: int = TABLES_PER_CLIENT) -> None:
        self.store = store
        self.grace_s = grace_s
        self.open_expiry_s = open_expiry_s
        self.tables_per_client = tables_per_client
        self.agents = frozenset(agents)
        """The AI players a request may seat: the levels, and what the operator added."""
        self.deal: Callable[[], int] = lambda: secrets.randbelow(SEED_RANGE.stop)
        """The seed of a deal nobody chose: from the operating system's CSPRNG (tests fix it)."""
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.unloadable: dict[str, str] = {}
        """Stored tables whose game or options this server no longer has, and why (left in the database)."""
        self.listeners: list[Listener] = []

    # ----- building tables -----------------------------------------------------------
    def load(self) -> int:
        """Rebuild every table still in play from its log; returns how many tables are in memory.
        A finished or expired table is left in the database until someone asks for it
        (`keeping`). A table whose log does not replay under today's rules (one move no longer
        legal) is stopped with the reason, at the last move that did: one old table never keeps
        the server, or any other table, from going on."""
        self.add(*loading.load_all(self.store.load_rows(self.store.live_ids()), self.clock))
        return len(self.tables)

    def add(self, tables: dict[str, Table], unloadable: dict[str, str]) -> list[Table]:
        """Put rebuilt tables in memory (one already there is kept: it may have moved since) and
        tell the listeners of each live one (its AI may have to move); returns those added."""
        self.unloadable.update(unloadable)
        added = []
        now = self.clock()
        for table_id, table in tables.items():
            if table_id in self.tables:
                continue
            table.touched = now
            self.tables[table_id] = table
            added.append(table)
            if table.mover() is not None:
                self._notify(table)
        return added

    @staticmethod
    def _card_digest(game: Game, cards: str | None) -> str | None:
        """The digest of the card data a new table plays with: its uploaded file's, else the shipped one."""
        if cards is not None:
            return hashlib.sha256(cards.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return carddata.shipped_digest(game.info.id)

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
            raise Rejected.because("cards_text")
        try:
            name, new = carddata.upload(cards)
        except SabbatError:
            raise Rejected.because("cards_size") from None
        try:
            return game.new(n, seed, {**options, "cards": name})
        except SabbatError as exc:
            if new:
                carddata.forget_upload(name)
            why = str(exc).replace(f"card file {name}", "it").replace(name, "it")
            raise Rejected("bad_cards", why=why) from None

    def create(self, spec: Any, client: str | None = None) -> tuple[Table, dict[int, str]]:
        """A new table from a lobby request; returns it and the secret token of each human seat.
        `client` (its address) may have at most `tables_per_client` tables waiting or in play."""
        if client is not None:
            mine = sum(1 for t in self.tables.values() if t.creator == client and t.status == "playing")
            if mine >= self.tables_per_client:
                raise Rejected("too_many_tables", limit=self.tables_per_client)
        if not isinstance(spec, dict):
            raise Rejected.because("table_object")
        game = game_named(spec.get("game", ""))
        n = spec.get("players", game.info.min_players)
        if not isinstance(n, int) or isinstance(n, bool) or n not in game.info.player_counts:
            raise Rejected.because("players", game=game.info.cli_name, min=game.info.min_players,
                                   max=game.info.max_players)
        seats_spec = spec.get("seats") or [{"kind": "human"}] + [{"kind": "ai", "agent": "normal"}] * (n - 1)
        if not isinstance(seats_spec, list) or len(seats_spec) != n:
            raise Rejected.because("seat_count", n=n)
        seats: list[Seat] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(seats_spec):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "ai"):
                raise Rejected.because("seat_kind", seat=i + 1)
            name = s.get("name")
            name = None if name is None or (isinstance(name, str) and not name.strip()) else seat_name(name)
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
            raise Rejected.because("options_object")
        state = self._new_state(game, n, seed, options, cards)
        stored_options = {k: v for k, v in state.options.items() if k != "cards"}
        row = TableRow(secrets.token_hex(8), game.info.id, game.info.rules_version, n, seed, stored_options,
                       cards, settings, time.time(), "playing",
                       [SeatRow(s.seat, s.kind, s.agent, s.token_hash, s.open, s.name) for s in seats],
                       card_digest=self._card_digest(game, cards))
        self.store.create(row)
        table = loading.build(row, self.clock)
        table.turn_started = self.clock()
        table.creator = client
        self.tables[row.id] = table
        self._notify(table)
        return table, tokens

    def _settings(self, spec: dict[str, Any]) -> dict[str, Any]:
        settings: dict[str, Any] = {}
        clock = spec.get("clock") or {}
        if not isinstance(clock, dict):
            raise Rejected.because("clock_object")
        for key in ("per_move_s", "per_game_s"):
            value = clock.get(key)
            if value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_CLOCK_S:
                raise Rejected.because("clock_seconds", key=key, max=MAX_CLOCK_S)
            settings[key] = value
        settings["leaver_agent"] = self._agent(spec.get("leaver_agent", "normal"))
        name = spec.get("name")
        if not (name is None or (isinstance(name, str) and not name.strip())):
            settings["name"] = text_name(name, MAX_TABLE_NAME, "bad_table_name")
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
        if table.stopped is not None:
            raise Rejected("stopped", move=table.stopped.params["move"])
        if table.expired:
            raise Rejected("table_expired")
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
        chosen.left_at = self.clock()  # a claimed seat never connected is away: the grace counts from here
        self._notify(table)
        return chosen.seat, token

    def rename(self, table: Table, seat: int | None, name: Any) -> None:
        """A person names their own seat (the name their browser remembers)."""
        if seat is None:
            raise Rejected("spectator")
        clean = seat_name(name)
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
            self._release(table, seat)
        elif s.connected == 0:
            s.left_at = self.clock()
        self._notify(table)

    def reclaim(self, table: Table, seat: int) -> None:
        """The person takes their seat back (`reclaim`): the table's readers hear of it."""
        if self._release(table, seat):
            self._notify(table)

    def _release(self, table: Table, seat: int) -> bool:
        """The person is back at their seat: an AI standing in for them while away stops; when it is
        their decision, its clock starts again from their full move time. False: none stood in."""
        s = table.seats[seat]
        if not s.substitute:
            return False
        s.substitute = None
        if table.state.current_player == seat:
            now = self.clock()
            table.allowance = s.paused_left
            table.turn_started = now
        s.paused_left = None
        return True

    # ----- moves -----------------------------------------------------------------------
    def check_act(self, table_id: str, token: str | None, msg_id: Any, version: Any,
                  action: Any = None, action_id: Any = None) -> Move | int:
        """A person's move checked and played on a copy, ready to commit; or the version a
        repeated message id already led to. Nothing changes until `finish`."""
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        if seat is None:
            raise Rejected("spectator")
        if not isinstance(msg_id, str) or not 0 < len(msg_id) <= 64:
            raise Rejected.because("msg_id")
        done = table.msg_ids.get((seat, msg_id))
        if done is not None:
            return done[1]
        self.movable(table)
        seen = table.version_for(seat)
        if table.committing or not isinstance(version, int) or isinstance(version, bool) or version != seen:
            raise Rejected("stale", version=seen)
        if table.state.current_player != seat:
            raise Rejected("not_your_turn")
        return self._move(table, seat, self._read_action(table, action, action_id), msg_id)

    @staticmethod
    def movable(table: Table) -> None:
        """Refuse any move (or hint) on a table that is stopped, expired or over, saying which."""
        if table.stopped is not None:
            raise Rejected("stopped", move=table.stopped.params["move"])
        if table.expired:
            raise Rejected("table_expired")
        if table.state.is_terminal():
            raise Rejected("finished")

    def finish(self, move: Move) -> int:
        """Put a committed move in place and tell the listeners; returns the mover's new version."""
        table, seat = move.table, move.seat
        human = move.msg_id is not None
        if human:
            self._release(table, seat)
        before, table.state = table.state, move.after
        table.steps.add(move.mark)
        owner, ended = move.mark
        table.stand_in = None
        table.allowance = None
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
            if still_mine and reveals_nothing(before, move.action, table.state, seat):
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

    def ai_move(self, table_id: str, version: int, seat: int, action: Any) -> Move | None:
        """An AI's choice as a move to commit and `finish`, if the table is still where the AI
        looked; None if it moved on (its readers hear of it, and the AI is asked again)."""
        table = self.tables.get(table_id)
        if table is None:
            return None
        table.thinking = False
        mover = table.mover()
        if table.committing or table.version != version or mover is None or mover[0] != seat:
            self._notify(table)
            return None
        return self._move(table, seat, table.game.action_from_json(action), None)

    def undo(self, table_id: str, token: str | None, version: Any) -> int:
        """Take back the seat's last move of this turn when nothing hidden was revealed by it."""
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        if seat is None:
            raise Rejected("spectator")
        self.movable(table)
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
            if table.state.is_terminal() or table.stopped is not None or table.expired or table.thinking or table.committing:
                continue
            if lobby.unclaimed_too_long(table, now, self.open_expiry_s):
                self.store.set_status(table.id, "expired")
                table.expired = True
                changed.append(table)
                self._notify(table)
                continue
            p = table.state.current_player
            if p is None:
                continue
            s = table.seats[p]
            if s.kind != "human" or table.standing_in(p):
                continue
            agent = str(table.settings.get("leaver_agent") or "normal")
            away_since = None if s.left_at is None else max(s.left_at, table.turn_started)
            gone = s.connected == 0 and away_since is not None and now - away_since > self.grace_s
            left = clocks.move_left(table, p, now)
            if not gone and (left is None or left > 0):
                continue
            if s.clock_left is not None:
                s.clock_left = max(0.0, s.clock_left - (now - table.turn_started))
            table.turn_started = now
            table.allowance = None
            if gone:
                s.substitute = agent
                s.paused_left = left
            else:
                table.stand_in = (p, table.version, agent)
            changed.append(table)
            self._notify(table)
        return changed

    def seat_rows(self, table: Table) -> list[dict[str, Any]]:
        """The seats as a view shows them, each person's clocks read now (`clocks.seat_rows`)."""
        return clocks.seat_rows(table, self.clock())

    # ----- views -----------------------------------------------------------------------
    def view(self, table: Table, seat: int | None, lang: str, events_from: int = 0) -> dict[str, Any]:
        """What one recipient may see now: its observation, its events from `events_from`, and
        the legal actions only when it must decide."""
        st = table.state
        events = table.events_for(seat)
        start = min(max(0, events_from), len(events))
        legal: list[dict[str, Any]] = []
        terminal = st.is_terminal()
        timed_out = table.stand_in is not None and table.stand_in[:2] == (seat, table.version)
        if seat is not None and not terminal and table.stopped is None and st.current_player == seat and not timed_out:
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
        if table.stopped is not None:
            frame["stopped_reason"] = table.stopped.text(lang)
        return frame

    @staticmethod
    def replayable(table: Table) -> None:
        """Refuse (replay_unfinished) unless the game is over or stopped: a game in play keeps
        its hidden cards hidden."""
        if table.stopped is None and not table.state.is_terminal():
            raise Rejected("replay_unfinished")

    def replay(self, table: Table) -> dict[str, Any]:
        """The finished game as a replay file that `sabbat replay` opens; a stopped table's stored log."""
        if table.stopped is not None:
            return table.stopped.log()
        self.replayable(table)
        meta = {"table": table.id, "seats": [s.public() for s in table.seats], "source": "sabbat serve"}
        return Replay.from_state(table.state, meta).to_json()

    def lobby(self, status: str | None = None) -> list[dict[str, Any]]:
        """The tables a lobby lists under `status` (`lobby.listing`)."""
        return lobby.listing(self.tables.values(), status)

    def _notify(self, table: Table) -> None:
        table.revision += 1
        for listener in self.listeners:
            listener(table)


def _whole(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x

"""The tables' rules of play: seats, moves, undo, clocks and views. Knows neither WebSocket nor SQL.

Why checks apart from writes: every change that must last comes in two halves, a check that
changes nothing (`check_act`, `plan_table`, `plan_join`, `plan_rename`, `plan_undo`) and the
change put in place (`finish`, `add`, `claimed`, `renamed`, `undone`). The authority
(`sabbat.web.authority`) writes what the check returned and puts it in place only once the
write is durable: a crash after the write loses nothing; a crash before it loses only a change
nobody was told of.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from sabbat.core import Action, GameState, SabbatError, carddata, lessons
from sabbat.core.errors import CardFileTooLarge
from sabbat.core.game import SEED_RANGE, Game, check_seed
from sabbat.core.replay import Replay
from sabbat.core.takeback import reveals_nothing

from . import ai_seats, cardcheck, clocks, creators, loading, lobby, refusals
from .limits import AI_SEATS, AI_SEATS_PER_CLIENT
from .names import MAX_TABLE_NAME, game_named, seat_name, text_name
from .rejected import Rejected
from .rowcheck import MAX_CLOCK_S
from .steps import mark, secret_mover
from .store import LogRow, SeatRow, TableRow
from .table import Claim, Listener, Move, NewTable, Seat, Table, hash_token

TABLES_PER_CLIENT = 10
"""Default number of tables one client address may have waiting or in play at once."""
LEVELS = ("easy", "normal", "hard", "heuristic", "random")
"""The AI players anyone may seat: each thinks a bounded time a move and loads nothing by name."""


@dataclass
class Draft:
    """A lobby request checked but for its first position (`TableService.draft_table`)."""

    game: Game
    n: int
    seed: int
    options: dict[str, Any]
    cards: str | None
    seats: list[Seat]
    tokens: dict[int, str]
    settings: dict[str, Any]
    client: str | None
    creator_key: str | None = None


class TableService:
    """Every table this process holds, and the checks and changes of play on them."""

    def __init__(self, grace_s: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 agents: Collection[str] = LEVELS, open_expiry_s: float = lobby.OPEN_EXPIRY_S,
                 tables_per_client: int = TABLES_PER_CLIENT, ai_seats_per_client: int = AI_SEATS_PER_CLIENT,
                 ai_seats_total: int = AI_SEATS) -> None:
        self.grace_s = grace_s
        self.open_expiry_s = open_expiry_s
        self.tables_per_client = tables_per_client
        self.ai_seats = (ai_seats_per_client, ai_seats_total)
        """AI seats in play at once: per client address, and on the whole server (`ai_seats`)."""
        self.agents = frozenset(agents)
        """The AI players a request may seat: the levels, and what the operator added."""
        self.deal: Callable[[], int] = lambda: secrets.randbelow(SEED_RANGE.stop)
        """The seed of a deal nobody chose: from the operating system's CSPRNG (tests fix it)."""
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.unloadable: dict[str, str] = {}
        """Stored tables whose game or options this server no longer has, and why (left in the database)."""
        self.listeners: list[Listener] = []
        self.arrivals: list[Callable[[Table, int], None]] = []
        """Told of each seat whose person came for the first time (the authority records it)."""
        self.refused = cardcheck.Refusals(clock)
        """Card files refused lately, per sender: each counts as one of its tables for a while."""

    # ----- building tables -----------------------------------------------------------
    def load(self, rows: list[TableRow], fences: dict[str, int] | None = None) -> int:
        """Rebuild stored tables from their logs and put them in place (`put`); returns how many.
        A table whose log does not replay under today's rules (one move no longer legal) is
        stopped with the reason, at the last move that did: one old table never keeps the server,
        or any other table, from going on. Which tables to load is the caller's (`keeping`)."""
        return len(self.put(*loading.load_all(rows, self.clock, self.agents), fences))

    def put(self, tables: dict[str, Table], unloadable: dict[str, str],
            fences: dict[str, int] | None = None) -> list[Table]:
        """Put rebuilt tables in memory (one already there is kept: it may have moved since) and
        announce each one in play to the listeners (its AI may have to move, also on a table
        taken over from another process); returns those added. `fences` holds the lease token each table is
        owned under (PostgreSQL, `ownership`)."""
        self.unloadable.update(unloadable)
        added = []
        now = self.clock()
        for table_id, table in tables.items():
            if table_id in self.tables:
                continue
            table.touched = now
            table.fence = (fences or {}).get(table_id)
            self.tables[table_id] = table
            added.append(table)
            if table.status == "playing":
                self._notify(table)
        return added

    @staticmethod
    def _card_digest(game: Game, cards: str | None) -> str | None:
        """The digest of the card data a new table plays with: its uploaded file's, else the shipped one."""
        if cards is not None:
            return hashlib.sha256(cards.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return game.card_digest()

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

    def first_state(self, draft: Draft) -> GameState:
        """The table's first position; an uploaded card file is checked in memory (within its
        game's `CardBounds`) and forgotten if refused. The costly step of a new table with a card
        file, so `cardcheck` runs it off the event loop; it reads nothing the loop changes."""
        game, cards = draft.game, draft.cards
        if cards is None:
            return game.new(draft.n, draft.seed, draft.options)
        try:
            name, new = carddata.upload(cards)
        except CardFileTooLarge as exc:
            raise cardcheck.over_bound(exc, game) from None
        except SabbatError as exc:
            raise Rejected("bad_cards", why=refusals.worded(exc)) from None
        try:
            return game.new(draft.n, draft.seed, {**draft.options, "cards": name})
        except SabbatError as exc:
            if new:
                carddata.forget_upload(name)
            if isinstance(exc, CardFileTooLarge):
                raise cardcheck.over_bound(exc, game) from None
            raise Rejected("bad_cards", why=refusals.worded(exc, hide=name, game=game.info.id)) from None

    def plan_lesson(self, spec: Any, client: str | None = None) -> NewTable:
        """A lesson's table checked from `{game, lesson?, name?}`: the deal and options the lesson
        declares, its gentle AI in every other seat, the learner in its seat; no lobby lists it."""
        if not isinstance(spec, dict):
            raise Rejected.because("table_object")
        game = game_named(spec.get("game", ""))
        declared = game.lessons()
        wanted = spec.get("lesson") or (declared[0].id if declared else "")
        lesson = lessons.find(declared, wanted) if isinstance(wanted, str) else None
        if lesson is None:
            raise Rejected("no_lesson", game=game.info.title["en"])
        seats: list[dict[str, Any]] = [{"kind": "ai", "agent": lesson.opponents} for _ in range(lesson.players)]
        seats[lesson.seat] = {"kind": "human", "name": spec.get("name")}
        return self.plan_table({"game": game.info.id, "players": lesson.players, "seats": seats, "seed": lesson.seed,
                                "options": dict(lesson.options)}, client, lesson=lesson.id)

    def plan_table(self, spec: Any, client: str | None = None, lesson: str | None = None) -> NewTable:
        """A new table checked from a lobby request: its row to write and the secret token of each
        human seat (`draft_table`, then its first position built here). Nothing changes until `add`."""
        draft = self.draft_table(spec, client, lesson)
        return self.planned(draft, self.first_state(draft))

    def draft_table(self, spec: Any, client: str | None = None, lesson: str | None = None) -> Draft:
        """Every cheap check of a lobby request, its seats' tokens and its deal; the first position
        is left to `first_state`. `client` (its address) may have at most `tables_per_client`
        tables waiting or in play, card files refused lately counted among them (`cardcheck`);
        `lesson` names the game's lesson the table is played for (`plan_lesson`)."""
        creator = creators.key(client)
        if client is not None:  # those held here; `quota` counts them in every process as the table is written
            mine = sum(1 for t in self.tables.values() if t.creator == creator and t.status == "playing")
            creators.too_many_tables(mine, self.refused.held(client), self.tables_per_client, self.refused.hold_s)
        if not isinstance(spec, dict):
            raise Rejected.because("table_object")
        game = game_named(spec.get("game", ""))
        n = spec.get("players", game.info.min_players)
        if not isinstance(n, int) or isinstance(n, bool) or n not in game.info.player_counts:
            raise Rejected.setup("players", game=dict(game.info.title), min=game.info.min_players,
                                 max=game.info.max_players)
        seats_spec = spec.get("seats") or [{"kind": "human"}] + [{"kind": "ai", "agent": "normal"}] * (n - 1)
        if not isinstance(seats_spec, list) or len(seats_spec) != n:
            raise Rejected.setup("seat_count", n=n)
        seats: list[Seat] = []
        tokens: dict[int, str] = {}
        for i, s in enumerate(seats_spec):
            if not isinstance(s, dict) or s.get("kind") not in ("human", "ai"):
                raise Rejected.setup("seat_kind", seat=i + 1)
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
        ai_seats.check(self.tables.values(), creator, sum(1 for s in seats if s.kind == "ai"), *self.ai_seats)
        seed, chosen = self._seed(spec, seats)
        settings = self._settings(spec)
        creator_key = secrets.token_urlsafe(24)
        settings["creator_hash"] = hash_token(creator_key)
        if chosen:
            settings["seed_chosen"] = True
        if lesson is not None:
            settings["lesson"] = lesson
        options = spec.get("options") or {}
        if not isinstance(options, dict) or "cards" in options:
            raise Rejected.setup("options_object")
        return Draft(game, n, seed, options, cardcheck.card_text(spec.get("cards")), seats, tokens, settings, client,
                     creator_key)

    def planned(self, draft: Draft, state: GameState) -> NewTable:
        """The checked table of `draft`, starting from `state` (its `first_state`)."""
        game, cards = draft.game, draft.cards
        stored_options = {k: v for k, v in state.options.items() if k != "cards"}
        row = TableRow(secrets.token_hex(8), game.info.id, game.info.rules_version, draft.n, draft.seed,
                       stored_options, cards, draft.settings, time.time(), "playing",
                       [SeatRow(s.seat, s.kind, s.agent, s.token_hash, s.open, s.name) for s in draft.seats],
                       card_digest=self._card_digest(game, cards), creator=creators.key(draft.client))
        return NewTable(row, draft.tokens, draft.client, draft.creator_key, state)

    def quota(self, new: NewTable) -> creators.Quota | None:
        """What the new table's creator may hold, to count where the table is written (`creators.check`:
        its tables and AI seats in play in every process); None for a table nobody's address made."""
        if new.client is None or new.row.creator is None:
            return None
        ai = sum(1 for s in new.row.seats if s.kind == "ai")
        return creators.Quota(new.row.creator, self.tables_per_client, self.refused.held(new.client),
                              self.refused.hold_s, self.ai_seats[0], ai)

    def add(self, new: NewTable, fence: int | None = None) -> Table:
        """Put a written table in place (owned under `fence` on PostgreSQL)."""
        table = loading.build(new.row, self.clock, new.state)
        table.turn_started = self.clock()
        table.fence = fence
        self.tables[new.row.id] = table
        self._notify(table)
        return table

    def _settings(self, spec: dict[str, Any]) -> dict[str, Any]:
        settings: dict[str, Any] = {}
        clock = spec.get("clock") or {}
        if not isinstance(clock, dict):
            raise Rejected.setup("clock_object")
        for key in ("per_move_s", "per_game_s"):
            value = clock.get(key)
            if value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_CLOCK_S:
                raise Rejected.setup("clock_seconds", key=key, max=MAX_CLOCK_S)
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

    def plan_join(self, table_id: str, seat: int | None) -> Claim:
        """An open human seat to claim (the first one when `seat` is None) and its new token."""
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
        return Claim(table, chosen.seat, secrets.token_urlsafe(24))

    def claimed(self, claim: Claim) -> tuple[int, str]:
        """Put a written claim in place; returns the seat and its token."""
        chosen = claim.table.seats[claim.seat]
        chosen.token_hash = hash_token(claim.token)
        chosen.open = False
        self._came(claim.table, chosen)
        chosen.left_at = self.clock()  # a claimed seat never connected is away: the grace counts from here
        self._notify(claim.table)
        return claim.seat, claim.token

    @staticmethod
    def rekeyed(table: Table, seat: int, token_hash: str | None) -> None:
        """Put a written new token (or a withdrawn invite: None) in place (`seatkeys`). No reader
        is told: nothing they see changed (the authority closes the old token's connections)."""
        table.seats[seat].token_hash = token_hash

    @staticmethod
    def plan_rename(table: Table, seat: int | None, name: Any) -> str | None:
        """The clean name a person gives their own seat (the name their browser remembers);
        None when it is the name the seat has already."""
        if seat is None:
            raise Rejected("spectator")
        clean = seat_name(name)
        return None if table.seats[seat].name == clean else clean

    def renamed(self, table: Table, seat: int, name: str) -> None:
        """Put a written seat name in place."""
        table.seats[seat].name = name
        self._notify(table)

    def connected(self, table: Table, seat: int | None, delta: int) -> None:
        """A person's connection opened (+1) or closed (-1); coming back reclaims a substituted seat."""
        if seat is None:
            return
        s = table.seats[seat]
        s.connected = max(0, s.connected + delta)
        if delta > 0:
            self._came(table, s)
            s.left_at = None
            self._release(table, seat)
        elif s.connected == 0:
            s.left_at = self.clock()
        self._notify(table)

    def _came(self, table: Table, s: Seat) -> None:
        """The seat's person came for the first time: if the table waited for their decision,
        its clock starts now, not when the table reached it."""
        if not s.joined:
            s.joined = True
            if table.state.current_player == s.seat:
                table.turn_started = self.clock()
            for listener in self.arrivals:
                listener(table, s.seat)

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
            table.seats[seat].joined = True
            self._release(table, seat)
        before, table.state = table.state, move.after
        table.steps.add(move.mark)
        table.advance_lesson()
        owner, ended = move.mark
        table.stand_in = None
        table.allowance = None
        if owner is None or ended:  # a run of secret decisions is one move for the clocks, as for the others
            for s, left in zip(table.seats, move.row.clocks or (), strict=False):  # as the log has them
                s.clock_left = left
            table.turn_started = self.clock()
        table.undo_ok = None
        if human:
            table.msg_ids[(seat, str(move.msg_id))] = (table.version, table.version_for(seat))
            still_mine = table.state.current_player == seat and not table.state.is_terminal()
            if still_mine and reveals_nothing(before, move.action, table.state):
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

    def _move(self, table: Table, seat: int, action: Action, msg_id: str | None) -> Move:
        """The move played on a copy, and its log row: with when it was made and the game clocks
        after it, so that another process taking the table over goes on with the same clocks."""
        after = table.state.clone()
        after.apply(action)
        marked = mark(secret_mover(table.state), after)
        row = LogRow(table.id, table.version, action.to_json(), seat, msg_id,
                     "finished" if after.is_terminal() else None, table.fence, time.time(),
                     clocks.after_move(table, seat, msg_id is not None, marked, self.clock()))
        return Move(table, seat, action, msg_id, after, marked, row)

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

    def plan_undo(self, table_id: str, token: str | None, version: Any) -> tuple[Table, int]:
        """The seat that may take back its last move of this turn (nothing hidden was revealed by
        it); the log is then cut to `table.version - 1` moves by the authority, then `undone`."""
        table = self.get(table_id)
        seat = self.seat_of(table, token)
        if seat is None:
            raise Rejected("spectator")
        self.movable(table)
        if table.committing or table.undo_ok != (seat, table.version) or version != table.version_for(seat):
            raise Rejected("no_undo")
        return table, seat

    def undone(self, table: Table, seat: int) -> int:
        """Put a written undo in place: the table back one move; returns the seat's version."""
        keep = table.version - 1
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
        away past the grace period has their seat played by it until they come back or act. A
        seat nobody ever came to is never played: the table waits, or expires (`lobby`)."""
        now = self.clock()
        changed = []
        for table in self.tables.values():
            if table.state.is_terminal() or table.stopped is not None or table.expired or table.thinking or table.committing:
                continue
            if lobby.unclaimed_too_long(table, now, self.open_expiry_s):
                table.expired = True  # the authority writes it; a crash before then expires it again after restart
                changed.append(table)
                self._notify(table)
                continue
            p = table.state.current_player
            if p is None:
                continue
            s = table.seats[p]
            if s.kind != "human" or not s.joined or table.standing_in(p):
                continue  # nobody came to the seat: it waits for them (or the table expires)
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
            legal = [_entry(st, i, a, lang) for i, a in enumerate(st.legal_actions())]
        scores = st.scores() if terminal else st.visible_scores(seat)
        frame: dict[str, Any] = {
            "type": "view", "table_id": table.id, "version": table.version_for(seat), "seat": seat,
            "game": table.game.info.id, "players": st.num_players, "status": table.status,
            "current_player": None if terminal else st.current_player, "thinking": table.thinking,
            "observation": st.observation(seat),
            "events": [{"i": start + k, "key": e.key, "params": e.params, "text": e.render(lang)}
                       for k, e in enumerate(events[start:])],
            "events_from": start, "events_total": len(events),
            "legal": legal, "notes": st.notes(lang) if legal else [], "scores": [None if x is None else _whole(x) for x in scores], "tie_breaks": st.tie_breaks(),
            "winners": st.winners() if terminal else [], "seats": self.seat_rows(table),
            "can_undo": seat is not None and table.undo_ok == (seat, table.version),
            "settings": {k: v for k, v in table.settings.items() if k in ("per_move_s", "per_game_s", "name")},
        }
        if table.cards is not None:  # its cards are its own: the page draws them from the table's catalogue
            frame["custom_cards"] = True
        if table.stopped is not None:
            frame["stopped_reason"] = table.stopped.text(lang)
        notice = table.rules_notice(lang)
        if notice is not None:
            frame["rules_notice"] = notice
        if table.lesson is not None and seat == table.lesson.seat:
            frame["lesson"] = table.lesson.view(table.lesson_at, lang)
        return frame

    @staticmethod
    def replayable(table: Table) -> None:
        """Refuse unless the game is over: a game in play keeps its hidden cards and its deal
        hidden, and so does one stopped before its end (`replay_stopped`): once repaired it plays
        on, and its log replayed offline would show every hand. Its log is the operator's
        (`sabbat table-log`)."""
        if table.stopped is not None:
            if not table.stopped.over():
                raise Rejected("replay_stopped")
        elif not table.state.is_terminal():
            raise Rejected("replay_unfinished")

    def replay(self, table: Table) -> dict[str, Any]:
        """The finished game as a replay file that `sabbat replay` opens; the stored log of a game
        that was over before it stopped (nothing in it is secret any more)."""
        self.replayable(table)
        if table.stopped is not None:
            return table.stopped.log()
        meta = {"table": table.id, "seats": [s.public() for s in table.seats], "source": "sabbat serve"}
        return Replay.from_state(table.state, meta).to_json()

    def lobby(self, status: str | None = None, elsewhere: Collection[dict[str, Any]] = ()) -> list[dict[str, Any]]:
        """The tables a lobby lists under `status` (`lobby.listing`), with the rows other processes published."""
        return lobby.listing(self.tables.values(), status, elsewhere)

    def _notify(self, table: Table) -> None:
        table.revision += 1
        for listener in self.listeners:
            listener(table)


def _whole(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def _entry(st: GameState, i: int, action: Action, lang: str) -> dict[str, Any]:
    """One legal action as the mover's view lists it: its id, the action, its words and, for a
    move that is almost always a mistake, why (the page asks before playing it)."""
    entry: dict[str, Any] = {"id": i, "action": action.to_json(), "text": st.describe_action(action, lang)}
    caution = st.caution(action, lang)
    if caution:
        entry["caution"] = caution
    return entry

"""A person (or several, hot-seat) playing in the terminal against AI seats.

The session holds no rules: it renders `observation(seat)` through the game's
view, lists `legal_actions()` with their descriptions, and applies the choice.
Input and output are injected, so tests drive it headless. What a person types
is only ever compared, never shown as markup; with several people at one screen,
each sees only their own private events, after a "pass the device" screen.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from sabbat import games
from sabbat.agents.advice import advise
from sabbat.agents.base import Agent
from sabbat.core import Action, i18n, replay
from sabbat.core.errors import SabbatError
from sabbat.core.safeio import shown
from sabbat.core.state import GameState
from sabbat.core.takeback import reveals_nothing

i18n.register_file("cli", Path(__file__).with_name("messages.toml"))

Reader = Callable[[str], str]


class SessionCrashed(SabbatError):
    """Something unexpected stopped the game; it was saved first (the message says where)."""


def t(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"cli.{key}", locale, params)


def whole(value: float) -> str:
    """A score as on the score sheet: 42, not 42.0."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def tie_break_text(breaks: dict[str, int], locale: str) -> str:
    """"7 cards, 3 gold" from a seat's tie-break values, through the game's messages."""
    parts = []
    for key, value in breaks.items():
        label = i18n.render(key, locale, {"value": value, "n": value}, fallback=key.rsplit(".", 1)[-1].replace("_", " "))
        parts.append(label if str(value) in label else f"{label} {value}")
    return i18n.list_separator(locale).join(parts)


def score_table(state: GameState, locale: str, name: Callable[[int], str]) -> Table:
    """Whole-number scores with the tie-breaks that decided equal ones beside them."""
    breaks = state.tie_breaks()
    table = Table(title=t("scores", locale))
    table.add_column(t("seat", locale))
    table.add_column(t("score", locale), justify="right")
    if any(breaks):
        table.add_column(t("tie_breaks", locale))
    won = set(state.winners())
    for seat, score in enumerate(state.scores()):
        row = [escape(name(seat)) + (" ★" if seat in won else ""), whole(score)]
        if any(breaks):
            row.append(escape(tie_break_text(breaks[seat] if seat < len(breaks) else {}, locale)))
        table.add_row(*row)
    return table


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).casefold().replace("_", " ").split())


class PlaySession:
    def __init__(
        self,
        state: GameState,
        humans: set[int],
        ai: dict[int, Agent],
        locale: str,
        console: Console,
        read: Reader,
        save_path: Path,
        hint_level: str = "hard",
        save_named: bool = True,
        ai_names: dict[int, str] | None = None,
        fresh: bool = False,
    ) -> None:
        self.state = state
        self.game = games.get(state.game_id)
        self.humans = humans
        self.ai = ai
        self.ai_names = dict(ai_names or {})
        self.locale = locale
        self.console = console
        self.read = read
        self.save_path = save_path
        self.save_named = save_named
        self.hint_level = hint_level
        # A new game shows its setup and first announcements; a resumed one only what comes next.
        self.shown_events = {seat: 0 if fresh else len(state.events_for(seat)) for seat in humans}
        self.public_shown = 0 if fresh else len(state.events_for(None))
        self.active: int | None = None if len(humans) > 1 else next(iter(humans))
        self.written: set[Path] = set()
        self.undo_to: GameState | None = None
        """The position before the person's last move while it may be taken back (`undo`)."""
        self._names: dict[str, list[str]] | None = None

    # ----- output ------------------------------------------------------------------
    def name(self, seat: int) -> str:
        label = t("player_name", self.locale, n=seat + 1)
        return f"{label} ({t('you', self.locale)})" if seat in self.humans and len(self.humans) == 1 else label

    def say(self, text: str, style: str = "") -> None:
        """Print text that may hold what someone typed or a card file's words: never as markup."""
        self.console.print(f"[{style}]{escape(text)}[/]" if style else escape(text))

    def show_board(self, seat: int) -> None:
        obs = self.state.observation(seat)
        self.console.print(Panel(self.game.terminal_view(obs, self.locale), title=t("board", self.locale)))

    def show_new_events(self, seat: int) -> None:
        visible = self.state.events_for(seat)
        for event in visible[self.shown_events.get(seat, 0):]:
            self.say(f"  · {event.render(self.locale)}")
        self.shown_events[seat] = len(visible)
        self.public_shown = len(self.state.events_for(None))

    def show_log(self, seat: int, n: int) -> None:
        for event in self.state.events_for(seat)[-n:]:
            self.say(f"  · {event.render(self.locale)}")

    def show_options(self) -> None:
        table = Table(title=t("options", self.locale), show_header=False, box=None)
        for i, action in enumerate(self.state.legal_actions(), 1):
            table.add_row(f"[bold]{i}[/]", escape(self.state.describe_action(action, self.locale)))
        self.console.print(table)

    def show_result(self) -> None:
        self.say(t("game_over", self.locale), "bold")
        self.console.print(score_table(self.state, self.locale, self.name))
        names = ", ".join(self.name(w) for w in self.state.winners())
        self.say(t("winners", self.locale, names=names), "bold green")

    def hand_over(self, seat: int) -> bool:
        """Hot-seat: clear the screen and wait until the next person has the device."""
        self.console.clear()
        self.say(t("pass_device", self.locale, player=self.name(seat)), "bold")
        try:
            self.read(t("press_enter", self.locale, player=self.name(seat)))
        except (EOFError, KeyboardInterrupt):
            return False
        self.console.clear()
        self.active = seat
        return True

    # ----- the loop ----------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end (True) or until the person quits (False, after saving).

        An unexpected error never loses the game: it is saved to a new file first.
        """
        try:
            return self._loop()
        except KeyboardInterrupt:  # Ctrl-C while an AI thinks: leave as `quit` would
            self.say(t("input_closed", self.locale))
            self.save(self.save_path, mode="free" if not self.save_named else None)
            return False
        except Exception as exc:
            path = self.save(self.save_path, mode="free", quiet=True)
            where = t("crash_saved", self.locale, path=path, game=self.game.info.cli_name) if path else ""
            raise SessionCrashed(f"{type(exc).__name__}: {shown(str(exc), 200)}. {where}".strip()) from exc

    def _loop(self) -> bool:
        while not self.state.is_terminal():
            seat = self.state.current_player
            assert seat is not None
            if seat in self.ai:
                self.undo_to = None
                self.state.apply(self.ai[seat].choose(self.state))
                continue
            if seat != self.active and not self.hand_over(seat):
                self.say(t("input_closed", self.locale))
                self.save(self.save_path)
                return False
            self.show_new_events(seat)
            if not self.human_turn(seat):
                return False
        if len(self.humans) == 1:
            self.show_new_events(next(iter(self.humans)))
        else:  # several people at one screen: only what all may see
            for event in self.state.events_for(None)[self.public_shown:]:
                self.say(f"  · {event.render(self.locale)}")
        self.show_result()
        return True

    def human_turn(self, seat: int) -> bool:
        self.show_board(seat)
        self.say(t("your_turn", self.locale, player=self.name(seat)), "bold")
        self.show_options()
        while True:
            try:
                text = self.read(t("prompt", self.locale)).strip()
            except (EOFError, KeyboardInterrupt):
                self.say(t("input_closed", self.locale))
                self.save(self.save_path)
                return False
            if not text:
                continue
            done = self.command(seat, text)
            if done is not None:
                return done

    def command(self, seat: int, text: str) -> bool | None:
        """Handle one line; True: an action was taken, False: quit, None: ask again."""
        legal = self.state.legal_actions()
        word, _, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word.isascii() and word.isdigit() and len(word) <= 6:
            index = int(word)
            if 1 <= index <= len(legal):
                self.play(legal[index - 1])
                return True
        elif word in ("undo", "u", "取り消し", "取消"):
            return self.undo()
        elif word in ("help", "h", "?", "ヘルプ"):
            self.say(t("help", self.locale, default_file=self.save_path))
            return None
        elif word in ("rules", "ルール"):
            summary = self.game.rules_text(self.locale)
            if summary is None:
                self.say(t("no_rules", self.locale, game=self.game.info.cli_name))
            else:
                self.console.print(Markdown(summary))
            return None
        elif word == "board":
            self.show_board(seat)
            self.show_options()
            return None
        elif word == "log":
            n = int(rest) if rest.isascii() and rest.isdigit() and len(rest) <= 4 else 20
            self.show_log(seat, n)
            return None
        elif word == "cards":
            self.say(", ".join(self.game.card_ids(self.state.options)))
            return None
        elif word == "card" and rest:
            self.show_card(rest)
            return None
        elif word == "hint":
            self.hint()
            return None
        elif word == "save":
            if rest:
                self.save(Path(rest), mode="confirm")
            else:
                self.save(self.save_path)
            return None
        elif word in ("quit", "exit", "q"):
            return False if self.save(self.save_path) is not None else None
        self.say(t("not_a_choice", self.locale, text=shown(text, 40), n=len(legal)))
        return None

    def play(self, action: Action) -> None:
        """Take a person's move, keeping the position before it while the move may be taken back:
        the same seat decides next and no reader learned anything hidden from it."""
        before = self.state.clone()
        self.state.apply(action)
        mover = before.current_player
        still_mine = self.state.current_player == mover and not self.state.is_terminal()
        self.undo_to = before if still_mine and reveals_nothing(before, action, self.state) else None

    def undo(self) -> bool | None:
        """Put back the position before the person's last move, if it may be taken back."""
        if self.undo_to is None:
            self.say(t("no_undo", self.locale))
            return None
        self.state, self.undo_to = self.undo_to, None  # the next look at the log counts it again
        self.say(t("undone", self.locale))
        return True

    # ----- cards -------------------------------------------------------------------
    def card_names(self) -> dict[str, list[str]]:
        """Folded id, English and Japanese name -> card ids (built once)."""
        if self._names is None:
            names: dict[str, list[str]] = {}
            ids = self.game.card_ids(self.state.options)
            for card_id in ids:
                names.setdefault(_folded(card_id), []).append(card_id)
            for locale in i18n.LOCALES:
                try:
                    faces = self.game.card_faces(locale, self.state.options)
                except SabbatError:
                    faces = {}
                for card_id, face in faces.items():
                    label = face.get("name")
                    if isinstance(label, str) and card_id in ids:
                        entry = names.setdefault(_folded(label), [])
                        if card_id not in entry:
                            entry.append(card_id)
            self._names = names
        return self._names

    def find_cards(self, text: str) -> list[str]:
        """Card ids whose id or name (either language, any case) is `text`, else that contain it."""
        key = _folded(text)
        names = self.card_names()
        if key in names:
            return names[key]
        found: list[str] = []
        for label, ids in names.items():
            if key and key in label:
                found += [i for i in ids if i not in found]
        return found

    def show_card(self, text: str) -> None:
        found = self.find_cards(text)
        if len(found) == 1:
            self.say(self.game.describe_card(found[0], self.locale, self.state.options))
        elif found:
            self.say(t("which_card", self.locale, cards=", ".join(found[:12])))
        else:
            self.say(t("unknown_card", self.locale, card=shown(text, 40)))

    # ----- advice and saving -------------------------------------------------------
    def hint(self) -> None:
        """What the `hard` AI would play here, with its estimate when it searches."""
        try:
            action, estimate = advise(self.state, self.hint_level, seed=len(self.state.history))
        except SabbatError as exc:
            self.say(t("no_hint", self.locale, reason=str(exc)))
            return
        extra = t("hint_estimate", self.locale, value=estimate) if estimate is not None else ""
        self.say(
            t("hint_line", self.locale, level=self.hint_level, action=self.state.describe_action(action, self.locale), estimate=extra)
        )

    def _free_path(self, path: Path) -> Path:
        """`path`, or `name-2.json`, `name-3.json`… when a file this session did not write is there."""
        candidate, n = path, 1
        while (candidate.exists() or candidate.is_symlink()) and candidate not in self.written:
            n += 1
            candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
        return candidate

    def meta(self) -> dict[str, Any]:
        """What a resumed game needs besides the decisions: who plays which seat, and who saved."""
        seat = self.state.current_player
        return {
            "humans": sorted(h + 1 for h in self.humans),
            "ai": {str(s + 1): name for s, name in sorted(self.ai_names.items())},
            "saved_by": seat + 1 if seat in self.humans else (self.active + 1 if self.active is not None else None),
        }

    def save(self, path: Path, mode: str | None = None, quiet: bool = False) -> Path | None:
        """Save; never over a file the person did not name or confirm.

        `mode`: "named" (given on the command line: overwrite it), "confirm" (typed in the game:
        ask before replacing a file this session did not write), "free" (the default name: take
        the next free name instead). None: "named" or "free" by how the session's path was given.
        """
        mode = mode or ("named" if self.save_named else "free")
        exists = (path.exists() or path.is_symlink()) and path not in self.written
        if exists and mode == "free":
            path = self._free_path(path)
        elif exists and mode == "confirm":
            try:
                answer = self.read(t("confirm_overwrite", self.locale, path=path))
            except (EOFError, KeyboardInterrupt):
                answer = ""
            if answer.strip().lower() not in ("y", "yes", "はい"):
                self.say(t("not_saved", self.locale))
                return None
        try:
            replay.save(self.state, path, self.meta())
        except (OSError, SabbatError) as exc:
            self.say(t("save_failed", self.locale, path=path, reason=shown(str(exc), 200)), "red")
            return None
        self.written.add(path)
        if not quiet:
            self.say(t("saved", self.locale, path=path, game=self.game.info.cli_name))
        return path

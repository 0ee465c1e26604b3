"""A person (or several, hot-seat) playing in the terminal against AI seats.

The session holds no rules: it renders `observation(seat)` through the game's
view, lists `legal_actions()` with their descriptions, and applies the choice.
Input and output are injected, so tests drive it headless.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from sabbat import agents, games
from sabbat.agents.base import Agent
from sabbat.core import i18n, replay
from sabbat.core.errors import SabbatError
from sabbat.core.state import GameState

from . import views

i18n.register_file("cli", Path(__file__).with_name("messages.toml"))

Reader = Callable[[str], str]


def t(key: str, locale: str, **params: Any) -> str:
    return i18n.render(f"cli.{key}", locale, params)


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
        hint_level: str = "normal",
    ) -> None:
        self.state = state
        self.game = games.get(state.game_id)
        self.humans = humans
        self.ai = ai
        self.locale = locale
        self.console = console
        self.read = read
        self.save_path = save_path
        self.hint_level = hint_level
        self.shown_events = {seat: len(state.events_for(seat)) for seat in humans}

    # ----- output ------------------------------------------------------------------
    def name(self, seat: int) -> str:
        label = t("player_name", self.locale, n=seat + 1)
        return f"{label} ({t('you', self.locale)})" if seat in self.humans and len(self.humans) == 1 else label

    def show_board(self, seat: int) -> None:
        obs = self.state.observation(seat)
        self.console.print(Panel(views.render(self.state.game_id, obs, self.locale), title=t("board", self.locale)))

    def show_new_events(self, seat: int) -> None:
        visible = self.state.events_for(seat)
        for event in visible[self.shown_events.get(seat, 0):]:
            self.console.print(f"  · {event.render(self.locale)}")
        self.shown_events[seat] = len(visible)

    def show_log(self, seat: int, n: int) -> None:
        for event in self.state.events_for(seat)[-n:]:
            self.console.print(f"  · {event.render(self.locale)}")

    def show_options(self) -> None:
        table = Table(title=t("options", self.locale), show_header=False, box=None)
        for i, action in enumerate(self.state.legal_actions(), 1):
            table.add_row(f"[bold]{i}[/]", self.state.describe_action(action, self.locale))
        self.console.print(table)

    def show_result(self) -> None:
        self.console.print(f"[bold]{t('game_over', self.locale)}[/]")
        table = Table(title=t("scores", self.locale))
        table.add_column(t("seat", self.locale))
        table.add_column(t("score", self.locale), justify="right")
        for seat, score in enumerate(self.state.scores()):
            table.add_row(self.name(seat), f"{score:g}")
        self.console.print(table)
        names = ", ".join(self.name(w) for w in self.state.winners())
        self.console.print(f"[bold green]{t('winners', self.locale, names=names)}[/]")

    # ----- the loop ----------------------------------------------------------------
    def run(self) -> bool:
        """Play until the end (True) or until the person quits (False, after saving)."""
        while not self.state.is_terminal():
            seat = self.state.current_player
            assert seat is not None
            if seat in self.ai:
                self.state.apply(self.ai[seat].choose(self.state))
                continue
            for human in self.humans:
                self.show_new_events(human)
            if not self.human_turn(seat):
                return False
        for human in self.humans:
            self.show_new_events(human)
        self.show_result()
        return True

    def human_turn(self, seat: int) -> bool:
        self.show_board(seat)
        self.console.print(f"[bold]{t('your_turn', self.locale, player=self.name(seat))}[/]")
        self.show_options()
        while True:
            try:
                text = self.read(t("prompt", self.locale)).strip()
            except (EOFError, KeyboardInterrupt):
                self.console.print(t("input_closed", self.locale))
                self.save(self.save_path)
                return False
            done = self.command(seat, text)
            if done is not None:
                return done

    def command(self, seat: int, text: str) -> bool | None:
        """Handle one line; True: an action was taken, False: quit, None: ask again."""
        legal = self.state.legal_actions()
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word.isdigit():
            index = int(word)
            if 1 <= index <= len(legal):
                self.state.apply(legal[index - 1])
                return True
        elif word in ("help", "h", "?", "ヘルプ"):
            self.console.print(t("help", self.locale, default_file=self.save_path))
            return None
        elif word == "board":
            self.show_board(seat)
            self.show_options()
            return None
        elif word == "log":
            self.show_log(seat, int(rest) if rest.strip().isdigit() else 20)
            return None
        elif word == "cards":
            self.console.print(", ".join(self.game.card_ids(self.state.options)))
            return None
        elif word == "card" and rest.strip():
            card = rest.strip()
            if card in self.game.card_ids(self.state.options):
                self.console.print(self.game.describe_card(card, self.locale, self.state.options))
            else:
                self.console.print(t("unknown_card", self.locale, card=card))
            return None
        elif word == "hint":
            self.hint()
            return None
        elif word == "save":
            self.save(Path(rest.strip()) if rest.strip() else self.save_path)
            return None
        elif word in ("quit", "exit", "q"):
            self.save(self.save_path)
            return False
        self.console.print(t("not_a_choice", self.locale, text=text, n=len(legal)))
        return None

    def hint(self) -> None:
        """What the `normal` AI would play here, with its estimate when it searches."""
        seed = len(self.state.history)
        try:
            adviser = agents.get(self.hint_level, self.state.game_id, seed=seed)
        except SabbatError:
            adviser = agents.get("heuristic", self.state.game_id, seed=seed)
        analyse = getattr(adviser, "analyse", None)
        try:
            if callable(analyse) and len(self.state.legal_actions()) > 1:
                ranked = analyse(self.state)
                action, estimate = ranked[0].action, float(ranked[0].value)
            else:
                action, estimate = adviser.choose(self.state), None
        except SabbatError as exc:
            self.console.print(t("no_hint", self.locale, reason=str(exc)))
            return
        extra = t("hint_estimate", self.locale, value=estimate) if estimate is not None else ""
        self.console.print(
            t("hint_line", self.locale, level=self.hint_level, action=self.state.describe_action(action, self.locale), estimate=extra)
        )

    def save(self, path: Path) -> None:
        try:
            replay.save(self.state, path)
        except OSError as exc:
            self.console.print(f"[red]{exc}[/]")
            return
        self.console.print(t("saved", self.locale, path=path, game=self.game.info.cli_name))

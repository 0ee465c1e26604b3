"""What the commands share: the console, argument types and options, checks made before a long run."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from sabbat import agents
from sabbat.core import i18n
from sabbat.core.safeio import shown
from sabbat.sim import parallel
from sabbat.sim.backends import BACKENDS

if TYPE_CHECKING:
    from sabbat.sim.runner import GameRecord


console = Console(width=None if sys.stdout.isatty() else 140, emoji=False)  # names like ismcts:100:h are not emoji codes

MAX_RESULTS_BYTES = 1 << 30
"""Results and journal files are read whole; a file larger than this is refused unread."""
MAX_LINE_BYTES = 64 << 20


def options_from(cards: Path | None, given: tuple[str, ...] = ()) -> dict[str, Any]:
    """Game options from `--option key=value` (checked by the game's declarations) and `--cards`."""
    options: dict[str, Any] = {}
    for item in given:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"write an option as key=value, not {shown(item, 60)!r}", param_hint="--option")
        options[key.strip()] = value.strip()
    if cards is not None:
        if not cards.is_file():
            raise click.BadParameter(f"no card file at {shown(str(cards))}", param_hint="--cards")
        options["cards"] = str(cards.resolve())
    return options


class _Whole(click.ParamType):
    """A whole number within bounds; anything else (`1e999`, 5,000 digits, `²`) is one short line."""

    name = "integer"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low, self.high = low, high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip()
            digits = text[1:] if text[:1] in "+-" else text
            if not (digits.isascii() and digits.isdigit() and len(digits) <= 20):
                self.fail(f"must be {self._range()}, not {shown(text, 30)!r}", param, ctx)
            number = int(text)
        if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
            self.fail(f"must be {self._range()}, not {number}", param, ctx)
        return number

    def _range(self) -> str:
        if self.low is not None and self.high is not None:
            return f"a whole number from {self.low} to {self.high}"
        return "a whole number" if self.low is None else f"a whole number of at least {self.low}"


SEED = _Whole(-(1 << 63), (1 << 64) - 1)
COUNT = _Whole(1, 1_000_000)
SMALL = _Whole(1, 64)
LINE = _Whole(1, 100_000_000)


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:
        ctx.ensure_object(dict)["lang"] = value


def lang_option(command: Any) -> Any:
    """`--lang` accepted after the subcommand too (`sabbat play … --lang ja`)."""
    return click.option("--lang", type=click.Choice(i18n.LOCALES), default=None, expose_value=False, is_eager=True,
                        callback=_set_lang, help="Language (default: from the locale).")(command)


def game_options(command: Any) -> Any:
    return click.option("--option", "-o", "option_items", multiple=True, metavar="KEY=VALUE",
                        help="A game option (repeatable); `sabbat games GAME` lists them.")(command)


def duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def pct(x: float) -> str:
    return f"{100 * x:5.1f}%"


def backend_options(command: Any) -> Any:
    """`--backend` and `--address`: where the games run; the results are the same on every backend."""
    command = click.option("--address", default=None, metavar="ADDRESS",
                           help="A Ray cluster to run on (auto, host:6379 or ray://host:10001); default: a local Ray.")(command)
    return click.option("--backend", type=click.Choice(BACKENDS), default="local", show_default=True,
                        help="Where games run: local processes, or Ray (see docs/scale.md).")(command)


def st(key: str, lang: str, **params: Any) -> str:
    return i18n.render(f"sim.cli.{key}", lang, params)


def check_backend(backend: str, address: str | None, lang: str) -> None:
    if address is not None and backend != "ray":
        raise click.BadParameter(st("address_needs_ray", lang), param_hint="--address")


def check_writable(path: Path | None, flag: str, lang: str) -> None:
    """Refuse before a long run, not after it, a file that could not be written."""
    if path is not None and not path.resolve().parent.is_dir():
        raise click.BadParameter(st("no_folder", lang, path=shown(str(path.parent))), param_hint=flag)


def play_all(
    plan: list[parallel.Job], jobs: int, backend: str, address: str | None, label: str, sink: Any = None
) -> list[GameRecord]:
    """Every game of the plan, with a progress bar; ordered by seed, whatever order they finished in."""
    records = []
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(label, total=len(plan))
        for record in parallel.run_jobs(plan, jobs, backend, address):
            records.append(record)
            if sink:
                sink.write(json.dumps(record.to_json(), ensure_ascii=False) + "\n")
            progress.advance(task)
    return sorted(records, key=lambda r: r.seed)


def agent_names(agent_list: str, game: str) -> list[str]:
    """The comma-separated agents of `--agents`, each checked for `game` before any game starts."""
    names = [a.strip() for a in agent_list.split(",") if a.strip()]
    for name in names:
        agents.get(name, game, 0)
    return names

"""`sabbat replay`: step through a saved game, a replay or one line of a results file."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import click
from rich.markup import escape

from sabbat import games
from sabbat.cli.common import (
    LINE,
    MAX_LINE_BYTES,
    SMALL,
    console,
    lang_option,
)
from sabbat.cli.session import score_table, t
from sabbat.core import replay
from sabbat.core.errors import SabbatError
from sabbat.core.safeio import shown


@click.command("replay")
@click.argument("file", type=click.Path(path_type=Path))
@lang_option
@click.option("--line", type=LINE, default=1, show_default=True, help="Which line of a results file (1-based).")
@click.option("--seat", type=SMALL, default=None, help="Show only what this seat (1-based) saw.")
@click.option("--step/--no-step", default=None, help="Pause after each decision (default: when interactive).")
@click.pass_context
def replay_cmd(ctx: click.Context, file: Path, line: int, seat: int | None, step: bool | None) -> None:
    """Step through a saved game, a replay, or one line of a results file.

    A save file holds the game, its players, options, seed and every decision so far: enough
    to rebuild every hand, so do not share the save of an unfinished game with its players.
    An unfinished game is shown as the seat that saved it saw it (--seat picks another
    seat); a finished game is shown in full.
    """
    lang = ctx.obj["lang"]
    rep = _read_replay(file, line)
    g = games.get(rep.game)
    final = rep.run(games.get)  # verified before anything is shown
    if seat is not None and seat > rep.num_players:
        raise click.BadParameter(f"seats run from 1 to {rep.num_players}", param_hint="--seat")
    saver = rep.meta.get("saved_by")
    public = False
    if seat is not None:
        viewer: int | None = seat - 1
    elif final.is_terminal():
        viewer = None
    elif type(saver) is int and 1 <= saver <= rep.num_players:
        viewer = saver - 1
        console.print(t("replay_as_saver", lang, player=f"P{saver}"))
    else:
        viewer, public = None, True
        console.print(t("replay_public", lang))
    interactive = console.is_terminal and sys.stdin.isatty() if step is None else step
    console.print(f"[bold]{escape(g.info.title.get(lang, g.info.title['en']))}[/] — "
                  + t("replay_head", lang, n=rep.num_players, seed=rep.seed, decisions=len(rep.actions)))
    seen = 0
    previous = None
    for i, state in enumerate(rep.states(games.get)):
        if previous is not None:
            action = rep.actions[i - 1]
            actor = previous.current_player
            if not public and (viewer is None or viewer == actor):
                console.print(f"[dim]{i:4d}[/] P{(actor or 0) + 1}: {escape(previous.describe_action(action, lang))}")
        events = state.events if viewer is None and not public else state.events_for(viewer)
        for event in events[seen:]:
            console.print(f"       · {escape(event.render(lang))}")
        seen = len(events)
        previous = state
        if interactive and i < len(rep.actions):
            if console.input(f"[dim]{escape(t('replay_step', lang))}[/] ").strip().lower() == "q":
                return
    if previous is not None and previous.is_terminal():
        console.print(score_table(previous, lang, lambda s: f"P{s + 1}"))


def _read_replay(file: Path, line: int) -> replay.Replay:
    if file.suffix != ".jsonl":
        return replay.read(file)
    raw = _results_line(file, line)
    data = replay.parse(raw, f"line {line} of {shown(str(file))}")
    if not isinstance(data, dict) or not isinstance(data.get("replay"), dict):
        raise SabbatError(f"line {line} of {shown(str(file))} holds no replay")
    return replay.Replay.from_json(data["replay"])


def _results_line(file: Path, line: int) -> bytes:
    """Line `line` of a results file, read line by line (only a regular file; each line bounded)."""
    try:
        if not stat.S_ISREG(os.stat(file).st_mode):
            raise SabbatError(f"{shown(str(file))} is not a regular file (a device, pipe or folder)")
        with open(file, "rb") as f:
            for number in range(1, line + 1):
                text = f.readline(MAX_LINE_BYTES + 1)
                if len(text) > MAX_LINE_BYTES:
                    raise SabbatError(f"line {number} of {shown(str(file))} is longer than {MAX_LINE_BYTES:,} bytes")
                if not text:
                    raise SabbatError(f"{shown(str(file))} has fewer than {line} lines")
            return text
    except OSError as exc:
        raise SabbatError(f"cannot read {shown(str(file))}: {exc.strerror or exc}") from None

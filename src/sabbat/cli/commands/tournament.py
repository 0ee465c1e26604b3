"""`sabbat tournament` and `merge-results`: agents against each other with seats rotated, in parts if need be."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from sabbat import games
from sabbat.cli.common import (
    COUNT,
    MAX_RESULTS_BYTES,
    SEED,
    SMALL,
    agent_names,
    backend_options,
    check_backend,
    console,
    duration,
    game_options,
    lang_option,
    options_from,
)
from sabbat.core import replay
from sabbat.core.errors import SabbatError
from sabbat.core.safeio import read_regular, shown

if TYPE_CHECKING:
    from sabbat.sim.runner import GameRecord
    from sabbat.sim.tournament import TournamentResult



@click.command()
@click.argument("game")
@lang_option
@game_options
@click.option("--agents", "agent_list", default="hard,normal", show_default=True, help="Agents, comma-separated (levels: easy, normal, hard; or random, heuristic, ismcts:1s …).")
@click.option("--players", "-p", type=SMALL, default=None, help="Players per game (default: the game's minimum).")
@click.option("-n", "--games", "n", type=COUNT, default=100, show_default=True, help="Number of games; seats rotate over every arrangement.")
@click.option("--jobs", "-j", type=SMALL, default=2, show_default=True, help="Worker processes.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the first game.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write the results (games, win rates, ratings) as JSON.")
@click.option("--cards", type=click.Path(path_type=Path), default=None, help="Card file to use instead of the shipped one.")
@click.option("--part", default="1/1", show_default=True, help="Play only part K/M of the games (every M-th seat rotation); join the parts with `sabbat merge-results`.")
@click.option("--journal", type=click.Path(path_type=Path), default=None, help="Write each game to this file as it ends; run again with the same file to resume a run that was cut off.")
@backend_options
@click.pass_context
def tournament(
    ctx: click.Context, game: str, option_items: tuple[str, ...], agent_list: str, players: int | None, n: int,
    jobs: int, seed: int, out: Path | None, cards: Path | None, part: str, journal: Path | None, backend: str,
    address: str | None,
) -> None:
    """Agents play GAME with seats rotated; win rates with 95% intervals and a rating table."""
    from sabbat.sim.journal import JournalMismatch
    from sabbat.sim.tournament import run_tournament

    k, _, m = part.partition("/")
    if not (k.isascii() and m.isascii() and k.isdigit() and m.isdigit() and len(k + m) <= 12 and 1 <= int(k) <= int(m)):
        raise click.BadParameter(f"write the part as K/M with 1 <= K <= M, e.g. 2/4, not {shown(part, 30)!r}", param_hint="--part")
    g = games.get(game)
    num = players if players is not None else g.info.min_players
    options = options_from(cards, option_items)
    g.new(num, 0, options)
    names = agent_names(agent_list, g.info.id)
    if n < 1:
        raise click.BadParameter("play at least one game", param_hint="-n")
    check_backend(backend, address, ctx.obj["lang"])
    with Progress(
        TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=console, transient=True, disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task(f"{g.info.cli_name} {num}p", total=n)

        started = time.monotonic()
        first: list[int] = []  # games already done when this run began (a journal's)

        def report(done: int, total: int, record: GameRecord) -> None:
            progress.update(task, total=total, completed=done)
            if not console.is_terminal:  # a log file gets a line a game instead of a bar
                first[:] = first or [done - 1]
                won = ", ".join(record.agents[w] for w in record.winners) or "nobody"
                elapsed = time.monotonic() - started
                left = elapsed / (done - first[0]) * (total - done)
                click.echo(f"game {done}/{total}: deal {record.seed}, won by {won} "
                           f"({duration(elapsed)} so far, about {duration(left)} to go)", err=True)

        try:
            result = run_tournament(
                g.info.id, names, num, n, jobs=jobs, seed=seed, options=options, part=(int(k), int(m)),
                progress=report, journal=journal, backend=backend, address=address,
            )
        except JournalMismatch as exc:
            raise click.BadParameter(str(exc), param_hint="--journal") from None
    _show_result(result, out)


def _show_result(result: TournamentResult, out: Path | None) -> None:
    console.print(result.renderable())
    if out:
        out.write_text(json.dumps(result.to_json(), ensure_ascii=False, indent=1), encoding="utf-8")
        console.print(f"wrote {out}")


@click.command("merge-results")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write the merged results as JSON.")
def merge_results(files: tuple[Path, ...], out: Path | None) -> None:
    """Join the parts of one tournament (`sabbat tournament --part K/M --out FILE`) into one result.

    A journal (`--journal FILE`, JSON lines) counts as the games of its part played so far, so
    a run still going or cut off can be looked at.
    """
    from sabbat.sim.tournament import from_journal, merge

    parts = []
    for path in files:
        try:
            raw = read_regular(path, MAX_RESULTS_BYTES)
            if raw.startswith(b'{"tournament"'):
                parts.append(from_journal(path).to_json())
            else:
                data = replay.parse(raw, shown(str(path)))
                if not isinstance(data, dict):
                    raise ValueError(f"{shown(str(path))} is not a tournament result (not a JSON object)")
                parts.append(data)
        except (OSError, ValueError, SabbatError) as exc:
            raise click.BadParameter(shown(str(exc), 300), param_hint="FILES") from None
    try:
        result = merge(parts)
    except (KeyError, TypeError, AttributeError) as exc:
        raise click.BadParameter(f"not a tournament result file (missing or wrong {shown(str(exc), 60)})",
                                 param_hint="FILES") from None
    except (ValueError, RecursionError) as exc:
        raise click.BadParameter(shown(str(exc), 300), param_hint="FILES") from None
    _show_result(result, out)

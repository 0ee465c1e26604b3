"""`sabbat compare`: what a second card file changes, the same agents and seeds on both."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.table import Table

from sabbat import games
from sabbat.cli.common import (
    COUNT,
    SEED,
    SMALL,
    agent_names,
    backend_options,
    check_backend,
    check_writable,
    console,
    game_options,
    lang_option,
    options_from,
    pct,
    play_all,
    st,
)
from sabbat.core import i18n
from sabbat.core.safeio import shown
from sabbat.sim import parallel

if TYPE_CHECKING:
    from sabbat.sim.compare import Change


@click.command()
@click.argument("game")
@lang_option
@game_options
@click.option("--cards", "card_files", multiple=True, type=click.Path(path_type=Path), metavar="FILE",
              help="Twice: card file A, then card file B (`shipped`: the game's own).")
@click.option("-n", "--games", "n", type=COUNT, default=400, show_default=True, help="Games on each card file.")
@click.option("--players", "-p", type=SMALL, default=None, help="Players per game (default: the game's minimum).")
@click.option("--agents", "agent_list", default="heuristic", show_default=True, help="Agents, comma-separated; cycled over the seats and rotated each game.")
@click.option("--jobs", "-j", type=SMALL, default=2, show_default=True, help="Worker processes.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the first game; game i uses seed+i on both files.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write every figure as JSON.")
@click.option("--report", type=click.Path(path_type=Path), default=None, help="Write the comparison as one HTML file with plots.")
@click.option("--all", "show_all", is_flag=True, help="Print every card figure, not only the marked ones.")
@backend_options
@click.pass_context
def compare(
    ctx: click.Context, game: str, option_items: tuple[str, ...], card_files: tuple[Path, ...], n: int,
    players: int | None, agent_list: str, jobs: int, seed: int, out: Path | None, report: Path | None, show_all: bool,
    backend: str, address: str | None,
) -> None:
    """The same agents and seeds on two card files of GAME: what changed, with 95% intervals and
    significance marks (two-proportion z-test for rates, Welch for means; docs/studio.md)."""
    from sabbat.sim.compare import changes

    lang = ctx.obj["lang"]
    if len(card_files) != 2:
        raise click.BadParameter(st("cards_twice", lang), param_hint="--cards")
    g = games.get(game)
    if not g.has_card_file:
        raise click.BadParameter(st("no_card_file", lang, game=g.info.cli_name), param_hint="GAME")
    num = players if players is not None else g.info.min_players
    sides = [options_from(None if str(f) == "shipped" else f, option_items) for f in card_files]
    for options in sides:
        g.new(num, 0, options)
    names = agent_names(agent_list, g.info.id)
    check_backend(backend, address, lang)
    check_writable(out, "--out", lang)
    check_writable(report, "--report", lang)
    a, b = (play_all(parallel.plan(g.info.id, num, names, n, seed, options), jobs, backend, address,
                     f"{g.info.cli_name} {label}") for options, label in zip(sides, "AB", strict=True))
    found = changes(a, b)
    labels = [shown(Path(str(f)).name, 40) for f in card_files]
    title = i18n.render("sim.compare.title", lang, {"game": g.info.title.get(lang, g.info.title["en"]),
                                                    "a": f"A {labels[0]}", "b": f"B {labels[1]}"})
    meta = i18n.render("sim.compare.meta", lang, {"games": n, "players": num, "agents": ", ".join(names)})
    console.print(title, markup=False)
    console.print(meta, markup=False)
    _print_changes(found, show_all, lang)
    if out:
        figures = {"game": g.info.id, "players": num, "agents": names, "games": n, "seed": seed,
                   "a": str(card_files[0]), "b": str(card_files[1]), "figures": [c.to_json() for c in found]}
        out.write_text(json.dumps(figures, ensure_ascii=False, indent=1), encoding="utf-8")
        console.print(f"wrote {out}")
    if report:
        from sabbat.sim.compare_report import write as write_comparison

        write_comparison(found, report, title, meta, lang)
        console.print(st("wrote_report", lang, path=report))


def _print_changes(found: list[Change], show_all: bool, lang: str) -> None:
    """The table of changes: every figure but the unmarked card ones (all of them with `show_all`)."""
    rows = [c for c in found if show_all or c.mark or not c.figure.startswith("card ")]
    table = Table()
    for col in ("figure", "A", "B", "B − A", "95% interval", "p", ""):
        table.add_column(col, justify="left" if col == "figure" else "right")
    for c in rows:
        table.add_row(c.figure, *_cells(c), f"{c.p:.3f}", c.mark)
    console.print(table, markup=False)
    console.print(i18n.render("sim.compare.test_note", lang))
    if len(rows) < len(found):
        console.print(st("marked", lang, n=len(found), marked=sum(1 for c in found if c.mark),
                         cards=len(found) - len(rows)))


def _cells(c: Change) -> list[str]:
    """A, B, their difference and its interval: rates as percentages, means with two decimals."""
    def fmt(x: float) -> str:
        return pct(x).strip() if c.kind == "rate" else f"{x:.2f}"

    cells = [fmt(x) if x is not None else "—" for x in (c.a, c.b)]
    cells.append("—" if c.diff is None else ("+" if c.diff > 0 else "") + fmt(c.diff))
    cells.append("—" if c.low is None or c.high is None else f"{fmt(c.low)} – {fmt(c.high)}")
    return cells

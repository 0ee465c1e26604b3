"""`sabbat bench`: throughput and search speed."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.table import Table

from sabbat import games
from sabbat.cli.common import (
    console,
)
from sabbat.core.safeio import shown
from sabbat.sim.bench import bench_all


@click.command()
@click.option("--games", "names", default=None, help="Games, comma-separated (default: all).")
@click.option("--seconds", type=float, default=3.0, show_default=True, help="Seconds of random play per game and player count.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Also write the figures as JSON (a new file; see --overwrite).")
@click.option("--overwrite", is_flag=True, help="Let --out replace an existing file (such as the shipped results).")
@click.option("--search", is_flag=True, help="Measure search instead: search iterations per second and the time of a `hard` move.")
def bench(names: str | None, seconds: float, out: Path | None, overwrite: bool, search: bool) -> None:
    """Throughput: random games and decisions per second, clone/apply/legal_actions cost."""
    if out is not None and out.exists() and not overwrite:
        raise click.BadParameter(f"{shown(str(out))} exists; give a new file, or --overwrite to replace it", param_hint="--out")
    selected = [games.get(n).info.id for n in names.split(",")] if names else None
    if search:
        from sabbat.sim.search_bench import format_table, run

        console.print(format_table(run(selected, out)), highlight=False)
        return
    table = Table(title="throughput on one core (medians)")
    for col in ("game", "players", "games/s", "decisions/s", "decisions/game", "clone µs", "apply µs", "legal µs"):
        table.add_column(col, justify="right")
    rows = []
    for row in bench_all(selected, seconds):
        rows.append(row.to_json())
        table.add_row(
            row.game, str(row.players), f"{row.games_per_s:.1f}", f"{row.decisions_per_s:,.0f}",
            f"{row.decisions_per_game:.0f}", f"{row.clone_us:.1f}", f"{row.apply_us:.1f}", f"{row.legal_us:.1f}",
        )
    console.print(table)
    if out:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"throughput": rows}, indent=1))
        console.print(f"wrote {out}")

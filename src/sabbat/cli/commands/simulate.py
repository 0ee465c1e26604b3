"""`sabbat simulate`: many games between agents, their win rates and figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

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
from sabbat.sim import parallel
from sabbat.sim.cards import card_rates
from sabbat.sim.records import INT64, write_parquet
from sabbat.sim.stats import summarize


@click.command()
@click.argument("game")
@lang_option
@game_options
@click.option("-n", "--games", "n", type=COUNT, default=1000, show_default=True, help="Number of games.")
@click.option("--players", "-p", type=SMALL, default=None, help="Players per game (default: the game's minimum).")
@click.option("--agents", "agent_list", default="heuristic,random", show_default=True, help="Agents, comma-separated; cycled over the seats and rotated each game.")
@click.option("--jobs", "-j", type=SMALL, default=2, show_default=True, help="Worker processes.")
@click.option("--seed", type=SEED, default=0, show_default=True, help="Seed of the first game; game i uses seed+i.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="Write one JSON line per game (replay included).")
@click.option("--parquet", type=click.Path(path_type=Path), default=None, help="Write one Parquet row per game (schema: docs/studio.md).")
@click.option("--report", type=click.Path(path_type=Path), default=None, help="Write the balance report: one HTML file with plots, readable offline.")
@click.option("--cards", type=click.Path(path_type=Path), default=None, help="Card file to use instead of the shipped one.")
@click.option("--card-stats/--no-card-stats", default=True, show_default=True, help="Print per-card acquisition and win rates where the game publishes them.")
@backend_options
@click.pass_context
def simulate(
    ctx: click.Context, n: int, game: str, option_items: tuple[str, ...], players: int | None, agent_list: str,
    jobs: int, seed: int, out: Path | None, parquet: Path | None, report: Path | None, cards: Path | None,
    card_stats: bool, backend: str, address: str | None,
) -> None:
    """Simulate many games of GAME between agents; print win rates with 95% intervals."""
    lang = ctx.obj["lang"]
    g = games.get(game)
    num = players if players is not None else g.info.min_players
    options = options_from(cards, option_items)
    g.new(num, 0, options)  # refuse a wrong player count, option or card file before starting workers
    names = agent_names(agent_list, g.info.id)
    check_backend(backend, address, lang)
    for path, flag in ((out, "--out"), (parquet, "--parquet"), (report, "--report")):
        check_writable(path, flag, lang)
    if parquet is not None and not (INT64[0] <= seed and seed + n - 1 <= INT64[1]):
        raise click.BadParameter(st("parquet_seed", lang), param_hint="--seed")
    sink = out.open("w", encoding="utf-8") if out else None
    try:
        records = play_all(parallel.plan(g.info.id, num, names, n, seed, options), jobs, backend, address,
                            f"{g.info.cli_name} {num}p", sink)
    finally:
        if sink:
            sink.close()
    summary = summarize(records)
    console.print(f"[bold]{g.info.cli_name}[/]: {summary.games} games, {num} players, agents {', '.join(names)}")
    for title, rates in (("seat", summary.seats), ("agent", summary.agents)):
        table = Table(title=f"win rate by {title}")
        for col in (title, "wins", "games", "rate", "95% interval"):
            table.add_column(col, justify="right" if col != title else "left")
        for r in rates:
            lo, hi = r.interval
            table.add_row(r.label, f"{r.wins:g}", str(r.games), pct(r.rate), f"{pct(lo)} – {pct(hi)}")
        console.print(table)
    console.print(
        f"game length (decisions): median {summary.length_median:g}, mean {summary.length_mean:.1f}, "
        f"range {summary.length_min}–{summary.length_max}"
    )
    _print_extra_stats(records)
    if card_stats:
        per_card = card_rates(records)
        if per_card:
            table = Table(title="cards: taken when available, and win rate of the seats that took them")
            for col in ("card", "taken", "take rate", "games", "win rate", "95% interval", "win rate, passed"):
                table.add_column(col)
            for cr in per_card:
                lo, hi = cr.interval
                table.add_row(str(cr.card), str(cr.taken), pct(cr.take_rate), str(cr.games_with), pct(cr.win_rate),
                              f"{pct(lo)} – {pct(hi)}", pct(cr.without_rate))
            console.print(table)
    if out:
        console.print(f"wrote {len(records)} games to {out}")
    if parquet:
        console.print(st("wrote_parquet", lang, n=write_parquet(records, parquet), path=parquet))
    if report:
        from sabbat.sim.report import write as write_report  # Plotly: loaded only for a report

        write_report(records, report, lang)
        console.print(st("wrote_report", lang, path=report))


def _print_extra_stats(records: list[Any]) -> None:
    """Numeric and categorical figures games publish in `summary()` (rounds, victory type…)."""
    import statistics
    from collections import Counter

    numeric: dict[str, list[float]] = {}
    labels: dict[str, Counter[str]] = {}
    for r in records:
        for key, value in r.stats.items():
            if isinstance(value, bool) or key == "acquired":
                continue
            if isinstance(value, (int, float)):
                numeric.setdefault(key, []).append(float(value))
            elif isinstance(value, str):
                labels.setdefault(key, Counter())[value] += 1
    for key, values in sorted(numeric.items()):
        deciles = statistics.quantiles(values, n=10) if len(values) > 1 else values * 9
        console.print(
            f"{key}: median {statistics.median(values):g}, mean {statistics.fmean(values):.2f}, "
            f"10th–90th percentile {deciles[0]:g}–{deciles[-1]:g}, range {min(values):g}–{max(values):g}"
        )
        if len(set(values)) > 1 and all(v.is_integer() for v in values) and max(values) - min(values) <= 40:
            counts = Counter(int(v) for v in values)
            console.print("  " + "  ".join(f"{k}:{counts[k]}" for k in range(int(min(values)), int(max(values)) + 1)))
    for key, counter in sorted(labels.items()):
        total = sum(counter.values())
        parts = ", ".join(f"{k} {pct(v / total).strip()}" for k, v in counter.most_common())
        console.print(f"{key}: {parts}")
